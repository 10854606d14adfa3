import type { BotConversationRow, BotHandOffState, BotThreadMessage } from '@ebox/domain/bot/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/**
 * The SQL of a bot's message screens (issue 32 item 5): the conversations of a bot, one row per
 * phone, and a phone's thread. Reads ride the indexes the conversations already have: the
 * conversation's key (bot, wa_id), `bot_message_thread_idx` (bot, wa_id, sent_at) for a phone's
 * last message and thread, and the orders' phone key for the booking and the customer's name.
 */

/** Both forms of a Brazilian mobile in SQL (bot/outgoing.ts waIdForms): 13 digits with the ninth, 12 without. */
const formsOf = (column: SQL) => sql`ARRAY[${column}, CASE
  WHEN ${column} ~ '^55[0-9]{2}9[0-9]{8}$' THEN substr(${column}, 1, 4) || substr(${column}, 6)
  WHEN ${column} ~ '^55[0-9]{2}[6-9][0-9]{7}$' THEN substr(${column}, 1, 4) || '9' || substr(${column}, 5)
  ELSE ${column} END]`;

/** The orders' phone key (order_customer_phone_key_idx). */
const ORDER_PHONE_KEY = sql`upper(regexp_replace(o.customer_phone, '[^0-9A-Za-z]', '', 'g'))`;

export type ConversationFilter = {
  /** Digits contained in the phone (either form of a full number matches it). */
  phone?: string[];
  step?: string;
  handOff?: BotHandOffState | 'any';
  lastMessageFrom?: string;
  lastMessageTo?: string;
};

const SORTS: Record<string, SQL> = {
  lastMessageAt_DESC: sql`last_at DESC, wa_id`,
  lastMessageAt_ASC: sql`last_at ASC, wa_id`,
  waId_ASC: sql`wa_id ASC`,
  waId_DESC: sql`wa_id DESC`,
};

function handOffCondition(state: ConversationFilter['handOff']): SQL | undefined {
  if (!state) return undefined;
  if (state === 'any') return sql`c.state->>'step' = 'handOff'`;
  if (state === 'waiting') return sql`c.state->>'step' = 'handOff' AND c.state->>'answeredAt' IS NULL`;
  return sql`c.state->>'step' = 'handOff' AND c.state->>'answeredAt' IS NOT NULL`;
}

type RawConversation = {
  wa_id: string;
  state: { step?: string; answeredAt?: string } | null;
  last_inbound_at: string | null;
  last_text: string | null;
  last_at: string;
  last_direction: 'in' | 'out';
  customer_name: string | null;
  order_id: string | null;
  tracking_code: string | null;
  order_status: string | null;
  payment_id: string | null;
  payment_status: string | null;
  payment_value: string | null;
  total: number;
};

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

export function handOffOf(state: { step?: string; answeredAt?: string } | null): BotHandOffState | null {
  if (state?.step !== 'handOff') return null;
  return state.answeredAt ? 'answered' : 'waiting';
}

/**
 * A bot's conversations, one row per phone, with its last message. The page is cut first; only its
 * rows look up their booking (the latest order the bot made for the phone at a locker of its
 * cluster since the phone first wrote), its latest payment and the customer's name (an order of the company naming the
 * phone).
 */
