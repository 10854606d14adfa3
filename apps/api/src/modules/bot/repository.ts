import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

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
export async function insertBotMessageOnce(db: Tx, message: NewBotMessage): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    INSERT INTO bot_message (bot_id, company_id, wamid, direction, wa_id, type, text, choice_id, sent_at)
    VALUES (${message.bot}, ${message.company}, ${message.wamid}, ${message.direction}, ${message.waId}, ${message.type},
            ${message.text}, ${message.choiceId}, ${message.sentAt})
    ON CONFLICT (wamid) DO NOTHING
    RETURNING id`);
  return rows.length > 0;
}

/** The bot's last interaction and message, unless a later one is recorded already (webhooks arrive out of order). */
export async function touchBot(db: Tx, botId: string, at: string, text: string | null): Promise<void> {
  await db.execute(sql`
    UPDATE bot SET last_interaction = ${at}, last_message = ${text}
    WHERE id = ${botId} AND (last_interaction IS NULL OR last_interaction <= ${at})`);
}
