import { existsSync, readFileSync } from 'node:fs';

/**
 * Simulated WhatsApp customers (issue 32 item 6): each chats with one of the demo bots through the
 * provider sandbox's WhatsApp stand-in, as a person would, and plays one of the flows: a free
 * booking, a paid one whose Pix is paid (the stand-in's "Simular pagamento") or left to expire,
 * wrong answers before a booking, a cancel halfway, a support question about its orders. The bot's
 * side is the console's; nothing here reads its database.
 */

export type ChatChoice = { type: 'list_reply' | 'button_reply'; id: string; title: string };
export type ChatMessage = { to: string; from: string; text?: string; choice?: ChatChoice };
/** A message the bot sent, as the stand-in recorded it. */
export type ChatReply = {
  type: string;
  text?: string;
  interactive?: { body?: string; sections?: { rows: { id: string; title: string }[] }[]; buttons?: unknown[] };
  image?: { link?: string; caption?: string };
};

/** The customer's side of the stand-in: write as a customer, read what the bot sent, pay a Pix. */
export type ChatLink = {
  say(message: ChatMessage): Promise<void>;
  replies(waId: string): Promise<ChatReply[]>;
  approve(paymentId: string): Promise<void>;
};

export type DemoBotNumbers = { hourlyFree: string; hourlyPaid: string; support: string };

export const CUSTOMER_PLANS = ['bookFree', 'payPix', 'leavePix', 'wrongAnswers', 'cancel', 'support'] as const;
export type CustomerPlan = (typeof CUSTOMER_PLANS)[number];

export type CustomerOutcome = {
  plan: CustomerPlan;
  waId: string;
  finished: boolean;
  booked: boolean;
  paid: boolean;
  /** A Pix left unpaid: the console cancels it when it expires. */
  leftToExpire: boolean;
  /** The bot had no free compartment of the size chosen. */
  turnedAway: boolean;
  /** From each customer message to the bot's first reply, ms. */
  replyMs: number[];
  error?: string;
};

const CODE = /C[óo]digo de acesso|Access code/i;
const PIX_TICKET = /\/payments\/(\d+)\/ticket/;
/** The bot's "no free compartment" (the flow's noneFree text, in pt-BR and en): a finished chat, no booking. */
const NONE_FREE = /não há compartimentos livres|no free compartment/i;

