import { orderMessageEntity } from '@ebox/domain';
import { Descriptions, type DescriptionsProps, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { enumLabel, fieldLabel } from '../../kit/entity-labels';
import { RelationLink } from '../../kit/fields/field-display';
import { ChannelLabel, MessageStatusTag, type OrderMessage } from './message-parts';

/** How the log shows an access code (apps/api/src/modules/message/send-service.ts masks it before storing). */
const MASK = '••••••';

type Item = NonNullable<DescriptionsProps['items']>[number];

/** The facts of one message, those it has: a message not yet delivered has no delivery time. */
function factsOf(message: OrderMessage, t: ReturnType<typeof useTranslation>['t'], withOrder: boolean): Item[] {
  const label = (name: string) => fieldLabel(t, orderMessageEntity, name);
  const when = (name: 'createdAt' | 'sentAt' | 'deliveredAt' | 'readAt'): Item | undefined =>
    message[name] ? { key: name, label: label(name), children: formatDateTime(message[name]) } : undefined;
  const provider = [message.provider, message.providerMessageId].filter(Boolean).join(' · ');
  const items: (Item | undefined)[] = [
    { key: 'status', label: label('status'), children: <MessageStatusTag status={message.status} /> },
    { key: 'channel', label: label('channel'), children: <ChannelLabel channel={message.channel} /> },
    { key: 'recipient', label: label('recipient'), children: message.recipient ?? t('communications.noRecipient') },
    { key: 'trigger', label: label('trigger'), children: enumLabel(t, orderMessageEntity, 'trigger', message.trigger) },
    withOrder && message.order
      ? { key: 'order', label: label('order'), children: <RelationLink target="order" item={message.order} /> }
      : undefined,
    message.template
      ? {
          key: 'template',
          label: label('template'),
          // A template without a subject (an SMS's) has no label: it reads as "Message template".
          children: <RelationLink target="ccm" item={{ ...message.template, label: message.template.label || t('entities.ccm.label') }} />,
        }
      : undefined,
    message.language
      ? { key: 'language', label: label('language'), children: enumLabel(t, orderMessageEntity, 'language', message.language) }
      : undefined,
    provider ? { key: 'provider', label: label('provider'), children: <Typography.Text copyable>{provider}</Typography.Text> } : undefined,
    { key: 'attempts', label: label('attempts'), children: message.attempts },
    message.error
      ? {
          key: 'error',
          label: label('error'),
          children: (
            <Typography.Text type="danger" data-testid="message-error">
              {message.errorCode ? t('messageDetail.errorWithCode', { error: message.error, code: message.errorCode }) : message.error}
            </Typography.Text>
          ),
        }
      : undefined,
    when('createdAt'),
    when('sentAt'),
    when('deliveredAt'),
    when('readAt'),
  ];
  return items.filter((item): item is Item => Boolean(item));
}

/**
 * One message in a drawer: its facts (status, provider and its id, attempts, the error with its
 * code, when it was sent, delivered and read) and its whole text as the customer got it, the access
 * code excepted. `withOrder` links to its order (the message log; the order page is the order).
 */
export function MessageDetailDrawer({
  message,
  onClose,
  withOrder = false,
}: {
  message: OrderMessage | null;
  onClose: () => void;
  withOrder?: boolean;
}) {
  const { t } = useTranslation();
  const channel = message ? enumLabel(t, orderMessageEntity, 'channel', message.channel) : '';
  return (
    <Drawer
      open={Boolean(message)}
      onClose={onClose}
      title={message && t('messageDetail.title', { channel, recipient: message.recipient ?? t('communications.noRecipient') })}
      size="large"
      destroyOnHidden
      data-testid="message-detail"
    >
      {message && (
        <>
          <Descriptions column={1} bordered size="small" items={factsOf(message, t, withOrder)} style={{ marginBottom: 24 }} />
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('messageDetail.text')}
          </Typography.Title>
          <div data-testid="message-body">
            {message.subject && <Typography.Paragraph strong>{message.subject}</Typography.Paragraph>}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.body}</Typography.Paragraph>
          </div>
          {message.body?.includes(MASK) && (
            <Typography.Paragraph type="secondary">{t('messageDetail.accessCodeMasked')}</Typography.Paragraph>
          )}
        </>
      )}
    </Drawer>
  );
}