export async function listConversations(
  db: Tx,
  bot: { id: string; company: string | null; cluster: string | null },
  filter: ConversationFilter,
  orderBy: string,
  page: { limit: number; offset: number },
): Promise<{ rows: BotConversationRow[]; count: number }> {
  const conditions: SQL[] = [sql`c.bot_id = ${bot.id}`];
  for (const digits of filter.phone ?? []) {
    const full = /^\d{12,13}$/.test(digits);
    conditions.push(full ? sql`c.wa_id = ANY(${formsOf(sql`${digits}::text`)})` : sql`c.wa_id LIKE ${`%${digits}%`}`);
  }
  if (filter.step) conditions.push(sql`c.state->>'step' = ${filter.step}`);
  const handOff = handOffCondition(filter.handOff);
  if (handOff) conditions.push(handOff);
  const period: SQL[] = [];
  if (filter.lastMessageFrom) period.push(sql`last.sent_at >= ${filter.lastMessageFrom}::timestamptz`);
  if (filter.lastMessageTo) period.push(sql`last.sent_at <= ${filter.lastMessageTo}::timestamptz`);
  const { rows } = await db.execute<RawConversation>(sql`
    WITH page AS (
      SELECT c.wa_id, c.state, c.last_inbound_at, last.text AS last_text, last.sent_at AS last_at,
             last.direction AS last_direction, count(*) OVER () AS total
      FROM bot_conversation c
      CROSS JOIN LATERAL (
        SELECT m.text, m.sent_at, m.direction FROM bot_message m
        WHERE m.bot_id = c.bot_id AND m.wa_id = c.wa_id ORDER BY m.sent_at DESC, m.seq DESC LIMIT 1
      ) last
      WHERE ${sql.join(conditions, sql` AND `)} ${period.length ? sql`AND ${sql.join(period, sql` AND `)}` : sql``}
      ORDER BY ${SORTS[orderBy] ?? SORTS.lastMessageAt_DESC}
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT page.wa_id, page.state, page.last_inbound_at, page.last_text, page.last_at, page.last_direction, page.total::int AS total,
           named.customer_name, booked.id AS order_id, booked.tracking_code, booked.status AS order_status,
           paid.id AS payment_id, paid.status AS payment_status, paid.value AS payment_value
    FROM page
    LEFT JOIN LATERAL (
      SELECT o.customer_name FROM "order" o
      WHERE o.company_id = ${bot.company} AND ${ORDER_PHONE_KEY} = ANY(${formsOf(sql`page.wa_id`)}) AND o.customer_name IS NOT NULL
      ORDER BY o.created_at DESC LIMIT 1
    ) named ON true
    LEFT JOIN LATERAL (
      SELECT o.id, o.tracking_code, o.status FROM "order" o
      JOIN cluster_ebox ce ON ce.ebox_id = o.ebox_id AND ce.cluster_id = ${bot.cluster}
      WHERE o.company_id = ${bot.company} AND ${ORDER_PHONE_KEY} = ANY(${formsOf(sql`page.wa_id`)})
        AND o.created_at >= (SELECT min(m.sent_at) FROM bot_message m WHERE m.bot_id = ${bot.id} AND m.wa_id = page.wa_id)
      ORDER BY o.created_at DESC LIMIT 1
    ) booked ON true
    LEFT JOIN LATERAL (
      SELECT p.id, p.status, p.value FROM payment p WHERE p.order_id = booked.id ORDER BY p.created_at DESC LIMIT 1
    ) paid ON true
    ORDER BY ${SORTS[orderBy] ?? SORTS.lastMessageAt_DESC}`);
  const count = rows[0]?.total ?? (page.offset > 0 ? await countConversations(db, conditions, period) : 0);
  return {
    count,
    rows: rows.map((row) => ({
      waId: row.wa_id,
      customerName: row.customer_name,
      lastMessage: { text: row.last_text, at: iso(row.last_at) ?? '', direction: row.last_direction },
      lastInboundAt: iso(row.last_inbound_at),
      step: row.state?.step ?? null,
      booking: row.order_id ? { orderId: row.order_id, trackingCode: row.tracking_code, status: row.order_status ?? '' } : null,
      payment: row.payment_id
        ? { id: row.payment_id, status: row.payment_status ?? '', value: row.payment_value === null ? null : Number(row.payment_value) }
        : null,
      handOff: handOffOf(row.state),
    })),
  };
}

