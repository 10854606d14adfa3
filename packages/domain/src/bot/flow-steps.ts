/**
 * What a bot says at each step of its flow (issue 32): the steps each flow type has, how WhatsApp
 * draws each one (plain text, reply buttons or a list) and the limits WhatsApp refuses a message
 * beyond. A bot flow's `messages` holds the texts a company wrote for each step, in pt-BR and en;
 * an empty one falls back to DEFAULT_STEP_TEXTS. See docs/whatsapp-bot.md.
 */

export const BOT_FLOW_TYPES = ['hourlyBooking', 'periodBooking', 'buildingBooking', 'logisticSupport'] as const;
export type BotFlowType = (typeof BOT_FLOW_TYPES)[number];

/** Spec 3 / issue 32: the bot charges through Pix only. */
export const BOT_PAYMENT_METHODS = ['pix'] as const;

/** How a catalog prices a compartment: per started hour (a cluster of operationType HOUR) or per day (RANGE). */
export const BOT_CATALOG_UNITS = ['HOUR', 'DAY'] as const;

/**
 * The compartment sizes a catalog prices, smallest first (the demo's and the terminals' sizes).
 * Spec 5.3 caps a catalog at 10 entries: a size's price is one entry.
 */
export const BOT_CATALOG_SIZES = ['PP', 'P', 'M', 'G', 'GG', 'XG'] as const;

/**
 * WhatsApp Cloud API limits (developers.facebook.com, interactive list and reply buttons messages):
 * a message beyond them is refused by Meta with an error, so the console refuses it first.
 */
export const WHATSAPP_LIMITS = {
  buttons: 3,
  rows: 10,
  /** A reply button's title and a list's button and row titles (the strictest of them: 20). */
  label: 20,
  buttonsBody: 1024,
  body: 4096,
} as const;

export type BotStepKind = 'text' | 'buttons' | 'list';

/** A step: how WhatsApp draws it and which flow types say it (none: every type). */
export type BotStepDeclaration = { kind: BotStepKind; types?: readonly BotFlowType[] };

const BOOKINGS: readonly BotFlowType[] = ['hourlyBooking', 'periodBooking', 'buildingBooking'];

export const BOT_STEPS = {
  welcome: { kind: 'text' },
  outOfService: { kind: 'text' },
  askAgain: { kind: 'text' },
  help: { kind: 'text' },
  cancelled: { kind: 'text' },
  timedOut: { kind: 'text' },
  chooseSize: { kind: 'list', types: BOOKINGS },
  noneFree: { kind: 'text', types: BOOKINGS },
  askStart: { kind: 'text', types: ['hourlyBooking'] },
  askHours: { kind: 'text', types: ['hourlyBooking'] },
  askRange: { kind: 'text', types: ['periodBooking'] },
  askRecipient: { kind: 'text', types: ['buildingBooking'] },
  confirm: { kind: 'buttons', types: BOOKINGS },
  payment: { kind: 'text', types: BOOKINGS },
  paymentDeclined: { kind: 'text', types: BOOKINGS },
  reminder: { kind: 'text', types: BOOKINGS },
  booked: { kind: 'text', types: BOOKINGS },
  menu: { kind: 'buttons', types: ['logisticSupport'] },
  orders: { kind: 'text', types: ['logisticSupport'] },
  codes: { kind: 'text', types: ['logisticSupport'] },
  codesTooSoon: { kind: 'text', types: ['logisticSupport'] },
  handOff: { kind: 'text', types: ['logisticSupport'] },
} as const satisfies Record<string, BotStepDeclaration>;

export type BotStep = keyof typeof BOT_STEPS;
export const BOT_STEP_NAMES = Object.keys(BOT_STEPS) as BotStep[];
export const BOT_LANGUAGES = ['pt-BR', 'en'] as const;
export type BotLanguage = (typeof BOT_LANGUAGES)[number];

/** The key of a step's text in a bot flow's `messages`: `confirm` (pt-BR) and `confirmEn` (en). */
export function stepTextKey(step: BotStep, language: BotLanguage): string {
  return language === 'pt-BR' ? step : `${step}En`;
}

/** Whether a flow of this type says this step. */
export function stepOfType(step: BotStep, type: BotFlowType): boolean {
  const declared: BotStepDeclaration = BOT_STEPS[step];
  return !declared.types || declared.types.includes(type);
}

/**
 * A step's text as written: the body, then one line per choice starting with "- " (a reply button's
 * or a list row's title). For a list, the first choice is the list's button ("Ver tamanhos") and
 * the rest are rows; rows drawn from data (the sizes free now) are added by the bot.
 */
export type StepText = { body: string; choices: string[] };

export function parseStepText(text: string): StepText {
  const body: string[] = [];
  const choices: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const choice = /^\s*-\s+(.*)$/.exec(line);
    if (choice?.[1] !== undefined) choices.push(choice[1].trim());
    else body.push(line);
  }
  return { body: body.join('\n').trim(), choices };
}

/** Why WhatsApp would refuse a step's text (an i18n key under `entities.botFlow.errors` and its values), or undefined. */
export type StepTextRefusal = { message: string; values: Record<string, unknown> };

