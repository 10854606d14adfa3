import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Who wrote an entry: a person by their email; a job or the seed as "System (name)"; a locker as
 * "Terminal (id)"; entries older than the actor label read as "System".
 */
export function AuthorText({ email, actorLabel }: { email: string | null; actorLabel: string | null }) {
  const { t } = useTranslation();
  if (email) return <>{email}</>;
  const [kind, name] = actorLabel?.split(/:(.*)/s) ?? [];
  const text =
    kind === 'system' && name
      ? t('auditLog.systemActor', { name })
      : kind === 'terminal' && name
        ? t('auditLog.terminalActor', { name })
        : t('auditLog.system');
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}
