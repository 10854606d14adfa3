import type { ListTotal } from '../../kit/counts';
import type { ListQuery } from '../../kit/list-query';
import { listRows, type Resource } from '../../kit/repository';
import { authorize, dbOf, type ServiceContext } from '../../platform/context';
import { maskSecrets } from '../../platform/secrets';
import { findUsersByContacts } from '../iam/repository';
import { canManageUser, UNKNOWN_USER, withPermissions } from '../iam/service';

type OutboxRow = {
  channel: string;
  recipient: string;
  body: string;
  link: string | null;
  createdAt: unknown;
  updatedAt: unknown;
  sentAt: unknown;
};

const isoOf = (value: unknown) => (value ? new Date(String(value)).toISOString() : null);

/**
 * A one-time link in the outbox opens its recipient's account. The reader sees it only while the
 * outbox is how the message reaches anyone (no SMTP_URL, no SMS provider) and only when they could
 * already manage the recipient (an unknown recipient counts as one holding every permission);
 * everyone else reads that the message went out, its text and any error, with the token masked.
 */
export async function listOutbox(
  ctx: ServiceContext,
  resource: Resource,
  query: ListQuery,
): Promise<{ rows: Record<string, unknown>[] } & ListTotal> {
  authorize(ctx, 'settingsEdit');
  const { deps, actor } = ctx;
  const db = dbOf(ctx);
  const { rows, ...total } = await listRows(db, resource, query, { companyIds: null });
  const messages = rows as unknown as OutboxRow[];
  const recipients = await withPermissions(
    db,
    await findUsersByContacts(
      db,
      messages.filter((row) => row.channel === 'email').map((row) => row.recipient),
      messages.filter((row) => row.channel === 'sms').map((row) => row.recipient),
    ),
  );
  const kept = { email: !deps.mailer.isConfigured, sms: !deps.sms.isConfigured };

  const mayReadLink = (row: OutboxRow): boolean => {
    // only a person can be weighed against the recipient; jobs and lockers never read links
    if (actor.kind !== 'user' || !kept[row.channel as keyof typeof kept]) return false;
    const reached = recipients.filter((user) =>
      row.channel === 'sms' ? user.phoneNumber === row.recipient : user.email.toLowerCase() === row.recipient.toLowerCase(),
    );
    return (reached.length ? reached : [UNKNOWN_USER]).every((user) => canManageUser(actor.user, user));
  };

  return {
    ...total,
    rows: messages.map((row) => {
      const linkHidden = !mayReadLink(row);
      return {
        ...row,
        createdAt: isoOf(row.createdAt),
        updatedAt: isoOf(row.updatedAt),
        sentAt: isoOf(row.sentAt),
        body: linkHidden ? maskSecrets(row.body) : row.body,
        link: linkHidden && row.link ? maskSecrets(row.link) : row.link,
        linkHidden,
      };
    }),
  };
}
