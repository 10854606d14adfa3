import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { CHANGED_MESSAGE_COLUMNS, type ChangedBotMessage, type ChangedMessageRow, changedMessageOf } from './message-repository';

/** What the webhook needs of a bot: its number, company, whether it serves, and its sealed secrets. */
export type BotLink = {
  id: string;
  company: string | null;
  phoneNumberId: string;
  enable: boolean;
  /** Encrypted (platform/secret-box.ts); null when none was given. */
  appSecret: string | null;
  verifyToken: string | null;
};

type RawLink = {
  id: string;
  company_id: string | null;
  phone_number_id: string;
  enable: boolean;
  app_secret: string | null;
  verify_token: string | null;
};

const linkOf = (row: RawLink): BotLink => ({
  id: row.id,
  company: row.company_id,
  phoneNumberId: row.phone_number_id,
  enable: row.enable,
  appSecret: row.app_secret,
  verifyToken: row.verify_token,
});

/** Every bot's link (a console has a handful of numbers: read whole on each webhook call). */
export async function findBotLinks(db: Tx): Promise<BotLink[]> {
  const { rows } = await db.execute<RawLink>(sql`
    SELECT id, company_id, phone_number_id, enable, app_secret, verify_token FROM bot`);
  return rows.map(linkOf);
}

export async function findBotLinkByNumber(db: Tx, phoneNumberId: string): Promise<BotLink | undefined> {
  const { rows } = await db.execute<RawLink>(sql`
    SELECT id, company_id, phone_number_id, enable, app_secret, verify_token FROM bot WHERE phone_number_id = ${phoneNumberId}`);
  return rows[0] ? linkOf(rows[0]) : undefined;
}

export type NewBotMessage = {
  bot: string;
  company: string | null;
  wamid: string;
  direction: 'in' | 'out';
  waId: string;
  type: string;
  text: string | null;
  choiceId: string | null;
  sentAt: string;
};

/** Records a message unless its wamid is recorded already; answers whether this call recorded it. */
export async function insertBotMessageOnce(db: Tx, message: NewBotMessage): Promise<ChangedBotMessage | undefined> {
  const { rows } = await db.execute<ChangedMessageRow>(sql`
    INSERT INTO bot_message (bot_id, company_id, wamid, direction, wa_id, type, text, choice_id, sent_at)
    VALUES (${message.bot}, ${message.company}, ${message.wamid}, ${message.direction}, ${message.waId}, ${message.type},
            ${message.text}, ${message.choiceId}, ${message.sentAt})
    ON CONFLICT (wamid) DO NOTHING
    RETURNING ${CHANGED_MESSAGE_COLUMNS}`);
  return changedMessageOf(rows[0]);
}

/** The bot's last interaction and message, unless a later one is recorded already (webhooks arrive out of order). */
export async function touchBot(db: Tx, botId: string, at: string, text: string | null): Promise<void> {
  await db.execute(sql`
    UPDATE bot SET last_interaction = ${at}, last_message = ${text}
    WHERE id = ${botId} AND (last_interaction IS NULL OR last_interaction <= ${at})`);
}

/** What a conversation needs of its bot: whether it serves, its flow's script, where it books. */
export type ConversingBot = {
  id: string;
  company: string | null;
  cluster: string | null;
  enable: boolean;
  startDate: string | null;
  endDate: string | null;
  /** The bot's own flag or its cluster's (spec 3: either makes the bot charge). */
  isPaid: boolean;
  catalog: Record<string, unknown> | null;
  phoneNumberId: string;
  /** Encrypted (platform/secret-box.ts). */
  accessToken: string | null;
  flow: { type: string; enable: boolean; messages: Record<string, unknown>; messageTemplate: string | null } | null;
};

