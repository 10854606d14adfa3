import { orderMessageEntity } from '@ebox/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDisplayProps } from '../../kit/fields/field-display';
import { EntityList } from '../../kit/list/entity-list';
import type { FieldDisplays } from '../../kit/view/record-view';
import { MessageDetailDrawer } from './message-detail-drawer';
import { ChannelLabel, isOrderMessage, MessageStatusTag, type OrderMessage } from './message-parts';
import './messages';

function ChannelCell({ value }: FieldDisplayProps) {
  return <ChannelLabel channel={String(value ?? '')} />;
}

function StatusCell({ value }: FieldDisplayProps) {
  return <MessageStatusTag status={String(value ?? '')} />;
}

const DISPLAYS: FieldDisplays = { channel: ChannelCell, status: StatusCell };

/**
 * /order-message (orderRead): the message log, every message to the orders' customers in the
 * reader's companies. The kit's read-only list of orderMessageEntity, as the outbox is (filter panel,
 * totals, sort and page in the URL, cards on a phone); each row links to its order, and a message
 * opens in a drawer with its whole text.
 */
export default function MessageLogPage() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<OrderMessage | null>(null);
  return (
    <>
      <EntityList
        entity={orderMessageEntity}
        readOnly
        permissions={{ read: 'orderRead' }}
        title={t('messageLog.title')}
        description={t('messageLog.intro')}
        displays={DISPLAYS}
        onOpen={(record) => setOpened(isOrderMessage(record) ? record : null)}
        testId="message-log"
      />
      <MessageDetailDrawer message={opened} onClose={() => setOpened(null)} withOrder />
    </>
  );
}