/** The total when the page asked lies past the last row (the window count has no row to ride on). */
async function countConversations(db: Tx, conditions: SQL[], period: SQL[]): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`
    SELECT count(*)::int AS total FROM bot_conversation c
    CROSS JOIN LATERAL (
      SELECT m.sent_at FROM bot_message m WHERE m.bot_id = c.bot_id AND m.wa_id = c.wa_id ORDER BY m.sent_at DESC, m.seq DESC LIMIT 1
    ) last
    WHERE ${sql.join(conditions, sql` AND `)} ${period.length ? sql`AND ${sql.join(period, sql` AND `)}` : sql``}`);
  return rows[0]?.total ?? 0;
}

type RawMessage = {
  id: string;
  wamid: string | null;
  wa_id: string;
  direction: 'in' | 'out';
  type: string;
  text: string | null;
  choice_id: string | null;
  content: unknown;
  step: string | null;
  status: BotThreadMessage['status'];
  sent_at: string;
  error_code: number | null;
  error_title: string | null;
};

const MESSAGE_COLUMNS = sql`id, wamid, wa_id, direction, type, text, choice_id, content, step, status, sent_at, error_code, error_title`;

const messageOf = (row: RawMessage): BotThreadMessage => ({
  id: row.id,
  wamid: row.wamid,
  waId: row.wa_id,
  direction: row.direction,
  type: row.type,
  text: row.text,
  choiceId: row.choice_id,
  content: row.content ?? null,
  step: row.step,
  status: row.status,
  at: iso(row.sent_at) ?? '',
  errorCode: row.error_code,
  errorTitle: row.error_title,
});

/** One message of a bot by Meta's id. */
export async function findMessageByWamid(db: Tx, botId: string, wamid: string): Promise<BotThreadMessage | undefined> {
  const { rows } = await db.execute<RawMessage>(
    sql`SELECT ${MESSAGE_COLUMNS} FROM bot_message WHERE bot_id = ${botId} AND wamid = ${wamid}`,
  );
  return rows[0] ? messageOf(rows[0]) : undefined;
}

/** A phone's conversation row, under either form of its number (the one WhatsApp used is kept). */
export async function findConversationOfPhone(
  db: Tx,
  botId: string,
  forms: readonly string[],
  options: { lock?: boolean } = {},
): Promise<{ waId: string; state: { step?: string; answeredAt?: string } | null; lastInboundAt: string | null } | undefined> {
  const { rows } = await db.execute<{
    wa_id: string;
    state: { step?: string; answeredAt?: string } | null;
    last_inbound_at: string | null;
  }>(
    sql`
    SELECT wa_id, state, last_inbound_at FROM bot_conversation
    WHERE bot_id = ${botId} AND wa_id = ANY(${`{${forms.join(',')}}`}::text[])
    ORDER BY last_inbound_at DESC NULLS LAST LIMIT 1 ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = rows[0];
  return row ? { waId: row.wa_id, state: row.state, lastInboundAt: iso(row.last_inbound_at) } : undefined;
}

/**
 * A phone's thread in the order it was written (seq), paged; without an offset the newest page (the
 * last `limit` messages), as a chat opens at its end.
 */
export async function listThread(
  db: Tx,
  botId: string,
  forms: readonly string[],
  page: { limit: number; offset?: number | undefined },
): Promise<{ rows: BotThreadMessage[]; count: number }> {
  const phones = `{${forms.join(',')}}`;
  const { rows: counted } = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM bot_message WHERE bot_id = ${botId} AND wa_id = ANY(${phones}::text[])`,
  );
  const count = counted[0]?.total ?? 0;
  const offset = page.offset ?? Math.max(0, count - page.limit);
  const { rows } = await db.execute<RawMessage>(sql`
    SELECT ${MESSAGE_COLUMNS} FROM bot_message WHERE bot_id = ${botId} AND wa_id = ANY(${phones}::text[])
    ORDER BY seq LIMIT ${page.limit} OFFSET ${offset}`);
  return { rows: rows.map(messageOf), count };
}

