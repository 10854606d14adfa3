import { type MessageChannel, textOf } from '@ebox/domain';
import type { EntityRecord } from '../../kit/entity-api';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { MessagePreview } from './message-preview';
import { useTemplatePreview } from './template-preview';

function StoredMessagePreview({ record }: { record: EntityRecord }) {
  const channel = textOf(record.type) as MessageChannel | null;
  const subject = textOf(record.subject) ?? undefined;
  const preview = useTemplatePreview({
    content: textOf(record.content) ?? '',
    subject: channel === 'email' || channel === 'push' ? subject : undefined,
    trigger: textOf(record.trigger) ?? undefined,
  });
  return <MessagePreview preview={preview} channel={channel ?? undefined} subject={subject} />;
}

/** /ccm/:id: the template, and what its customers receive, with the sample order in both languages. */
export function CcmViewPage() {
  const entity = useRouteEntity();
  return <EntityViewPage entity={entity}>{(record) => <StoredMessagePreview record={record} />}</EntityViewPage>;
}
