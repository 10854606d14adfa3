import type { BotHandOffState } from '@ebox/domain/bot/messages';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import './messages';

/**
 * The screens import only types from the domain's bot modules: their values bring zod and the
 * conversation machine, which would reshape the chunks every list shares (first-screen budget).
 */

/** Where a hand-off stands (bot/messages.ts BOT_HAND_OFF_STATES). */
export const HAND_OFF_STATES = ['waiting', 'answered'] as const satisfies readonly BotHandOffState[];

/** The step an agent's reply is kept under (bot/messages.ts PERSON_REPLY_STEP). */
export const PERSON_REPLY_STEP = 'person';

/**
 * Whether two WhatsApp ids are one Brazilian mobile, with or without the ninth digit (as
 * bot/outgoing.ts waIdForms reads them): a live event names the wa_id WhatsApp used.
 */
export function isSamePhone(a: string, b: string): boolean {
  // Both read as the 12-digit form: 55, the area code, the eight digits after the ninth.
  const key = (waId: string) => {
    const digits = waId.replace(/\D/g, '');
    const thirteen = /^55(\d{2})9(\d{8})$/.exec(digits);
    return thirteen ? `55${thirteen[1]}${thirteen[2]}` : digits;
  };
  return key(a) === key(b);
}

/** The conversation steps the screens name (bot/conversation.ts ConversationStep). */
export const CONVERSATION_STEP_NAMES = [
  'menu',
  'chooseSize',
  'askStart',
  'askHours',
  'askRange',
  'askRecipient',
  'confirm',
  'handOff',
] as const;

/** A step in words; one the screens do not know reads as its code. */
export function stepText(t: TFunction, step: string | null): string {
  if (!step) return t('botMessages.steps.none');
  return (CONVERSATION_STEP_NAMES as readonly string[]).includes(step) ? t(`botMessages.steps.${step}`) : step;
}

/** A phone as people read it: +55 (31) 99999-0000, or the digits as WhatsApp gave them. */
export function formatPhone(waId: string): string {
  const thirteen = /^55(\d{2})(\d{5})(\d{4})$/.exec(waId);
  if (thirteen) return `+55 (${thirteen[1]}) ${thirteen[2]}-${thirteen[3]}`;
  const twelve = /^55(\d{2})(\d{4})(\d{4})$/.exec(waId);
  if (twelve) return `+55 (${twelve[1]}) ${twelve[2]}-${twelve[3]}`;
  return `+${waId}`;
}

/** Waiting for a person in orange, answered in green. */
export function HandOffTag({ state }: { state: BotHandOffState | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Tag color={state === 'waiting' ? 'orange' : 'green'} data-testid="bot-hand-off">
      {t(`botMessages.handOff.${state}`)}
    </Tag>
  );
}
