import type { dictionary } from '@zxcvbn-ts/language-common';
import { lazyRequire } from '../lazy-require';

/**
 * The ~49,000 most used passwords of zxcvbn-ts's common list (leaked-password rankings): the
 * first guesses of any attacker, so no account may choose one. About 380 KB compressed, too big
 * for the console's bundle, so only the API holds it and answers a translated field error. Read
 * with the first password checked, not when the API starts (its decompression and the set cost
 * ~70 ms of CPU).
 */
const commonPasswordList = lazyRequire<{ dictionary: typeof dictionary }>('@zxcvbn-ts/language-common');
let commonPasswords: Set<string> | undefined;

/** The list is lower case; "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordList().dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}
