/**
 * Brazilian identifiers and phone numbers: checked by their rules, stored in one canonical form,
 * accepted as people type them (with or without punctuation), and masked while typed.
 *
 * - CPF: 11 digits, two mod-11 check digits; stored as 000.000.000-00.
 * - CNPJ: 12 base characters and two mod-11 check digits; stored as 00.000.000/0000-00. From July
 *   2026 the Receita Federal issues alphanumeric CNPJs (IN RFB 2.229/2024): the 12 base characters
 *   may be letters, each valued by its ASCII code minus 48 (0-9 stay 0-9, A is 17, Z is 42); the
 *   check digits stay numeric and are computed the same way, so numeric CNPJs are unchanged.
 * - Phone: stored as digits with the country code, 55 + DDD + number (13 digits for a mobile,
 *   12 for a landline), shown as +55 (11) 98765-4321.
 */

export type DocumentKind = 'cpf' | 'cnpj' | 'cpfOrCnpj';

/** Letters and digits only, letters in upper case: what a document is compared and searched by. */
export function documentKeyOf(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

function checkDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * (weights[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF typed in any common way ('123.456.789-09', '12345678909'). */
export function isValidCpf(value: string): boolean {
  const key = documentKeyOf(value);
  if (!/^\d{11}$/.test(key) || /^(\d)\1{10}$/.test(key)) return false;
  const digits = [...key].map(Number);
  const first = checkDigit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[9] === first && digits[10] === second;
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CNPJ, numeric or alphanumeric, typed in any common way ('12.ABC.345/01DE-35', '12ABC34501DE35'). */
export function isValidCnpj(value: string): boolean {
  const key = documentKeyOf(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(key) || /^(\d)\1{13}$/.test(key)) return false;
  const values = [...key].map((char) => char.charCodeAt(0) - 48);
  const first = checkDigit(values.slice(0, 12), CNPJ_WEIGHTS.slice(1));
  const second = checkDigit(values.slice(0, 13), CNPJ_WEIGHTS);
  return values[12] === first && values[13] === second;
}

/** Which document a value is, by its length once punctuation is gone (a CPF has 11 digits, a CNPJ 14 characters). */
export function documentTypeOf(value: string): 'cpf' | 'cnpj' | null {
  const key = documentKeyOf(value);
  if (key.length === 11) return 'cpf';
  if (key.length === 14) return 'cnpj';
  return null;
}

/** The value as a valid document of `kind`, in its canonical punctuated form; null when it is not one. */
export function canonicalDocument(value: string, kind: DocumentKind): string | null {
  const type = documentTypeOf(value);
  if (!type || (kind !== 'cpfOrCnpj' && kind !== type)) return null;
  const key = documentKeyOf(value);
  if (type === 'cpf') return isValidCpf(key) ? applyPattern(key, CPF_PATTERN) : null;
  return isValidCnpj(key) ? applyPattern(key, CNPJ_PATTERN) : null;
}

const CPF_PATTERN = '###.###.###-##';

/**
 * A valid CPF made from a number, punctuated as stored: its first nine digits are the last nine of
 * `base` (zero-padded), the check digits computed. For samples, demos and benchmarks that need many
 * distinct documents; nine equal digits (e.g. base 0) make one that is refused.
 */
export function generateCpf(base: number | string): string {
  const digits = [...digitsOf(String(base)).padStart(9, '0').slice(-9)].map(Number);
  digits.push(checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]));
  digits.push(checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return applyPattern(digits.join(''), CPF_PATTERN);
}
const CNPJ_PATTERN = '##.###.###/####-##';

/**
 * Lays `chars` into a pattern ('#' is a slot): a separator is written only once a character
 * follows it, so the mask grows as the user types. Characters past the pattern are kept, never cut:
 * the validation then says what is wrong.
 */
function applyPattern(chars: string, pattern: string): string {
  let result = '';
  let index = 0;
  for (const slot of pattern) {
    if (index >= chars.length) break;
    if (slot === '#') result += chars[index++];
    else result += slot;
  }
  return result + chars.slice(index);
}

/** What a document input shows while the user types: the CPF mask up to 11 digits, the CNPJ one past them or with a letter. */
export function maskDocument(typed: string, kind: DocumentKind): string {
  const key = documentKeyOf(typed);
  const isCpf = kind === 'cpf' || (kind === 'cpfOrCnpj' && key.length <= 11 && /^\d*$/.test(key));
  return applyPattern(key, isCpf ? CPF_PATTERN : CNPJ_PATTERN);
}

/** Area codes (DDD) in use in Brazil (Anatel). */
const DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55,
  61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** The national part (DDD and number) of a typed phone: no trunk 0, no country code 55. */
function nationalDigitsOf(typed: string): string {
  const digits = digitsOf(typed).replace(/^0+/, '');
  return digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/**
 * A phone typed in any common way ('(11) 98765-4321', '+55 11 98765 4321', '011987654321') as
 * 55 + DDD + number; null when it is not a Brazilian phone (or, with `mobileOnly`, not a mobile).
 */
export function canonicalPhone(typed: string, mobileOnly = false): string | null {
  const national = nationalDigitsOf(typed);
  if (!/^\d{10,11}$/.test(national) || !DDDS.has(Number(national.slice(0, 2)))) return null;
  const number = national.slice(2);
  const isMobile = /^9\d{8}$/.test(number);
  const isLandline = /^[2-5]\d{7}$/.test(number);
  if (!isMobile && (mobileOnly || !isLandline)) return null;
  return `55${national}`;
}

/** What a phone input shows while the user types, after its fixed +55: (11) 98765-4321 or (11) 3265-4321. */
export function maskPhone(typed: string): string {
  const national = nationalDigitsOf(typed);
  return applyPattern(national, national.length <= 10 ? '(##) ####-####' : '(##) #####-####');
}

/** A stored phone as people read it (+55 (11) 98765-4321); text stored before phones were cleaned stays as it was. */
export function formatPhone(stored: string): string {
  return /^55\d{10,11}$/.test(stored) ? `+55 ${maskPhone(stored.slice(2))}` : stored;
}

/**
 * The check digit of the first 43 characters of an NF-e access key (Manual de Orientação do
 * Contribuinte, "chave de acesso"): weights 2 to 9 repeated from the right, mod 11, a rest of 0 or 1
 * gives 0. Letters of an alphanumeric CNPJ count as their ASCII code minus 48, as in the CNPJ itself.
 */
export function nfeKeyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = first43.length - 1; index >= 0; index--) {
    sum += (first43.charCodeAt(index) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * An NF-e access key (44 characters: UF, year-month, the issuer's CNPJ, model, series, number,
 * emission type, random code and the check digit), typed with or without the spaces the DANFE prints
 * it with. Only the CNPJ part (characters 7 to 20) may hold letters, as the 2026 alphanumeric CNPJ does.
 */
export function isValidNfeKey(value: string): boolean {
  const key = documentKeyOf(value);
  if (!/^\d{6}[0-9A-Z]{12}\d{26}$/.test(key)) return false;
  return Number(key[43]) === nfeKeyCheckDigit(key.slice(0, 43));
}
