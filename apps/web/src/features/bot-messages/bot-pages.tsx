import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import './messages';

/** "Mensagens": the way from a bot (its list row, its page) to its conversations (/bot/:id/messages). */
function BotMessagesLink({ botId }: { botId: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/bot/${botId}/messages`} data-testid="bot-messages-link">
      <MessageOutlined aria-hidden="true" /> {t('botMessages.link')}
    </Link>
  );
}

/** /bot/:id: the kit's page, led by the way to the bot's conversations. */
export function BotViewPage() {
  const entity = useRouteEntity();
  const { can } = useCurrentUser();
  return <EntityViewPage entity={entity} lead={(record) => (can('botRead') ? <BotMessagesLink botId={record.id} /> : null)} />;
}
