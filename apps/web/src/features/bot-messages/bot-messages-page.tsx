import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../app/api-client';
import { PageTitle } from '../../app/page-title';
import { formatPhone } from './bot-message-words';
import { ConversationList } from './conversation-list';
import { ThreadView } from './thread-view';

/** The title wraps on a phone rather than hide the number behind an ellipsis. */
const WRAPPED = { whiteSpace: 'normal' } as const;

/**
 * /bot/:id/messages and /bot/:id/messages/:phoneNumber (spec 2.6, botRead): one route whose phone
 * is optional, so the conversation list and a thread share the chunk and the bot's name.
 */
export default function BotMessagesPage() {
  const { t } = useTranslation();
  const { id = '', phoneNumber } = useParams();
  const bot = useQuery({
    queryKey: ['bot-messages', id, 'bot'],
    queryFn: () => api.get<{ id: string; name?: string | null }>(`/bot/${id}`),
    retry: false,
  });
  const name = bot.data?.name ?? '';
  if (phoneNumber) {
    return (
      <Card
        title={<PageTitle title={t('botMessages.thread.title', { phone: formatPhone(phoneNumber) })} style={WRAPPED} />}
        extra={
          <Link to={`/bot/${id}/messages`}>
            <ArrowLeftOutlined aria-hidden="true" /> {t('botMessages.thread.back')}
          </Link>
        }
        data-testid="bot-thread-page"
      >
        {name ? <Typography.Paragraph type="secondary">{name}</Typography.Paragraph> : null}
        <ThreadView key={phoneNumber} botId={id} phone={phoneNumber} />
      </Card>
    );
  }
  return (
    <Card
      title={<PageTitle title={name ? t('botMessages.list.title', { bot: name }) : t('botMessages.list.titlePlain')} style={WRAPPED} />}
      extra={
        <Link to={`/bot/${id}`}>
          <ArrowLeftOutlined aria-hidden="true" /> {t('botMessages.list.back')}
        </Link>
      }
      data-testid="bot-messages-page"
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('botMessages.list.intro')}</Typography.Paragraph>
        <ConversationList botId={id} />
      </Flex>
    </Card>
  );
}
