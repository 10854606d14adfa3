import { describe, expect, it } from 'vitest';
import { type Dictionary, dictionaryOf, SCREEN_MESSAGE_PARTS, splitScreenMessages } from '../src/i18n/dictionary';
import { areas as enAreas } from '../src/i18n/en/index';
import { areas as ptAreas } from '../src/i18n/pt-BR/index';

/** Every key down to its text, as `a.b.c`. */
function keysOf(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** A pattern of SCREEN_MESSAGE_PARTS as a test on a key (`*` is one key). */
function matcherOf(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('.')
      .map((part) => (part === '*' ? '[^.]+' : part))
      .join('\\.')}(\\.|$)`,
  );
}

describe.each([
  ['pt-BR', ptAreas],
  ['en', enAreas],
] as const)('the %s console dictionary and its screens’ parts', (_language, areas) => {
  const whole = dictionaryOf(areas);
  const { console: rest, parts } = splitScreenMessages(whole);

  it('lose no word: merged back they are the whole dictionary', () => {
    expect(dictionaryOf([rest, ...Object.values(parts)])).toEqual(whole);
  });

  it('leave every word of a part out of the console’s first screen, and nothing else', () => {
    const patterns = Object.values(SCREEN_MESSAGE_PARTS).flat().map(matcherOf);
    expect(keysOf(rest).filter((key) => patterns.some((pattern) => pattern.test(key)))).toEqual([]);
    for (const [part, taken] of Object.entries(parts)) {
      const own = SCREEN_MESSAGE_PARTS[part as keyof typeof SCREEN_MESSAGE_PARTS].map(matcherOf);
      expect(keysOf(taken).length, part).toBeGreaterThan(0);
      expect(
        keysOf(taken).filter((key) => !own.some((pattern) => pattern.test(key))),
        part,
      ).toEqual([]);
    }
  });

  it('does not change the dictionary it cuts', () => {
    const before = JSON.stringify(whole);
    splitScreenMessages(whole);
    expect(JSON.stringify(whole)).toBe(before);
  });
});
