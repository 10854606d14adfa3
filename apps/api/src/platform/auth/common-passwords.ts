import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most used passwords of zxcvbn-ts's common list (leaked-password rankings): the
 * first guesses of any attacker, so no account may choose one. About 380 KB compressed, too big
 * for the console's bundle, so only the API holds it and answers a translated field error.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/** The list is lower case; "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
