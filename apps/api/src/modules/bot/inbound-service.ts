import { inTransaction, type ServiceContext, type TxContext } from '../../platform/context';
import { enqueueJob } from '../../platform/jobs/queue';
import { parseWhatsAppChanges, verifyWhatsAppSignature, type WhatsAppStatus } from '../../platform/message-providers/whatsapp-cloud';
import { decryptSecret } from '../../platform/secret-box';
import { lockProviderMessage } from '../message/repository';
import { recordWhatsAppStatus } from '../message/status-service';
import { readConversation } from './conversation-service';
import { whatsAppInboundJob } from './jobs';
import { publishBotMessageChanged } from './message-events';
import {
  type BotLink,
  findBotLinkByNumber,
  findBotLinks,
  insertBotMessageOnce,
  isBotReply,
  recordReplyReceipt,
  touchBot,
} from './repository';

/**
 * Meta's webhook for the bots' numbers and the console's own (docs/whatsapp-bot.md). The request is
 * checked, its receipts and customer messages recorded, and the conversations queued: the bot's
 * answers run in a job, so Meta gets its 200 at once and a slow moment never makes it resend.
 */

/** Who signed a notification: the console's own app secret (WHATSAPP_APP_SECRET) and/or these bots'. */
export type Signers = { console: boolean; bots: string[] };

type SecretOwner = { secret: string; console: boolean; bots: string[] };

/**
 * The app secrets that may sign a notification: the console's, and each bot's own (a bot without
 * one is signed by the console's app, the usual case of numbers under one Meta app).
 */
function secretOwnersOf(ctx: ServiceContext, bots: readonly BotLink[]): SecretOwner[] {
  const owners = new Map<string, SecretOwner>();
  const own = (secret: string) => {
    const owner = owners.get(secret) ?? { secret, console: false, bots: [] };
    owners.set(secret, owner);
    return owner;
  };
  const consoleSecret = ctx.deps.config.whatsapp?.appSecret;
  if (consoleSecret) own(consoleSecret).console = true;
  for (const bot of bots) {
    const secret = decryptSecret(ctx.deps.config.secretsKey, bot.appSecret) ?? consoleSecret;
    if (secret) own(secret).bots.push(bot.id);
  }
  return [...owners.values()];
}

/**
 * Who signed these exact bytes (`X-Hub-Signature-256`), with the bots read to tell it (the
 * request's changes are routed with them, not read again); undefined when no known app secret did.
 */
export async function signersOf(
  ctx: ServiceContext,
  raw: Buffer,
  header: string | undefined,
): Promise<{ signers: Signers; bots: BotLink[] } | undefined> {
  const bots = await findBotLinks(ctx.deps.db);
  const signers = secretOwnersOf(ctx, bots).filter((owner) => verifyWhatsAppSignature(raw, header, owner.secret));
  if (!signers.length) return undefined;
  return { signers: { console: signers.some((owner) => owner.console), bots: signers.flatMap((owner) => owner.bots) }, bots };
}

/**
 * Whether `token` is a verify token we gave Meta: the console's (WHATSAPP_VERIFY_TOKEN) or an enabled
 * bot's. Meta's handshake names no number, so any of them subscribes the one webhook address.
 */
export async function isKnownVerifyToken(ctx: ServiceContext, token: string): Promise<boolean> {
  if (!token) return false;
  if (ctx.deps.config.whatsapp?.verifyToken === token) return true;
  const bots = await findBotLinks(ctx.deps.db);
  return bots.some((bot) => bot.enable && decryptSecret(ctx.deps.config.secretsKey, bot.verifyToken) === token);
}

type WhatsAppChange = ReturnType<typeof parseWhatsAppChanges>[number];
type WhatsAppMessage = WhatsAppChange['messages'][number];
/**
 * A queued notification. `recorded`: the webhook's request has recorded its customer messages and
 * receipts already (a job queued before it did so has neither, and records them itself).
 */
type Notification = { notification: unknown; signers: Signers; recorded?: boolean };

/**
 * Each change of a notification with the bot of its number, when the change may be taken: signed
 * by that bot's app secret (or the console's, for a number without a bot). The others are dropped.
 */
async function signedChangesOf(
  ctx: ServiceContext,
  payload: Notification,
  bots?: readonly BotLink[],
): Promise<{ change: WhatsAppChange; bot: BotLink | undefined }[]> {
  const signed: { change: WhatsAppChange; bot: BotLink | undefined }[] = [];
  for (const change of parseWhatsAppChanges(payload.notification)) {
    const bot = bots
      ? bots.find((known) => known.phoneNumberId === change.phoneNumberId)
      : await findBotLinkByNumber(ctx.deps.db, change.phoneNumberId);
    if (bot ? payload.signers.bots.includes(bot.id) : payload.signers.console) signed.push({ change, bot: bot ?? undefined });
    else ctx.log.warn({ phoneNumberId: change.phoneNumberId }, 'whatsapp webhook: a change for a number its signer does not own, dropped');
  }
  return signed;
}

const statusesOf = (changes: readonly { change: WhatsAppChange }[]) => changes.flatMap(({ change }) => change.statuses);

