import {
  BOT_FLOW_TYPES,
  BOT_LANGUAGES,
  BOT_STEP_NAMES,
  BOT_STEPS,
  type BotStepDeclaration,
  stepTextKey,
  stepTextRefusal,
  WHATSAPP_LIMITS,
} from '../bot/flow-steps';
import type { EntityRule } from '../kit/entity';
import { defineEntity } from '../kit/entity';
import type { Field } from '../kit/field';

/** One multiline text per step and language (`confirm`, `confirmEn`), each at most WhatsApp's body and choices. */
const STEP_TEXT_FIELDS: Record<string, Field> = Object.fromEntries(
  BOT_STEP_NAMES.flatMap((step) =>
    BOT_LANGUAGES.map((language) => {
      const max = (BOT_STEPS[step] as BotStepDeclaration).kind === 'buttons' ? WHATSAPP_LIMITS.buttonsBody : WHATSAPP_LIMITS.body;
      // The body's limit plus room for the choice lines written under it.
      return [stepTextKey(step, language), { type: 'text', multiline: true, max: max + 12 * (WHATSAPP_LIMITS.label + 3) } as Field];
    }),
  ),
);

const REFUSALS = ['bodyRequired', 'bodyTooLong', 'noChoices', 'tooManyButtons', 'tooManyRows', 'labelTooLong'] as const;

/**
 * Each written step text as WhatsApp would take it: a refusal names the step's field and why
 * (one rule per reason, so each has its own words; only the first reason of a text fails).
 */
const STEP_TEXT_RULES: EntityRule[] = BOT_STEP_NAMES.flatMap((step) =>
  BOT_LANGUAGES.flatMap((language) => {
    const key = stepTextKey(step, language);
    const refusalOf = (data: Record<string, unknown>) => {
      const messages = data.messages as Record<string, unknown> | null | undefined;
      const text = messages?.[key];
      return typeof text === 'string' && text.trim() ? stepTextRefusal(step, text) : undefined;
    };
    return REFUSALS.map(
      (reason): EntityRule => ({
        message: `entities.botFlow.errors.${reason}`,
        path: `messages.${key}`,
        check: (data) => refusalOf(data)?.message !== `entities.botFlow.errors.${reason}`,
        values: (data) => refusalOf(data)?.values ?? {},
      }),
    );
  }),
);

/**
 * A bot flow (spec 3, issue 32): the conversation a bot runs (its type) and what it says at each
 * step, in pt-BR and en. The number and its token are the bot's (docs/whatsapp-bot.md): one flow
 * serves any number of bots.
 */
export const botFlow = defineEntity({
  name: 'botFlow',
  path: 'botFlow',
  table: 'bot_flow',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    type: { type: 'enum', options: BOT_FLOW_TYPES, required: true },
    company: { type: 'relation', entity: 'company', required: true },
    cluster: { type: 'relation', entity: 'cluster', filterBy: 'company' },
    user: { type: 'relation', entity: 'user' },
    /** The template sent outside the customer's 24-hour window (WhatsApp takes only a template there). */
    messageTemplate: { type: 'relation', entity: 'ccm', filterBy: 'company' },
    /** Each step's text (bot/flow-steps.ts): the body, then "- " lines for the buttons or list rows. */
    messages: { type: 'object', fields: STEP_TEXT_FIELDS },
    enable: { type: 'boolean', initial: true },
  },
  rules: STEP_TEXT_RULES,
  listColumns: ['name', 'type', 'company', 'cluster', 'enable', 'createdAt'],
  filters: ['name', 'type', 'company', 'cluster', 'enable', 'createdAt'],
  importColumns: ['name', 'type', 'company', 'cluster', 'enable'],
});
