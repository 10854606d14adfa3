/**
 * Spec 5.2 password rules without zod, so the browser's password fields check them without
 * loading zod (password.ts builds the API's schemas from the same rules).
 */
export const PASSWORD_MIN_LENGTH = 6;
/** Hashing cost grows with the input (argon2 took 1.75 s on 1.9 MB): longer input is refused unread. */
export const PASSWORD_MAX_LENGTH = 256;

export function isAllSame(value: string): boolean {
  return value.length > 0 && [...value].every((c) => c === value[0]);
}

/** True when every character is one more (or every one less) than the one before: 123456, fedcba. */
export function isSequence(value: string): boolean {
  if (value.length < 2) return false;
  const codes = [...value.toLowerCase()].map((c) => c.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step);
}

/** The rules a new password breaks, as i18n keys, in the order the API's schema reports them. */
export function passwordIssues(value: string): string[] {
  const issues: string[] = [];
  if (value.length < PASSWORD_MIN_LENGTH) issues.push('validation.password.min');
  if (value.length > PASSWORD_MAX_LENGTH) issues.push('validation.password.max');
  if (isAllSame(value)) issues.push('validation.password.sameCharacters');
  if (isSequence(value)) issues.push('validation.password.sequence');
  return issues;
}