export async function findConversingBot(db: Tx, botId: string): Promise<ConversingBot | undefined> {
  const { rows } = await db.execute<{
    id: string;
    company_id: string | null;
    cluster_id: string | null;
    enable: boolean;
    start_date: string | null;
    end_date: string | null;
    is_paid: boolean;
    catalog: Record<string, unknown> | null;
    phone_number_id: string;
    access_token: string | null;
    flow_type: string | null;
    flow_enable: boolean | null;
    flow_messages: Record<string, unknown> | null;
    flow_template: string | null;
  }>(sql`
    SELECT b.id, b.company_id, b.cluster_id, b.enable, b.start_date, b.end_date, (b.is_paid OR coalesce(c.is_paid, false)) AS is_paid,
           b.catalog, b.phone_number_id, b.access_token, f.type AS flow_type, f.enable AS flow_enable, f.messages AS flow_messages,
           f.message_template_id AS flow_template
    FROM bot b LEFT JOIN bot_flow f ON f.id = b.flow_id LEFT JOIN cluster c ON c.id = b.cluster_id
    WHERE b.id = ${botId}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    company: row.company_id,
    cluster: row.cluster_id,
    enable: row.enable,
    startDate: row.start_date,
    endDate: row.end_date,
    isPaid: row.is_paid,
    catalog: row.catalog,
    phoneNumberId: row.phone_number_id,
    accessToken: row.access_token,
    flow: row.flow_type
      ? { type: row.flow_type, enable: row.flow_enable ?? false, messages: row.flow_messages ?? {}, messageTemplate: row.flow_template }
      : null,
  };
}

export type ConversationRow = { state: unknown; lastInboundAt: string | null };

/**
 * The conversation of a bot with a phone, locked until the transaction ends (created when the phone
 * writes the first time): one phone's messages are read one at a time, in order.
 */
export async function lockConversation(db: Tx, botId: string, waId: string, company: string | null): Promise<ConversationRow> {
  await db.execute(sql`
    INSERT INTO bot_conversation (bot_id, wa_id, company_id) VALUES (${botId}, ${waId}, ${company})
    ON CONFLICT (bot_id, wa_id) DO NOTHING`);
  const { rows } = await db.execute<{ state: unknown; last_inbound_at: string | null }>(sql`
    SELECT state, last_inbound_at FROM bot_conversation WHERE bot_id = ${botId} AND wa_id = ${waId} FOR UPDATE`);
  return { state: rows[0]?.state ?? null, lastInboundAt: rows[0]?.last_inbound_at ?? null };
}

export async function saveConversation(db: Tx, botId: string, waId: string, state: unknown, lastInboundAt: string | null): Promise<void> {
  await db.execute(sql`
    UPDATE bot_conversation
    SET state = ${state === null ? null : JSON.stringify(state)}::jsonb,
        last_inbound_at = GREATEST(last_inbound_at, ${lastInboundAt}::timestamptz), updated_at = now()
    WHERE bot_id = ${botId} AND wa_id = ${waId}`);
}

export type UnreadMessage = { id: string; text: string | null; choiceId: string | null; sentAt: string };

/** A phone's messages its conversation has not read yet, in the order they were recorded. */
export async function findUnreadMessages(db: Tx, botId: string, waId: string): Promise<UnreadMessage[]> {
  const { rows } = await db.execute<{ id: string; text: string | null; choice_id: string | null; sent_at: string }>(sql`
    SELECT id, text, choice_id, sent_at FROM bot_message
    WHERE bot_id = ${botId} AND wa_id = ${waId} AND direction = 'in' AND processed_at IS NULL
    ORDER BY seq`);
  return rows.map((row) => ({ id: row.id, text: row.text, choiceId: row.choice_id, sentAt: new Date(row.sent_at).toISOString() }));
}

export async function markMessagesRead(db: Tx, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`UPDATE bot_message SET processed_at = now() WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
}

export type QueuedReply = { step: string; content: unknown; text: string };

/** Writes a phone's replies, queued in this order for the send job. */
export async function insertQueuedReplies(
  db: Tx,
  reply: { bot: string; company: string | null; waId: string },
  replies: readonly QueuedReply[],
): Promise<void> {
  for (const { step, content, text } of replies) {
    await db.execute(sql`
      INSERT INTO bot_message (bot_id, company_id, wamid, direction, wa_id, type, text, sent_at, status, content, step)
      VALUES (${reply.bot}, ${reply.company}, NULL, 'out', ${reply.waId}, ${(content as { type: string }).type}, ${text}, now(),
              'queued', ${JSON.stringify(content)}::jsonb, ${step})`);
  }
}

/** The sizes with a compartment free now in the enabled lockers of a cluster (as a booking takes them). */
export async function findFreeSizes(db: Tx, clusterId: string | null): Promise<string[]> {
  if (!clusterId) return [];
  const { rows } = await db.execute<{ size: string }>(sql`
    SELECT DISTINCT upper(c.size) AS size FROM compartiment c
    JOIN cluster_ebox ce ON ce.ebox_id = c.ebox_id AND ce.cluster_id = ${clusterId} AND ce.enable IS NOT FALSE
    JOIN ebox e ON e.id = c.ebox_id AND e.enable
    WHERE c.status = 'AVAILABLE' AND c.enable IS NOT FALSE`);
  return rows.map((row) => row.size);
}

export type NextReply = { id: string; content: unknown; text: string | null; lastInboundAt: string | null };

/** The oldest reply of a phone still queued, with when the customer last wrote. */
export async function findNextQueuedReply(db: Tx, botId: string, waId: string): Promise<NextReply | undefined> {
  const { rows } = await db.execute<{ id: string; content: unknown; text: string | null; last_inbound_at: string | null }>(sql`
    SELECT m.id, m.content, m.text, c.last_inbound_at FROM bot_message m
    LEFT JOIN bot_conversation c ON c.bot_id = m.bot_id AND c.wa_id = m.wa_id
    WHERE m.bot_id = ${botId} AND m.wa_id = ${waId} AND m.status = 'queued'
    ORDER BY m.seq LIMIT 1`);
  const row = rows[0];
  return row ? { id: row.id, content: row.content, text: row.text, lastInboundAt: row.last_inbound_at } : undefined;
}

/** A reply that left by SMS (the number's tier was reached): its type says so on the thread. */
export async function recordReplySentBySms(db: Tx, id: string): Promise<void> {
  await db.execute(sql`UPDATE bot_message SET status = 'sent', type = 'sms', sent_at = now() WHERE id = ${id} AND status = 'queued'`);
}

/** The company's SMS gateway (companySettings.smsGateway), else the console's default (null). */
export async function findSmsGatewayOfCompany(db: Tx, companyId: string | null): Promise<'AWS' | 'SINCH' | null> {
  if (!companyId) return null;
  const { rows } = await db.execute<{ gateway: string | null }>(
    sql`SELECT company_settings->>'smsGateway' AS gateway FROM company WHERE id = ${companyId}`,
  );
  const gateway = rows[0]?.gateway;
  return gateway === 'AWS' || gateway === 'SINCH' ? gateway : null;
}

/** A reply Meta took (its wamid) or refused (its code and title). */
export async function recordReplyOutcome(
  db: Tx,
  id: string,
  outcome: { wamid: string } | { errorCode: number | null; errorTitle: string },
): Promise<void> {
  if ('wamid' in outcome) {
    await db.execute(
      sql`UPDATE bot_message SET status = 'sent', wamid = ${outcome.wamid}, sent_at = now() WHERE id = ${id} AND status = 'queued'`,
    );
  } else {
    await db.execute(sql`
      UPDATE bot_message SET status = 'failed', error_code = ${outcome.errorCode}, error_title = ${outcome.errorTitle}
      WHERE id = ${id} AND status = 'queued'`);
  }
}

const REPLY_STATUS_ORDER = ['queued', 'sent', 'delivered', 'read'];

/** Whether a wamid is one of the bots' replies: its receipts are the bot's, not the message log's. */
export async function isBotReply(db: Tx, wamid: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM bot_message WHERE wamid = ${wamid} AND direction = 'out' LIMIT 1`);
  return rows.length > 0;
}

/**
 * Meta's receipt of a reply: forward only (sent → delivered → read), failed from any of them. The
 * reply as it now is when the receipt moved it; undefined when it did not (a late or repeated
 * receipt, or no reply of a bot has this wamid, yet).
 */
export async function recordReplyReceipt(
  db: Tx,
  wamid: string,
  status: string,
  error?: { code?: number; title?: string },
): Promise<ChangedBotMessage | undefined> {
  if (status === 'failed') {
    const { rows } = await db.execute<ChangedMessageRow>(sql`
      UPDATE bot_message SET status = 'failed', error_code = ${error?.code ?? null}, error_title = ${error?.title ?? null}
      WHERE wamid = ${wamid} AND direction = 'out' AND status <> 'failed'
      RETURNING ${CHANGED_MESSAGE_COLUMNS}`);
    return changedMessageOf(rows[0]);
  }
  const before = REPLY_STATUS_ORDER.slice(0, Math.max(0, REPLY_STATUS_ORDER.indexOf(status)));
  if (!before.length) return undefined;
  const { rows } = await db.execute<ChangedMessageRow>(sql`
    UPDATE bot_message SET status = ${status}
    WHERE wamid = ${wamid} AND direction = 'out' AND status = ANY(${`{${before.join(',')}}`}::text[])
    RETURNING ${CHANGED_MESSAGE_COLUMNS}`);
  return changedMessageOf(rows[0]);
}

/** Conversations under way whose customer last wrote before `before`. */
export async function findIdleConversations(db: Tx, before: string): Promise<{ botId: string; waId: string }[]> {
  const { rows } = await db.execute<{ bot_id: string; wa_id: string }>(sql`
    SELECT bot_id, wa_id FROM bot_conversation
    WHERE state IS NOT NULL AND (state->>'lastAt')::timestamptz <= ${before}::timestamptz
    LIMIT 1000`);
  return rows.map((row) => ({ botId: row.bot_id, waId: row.wa_id }));
}

/** The enabled lockers of a cluster with a compartment of `size` free now, the emptiest first. */
export async function findLockersWithFreeSize(db: Tx, clusterId: string | null, size: string): Promise<{ id: string; name: string }[]> {
  if (!clusterId) return [];
  const { rows } = await db.execute<{ id: string; name: string | null; code: string | null }>(sql`
    SELECT e.id, e.name, e.code FROM compartiment c
    JOIN cluster_ebox ce ON ce.ebox_id = c.ebox_id AND ce.cluster_id = ${clusterId} AND ce.enable IS NOT FALSE
    JOIN ebox e ON e.id = c.ebox_id AND e.enable
    WHERE c.status = 'AVAILABLE' AND c.enable IS NOT FALSE AND lower(c.size) = lower(${size})
    GROUP BY e.id, e.name, e.code
    ORDER BY count(*) DESC, e.code`);
  return rows.map((row) => ({ id: row.id, name: row.name ?? row.code ?? row.id }));
}

/** What the bot tells the customer of an order it made: its code and compartment (read as stored: the bot gives it out). */
export async function findBookedOrder(
  db: Tx,
  orderId: string,
): Promise<{ accessCode: string | null; compartmentNumber: number | null } | undefined> {
  const { rows } = await db.execute<{ access_code: string | null; compartiment_number: number | null }>(sql`
    SELECT access_code, compartiment_number FROM "order" WHERE id = ${orderId}`);
  const row = rows[0];
  return row ? { accessCode: row.access_code, compartmentNumber: row.compartiment_number } : undefined;
}

export type OpenOrder = {
  trackingCode: string;
  status: string;
  lockerName: string | null;
  overdueDate: string | null;
  accessCode: string | null;
};

/** A phone's live orders at a company (its customer phone in any of its forms), the newest first, at most `limit`. */
export async function findOpenOrdersOfPhone(
  db: Tx,
  company: string | null,
  phones: readonly string[],
  liveStatuses: readonly string[],
  limit: number,
): Promise<OpenOrder[]> {
  if (!company || !phones.length) return [];
  const { rows } = await db.execute<{
    tracking_code: string;
    status: string;
    locker: string | null;
    overdue_date: string | null;
    access_code: string | null;
  }>(sql`
    SELECT o.tracking_code, o.status, coalesce(e.name, e.code) AS locker, o.overdue_date, o.access_code FROM "order" o
    LEFT JOIN ebox e ON e.id = o.ebox_id
    WHERE o.company_id = ${company} AND o.customer_phone = ANY(${`{${phones.join(',')}}`}::text[])
      AND o.status = ANY(${`{${liveStatuses.join(',')}}`}::text[])
    ORDER BY o.created_at DESC LIMIT ${limit}`);
  return rows.map((row) => ({
    trackingCode: row.tracking_code,
    status: row.status,
    lockerName: row.locker,
    overdueDate: row.overdue_date ? new Date(row.overdue_date).toISOString() : null,
    accessCode: row.access_code,
  }));
}

/** When the bot last sent a phone its codes (the resend rule counts from it). */
export async function findLastReplyAt(db: Tx, botId: string, waId: string, step: string): Promise<Date | null> {
  const { rows } = await db.execute<{ at: string | null }>(sql`
    SELECT max(received_at) AS at FROM bot_message WHERE bot_id = ${botId} AND wa_id = ${waId} AND direction = 'out' AND step = ${step}`);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/** Notes whom a bot booked an order for, and when the booking ends (the reminder's time). */
export async function insertBotBooking(
  db: Tx,
  booking: { order: string; bot: string; waId: string; endsAt: string | null },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO bot_booking (order_id, bot_id, wa_id, ends_at) VALUES (${booking.order}, ${booking.bot}, ${booking.waId}, ${booking.endsAt})
    ON CONFLICT (order_id) DO NOTHING`);
}

