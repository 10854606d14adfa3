import type { i18n } from 'i18next';
import { DEFAULT_LANGUAGE } from './languages';

/**
 * A file size as people read it: '1 MB', '500 kB' (decimal units, as the limits are declared in
 * round bytes), with the language's decimal separator ('1,5 MB' / '1.5 MB').
 */
export function formatFileSize(bytes: number, language: string): string {
  const [size, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'MB'] : bytes >= 1000 ? [bytes / 1000, 'kB'] : [bytes, 'bytes'];
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(size)} ${unit}`;
}

/**
 * A label inside a sentence: titles are in sentence case, so 'Cadastrar empresa', not 'Cadastrar
 * Empresa'. A label opening with an acronym ('QR code', 'SMS') keeps it.
 */
export function inSentence(label: string): string {
  const first = label.split(/\s/)[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return label;
  return label.charAt(0).toLocaleLowerCase() + label.slice(1);
}

/** Formats messages may name (`{{max, fileSize}}`, `{{entity, inSentence}}`). */
export const MESSAGE_FORMATS: Record<string, (value: unknown, language: string) => string> = {
  fileSize: (value, language) => formatFileSize(Number(value), language),
  inSentence: (value) => inSentence(String(value)),
};

/** Adds the message formats to an i18next instance (the server's and the browser's). */
export function addMessageFormats(instance: i18n): void {
  for (const [name, format] of Object.entries(MESSAGE_FORMATS))
    instance.services.formatter?.add(name, (value: unknown, language: string | undefined) => format(value, language ?? DEFAULT_LANGUAGE));
}
