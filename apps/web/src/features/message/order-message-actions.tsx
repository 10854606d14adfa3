import { MailOutlined, MessageOutlined, NotificationOutlined } from '@ant-design/icons';
import type { Permission } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { useApp } from '../../app/feedback';
import { tagForTests } from '../../app/tag-for-tests';
import type { EntityRecord } from '../../kit/entity-api';
import { orderMessagesKey } from './order-messages-query';

/** A send asked for on the order's page (docs/messages.md): its call, who may ask it, and its words (communications.<words>). */
type SendAction = { name: string; path: string; permission: Permission; icon: ReactNode; words: string };

const SEND_ACTIONS: SendAction[] = [
  { name: 'send', path: '/order/send-notification', permission: 'orderEdit', icon: <NotificationOutlined />, words: 'send' },
  { name: 'resend-sms', path: '/order/resend-sms', permission: 'orderResendSMS', icon: <MessageOutlined />, words: 'resendSms' },
  { name: 'resend-email', path: '/order/resend-email', permission: 'orderResendSMS', icon: <MailOutlined />, words: 'resendEmail' },
];

/**
 * One send after a confirmation: the success message, or the API's refusal in the user's language
 * ("Communication not sent" when nothing could go, the one-minute wait of a resend). The messages
 * it adds come into the card through the live events; the list is read again at once all the same.
 */
function SendButton({ order, action }: { order: EntityRecord; action: SendAction }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const words = (key: string) => `communications.${action.words}.${key}`;
  const trackingCode = String(order.trackingCode ?? '');
  const confirm = () =>
    modal.confirm({
      title: t(words('title'), { trackingCode }),
      content: t(words('text')),
      okText: t(words('confirm')),
      okButtonProps: tagForTests(`confirm-order-${action.name}`),
      cancelText: t('communications.keep'),
      onOk: async () => {
        try {
          await api.post(action.path, { data: { id: order.id } });
          message.success(t(words('success')));
        } catch (error) {
          handleError(error);
        }
        await queryClient.invalidateQueries({ queryKey: orderMessagesKey(order.id) });
      },
    });
  return (
    <Button icon={action.icon} onClick={confirm} data-testid={`order-${action.name}`}>
      {t(words('button'))}
    </Button>
  );
}

/** The sends the user may ask for: a notification (orderEdit), a resend of the SMS or the e-mail (orderResendSMS). */
export function OrderMessageActions({ order }: { order: EntityRecord }) {
  const { can } = useCurrentUser();
  const allowed = SEND_ACTIONS.filter((action) => can(action.permission));
  if (!allowed.length) return null;
  return (
    <Space wrap>
      {allowed.map((action) => (
        <SendButton key={action.name} order={order} action={action} />
      ))}
    </Space>
  );
}
