import type { BotFlowType, BotStep } from './flow-steps';

/**
 * A bot's conversation with one phone, as a declared state machine per flow type (issue 32 item 3):
 * pure, so the webhook's job, the tests and the diagram in docs/whatsapp-bot.md read the same
 * rules. The caller keeps the state per bot and phone, gives each customer message with what the
 * moment offers (is the bot in service, which sizes are free now) and carries out the effects
 * (say a step's text, book, list the orders, resend a code, hand off to a person). Nothing here
 * sends, reads the database or the clock.
 */

/** Where a conversation waits: the question last asked, or a hand-off to a person. */
export type ConversationStep = 'menu' | 'chooseSize' | 'askStart' | 'askHours' | 'askRange' | 'askRecipient' | 'confirm' | 'handOff';

/** The questions of each flow type, in order; a booking ends at `confirm`, support loops on `menu`. */
export const CONVERSATION_STEPS: Record<BotFlowType, readonly ConversationStep[]> = {
  hourlyBooking: ['chooseSize', 'askStart', 'askHours', 'confirm'],
  periodBooking: ['chooseSize', 'askRange', 'confirm'],
  buildingBooking: ['chooseSize', 'askRecipient', 'confirm'],
  logisticSupport: ['menu', 'handOff'],
};

/** A conversation left this long without a customer message is closed (the next message starts over). */
export const CONVERSATION_IDLE_MS = 30 * 60_000;

/** What the customer chose so far. */
export type BookingAnswers = {
  size?: string;
  /** HH:mm, today in the cluster's time zone (the caller places it). */
  start?: string;
  hours?: number;
  /** DD/MM of the first and last days. */
  from?: string;
  to?: string;
  /** The other resident's or provider's mobile, 55 + DDD + number. */
  recipient?: string;
};

export type ConversationState = {
  flow: BotFlowType;
  step: ConversationStep;
  answers: BookingAnswers;
  /** Unreadable answers in a row at this step: the first is asked again, the next ones get help too. */
  misses: number;
  /** The last customer message (ISO), for the idle time-out. */
  lastAt: string;
};

/** A customer's message: its text, or the id of the button or list row chosen. */
export type CustomerInput = { text?: string; choiceId?: string; at: Date };

/** What the moment offers, read by the caller before the step. */
export type ConversationContext = {
  /** Enabled and within its start and end dates. */
  inService: boolean;
  /** The sizes with a compartment free now in the bot's cluster (at most 10 are offered). */
  freeSizes: readonly string[];
};

export type ConversationEffect =
  | { type: 'say'; step: BotStep }
  /** Say a step's text with these rows (chooseSize: the free sizes) or buttons. */
  | { type: 'ask'; step: BotStep; choices?: readonly { id: string; title: string }[] }
  | { type: 'book'; flow: BotFlowType; answers: BookingAnswers }
  | { type: 'listOrders' }
  | { type: 'resendCode' }
  | { type: 'handOff' };

export type ConversationOutcome = { state: ConversationState | null; effects: ConversationEffect[] };

/** The ids of the buttons the bot draws (the titles are the flow's texts). */
export const CHOICE_IDS = {
  confirm: 'confirm',
  cancel: 'cancel',
  orders: 'orders',
  resend: 'resend',
  handOff: 'handOff',
} as const;

const CANCEL_WORDS = new Set(['cancelar', 'cancel', 'cancela', 'sair']);
const YES_WORDS = new Set(['confirmar', 'confirm', 'sim', 'yes', 's', 'y', 'ok']);
const MENU_WORDS: Record<string, string> = {
  '1': CHOICE_IDS.orders,
  '2': CHOICE_IDS.resend,
  '3': CHOICE_IDS.handOff,
  'meus pedidos': CHOICE_IDS.orders,
  'my orders': CHOICE_IDS.orders,
  'reenviar código': CHOICE_IDS.resend,
  'reenviar codigo': CHOICE_IDS.resend,
  'resend code': CHOICE_IDS.resend,
  'falar com atendente': CHOICE_IDS.handOff,
  'talk to a person': CHOICE_IDS.handOff,
};