/**
 * A signed notification as Meta posts it (the webhook's request), routed with the bots its
 * signature was checked against. Its customer messages are recorded at once, in the order Meta's
 * requests come, and the conversations' work queued in the same transaction: recorded in the job
 * instead, a phone's second message could be read before its first when another worker ran it
 * sooner (two API processes, 100 phones: bot-two-processes.test.ts). Its receipts are recorded at
 * once too (a forward-only update each, in any order): two in three of Meta's posts are receipts,
 * and a job each cost them as much again as the update (bench/bot.ts).
 */
export async function acceptWhatsAppNotification(ctx: ServiceContext, payload: Notification, bots: readonly BotLink[]): Promise<void> {
  const changes = await signedChangesOf(ctx, payload, bots);
  await recordReceipts(ctx, statusesOf(changes));
  for (const { change, bot } of changes) {
    if (!bot && change.messages.length) {
      ctx.log.info({ phoneNumberId: change.phoneNumberId }, 'whatsapp webhook: messages to a number no bot answers, not kept');
    }
  }
  if (!changes.some(({ change, bot }) => bot && change.messages.length)) return;
  await inTransaction(ctx, async (tx) => {
    for (const { change, bot } of changes) {
      if (bot) for (const message of change.messages) await recordCustomerMessage(tx, bot, message);
    }
    await enqueueJob(tx, whatsAppInboundJob, { ...payload, recorded: true });
  });
}

/** A customer's message, once by its wamid (Meta may deliver it again); false when seen before. */
async function recordCustomerMessage(tx: TxContext, bot: BotLink, message: WhatsAppMessage): Promise<boolean> {
  const recorded = await insertBotMessageOnce(tx.tx, {
    bot: bot.id,
    company: bot.company,
    wamid: message.id,
    direction: 'in',
    waId: message.from,
    type: message.type,
    text: message.text ?? null,
    choiceId: message.choiceId ?? null,
    sentAt: message.at.toISOString(),
  });
  if (recorded) await publishBotMessageChanged(tx, recorded);
  return recorded !== undefined;
}

/**
 * A queued notification (job `whatsapp.inbound`): each customer message (recorded by the webhook,
 * with the receipts; by the job for one queued before it did so) is read in its conversation, and
 * the latest becomes the bot's last interaction.
 */
export async function handleWhatsAppNotification(ctx: ServiceContext, payload: Notification): Promise<void> {
  const changes = await signedChangesOf(ctx, payload);
  if (!payload.recorded) await recordReceipts(ctx, statusesOf(changes));
  for (const { change, bot } of changes) {
    if (!bot || !change.messages.length) continue;
    const phones = new Set<string>();
    let latest: { at: string; text: string } | undefined;
    for (const message of change.messages) {
      if (!payload.recorded) await inTransaction(ctx, (tx) => recordCustomerMessage(tx, bot, message));
      phones.add(message.from);
      const sentAt = message.at.toISOString();
      if (!latest || latest.at <= sentAt) latest = { at: sentAt, text: message.text ?? `[${message.type}]` };
    }
    // Read one phone at a time: a message of another notification for the same phone, recorded
    // meanwhile, is read in the same turn, in the order it was recorded. One read already is reads
    // nothing (its messages are marked read).
    for (const waId of phones) await readConversation(ctx, bot.id, waId);
    // The bot's last interaction, once the replies are queued and by itself: in the messages'
    // transactions the bot's one row held every conversation of the bot in turn until each
    // committed (14.6 ms a message under 200 customers at once, bench/bot.ts). It only moves forward.
    const touched = latest;
    if (touched) await inTransaction(ctx, (tx) => touchBot(tx.tx, bot.id, touched.at, touched.text));
  }
}

/**
 * Meta's receipts, one transaction each. The usual one moves a bot's reply by its wamid (with its
 * live event for the thread screen). Else, with the wamid locked as the send's record of it is: a
 * bot's reply's late or repeated receipt, or any other message's, which is the messaging channel's
 * (its message log's, or kept pending until a send records the id: a reply's receipt that comes
 * before its send's answer is taken from there when the send records the wamid, send-service.ts).
 * "Is it a bot's reply?" and "keep it for later" in one transaction under the lock: in two, a send
 * recording the wamid between them would leave the receipt pending for ever.
 */
async function recordReceipts(ctx: ServiceContext, statuses: readonly WhatsAppStatus[]): Promise<void> {
  for (const status of statuses) {
    const wamid = status.providerMessageId;
    const error = { code: status.errorCode, title: status.errorTitle };
    await inTransaction(ctx, async (tx) => {
      // The usual receipt first, in one statement: a reply whose send recorded the wamid, moved on.
      const moved = await recordReplyReceipt(tx.tx, wamid, status.status, error);
      if (moved) return publishBotMessageChanged(tx, moved);
      await lockProviderMessage(tx.tx, 'whatsapp', wamid);
      if (!(await isBotReply(tx.tx, wamid))) return void (await recordWhatsAppStatus(tx, status));
      // A reply's late or repeated receipt, or one whose send recorded the wamid since the update.
      const now = await recordReplyReceipt(tx.tx, wamid, status.status, error);
      if (now) await publishBotMessageChanged(tx, now);
    });
  }
}
