import { z } from 'zod';
import { isAllSame, isSequence, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules';

/** Spec 5.2 password rules and the length cap; messages are i18n keys. */
export const passwordSchema = z
  .string('validation.mixed.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.password.min')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max')
  .refine((v) => !isAllSame(v), 'validation.password.sameCharacters')
  .refine((v) => !isSequence(v), 'validation.password.sequence');

/**
 * A password typed to prove who one is (sign-in, the current password): no rules, since an
 * account may predate them, but the same cap, checked before any hashing.
 */
export const enteredPasswordSchema = z
  .string('validation.mixed.required')
  .min(1, 'validation.mixed.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max');