/** A person's reply, queued as the bot's replies are (send-service.ts sends it in its turn). */
export async function insertPersonReply(
  db: Tx,
  reply: { bot: string; company: string | null; waId: string; step: string; text: string; content: unknown },
): Promise<{ id: string; sentAt: string }> {
  const { rows } = await db.execute<{ id: string; sent_at: string }>(sql`
    INSERT INTO bot_message (bot_id, company_id, wamid, direction, wa_id, type, text, sent_at, status, content, step)
    VALUES (${reply.bot}, ${reply.company}, NULL, 'out', ${reply.waId}, ${(reply.content as { type: string }).type}, ${reply.text}, now(), 'queued',
            ${JSON.stringify(reply.content)}::jsonb, ${reply.step})
    RETURNING id, sent_at`);
  const row = rows[0];
  if (!row) throw new Error('the reply was not written');
  return { id: row.id, sentAt: iso(row.sent_at) ?? '' };
}

/**
 * What a person may send a phone outside the window: the bot flow's message template (its name as
 * Meta approved it), about the phone's latest booking with the bot. None without either.
 */
export async function findFlowTemplateOfPhone(
  db: Tx,
  botId: string,
  waIds: readonly string[],
): Promise<{ name: string; order: string } | undefined> {
  const { rows } = await db.execute<{ name: string; order_id: string }>(sql`
    SELECT t.subject AS name, k.order_id FROM bot b
    JOIN bot_flow f ON f.id = b.flow_id
    JOIN ccm t ON t.id = f.message_template_id AND coalesce(t.subject, '') <> ''
    JOIN LATERAL (
      SELECT order_id FROM bot_booking WHERE bot_id = b.id AND wa_id = ANY(${`{${waIds.join(',')}}`}::text[])
      ORDER BY ends_at DESC NULLS LAST LIMIT 1
    ) k ON true
    WHERE b.id = ${botId}`);
  const row = rows[0];
  return row ? { name: row.name, order: row.order_id } : undefined;
}

/** A hand-off a person answered: the conversation keeps when (the bot stays quiet until it closes). */
export async function markHandOffAnswered(db: Tx, botId: string, waId: string): Promise<boolean> {
  const { rows } = await db.execute<{ wa_id: string }>(sql`
    UPDATE bot_conversation SET state = state || jsonb_build_object('answeredAt', now()), updated_at = now()
    WHERE bot_id = ${botId} AND wa_id = ${waId} AND state->>'step' = 'handOff'
    RETURNING wa_id`);
  return rows.length > 0;
}

/** What a live event names of a message whose state just moved. */
export type ChangedBotMessage = {
  id: string;
  botId: string;
  company: string | null;
  waId: string;
  direction: 'in' | 'out';
  status: string;
};

/** A bot_message row's columns a live event names (RETURNING them spares reading the row again). */
export const CHANGED_MESSAGE_COLUMNS = sql.raw('id, bot_id, company_id, wa_id, direction, status');

export type ChangedMessageRow = {
  id: string;
  bot_id: string;
  company_id: string | null;
  wa_id: string;
  direction: 'in' | 'out';
  status: string;
};

export function changedMessageOf(row: ChangedMessageRow | undefined): ChangedBotMessage | undefined {
  return row
    ? { id: row.id, botId: row.bot_id, company: row.company_id, waId: row.wa_id, direction: row.direction, status: row.status }
    : undefined;
}

/** The message a wamid names, for its live event (receipts name the message by Meta's id). */
export async function findChangedMessage(db: Tx, by: { id: string } | { wamid: string }): Promise<ChangedBotMessage | undefined> {
  const { rows } = await db.execute<ChangedMessageRow>(
    sql`SELECT ${CHANGED_MESSAGE_COLUMNS} FROM bot_message WHERE ${'id' in by ? sql`id = ${by.id}` : sql`wamid = ${by.wamid}`}`,
  );
  return changedMessageOf(rows[0]);
}
