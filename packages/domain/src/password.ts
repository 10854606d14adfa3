import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
/** Hashing cost grows with the input (argon2 took 1.75 s on 1.9 MB): longer input is refused unread. */
export const PASSWORD_MAX_LENGTH = 256;

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

/** Spec 5.2 password rules and the length cap; messages are i18n keys. */
export const passwordSchema = z
  .string('validation.mixed.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.password.min')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max')
  .refine((v) => !isAllSame(v), 'validation.password.sameCharacters')
  .refine((v) => !isSequence(v), 'validation.password.sequence');

export function passwordIssues(value: string): string[] {
  const result = passwordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/**
 * A password typed to prove who one is (sign-in, the current password): no rules, since an
 * account may predate them, but the same cap, checked before any hashing.
 */
export const enteredPasswordSchema = z
  .string('validation.mixed.required')
  .min(1, 'validation.mixed.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max');