/** The loopback chat `npm start` writes for its demo (apps/api modules/demo/demo-providers.ts), over HTTP. */
export function httpChatLink(chatUrl: string): ChatLink {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${chatUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  return {
    say: (message) => post('/say', message),
    async replies(waId) {
      const response = await fetch(`${chatUrl}/replies?waId=${encodeURIComponent(waId)}`);
      if (!response.ok) throw new Error(`/replies: ${response.status}`);
      return (await response.json()) as ChatReply[];
    },
    approve: (paymentId) => post('/approve', { approve: paymentId }),
  };
}

/** The demo's chat address and bot numbers, written by `npm start` in its data folder. */
export function readDemoChat(file: string): { chatUrl: string; numbers: DemoBotNumbers } {
  if (!existsSync(file)) throw new Error(`${file} is missing: is \`npm start\` running with its demo (and the same DATA_DIR)?`);
  const kept = JSON.parse(readFileSync(file, 'utf8')) as {
    chatUrl: string;
    numbers: Record<keyof DemoBotNumbers, { phoneNumberId: string }>;
  };
  return {
    chatUrl: kept.chatUrl,
    numbers: {
      hourlyFree: kept.numbers.hourlyFree.phoneNumberId,
      hourlyPaid: kept.numbers.hourlyPaid.phoneNumberId,
      support: kept.numbers.support.phoneNumberId,
    },
  };
}

const bodyOf = (reply: ChatReply) => reply.text ?? reply.interactive?.body ?? reply.image?.caption ?? '';

/** A Brazilian mobile's wa_id per customer index, apart from the demo's own customers. */
export const waIdOf = (index: number, run = Date.now() % 10_000) => `55219${String(run).padStart(4, '0')}${String(index).padStart(4, '0')}`;

/**
 * One customer's chat, step by step: each message waits for the bot's answer (`expect` replies at
 * least, then a short quiet time for the rest of the same answer), so the next is an answer to it.
 */
export async function runWhatsAppCustomer(
  link: ChatLink,
  bots: DemoBotNumbers,
  plan: CustomerPlan,
  waId: string,
  options: { replyTimeoutMs?: number; quietMs?: number; pollMs?: number } = {},
): Promise<CustomerOutcome> {
  const outcome: CustomerOutcome = {
    plan,
    waId,
    finished: false,
    booked: false,
    paid: false,
    leftToExpire: false,
    turnedAway: false,
    replyMs: [],
  };
  const timeoutMs = options.replyTimeoutMs ?? 20_000;
  const quietMs = options.quietMs ?? 300;
  const pollMs = options.pollMs ?? 50;
  let seen = 0;

  /** The bot's next answer: at least `count` new replies, then nothing new for `quietMs`. */
  const answer = async (count: number, sentAt: number | undefined, until?: (replies: ChatReply[]) => boolean) => {
    const deadline = Date.now() + timeoutMs;
    let fresh: ChatReply[] = [];
    let lastChange = Date.now();
    for (;;) {
      const all = await link.replies(waId);
      if (all.length - seen > fresh.length) {
        if (fresh.length === 0 && sentAt !== undefined) outcome.replyMs.push(Date.now() - sentAt);
        fresh = all.slice(seen);
        lastChange = Date.now();
      }
      const enough = until ? until(fresh) : fresh.length >= count;
      if (enough && Date.now() - lastChange >= quietMs) break;
      if (Date.now() > deadline) throw new Error(`the bot sent ${fresh.length} of ${count} replies in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    seen += fresh.length;
    return fresh;
  };
  const to = plan === 'payPix' || plan === 'leavePix' ? bots.hourlyPaid : plan === 'support' ? bots.support : bots.hourlyFree;
  const say = async (text: string, count = 1) => {
    const sentAt = Date.now();
    await link.say({ to, from: waId, text });
    return answer(count, sentAt);
  };
  const choose = async (type: ChatChoice['type'], id: string, title: string, count = 1, until?: (replies: ChatReply[]) => boolean) => {
    const sentAt = Date.now();
    await link.say({ to, from: waId, choice: { type, id, title } });
    return answer(count, sentAt, until);
  };
  /** Greeting, size, start, hours: the bot then asks to confirm. */
  const upToConfirm = async (wrongFirst: boolean) => {
    const opening = await say('oi', 2);
    const row = opening.flatMap((reply) => reply.interactive?.sections?.flatMap((section) => section.rows) ?? [])[0];
    if (!row) throw new Error(`the bot offered no size: "${opening.map(bodyOf).join(' / ')}"`);
    await choose('list_reply', row.id, row.title);
    if (wrongFirst) await say('25:99');
    await say('08:00');
    if (wrongFirst) await say('muitas');
    await say('2');
  };

  try {
    switch (plan) {
      case 'bookFree':
      case 'wrongAnswers': {
        await upToConfirm(plan === 'wrongAnswers');
        const done = await choose('button_reply', 'confirm', 'Confirmar', 1, (replies) =>
          replies.some((r) => CODE.test(bodyOf(r)) || NONE_FREE.test(bodyOf(r))),
        );
        outcome.booked = done.some((reply) => CODE.test(bodyOf(reply)));
        outcome.turnedAway = !outcome.booked;
        break;
      }
      case 'payPix':
      case 'leavePix': {
        await upToConfirm(false);
        const pix = await choose('button_reply', 'confirm', 'Confirmar', 1, (replies) =>
          replies.some((r) => PIX_TICKET.test(bodyOf(r)) || NONE_FREE.test(bodyOf(r))),
        );
        if (pix.some((reply) => NONE_FREE.test(bodyOf(reply)))) {
          outcome.turnedAway = true;
          break;
        }
        const paymentId = pix.map((reply) => PIX_TICKET.exec(bodyOf(reply))?.[1]).find(Boolean);
        if (!paymentId) throw new Error(`no Pix in "${pix.map(bodyOf).join(' / ')}"`);
        outcome.booked = true;
        if (plan === 'leavePix') {
          outcome.leftToExpire = true;
          break;
        }
        const paidAt = Date.now();
        await link.approve(paymentId);
        const code = await answer(1, paidAt, (replies) => replies.some((r) => CODE.test(bodyOf(r))));
        outcome.paid = code.some((reply) => CODE.test(bodyOf(reply)));
        break;
      }
      case 'cancel': {
        const opening = await say('oi', 2);
        const row = opening.flatMap((reply) => reply.interactive?.sections?.flatMap((section) => section.rows) ?? [])[0];
        if (row) await choose('list_reply', row.id, row.title);
        await say('cancelar');
        break;
      }
      case 'support': {
        await say('oi', 1);
        await choose('button_reply', 'orders', 'Meus pedidos');
        break;
      }
    }
    outcome.finished = true;
  } catch (error) {
    outcome.error = (error as Error).message;
  }
  return outcome;
}

/** N customers at once, the plans in turn (customer i plays plan i mod 6). */
export async function runWhatsAppCustomers(
  link: ChatLink,
  bots: DemoBotNumbers,
  count: number,
  options: Parameters<typeof runWhatsAppCustomer>[4] & { run?: number } = {},
): Promise<CustomerOutcome[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      runWhatsAppCustomer(link, bots, CUSTOMER_PLANS[i % CUSTOMER_PLANS.length] as CustomerPlan, waIdOf(i, options.run), options),
    ),
  );
}

function percentile(values: number[], share: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** The run in a few lines: conversations finished, bookings, payments, reply times. */
export function summarizeWhatsAppCustomers(outcomes: CustomerOutcome[]) {
  const replyMs = outcomes.flatMap((outcome) => outcome.replyMs);
  return {
    conversations: outcomes.length,
    finished: outcomes.filter((outcome) => outcome.finished).length,
    bookings: outcomes.filter((outcome) => outcome.booked).length,
    paymentsApproved: outcomes.filter((outcome) => outcome.paid).length,
    paymentsLeftToExpire: outcomes.filter((outcome) => outcome.leftToExpire).length,
    turnedAway: outcomes.filter((outcome) => outcome.turnedAway).length,
    replyP50Ms: percentile(replyMs, 0.5),
    replyP95Ms: percentile(replyMs, 0.95),
    errors: outcomes.filter((outcome) => outcome.error).map((outcome) => `${outcome.waId} (${outcome.plan}): ${outcome.error}`),
  };
}
