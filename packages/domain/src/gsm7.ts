/**
 * SMS length as carriers count it (3GPP TS 23.038): a text of the GSM 7-bit alphabet is sent in
 * septets, 160 in one message or 153 per part once split (the part header takes the rest); any
 * other character sends the whole text as UCS-2, 70 UTF-16 units in one message or 67 per part.
 * The message template editor counts with it live (issue 27, item 2).
 */

/** The GSM 7-bit default alphabet (its escape code left out). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' + '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each is sent as an escape and the character, two septets. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SmsSegments = {
  encoding: SmsEncoding;
  /** Septets for GSM-7 (an extension character counts 2), UTF-16 units for UCS-2 (an emoji counts 2). */
  characters: number;
  segments: number;
  /** What one part holds: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perSegment: number;
  /** The characters that force UCS-2, each once, in the order they first appear. */
  nonGsmCharacters: string[];
};

/** True for a character (one code point) that GSM-7 sends, from its default alphabet or its extension. */
export function isGsm7Character(character: string): boolean {
  return character.length === 1 && (GSM7_BASIC.includes(character) || GSM7_EXTENSION.includes(character));
}

/** Parts needed for characters of these sizes: one is never cut between two parts (an escape, a surrogate pair). */
function segmentsOf(encoding: SmsEncoding, sizes: number[], single: number, multi: number, nonGsmCharacters: string[]): SmsSegments {
  const characters = sizes.reduce((sum, size) => sum + size, 0);
  if (characters <= single) return { encoding, characters, segments: characters === 0 ? 0 : 1, perSegment: single, nonGsmCharacters };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters, segments, perSegment: multi, nonGsmCharacters };
}

/** How a text travels as an SMS: its encoding, its length as the carrier counts it and its number of parts. */
export function smsSegmentsOf(text: string): SmsSegments {
  const codePoints = Array.from(text);
  const nonGsmCharacters = [...new Set(codePoints.filter((character) => !isGsm7Character(character)))];
  if (nonGsmCharacters.length === 0)
    return segmentsOf(
      'GSM-7',
      codePoints.map((character) => (GSM7_EXTENSION.includes(character) ? 2 : 1)),
      160,
      153,
      [],
    );
  return segmentsOf(
    'UCS-2',
    codePoints.map((character) => character.length),
    70,
    67,
    nonGsmCharacters,
  );
}

/** Typographic characters and letters that do not lose only an accent, with their plain equivalents. */
const REPLACEMENTS: Record<string, string> = {
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '«': '"',
  '»': '"',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '´': "'",
  '`': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '•': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
  '\u200b': '',
  '\ufeff': '',
  ª: 'a',
  º: 'o',
  '°': 'o',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
};

/**
 * The text with accented letters and typographic characters replaced by plain ones (á→a, ç→c,
 * “ ”→", –→-, …→...). Every accent goes, even those GSM-7 has (é, ü, à, Ç): several Brazilian
 * carriers deliver only the plain ASCII-like part of it and drop or garble the rest. What has no
 * plain equivalent (an emoji) is kept, and the counter still says it forces UCS-2.
 */
export function toGsm7(text: string): string {
  return Array.from(text, (character) => {
    const replacement = REPLACEMENTS[character];
    if (replacement !== undefined) return replacement;
    // Compatibility decomposition splits a letter from its accents (and ﬁ into fi), which then go.
    const plain = character.normalize('NFKD').replace(/\p{M}/gu, '');
    return plain !== character && plain !== '' && Array.from(plain).every(isGsm7Character) ? plain : character;
  }).join('');
}
