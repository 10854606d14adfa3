import type { Language } from '@ebox/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/en';
import { currentLanguage, i18n } from './i18n';

/** Spec 9: every date is shown as DD/MM/YYYY HH:mm. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_FORMAT = 'DD/MM/YYYY';

const DAYJS_LOCALES: Record<Language, string> = { 'pt-BR': 'pt-br', en: 'en' };

/** Switches dayjs (month names, week start, relative times) to the interface language. */
function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}

// Here rather than in i18n.ts: dayjs and its locales load with the screens that show or pick
// dates (this module), not on the sign-in page.
applyDayjsLocale(currentLanguage());
i18n.on('languageChanged', () => applyDayjsLocale(currentLanguage()));

/** Numbers read the Brazilian way in Portuguese (1.234,50) and the American way in English (1,234.50). */
const NUMBER_LOCALES: Record<Language, string> = { 'pt-BR': 'pt-BR', en: 'en-US' };

export function numberLocaleOf(language: string): string {
  return NUMBER_LOCALES[language === 'en' ? 'en' : 'pt-BR'];
}

export type NumberFormatOptions = { scale?: number; currency?: string; integer?: boolean };

export function formatNumber(value: number, language: string, { scale, currency, integer }: NumberFormatOptions = {}): string {
  const digits = integer ? 0 : scale;
  return new Intl.NumberFormat(numberLocaleOf(language), {
    ...(currency ? { style: 'currency', currency } : {}),
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 6,
  }).format(value);
}

/** The symbol a currency is written with in a language ('R$'). */
export function currencySymbolOf(currency: string, language: string): string {
  const parts = new Intl.NumberFormat(numberLocaleOf(language), { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** The separators of a language: what an input shows and reads back. */
export function numberSeparatorsOf(language: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(numberLocaleOf(language)).formatToParts(1234.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** A typed number in the language's format ('1.234,5' in Portuguese) as a JavaScript number's text ('1234.5'). */
export function parseNumberText(text: string, language: string): string {
  const { group, decimal } = numberSeparatorsOf(language);
  const typed = text.replace(/[^\d.,-]/g, '');
  // '12.5' typed in Portuguese means 12,5: a group separator is only one followed by three digits.
  const groupsLookRight = typed
    .split(group)
    .slice(1)
    .every((part) => /^\d{3}(\D|$)/.test(part));
  if (!typed.includes(decimal) && !groupsLookRight) return typed.split(group).join('.');
  const cleaned = typed.split(group).join('');
  return decimal === '.' ? cleaned : cleaned.replace(decimal, '.');
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}
