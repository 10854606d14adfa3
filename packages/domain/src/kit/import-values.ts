import { loadedDictionary } from '../i18n/dictionary';
import { LANGUAGES, type Language } from '../i18n/languages';
import type { EntityDeclaration } from './entity';
import { parseEnumValue } from './enum-values';
import { normalizedKey } from './normalized-key';

export { ACCENTED_LETTERS, normalizedKey, PLAIN_LETTERS } from './normalized-key';

/**
 * How a spreadsheet cell written by a person (or by the console's own export) is read by an import:
 * names compared without case or accents, yes/no in either language, DD/MM/YYYY dates, enum values by
 * their translated label. The API and the console's importer share these so a row is read the same
 * way on both sides.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * The items of a multi-valued cell: the export joins names with ', ', so commas, semicolons and line
 * breaks separate items; ids separated by spaces (older templates) are still split.
 */
export function splitImportList(value: string): string[] {
  return value
    .split(/[,;\n]/)
    .flatMap((part) => {
      const words = part.trim().split(/\s+/);
      return words.length > 1 && words.every(isUuid) ? words : [part.trim()];
    })
    .filter(Boolean);
}

/** The message at a path of a language's dictionary (a string, a subtree or undefined). */
export function messageAt(language: Language, path: string[]): unknown {
  return lookup(loadedDictionary(language), path);
}

function lookup(tree: unknown, path: string[]): unknown {
  let node = tree;
  for (const part of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Every way yes and no are written: the words of both languages' dictionaries and the usual others. */
const TRUE_WORDS = new Set(['true', '1', 'yes', 'sim', 'y', 's', 'x', 'verdadeiro']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'nao', 'n', 'falso', '']);
for (const language of LANGUAGES) {
  for (const path of [
    ['resource', 'boolean'],
    ['kit', 'boolean'],
  ]) {
    const words = lookup(loadedDictionary(language), path);
    if (words && typeof words === 'object') {
      const { true: yes, false: no } = words as Record<string, unknown>;
      if (typeof yes === 'string') TRUE_WORDS.add(normalizedKey(yes));
      if (typeof no === 'string') FALSE_WORDS.add(normalizedKey(no));
    }
  }
}

/** A yes/no cell: Sim/Não, Yes/No, true/false, 1/0 (an empty one is no); anything else as it came. */
export function importBoolean(value: unknown): unknown {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') {
    const word = normalizedKey(value);
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  if (typeof value === 'number') return value !== 0;
  return value;
}

/** 'DD/MM/YYYY[ HH:mm[:ss]]' (what the export and a Brazilian spreadsheet write) as a local Date. */
export function parseDayFirstDate(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const [, d, mo, y, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // 31/02 rolls over to March in JavaScript: such a day does not exist.
  if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return null;
  return date;
}

/**
 * An enum cell read by its stored value or by its translated label in either language (the export
 * and the template show labels), without regard to case and accents; anything else as it came.
 */
export function enumOptionOf(entityName: string, fieldPath: string, options: readonly string[], value: string): string {
  return parseEnumValue(entityName, fieldPath, options, value) ?? value;
}

function labelsOfField(entityName: string, path: string): string[] {
  const leaf = path.split('.').pop() ?? path;
  return LANGUAGES.flatMap((language) => [
    messageAt(language, ['entities', entityName, 'fields', leaf]),
    messageAt(language, ['resource', 'fields', leaf]),
  ]).filter((label): label is string => typeof label === 'string');
}

/**
 * The fields a spreadsheet column may fill: the template's columns, then every other writable field
 * an export can write (a file exported with more columns than the template imports them too).
 */
export function importableFieldsOf(entity: EntityDeclaration): string[] {
  const others = Object.entries(entity.fields)
    .filter(([, field]) => !field.readOnly && field.type !== 'object')
    .map(([name]) => name);
  return [...new Set([...entity.importColumns, ...others])];
}

/**
 * The field a column header names: its label in either language (what the template and the export
 * write) or the field's own name, regardless of case and accents; undefined for any other column
 * (an exported id or creation date, the error column of a failed rows file).
 */
export function importColumnOfHeader(entity: EntityDeclaration, header: string): string | undefined {
  const wanted = normalizedKey(header);
  if (!wanted) return undefined;
  const fields = importableFieldsOf(entity);
  return (
    fields.find((path) => normalizedKey(path) === wanted) ??
    Object.entries(entity.importAliases ?? {}).find(([alias, path]) => normalizedKey(alias) === wanted && fields.includes(path))?.[1] ??
    fields.find((path) => labelsOfField(entity.name, path).some((label) => normalizedKey(label) === wanted))
  );
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A spreadsheet cell (as exceljs reads it) as an import reads it. Excel dates have no time zone and
 * exceljs hands them over as if they were UTC: the wall-clock time shown in the sheet is rebuilt, to
 * be read as local time. Rich text, formulas and links give their text.
 */
export function importCellValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
  }
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part: unknown) => (part && typeof part === 'object' ? String((part as { text?: unknown }).text ?? '') : ''))
        .join('');
    if ('result' in cell) return importCellValue(cell.result);
    if ('text' in cell) return importCellValue(cell.text);
    return null;
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return value;
}

/** A, B, ..., Z, AA, ...: the column part of a spreadsheet cell reference, from a 0-based index. */
export function spreadsheetColumn(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * An import row whose columns use another name the declaration accepts (`importAliases`: a cluster
 * link's clusterName for cluster): the value moves to the field, unless the row gives the field too.
 */
export function withImportAliases(entity: EntityDeclaration, input: unknown): unknown {
  if (!entity.importAliases || !input || typeof input !== 'object' || Array.isArray(input)) return input;
  const row = { ...(input as Record<string, unknown>) };
  for (const [alias, field] of Object.entries(entity.importAliases)) {
    if (!(alias in row)) continue;
    const value = row[alias];
    delete row[alias];
    if (row[field] === undefined || row[field] === null || row[field] === '') row[field] = value;
  }
  return row;
}
