import { plainTextSchema } from '@ebox/domain';
import {
  BOT_CONVERSATION_SORTS,
  BOT_HAND_OFF_STATES,
  botConversationsAnswerSchema,
  botReplyBodySchema,
  botThreadAnswerSchema,
  botThreadMessageSchema,
} from '@ebox/domain/bot/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOfRequest } from '../../platform/access';
import { listBotConversations, readBotMessages, replyAsPerson } from './message-read-service';

/** A date of the period filter, or empty for an open end (`filter[lastMessageAt][]=&filter[lastMessageAt][]=to`). */
const periodEnd = z
  .string()
  .max(40)
  .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'validation.mixed.invalid');

const listQuery = z.object({
  filter: z
    .object({
      /** Digits of the phone (anything else typed is ignored); a whole number matches either form. */
      phone: plainTextSchema.max(30).optional(),
      /** The step the conversation waits at (chooseSize, confirm, handOff…). */
      step: plainTextSchema.max(40).optional(),
      /** Handed off to a person: waiting for one, answered, or either (`any`). */
      handOff: z.enum([...BOT_HAND_OFF_STATES, 'any']).optional(),
      /** The last message's period: [from, to], either end may be empty. */
      lastMessageAt: z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(periodEnd).max(2)).optional(),
    })
    .strict()
    .optional(),
  orderBy: z.enum(BOT_CONVERSATION_SORTS).default('lastMessageAt_DESC'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});

const threadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Without it, the newest page (the last `limit` messages), oldest first within it. */
  offset: z.coerce.number().int().min(0).optional(),
});

const botParams = z.object({ id: z.string().max(36) });
const messageParams = z.object({ id: z.string().max(36), key: z.string().min(1).max(200) });

const isoOrUndefined = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);

/** A bot's messages (issue 32 item 5): its conversations, a phone's thread or one message, a person's reply. */
export async function registerBotMessageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/bot/:id/messages',
    {
      schema: {
        tags: ['bot'],
        summary:
          "The bot's conversations, one row per phone: the last message, the step, the booking, the hand-off (filter[phone|step|handOff|lastMessageAt], orderBy, limit, offset)",
        params: botParams,
        querystring: listQuery,
        response: { 200: botConversationsAnswerSchema },
      },
    },
    async (request) => {
      const { filter = {}, orderBy, limit, offset } = request.query;
      const digits = filter.phone?.replace(/\D/g, '');
      const [from, to] = filter.lastMessageAt ?? [];
      return listBotConversations(contextOfRequest(request), request.params.id, {
        filter: {
          ...(digits ? { phone: [digits] } : {}),
          ...(filter.step ? { step: filter.step } : {}),
          ...(filter.handOff ? { handOff: filter.handOff } : {}),
          ...(from ? { lastMessageFrom: isoOrUndefined(from) } : {}),
          ...(to ? { lastMessageTo: isoOrUndefined(to) } : {}),
        },
        orderBy,
        limit,
        offset,
      });
    },
  );
  api.get(
    '/bot/:id/messages/:key',
    {
      schema: {
        tags: ['bot'],
        summary:
          "A phone's thread as the customer saw it (12 or 13 digits, either form of a Brazilian mobile; the newest page without offset), or one message by its wamid",
        params: messageParams,
        querystring: threadQuery,
        response: { 200: z.union([botThreadAnswerSchema, botThreadMessageSchema]) },
      },
    },
    async (request) => readBotMessages(contextOfRequest(request), request.params.id, request.params.key, request.query),
  );
  api.post(
    '/bot/:id/messages/:key',
    {
      config: { labelPrefix: 'botMessages.fields' },
      schema: {
        tags: ['bot'],
        summary:
          "A person's text to the phone, inside the 24-hour customer service window only, or (`template: true`) the bot flow's message template about the phone's latest booking, at any time",
        params: messageParams,
        body: botReplyBodySchema,
        response: { 200: botThreadMessageSchema },
      },
    },
    async (request) => replyAsPerson(contextOfRequest(request), request.params.id, request.params.key, request.body.data),
  );
}
