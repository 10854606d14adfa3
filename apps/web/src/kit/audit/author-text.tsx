import { auditActorText } from '@ebox/domain';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Who wrote an entry: a person by name (their email on hover), or by email when they have no name;
 * a job or the seed as "Sistema: envio de mensagens"; a locker as "Terminal RJ-COPA-01" (`name` is
 * its locker's code, else its terminal id is shown); entries older than the actor label read as "Sistema".
 */
export function AuthorText({ email, name, actorLabel }: { email: string | null; name?: string | null; actorLabel: string | null }) {
  const { t } = useTranslation();
  if (email && name)
    return (
      <Tooltip title={email}>
        <span>{name}</span>
      </Tooltip>
    );
  if (email) return <>{email}</>;
  return <Typography.Text type="secondary">{auditActorText(t, actorLabel, name)}</Typography.Text>;
}
