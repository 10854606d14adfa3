import type { Language } from '@ebox/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/en';

/** Spec 9: every date is shown as DD/MM/YYYY HH:mm. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_FORMAT = 'DD/MM/YYYY';

const DAYJS_LOCALES: Record<Language, string> = { 'pt-BR': 'pt-br', en: 'en' };

/** Switches dayjs (month names, week start, relative times) to the interface language. */
export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
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