const MAX_LIST_ROWS = 10;
const MAX_HOURS = 24;

/** Lower case, single spaces: how typed answers are compared. */
function normalized(text: string | undefined): string {
  return (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Whether the conversation has been idle past the time-out at `now`. */
export function isIdle(state: ConversationState, now: Date): boolean {
  return now.getTime() - new Date(state.lastAt).getTime() >= CONVERSATION_IDLE_MS;
}

/** The idle time-out, run by a timer: the conversation closes and the customer is told. */
export function timeOutConversation(state: ConversationState | null, now: Date): ConversationOutcome {
  if (!state || !isIdle(state, now)) return { state, effects: [] };
  return { state: null, effects: [{ type: 'say', step: 'timedOut' }] };
}

/** How a step is asked: its text, with the free sizes as the list's rows for chooseSize. */
function askStep(step: ConversationStep, context: ConversationContext): ConversationEffect {
  if (step === 'chooseSize') {
    const choices = context.freeSizes.slice(0, MAX_LIST_ROWS).map((size) => ({ id: `size:${size}`, title: size }));
    return { type: 'ask', step, choices };
  }
  return { type: 'ask', step: step as BotStep };
}

function start(flow: BotFlowType, input: CustomerInput, context: ConversationContext): ConversationOutcome {
  const first = CONVERSATION_STEPS[flow][0] ?? 'menu';
  if (first === 'chooseSize' && !context.freeSizes.length) {
    return {
      state: null,
      effects: [
        { type: 'say', step: 'welcome' },
        { type: 'say', step: 'noneFree' },
      ],
    };
  }
  const state: ConversationState = { flow, step: first, answers: {}, misses: 0, lastAt: input.at.toISOString() };
  return { state, effects: [{ type: 'say', step: 'welcome' }, askStep(first, context)] };
}

/** The step after `step` in the flow's order. */
function nextStep(flow: BotFlowType, step: ConversationStep): ConversationStep {
  const steps = CONVERSATION_STEPS[flow];
  return steps[steps.indexOf(step) + 1] ?? step;
}

/** An answer read at a step: the answers it adds, or undefined when it is unreadable there. */
function readAnswer(
  step: ConversationStep,
  input: CustomerInput,
  context: ConversationContext,
): BookingAnswers | 'confirm' | 'cancel' | string | undefined {
  const text = normalized(input.text);
  switch (step) {
    case 'chooseSize': {
      const chosen = input.choiceId?.startsWith('size:') ? input.choiceId.slice(5) : text;
      const size = context.freeSizes.find((free) => free.toLowerCase() === chosen.toLowerCase());
      return size ? { size } : undefined;
    }
    case 'askStart': {
      const match = /^(\d{1,2})(?:[:h](\d{2})?)?$/.exec(text);
      if (!match) return undefined;
      const hour = Number(match[1]);
      const minute = Number(match[2] ?? 0);
      if (hour > 23 || minute > 59) return undefined;
      return { start: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
    }
    case 'askHours': {
      const match = /^(\d{1,2})\s*(h|horas?|hours?)?$/.exec(text);
      const hours = match ? Number(match[1]) : Number.NaN;
      return hours >= 1 && hours <= MAX_HOURS ? { hours } : undefined;
    }
    case 'askRange': {
      const match = /^(\d{1,2})\/(\d{1,2})\s*(?:a|até|ate|to|-)\s*(\d{1,2})\/(\d{1,2})$/.exec(text);
      if (!match) return undefined;
      const [from, to] = [dayOf(match[1], match[2]), dayOf(match[3], match[4])];
      if (!from || !to) return undefined;
      const [fromDay, fromMonth] = from.split('/').map(Number);
      const [toDay, toMonth] = to.split('/').map(Number);
      // A range crossing the new year (28/12 a 02/01) reads as such; otherwise the end follows the start.
      if ((toMonth ?? 0) * 100 + (toDay ?? 0) < (fromMonth ?? 0) * 100 + (fromDay ?? 0) && !(fromMonth === 12 && toMonth === 1)) {
        return undefined;
      }
      return { from, to };
    }
    case 'askRecipient': {
      const digits = (input.text ?? '').replace(/\D/g, '');
      const national = digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits;
      // A Brazilian mobile: DDD + 9 + 8 digits.
      return /^[1-9]{2}9\d{8}$/.test(national) ? { recipient: `55${national}` } : undefined;
    }
    case 'confirm': {
      if (input.choiceId === CHOICE_IDS.confirm || YES_WORDS.has(text)) return 'confirm';
      if (input.choiceId === CHOICE_IDS.cancel || text === 'não' || text === 'nao' || text === 'no') return 'cancel';
      return undefined;
    }
    case 'menu': {
      const choice = input.choiceId ?? MENU_WORDS[text];
      return choice === CHOICE_IDS.orders || choice === CHOICE_IDS.resend || choice === CHOICE_IDS.handOff ? choice : undefined;
    }
    case 'handOff':
      return undefined;
  }
}

function dayOf(day: string | undefined, month: string | undefined): string | undefined {
  const d = Number(day);
  const m = Number(month);
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= 31)) return undefined;
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}`;
}

/**
 * One customer message through the machine. Out of service: "fora de serviço", nothing kept.
 * "cancelar"/"cancel" anywhere: cancelled, nothing kept. Idle past 30 minutes or none yet: starts
 * over. Otherwise the answer to the waiting step moves on, or is asked again (then with help).
 */
export function stepConversation(
  flow: BotFlowType,
  state: ConversationState | null,
  input: CustomerInput,
  context: ConversationContext,
): ConversationOutcome {
  if (!context.inService) return { state: null, effects: [{ type: 'say', step: 'outOfService' }] };
  const text = normalized(input.text);
  if (CANCEL_WORDS.has(text) || input.choiceId === CHOICE_IDS.cancel) {
    return { state: null, effects: [{ type: 'say', step: 'cancelled' }] };
  }
  if (!state || state.flow !== flow || isIdle(state, input.at)) return start(flow, input, context);
  const at = input.at.toISOString();
  // Handed off: a person answers now; the bot keeps quiet until the conversation closes.
  if (state.step === 'handOff') return { state: { ...state, lastAt: at }, effects: [] };
  const answer = readAnswer(state.step, input, context);
  if (answer === undefined) {
    const misses = state.misses + 1;
    const effects: ConversationEffect[] = [{ type: 'say', step: misses > 1 ? 'help' : 'askAgain' }, askStep(state.step, context)];
    return { state: { ...state, misses, lastAt: at }, effects };
  }
  if (state.step === 'menu') {
    if (answer === CHOICE_IDS.handOff) {
      return {
        state: { ...state, step: 'handOff', misses: 0, lastAt: at },
        effects: [{ type: 'handOff' }, { type: 'say', step: 'handOff' }],
      };
    }
    const effect: ConversationEffect = answer === CHOICE_IDS.orders ? { type: 'listOrders' } : { type: 'resendCode' };
    return { state: { ...state, misses: 0, lastAt: at }, effects: [effect, askStep('menu', context)] };
  }
  if (state.step === 'confirm') {
    if (answer === 'cancel') return { state: null, effects: [{ type: 'say', step: 'cancelled' }] };
    // The booking ends the conversation: the caller tells the customer the price, the Pix or the code.
    return { state: null, effects: [{ type: 'book', flow, answers: state.answers }] };
  }
  const answers = { ...state.answers, ...(answer as BookingAnswers) };
  const step = nextStep(flow, state.step);
  return { state: { ...state, step, answers, misses: 0, lastAt: at }, effects: [askStep(step, context)] };
}