export type DueReminder = {
  order: string;
  bot: string;
  waId: string;
  endsAt: string;
  lockerName: string;
  accessCode: string;
  compartmentNumber: number | null;
  lastInboundAt: string | null;
};

/**
 * Bookings ending within `withinMs` and not yet reminded, locked (SKIP LOCKED: another process's
 * sweep takes the others): only live ones (booked or in the locker) whose payment, if any, was approved.
 */
export async function lockDueReminders(db: Tx, withinMs: number, limit: number): Promise<DueReminder[]> {
  const { rows } = await db.execute<{
    order_id: string;
    bot_id: string;
    wa_id: string;
    ends_at: string | Date;
    locker: string | null;
    access_code: string | null;
    compartiment_number: number | null;
    last_inbound_at: string | Date | null;
  }>(sql`
    SELECT b.order_id, b.bot_id, b.wa_id, b.ends_at, coalesce(e.name, e.code) AS locker, o.access_code, o.compartiment_number,
           c.last_inbound_at
    FROM bot_booking b
    JOIN "order" o ON o.id = b.order_id AND o.status IN ('CREATED', 'STORED')
    LEFT JOIN ebox e ON e.id = o.ebox_id
    LEFT JOIN bot_conversation c ON c.bot_id = b.bot_id AND c.wa_id = b.wa_id
    WHERE b.reminded_at IS NULL AND b.ends_at > now() AND b.ends_at <= now() + ${`${withinMs} milliseconds`}::interval
      AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.order_id = b.order_id AND p.status <> 'APPROVED')
    ORDER BY b.ends_at LIMIT ${limit}
    FOR UPDATE OF b SKIP LOCKED`);
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((row) => ({
    order: row.order_id,
    bot: row.bot_id,
    waId: row.wa_id,
    endsAt: iso(row.ends_at) ?? '',
    lockerName: row.locker ?? '',
    accessCode: row.access_code ?? '',
    compartmentNumber: row.compartiment_number,
    lastInboundAt: iso(row.last_inbound_at),
  }));
}

export async function markReminded(db: Tx, orderIds: readonly string[]): Promise<void> {
  if (!orderIds.length) return;
  await db.execute(sql`UPDATE bot_booking SET reminded_at = now() WHERE order_id = ANY(${`{${orderIds.join(',')}}`}::uuid[])`);
}
