import { textOf } from '@ebox/domain';
import type { EntityRecord } from '../../kit/entity-api';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { QrcodePagePreview } from './qrcode-page-preview';
import { useTemplatePreview } from './template-preview';

function StoredPagePreview({ record }: { record: EntityRecord }) {
  const preview = useTemplatePreview({ content: textOf(record.hbsContent) ?? '', trigger: textOf(record.type) ?? undefined, isHtml: true });
  return <QrcodePagePreview preview={preview} />;
}

/** /qrcodeTemplate/:id: the template, and its page with the sample order in both languages. */
export function QrcodeTemplateViewPage() {
  const entity = useRouteEntity();
  return <EntityViewPage entity={entity}>{(record) => <StoredPagePreview record={record} />}</EntityViewPage>;
}
