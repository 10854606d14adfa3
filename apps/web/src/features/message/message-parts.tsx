import { BellOutlined, MailOutlined, MessageOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { type MessageStatus, orderMessageEntity, type RelationRef } from '@ebox/domain';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';

/** One row of GET /order-message (docs/messages.md, "The message log"); dates are ISO strings. */
export type OrderMessage = EntityRecord & {
  channel: string;
  recipient: string | null;
  trigger: string;
  language: string | null;
  subject: string | null;
  body: string | null;
  status: MessageStatus;
  provider: string | null;
  providerMessageId: string | null;
  attempts: number;
  error: string | null;
  errorCode: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  order: RelationRef | null;
  template: RelationRef | null;
};

export function isOrderMessage(record: Record<string, unknown> | undefined): record is OrderMessage {
  return typeof record?.id === 'string' && typeof record.channel === 'string' && typeof record.status === 'string';
}

/** Queued is waiting, sent is with the provider, delivered and read reached the customer, failed did not. */
const STATUS_COLORS: Record<MessageStatus, string> = {
  queued: 'gold',
  sent: 'blue',
  delivered: 'green',
  read: 'cyan',
  failed: 'red',
};

const CHANNEL_ICONS: Record<string, ReactNode> = {
  email: <MailOutlined aria-hidden />,
  sms: <MessageOutlined aria-hidden />,
  whatsapp: <WhatsAppOutlined aria-hidden />,
  push: <BellOutlined aria-hidden />,
};

/** The channel's icon and its name ("E-mail", "SMS"). */
export function ChannelLabel({ channel }: { channel: string }) {
  const { t } = useTranslation();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {CHANNEL_ICONS[channel]} {enumLabel(t, orderMessageEntity, 'channel', channel)}
    </span>
  );
}

/** The message's status as a coloured tag. */
export function MessageStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status as MessageStatus]} data-testid={`message-status-${status}`} style={{ marginInlineEnd: 0 }}>
      {enumLabel(t, orderMessageEntity, 'status', status)}
    </Tag>
  );
}
