import type { FastifyInstance } from 'fastify';
import type { ListQuery } from '../../kit/list-query';
import { listRows, type Resource } from '../../kit/repository';
import type { CurrentUser } from '../../platform/auth/current-user';
import { maskSecrets } from '../../platform/secrets';
import { findUsersByContacts } from '../iam/repository';
import { canManageUser, UNKNOWN_USER, withPermissions } from '../iam/service';

type OutboxRow = { channel: string; recipient: string; body: string; link: string | null; createdAt: unknown };

/**
 * A one-time link in the outbox opens its recipient's account. The reader sees it only while the
 * outbox is how the message reaches anyone (no SMTP_URL, no SMS provider) and only when they could
 * already manage the recipient (an unknown recipient counts as one holding every permission);
 * everyone else reads that the message went out, its text and any error, with the token masked.
 */
export async function listOutbox(
  deps: FastifyInstance['deps'],
  resource: Resource,
  actor: CurrentUser,
  query: ListQuery,
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const { rows, count } = await listRows(deps.db, resource, query, { companyIds: null });
  const messages = rows as unknown as OutboxRow[];
  const recipients = await withPermissions(
    deps.db,
    await findUsersByContacts(
      deps.db,
      messages.filter((row) => row.channel === 'email').map((row) => row.recipient),
      messages.filter((row) => row.channel === 'sms').map((row) => row.recipient),
    ),
  );
  const kept = { email: !deps.mailer.isConfigured, sms: !deps.sms.isConfigured };

  const mayReadLink = (row: OutboxRow): boolean => {
    if (!kept[row.channel as keyof typeof kept]) return false;
    const reached = recipients.filter((user) =>
      row.channel === 'sms' ? user.phoneNumber === row.recipient : user.email.toLowerCase() === row.recipient.toLowerCase(),
    );
    return (reached.length ? reached : [UNKNOWN_USER]).every((user) => canManageUser(actor, user));
  };

  return {
    count,
    rows: messages.map((row) => {
      const linkHidden = !mayReadLink(row);
      return {
        ...row,
        createdAt: new Date(String(row.createdAt)).toISOString(),
        body: linkHidden ? maskSecrets(row.body) : row.body,
        link: linkHidden && row.link ? maskSecrets(row.link) : row.link,
        linkHidden,
      };
    }),
  };
}
