import { z } from 'zod';

/**
 * The answers of a bot's message reads (issue 32 item 5), declared once so the API's OpenAPI
 * document and the screens share them:
 * - `GET /bot/{id}/messages`: the bot's conversations, one row per phone (wa_id);
 * - `GET /bot/{id}/messages/{phone}`: a phone's thread, in order; `{wamid}`: that one message;
 * - `POST /bot/{id}/messages/{phone}`: a person's reply, inside the 24-hour window only.
 */

/** A message's state: a customer's is `received`; a reply is `queued`, then Meta's receipts. */
export const BOT_MESSAGE_STATUSES = ['received', 'queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type BotMessageStatus = (typeof BOT_MESSAGE_STATUSES)[number];

export const BOT_MESSAGE_DIRECTIONS = ['in', 'out'] as const;

/**
 * Where a hand-off stands: `waiting` for a person since the customer asked for one, `answered` once
 * a person replied from the console; null when the conversation is not handed off.
 */
export const BOT_HAND_OFF_STATES = ['waiting', 'answered'] as const;
export type BotHandOffState = (typeof BOT_HAND_OFF_STATES)[number];

/** The step a person's reply is kept under (the bot's own replies keep their flow step). */
export const PERSON_REPLY_STEP = 'person';

/** A phone in a path: 12 or 13 digits (a Brazilian wa_id with or without the ninth digit); anything else is a wamid. */
export function isThreadPhone(value: string): boolean {
  return /^\d{12,13}$/.test(value);
}

/** The order a bot's conversation booked: the latest the bot made for the phone. */
export const botBookingSchema = z.object({
  orderId: z.string(),
  trackingCode: z.string().nullable(),
  status: z.string(),
});
export type BotBooking = z.infer<typeof botBookingSchema>;

/** The booking's payment (issue 32 item 4): its latest charge; null for a free booking. */
export const botPaymentSchema = z.object({
  id: z.string(),
  /** One of PAYMENT_STATUSES (PENDING, APPROVED, DECLINED). */
  status: z.string(),
  /** In reais. */
  value: z.number().nullable(),
});

/** One conversation of a bot: a phone, its last message, where it stands. */
export const botConversationRowSchema = z.object({
  /** The phone as WhatsApp sent it (12 or 13 digits). */
  waId: z.string(),
  /** The customer's name when an order of the bot's company names this phone. */
  customerName: z.string().nullable(),
  lastMessage: z.object({
    text: z.string().nullable(),
    at: z.string(),
    direction: z.enum(BOT_MESSAGE_DIRECTIONS),
  }),
  /** The customer's last message (the 24-hour window counts from it). */
  lastInboundAt: z.string().nullable(),
  /** The step the conversation waits at; null: none under way. */
  step: z.string().nullable(),
  booking: botBookingSchema.nullable(),
  payment: botPaymentSchema.nullable(),
  handOff: z.enum(BOT_HAND_OFF_STATES).nullable(),
});
export type BotConversationRow = z.infer<typeof botConversationRowSchema>;

export const botConversationsAnswerSchema = z.object({ rows: z.array(botConversationRowSchema), count: z.number().int() });
export type BotConversationsAnswer = z.infer<typeof botConversationsAnswerSchema>;

/** The sorts of the conversation list (newest last message first by default). */
export const BOT_CONVERSATION_SORTS = ['lastMessageAt_DESC', 'lastMessageAt_ASC', 'waId_ASC', 'waId_DESC'] as const;

/** One message of a thread, as the customer saw it. */
export const botThreadMessageSchema = z.object({
  id: z.string(),
  wamid: z.string().nullable(),
  waId: z.string(),
  direction: z.enum(BOT_MESSAGE_DIRECTIONS),
  /** Meta's type: text, interactive, button… */
  type: z.string(),
  /** The text, a reply's body, or the title of the button or row the customer chose. */
  text: z.string().nullable(),
  /** The chosen button's or row's id (a customer's choice). */
  choiceId: z.string().nullable(),
  /** A reply as it was sent (bot/outgoing.ts OutgoingContent): its buttons or list rows. */
  content: z.unknown().nullable(),
  step: z.string().nullable(),
  status: z.enum(BOT_MESSAGE_STATUSES),
  at: z.string(),
  errorCode: z.number().int().nullable(),
  errorTitle: z.string().nullable(),
});
export type BotThreadMessage = z.infer<typeof botThreadMessageSchema>;

export const botThreadAnswerSchema = z.object({
  rows: z.array(botThreadMessageSchema),
  count: z.number().int(),
  /** The customer's last message: a free reply may go until 24 hours after it. */
  lastInboundAt: z.string().nullable(),
  /** Whether a person may reply now (inside the 24-hour window). */
  canReply: z.boolean(),
  /**
   * The flow's message template a person may send at any time (the only kind WhatsApp delivers
   * outside the window), about the phone's latest booking; null: the flow names none or no booking.
   */
  template: z.object({ name: z.string() }).nullable(),
  step: z.string().nullable(),
  handOff: z.enum(BOT_HAND_OFF_STATES).nullable(),
});
export type BotThreadAnswer = z.infer<typeof botThreadAnswerSchema>;

/**
 * A person's reply: plain text, as long as WhatsApp takes a text body (inside the window), or
 * `template: true` for the flow's message template about the phone's latest booking (any time).
 */
export const botReplyBodySchema = z.object({
  data: z.union([z.object({ text: z.string().trim().min(1).max(4096) }).strict(), z.object({ template: z.literal(true) }).strict()]),
});
export type BotReplyData = z.infer<typeof botReplyBodySchema>['data'];
