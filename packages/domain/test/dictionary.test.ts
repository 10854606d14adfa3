import { describe, expect, it } from 'vitest';
import { en, pt } from './support/dictionary-entries';

/**
 * One voice in both dictionaries, checked where a machine can check it: the same messages in both
 * languages with the same variables, "E-mail" in Portuguese, sentence case in titles, buttons and
 * labels, no English left in Portuguese and no developer keys where people read words.
 */

const both = [...pt.entries()].map(([key, value]) => ({ key, pt: value, en: en.get(key) ?? '' }));

/** A message that is another's words (i18next nesting, `$t(entities.ccm.enumerators.type.sms)`). */
const NESTED = /\$t\(([\w.-]+)\)/g;

/** The words of a message without its variables ({{label}}, {{max, fileSize}}) and nested messages. */
function wordsOf(text: string): string {
  return text.replace(/\{\{[^}]*\}\}/g, ' ').replace(NESTED, ' ');
}

function variablesOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Keys people read as a title, a button, a menu entry or a field label. */
const TITLE_KEY =
  /(^|\.)(title|submit|menu|label|labelPlural|button|image|download|downloadTemplate|chooseFile|new|save|cancel|back)$|\.(actions|fields|columns|status)\.[^.]+$|^layout\.menu\./;

/** Capitalised words a title may hold after its first word: names and acronyms. */
const PROPER_WORDS = new Set(['Ebox', 'Console', 'WhatsApp', 'Excel', 'Handlebars', 'Português', 'English', 'Idempotency-Key', 'E-mail']);

function isAcronym(word: string): boolean {
  return /^[A-Z0-9][A-Z0-9/-]*[A-Z0-9]$/.test(word) || /^[A-Z]$/.test(word);
}

function titleCaseWords(text: string): string[] {
  const sentences = wordsOf(text).split(/[.:!?(]\s*/);
  return sentences.flatMap((sentence) =>
    sentence
      .split(/\s+/)
      .filter(Boolean)
      .slice(1)
      .map((word) => word.replace(/[^\p{L}\p{N}/-]/gu, ''))
      .filter((word) => /^\p{Lu}/u.test(word) && !isAcronym(word) && !PROPER_WORDS.has(word)),
  );
}

/** English words that have no place in a Portuguese message (loanwords such as link or token are fine). */
const ENGLISH_WORDS = [
  'the',
  'and',
  'with',
  'without',
  'of',
  'must',
  'should',
  'please',
  'click',
  'record',
  'records',
  'delete',
  'save',
  'cancel',
  'search',
  'reset',
  'sign',
  'password',
  'error',
  'loading',
  'upload',
  'download',
  'settings',
  'invalid',
  'required',
  'forbidden',
  'found',
  'is',
  'are',
  'your',
  'you',
  'this',
  'file',
  'files',
  'template',
  'user',
  'users',
  'company',
  'customer',
  'select',
  'choose',
  'items',
  'levels',
];

/** Words that read as developer keys: camelCase, snake_case, SCREAMING_CASE or a dotted i18n key. */
/** API answers the spec words itself, naming the request's field (spec 5.5: 'exporterFields is required'). */
// Words spelled like a key: the spec's own, and Apple's name for its phone system.
const SPEC_WORDED = new Set(['errors.exporterFieldsRequired', 'customerDevices.platforms.ios']);

const KEY_LOOKING = [/\b[a-z]+[A-Z][A-Za-z]*\b/, /\b[a-z]+_[a-z_]+\b/, /\b[A-Z]+_[A-Z_]+\b/, /\b[a-z]+\.[a-z]+\.[a-z]+/];

describe('dictionaries', () => {
  it('have the same keys in pt-BR and en', () => {
    expect([...pt.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !pt.has(key))).toEqual([]);
  });

  it('interpolate the same variables in both languages', () => {
    const differing = both.filter((m) => variablesOf(m.pt).join() !== variablesOf(m.en).join()).map((m) => m.key);
    expect(differing).toEqual([]);
  });

  it('nest only messages that exist, in the same language', () => {
    const dangling = [...pt.entries(), ...en.entries()].flatMap(([key, value]) =>
      [...value.matchAll(NESTED)]
        .map((match) => match[1] ?? '')
        .filter((nested) => !pt.has(nested) || !en.has(nested))
        .map((nested) => `${key} -> ${nested}`),
    );
    expect(dangling).toEqual([]);
  });

  it('write "E-mail" in Portuguese, never "Email"', () => {
    const wrong = both.filter((m) => /\bemails?\b/i.test(wordsOf(m.pt))).map((m) => `${m.key}: ${m.pt}`);
    expect(wrong).toEqual([]);
  });

  it('write titles, buttons, menus and labels in sentence case in both languages', () => {
    const wrong = both
      .filter((m) => TITLE_KEY.test(m.key))
      .flatMap((m) => [
        ...(titleCaseWords(m.pt).length ? [`pt-BR ${m.key}: ${m.pt}`] : []),
        ...(titleCaseWords(m.en).length ? [`en ${m.key}: ${m.en}`] : []),
      ]);
    expect(wrong).toEqual([]);
  });

  it('leave no English in Portuguese', () => {
    const english = new RegExp(`\\b(${ENGLISH_WORDS.join('|')})\\b`, 'i');
    // Quoted text is a technical name (a multipart part called "file"), not prose.
    const wrong = both.filter((m) => english.test(wordsOf(m.pt).replace(/"[^"]*"/g, ' '))).map((m) => `${m.key}: ${m.pt}`);
    expect(wrong).toEqual([]);
  });

  it('show words, not developer keys', () => {
    const wrong = both
      .filter((m) => !SPEC_WORDED.has(m.key))
      .flatMap((m) => [
        ...(KEY_LOOKING.some((pattern) => pattern.test(wordsOf(m.pt))) ? [`pt-BR ${m.key}: ${m.pt}`] : []),
        ...(KEY_LOOKING.some((pattern) => pattern.test(wordsOf(m.en))) ? [`en ${m.key}: ${m.en}`] : []),
      ])
      .filter(Boolean);
    expect(wrong).toEqual([]);
  });

  it('agree in gender in the generic validation messages by naming the field, whatever its gender', () => {
    const generic = both.filter((m) => m.key.startsWith('validation.') && m.pt.includes('{{label}}'));
    expect(generic.length).toBeGreaterThan(20);
    // 'O campo Empresa é obrigatório' agrees with "campo"; 'Empresa é obrigatório' did not.
    const leading = generic.filter((m) => m.pt.startsWith('{{label}}')).map((m) => `${m.key}: ${m.pt}`);
    expect(leading).toEqual([]);
  });

  it('write "ID" one way ("ID externo", never "Id externo")', () => {
    const wrong = both.flatMap((m) => [m.pt, m.en].filter((value) => /\bId\b/.test(wordsOf(value)))).map(String);
    expect(wrong).toEqual([]);
  });

  it('spell level entities as words in English ("Level 1 records", not "Levels 1")', () => {
    const wrong = both.filter((m) => /\bLevels \d/.test(m.en)).map((m) => `${m.key}: ${m.en}`);
    expect(wrong).toEqual([]);
  });
});
