import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Who wrote an entry: a person by name (their email on hover), or by email when they have no name;
 * a job or the seed as "System (name)"; a locker as "Terminal (id)"; entries older than the actor
 * label read as "System".
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
  const [kind, actor] = actorLabel?.split(/:(.*)/s) ?? [];
  const text =
    kind === 'system' && actor
      ? t('auditLog.systemActor', { name: actor })
      : kind === 'terminal' && actor
        ? t('auditLog.terminalActor', { name: actor })
        : t('auditLog.system');
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}