export function stepTextRefusal(step: BotStep, text: string): StepTextRefusal | undefined {
  const { kind } = BOT_STEPS[step] as BotStepDeclaration;
  const { body, choices } = parseStepText(text);
  const prefix = 'entities.botFlow.errors';
  if (!body) return { message: `${prefix}.bodyRequired`, values: {} };
  const bodyMax = kind === 'buttons' ? WHATSAPP_LIMITS.buttonsBody : WHATSAPP_LIMITS.body;
  if (body.length > bodyMax) return { message: `${prefix}.bodyTooLong`, values: { max: bodyMax } };
  if (kind === 'text' && choices.length) return { message: `${prefix}.noChoices`, values: {} };
  if (kind === 'buttons' && choices.length > WHATSAPP_LIMITS.buttons) {
    return { message: `${prefix}.tooManyButtons`, values: { max: WHATSAPP_LIMITS.buttons } };
  }
  // A list's first choice is its button; at most 10 rows follow.
  if (kind === 'list' && choices.length - 1 > WHATSAPP_LIMITS.rows) {
    return { message: `${prefix}.tooManyRows`, values: { max: WHATSAPP_LIMITS.rows } };
  }
  const long = choices.find((choice) => choice.length > WHATSAPP_LIMITS.label || !choice);
  if (long !== undefined) return { message: `${prefix}.labelTooLong`, values: { label: long, max: WHATSAPP_LIMITS.label } };
  return undefined;
}

/** What a bot says when its flow's text for a step is empty. */
export const DEFAULT_STEP_TEXTS: Record<BotLanguage, Record<BotStep, string>> = {
  'pt-BR': {
    welcome: 'Olá! Eu sou o assistente dos armários inteligentes. Escreva "cancelar" a qualquer momento para recomeçar.',
    outOfService: 'Este atendimento está fora de serviço no momento. Tente novamente mais tarde.',
    askAgain: 'Não entendi sua resposta. Pode tentar de novo?',
    help: 'Responda escolhendo uma das opções da mensagem anterior, ou escreva "cancelar" para recomeçar.',
    cancelled: 'Tudo bem, cancelei. Quando quiser, é só mandar uma mensagem.',
    timedOut: 'Sua conversa ficou parada por 30 minutos e foi encerrada. Mande uma mensagem para recomeçar.',
    chooseSize: 'Qual tamanho de compartimento você precisa?\n- Ver tamanhos',
    noneFree: 'No momento não há compartimentos livres. Tente novamente mais tarde.',
    askStart: 'A partir de que horas? Responda no formato HH:mm, por exemplo 14:30.',
    askHours: 'Por quantas horas?',
    askRange: 'Para quais dias? Responda no formato DD/MM a DD/MM, por exemplo 10/12 a 12/12.',
    askRecipient: 'Para quem é o compartimento? Responda com o celular da pessoa, com DDD.',
    confirm: 'Confirma a reserva?\n- Confirmar\n- Cancelar',
    payment: 'Pague com o Pix abaixo em até 15 minutos para garantir sua reserva.',
    reminder: 'Lembrete: sua reserva termina em menos de 1 hora. Retire seus pertences a tempo.',
    paymentDeclined:
      'O pagamento não foi concluído (recusado ou fora do prazo), então a reserva foi cancelada. Mande uma mensagem para reservar de novo.',
    booked: 'Reserva confirmada! Use o código abaixo no armário.',
    menu: 'Como posso ajudar?\n- Meus pedidos\n- Reenviar código\n- Falar com atendente',
    orders: 'Seus pedidos em aberto:',
    codes: 'Seus códigos de acesso:',
    codesTooSoon: 'Acabei de enviar seus códigos. Aguarde um minuto para pedir de novo.',
    handOff: 'Um atendente vai continuar esta conversa em breve.',
  },
  en: {
    welcome: 'Hello! I am the smart lockers assistant. Write "cancel" at any time to start over.',
    outOfService: 'This service is out of order right now. Please try again later.',
    askAgain: 'I did not understand your answer. Could you try again?',
    help: 'Answer by choosing one of the options of the previous message, or write "cancel" to start over.',
    cancelled: 'All right, cancelled. Send a message whenever you like.',
    timedOut: 'Your conversation was idle for 30 minutes and was closed. Send a message to start again.',
    chooseSize: 'Which compartment size do you need?\n- See sizes',
    noneFree: 'There is no free compartment right now. Please try again later.',
    askStart: 'From what time? Answer as HH:mm, for example 14:30.',
    askHours: 'For how many hours?',
    askRange: 'For which days? Answer as DD/MM to DD/MM, for example 10/12 to 12/12.',
    askRecipient: "Who is the compartment for? Answer with the person's mobile number, with area code.",
    confirm: 'Confirm the booking?\n- Confirm\n- Cancel',
    payment: 'Pay with the Pix below within 15 minutes to secure your booking.',
    reminder: 'Reminder: your booking ends in less than 1 hour. Please collect your things in time.',
    paymentDeclined: 'The payment was not completed (refused or too late), so the booking was cancelled. Send a message to book again.',
    booked: 'Booking confirmed! Use the code below at the locker.',
    menu: 'How can I help?\n- My orders\n- Resend code\n- Talk to a person',
    orders: 'Your open orders:',
    codes: 'Your access codes:',
    codesTooSoon: 'I have just sent your codes. Wait a minute before asking again.',
    handOff: 'A person will continue this conversation shortly.',
  },
};

/** The text a flow says at a step: the company's, or the default when it wrote none. */
export function stepTextOf(messages: Record<string, unknown> | null | undefined, step: BotStep, language: BotLanguage): StepText {
  const written = messages?.[stepTextKey(step, language)];
  return parseStepText(typeof written === 'string' && written.trim() ? written : DEFAULT_STEP_TEXTS[language][step]);
}
