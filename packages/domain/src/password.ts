import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;

function isAllSame(value: string): boolean {
  return value.length > 0 && [...value].every((c) => c === value[0]);
}

/** True when every character is one more (or every one less) than the one before: 123456, fedcba. */
function isSequence(value: string): boolean {
  if (value.length < 2) return false;
  const codes = [...value.toLowerCase()].map((c) => c.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step);
}

/** Spec 5.2 password rules; messages are i18n keys. */
export const passwordSchema = z
  .string('validation.mixed.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.password.min')
  .refine((v) => !isAllSame(v), 'validation.password.sameCharacters')
  .refine((v) => !isSequence(v), 'validation.password.sequence');

export function passwordIssues(value: string): string[] {
  const result = passwordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
