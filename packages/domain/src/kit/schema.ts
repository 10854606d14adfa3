import { z } from 'zod';
import { canonicalDocument, canonicalPhone } from './brazilian-ids';
import { EMAIL_PATTERN } from './email';
import type { EntityDeclaration } from './entity';
import type { Field, FilesField, TextField } from './field';
import { isWriteOnlyField, MAX_FILE_SIZE } from './field';
import { enumOptionOf, importBoolean, parseDayFirstDate, splitImportList } from './import-values';
import { hasId, isPlainObject } from './record';

/**
 * Builds the zod schema of a declared entity. The same schema validates the form (web), each
 * imported row (web importer and API) and the API body, so a rule lives in one place.
 *
 * Every check carries an i18n key as its message ('validation.*'); `describeIssue` turns an issue
 * into that key plus the values the translation interpolates.
 */

export type SchemaMode = 'create' | 'update' | 'import';

const M = {
  required: 'validation.mixed.required',
  selected: 'validation.mixed.selected',
  oneOf: 'validation.mixed.oneOf',
  invalid: 'validation.mixed.invalid',
  stringLength: 'validation.string.length',
  stringMin: 'validation.string.min',
  stringMax: 'validation.string.max',
  nul: 'validation.string.nul',
  startsWithDigit: 'validation.string.matches',
  timeOfDay: 'validation.string.timeOfDay',
  version: 'validation.string.version',
  email: 'validation.string.email',
  url: 'validation.string.url',
  numberMin: 'validation.number.min',
  numberMax: 'validation.number.max',
  integer: 'validation.number.integer',
  numberType: 'validation.mixed.invalidType',
  dateType: 'validation.date.invalid',
  dateRangeOrder: 'validation.date.rangeOrder',
  arrayMin: 'validation.array.min',
  listRequired: 'validation.array.required',
  arrayMax: 'validation.array.max',
  fileImage: 'validation.file.image',
  fileSize: 'validation.file.size',
  fileFormat: 'validation.file.formats',
  cpf: 'validation.document.cpf',
  cnpj: 'validation.document.cnpj',
  cpfOrCnpj: 'validation.document.cpfOrCnpj',
  phone: 'validation.phone.invalid',
  mobile: 'validation.phone.mobile',
} as const;

export const VALIDATION_KEYS = M;

const EMAIL = EMAIL_PATTERN;

/** A dotted version number (TextField.matches 'version'): 1 to 4 numbers of up to 9 digits, so each fits an int4. */
export const DOTTED_VERSION = /^\d{1,9}(\.\d{1,9}){0,3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Raster formats only: an SVG can carry script, so it is never accepted as an image. */
export const IMAGE_FORMATS = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

/** PostgreSQL text and jsonb cannot hold U+0000: a value carrying it is refused, never sent on. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/** Any free text the API takes (bodies, tokens, search words): a string PostgreSQL can store. */
export const plainTextSchema = z.string(M.invalid).refine(hasNoNul, M.nul);

/** PostgreSQL's integer (int4): a declared integer field is stored in one. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * A date PostgreSQL reads back: JavaScript takes years up to 275760 ('+010000-01-01') that the
 * database refuses, so only years 1 to 9999 are dates here.
 */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
}

/** What an error repeats of the caller's input: enough to recognise it, never the whole of it. */
export function shortenedText(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

function blankToNull(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value;
}

function splitWords(value: unknown): unknown {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  return value;
}

/** Accepts a Date, an ISO string, the importer's 'YYYY-MM-DD HH:mm' or 'DD/MM/YYYY HH:mm'; yields an ISO string. */
export function toIsoDateTime(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const dayFirst = parseDayFirstDate(trimmed);
  if (dayFirst) return dayFirst.toISOString();
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
  }
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? trimmed : parsed.toISOString();
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim().replace(',', '.');
    if (trimmed === '') return null;
    const n = Number(trimmed);
    return Number.isNaN(n) ? value : n;
  }
  return value;
}

function idOf(value: unknown): unknown {
  return hasId(value) ? value.id : blankToNull(value);
}

function extensionOf(name: string): string {
  const clean = name.split('?')[0] ?? name;
  const dot = clean.lastIndexOf('.');
  return dot === -1 ? '' : clean.slice(dot + 1).toLowerCase();
}

/** A URL's last segment as a file name; a stray '%' is not an escape, so the segment stays as written. */
function decodedName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function toFileList(value: unknown): unknown {
  const list = splitWords(value);
  if (!Array.isArray(list)) return list;
  return list.map((item) => {
    if (typeof item !== 'string') return item;
    const last = item.split('?')[0]?.split('/').pop() ?? item;
    return { name: decodedName(last), publicUrl: item };
  });
}

const fileRefSchema = z.object({
  id: plainTextSchema.optional(),
  name: plainTextSchema.min(1),
  sizeInBytes: z.number().int().nonnegative().optional(),
  publicUrl: plainTextSchema.min(1),
});

function filesSchema(field: FilesField) {
  const formats = field.formats ?? (field.image ? IMAGE_FORMATS : undefined);
  const maxSize = field.maxSize ?? MAX_FILE_SIZE;
  let list = z.array(
    fileRefSchema.superRefine((file, ctx) => {
      const ext = extensionOf(file.name);
      if (field.image && !IMAGE_FORMATS.includes(ext)) ctx.addIssue({ code: 'custom', message: M.fileImage, path: ['name'] });
      else if (formats && !formats.includes(ext))
        ctx.addIssue({ code: 'custom', message: M.fileFormat, params: { formats: formats.join(', ') }, path: ['name'] });
      if (file.sizeInBytes !== undefined && file.sizeInBytes > maxSize)
        ctx.addIssue({ code: 'custom', message: M.fileSize, params: { max: maxSize }, path: ['sizeInBytes'] });
    }),
  );
  if (field.min !== undefined) list = list.min(field.min, M.arrayMin);
  if (field.max !== undefined) list = list.max(field.max, M.arrayMax);
  return z.preprocess((v) => (v == null ? [] : toFileList(v)), list);
}

/**
 * A document or phone field: the value is checked by its own rules and stored in its canonical
 * form, whatever punctuation it was typed with. Other text is stored as typed (trimmed).
 */
function canonicalText(field: TextField, text: z.ZodType<string>): z.ZodType {
  const { document, phone } = field;
  const canonical = document
    ? (value: string) => canonicalDocument(value, document)
    : phone
      ? (value: string) => canonicalPhone(value, phone === 'mobile')
      : null;
  if (!canonical) return text;
  const message = document ? M[document] : phone === 'mobile' ? M.mobile : M.phone;
  // A refinement, not an issue raised inside the transform: that one would stop the record's own
  // checks (a missing required field would go unreported beside it).
  return text.refine((value) => canonical(value) !== null, message).transform((value) => canonical(value) ?? value);
}

const dateText = z.string(M.dateType).refine((v) => isStorableDate(new Date(v)), M.dateType);

/** Where a field is declared: an import reads enum labels from the entity's translations. */
export type FieldPlace = { entity: string; path: string };

/** An imported relation names its record by id or natural key (the API resolves it); never a whole cell of text. */
const relationKey = plainTextSchema.max(1000, M.stringMax);

/**
 * Schema of a single field's value, null meaning "no value" (required is checked by the object).
 * In 'import' mode relations take a natural key or an id, lists are split as the export joins them
 * and enums take their translated labels.
 */
export function fieldSchema(field: Field, mode: SchemaMode = 'create', place?: FieldPlace): z.ZodType {
  switch (field.type) {
    case 'text': {
      let s = plainTextSchema;
      if (field.length !== undefined) s = s.length(field.length, M.stringLength);
      if (field.min !== undefined) s = s.min(field.min, M.stringMin);
      if (field.max !== undefined) s = s.max(field.max, M.stringMax);
      if (field.matches === 'startsWithDigit') s = s.regex(/^\d/, M.startsWithDigit);
      if (field.matches === 'timeOfDay') s = s.regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeOfDay);
      if (field.matches === 'version') s = s.regex(DOTTED_VERSION, M.version);
      if (field.email) s = s.regex(EMAIL, M.email);
      if (field.url) s = s.regex(/^https?:\/\/\S+$/i, M.url);
      return z.preprocess((v) => blankToNull(typeof v === 'number' ? String(v) : v), canonicalText(field, s).nullable());
    }
    case 'number':
    case 'integer': {
      let n = z.number(M.numberType);
      // An integer lives in an int4 column: a declaration without bounds still gets the column's.
      if (field.type === 'integer')
        n = n
          .int(M.integer)
          .min(field.min ?? INT4_MIN, M.numberMin)
          .max(field.max ?? INT4_MAX, M.numberMax);
      else {
        if (field.min !== undefined) n = n.min(field.min, M.numberMin);
        if (field.max !== undefined) n = n.max(field.max, M.numberMax);
      }
      const scale = field.type === 'number' ? field.scale : undefined;
      const checked = n.nullable();
      if (scale === undefined) return z.preprocess(toNumber, checked);
      return z.preprocess(toNumber, checked).transform((v) => (v == null ? v : Number(v.toFixed(scale))));
    }
    case 'boolean':
      return z.preprocess(importBoolean, z.boolean(M.invalid));
    case 'dateTime':
      return z.preprocess(
        toIsoDateTime,
        z
          .string(M.dateType)
          .refine((v) => isStorableDate(new Date(v)), M.dateType)
          .nullable(),
      );
    case 'dateRange':
      return z.preprocess(
        (v) => (Array.isArray(v) ? v.map(toIsoDateTime) : blankToNull(v)),
        z
          .tuple([dateText.nullable(), dateText.nullable()])
          .refine(([start, end]) => !start || !end || Date.parse(start) <= Date.parse(end), M.dateRangeOrder)
          .nullable(),
      );
    case 'enum': {
      const one = z.enum(field.options, M.oneOf);
      const option = (v: unknown) => {
        const value = blankToNull(v);
        return mode === 'import' && place && typeof value === 'string'
          ? enumOptionOf(place.entity, place.path, field.options, value)
          : value;
      };
      if (!field.multiple) return z.preprocess(option, one.nullable());
      let list = z.array(one);
      if (field.min !== undefined) list = list.min(field.min, M.arrayMin);
      if (field.max !== undefined) list = list.max(field.max, M.arrayMax);
      return z.preprocess((v) => {
        const items = v == null ? [] : mode === 'import' && typeof v === 'string' && /[,;\n]/.test(v) ? splitImportList(v) : splitWords(v);
        return Array.isArray(items) ? items.map(option).filter((item) => item != null) : items;
      }, list);
    }
    case 'stringList': {
      let list = z.array(plainTextSchema);
      if (field.min !== undefined) list = list.min(field.min, M.arrayMin);
      if (field.max !== undefined) list = list.max(field.max, M.arrayMax);
      return z.preprocess((v) => {
        const words = v == null ? [] : mode === 'import' ? splitWords(v) : v;
        return Array.isArray(words) ? words.map(blankToNull).filter((w) => w != null) : words;
      }, list);
    }
    case 'relation': {
      const id = mode === 'import' ? relationKey : z.string(M.invalid).regex(UUID, M.invalid);
      const one = (v: unknown) => idOf(typeof v === 'number' ? String(v) : v);
      if (!field.multiple) return z.preprocess(one, id.nullable());
      let list = z.array(id);
      if (field.min !== undefined) list = list.min(field.min, M.arrayMin);
      if (field.max !== undefined) list = list.max(field.max, M.arrayMax);
      return z.preprocess((v) => {
        const items = v == null ? [] : mode === 'import' && typeof v === 'string' ? splitImportList(v) : splitWords(v);
        if (!Array.isArray(items)) return items;
        const ids = items.map(one).filter((i) => i != null);
        // A name written twice in a cell is one record; elsewhere a repeated id is the caller's to answer for.
        return mode === 'import' ? [...new Set(ids)] : ids;
      }, list);
    }
    case 'files':
      return filesSchema(field);
    case 'object':
      return z.preprocess((v) => (v == null ? {} : v), objectSchema(field.fields, mode === 'update' ? 'create' : mode, [], place?.entity));
  }
}

function isEmpty(field: Field, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0 && (field.type !== 'files' || field.min === undefined || field.min > 0);
  return false;
}

function objectSchema(fields: Record<string, Field>, mode: SchemaMode, rules: EntityDeclaration['rules'] = [], entityName?: string) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.readOnly) continue;
    shape[name] = fieldSchema(field, mode, entityName ? { entity: entityName, path: name } : undefined).optional();
  }
  return z.strictObject(shape).superRefine((data, ctx) => {
    for (const [name, field] of Object.entries(fields)) {
      if (field.readOnly || !field.required) continue;
      const value = data[name];
      // On update a missing key leaves the stored value alone; an explicit empty one is refused.
      if (mode === 'update' && value === undefined) continue;
      // A write-only secret (a bot's access token): the edit form cannot show it, so an update that
      // leaves it empty keeps the stored one (the entity's policy drops the empty value).
      if (mode === 'update' && isWriteOnlyField(field) && isEmpty(field, value)) continue;
      if (isEmpty(field, value)) {
        // A list reads badly with the singular "must be selected" ("Permissões deve ser selecionado").
        const isList =
          Array.isArray(value) || field.type === 'files' || field.type === 'stringList' || ('multiple' in field && field.multiple);
        const message = isList ? M.listRequired : field.type === 'enum' || field.type === 'relation' ? M.selected : M.required;
        ctx.addIssue({ code: 'custom', message, path: [name] });
      }
    }
    for (const rule of rules) {
      if (!rule.check(data)) ctx.addIssue({ code: 'custom', message: rule.message, path: [rule.path], params: rule.values?.(data) });
    }
  });
}

/** Keys the server sets; a client may echo them back, so they are dropped instead of refused. */
const SYSTEM_KEYS = ['id', 'createdAt', 'updatedAt', 'createdById', 'updatedById', 'deletedAt'];

export function entitySchema(entity: EntityDeclaration, mode: SchemaMode = 'create') {
  const inner = objectSchema(entity.fields, mode, entity.rules, entity.name);
  return z.preprocess((value) => {
    if (!isPlainObject(value)) return value;
    const copy = { ...value };
    for (const key of SYSTEM_KEYS) delete copy[key];
    for (const [name, field] of Object.entries(entity.fields)) if (field.readOnly) delete copy[name];
    return copy;
  }, inner);
}

export type IssueMessage = { path: string; key: string; values: Record<string, unknown> };

/** Turns a zod issue into an i18n key and its interpolation values (spec 5.1 messages). */
export function describeIssue(issue: z.core.$ZodIssue): IssueMessage {
  const path = issue.path.map(String).join('.');
  const values: Record<string, unknown> = { path };
  const raw = issue as unknown as Record<string, unknown>;
  if ('minimum' in raw) values.min = Number(raw.minimum);
  if ('maximum' in raw) values.max = Number(raw.maximum);
  if (issue.code === 'too_small' && raw.exact) values.length = Number(raw.minimum);
  if (issue.code === 'too_big' && raw.exact) values.length = Number(raw.maximum);
  // A list's limit is a count of items: the message picks 'item' or 'itens' by it.
  if (raw.origin === 'array' && (issue.code === 'too_small' || issue.code === 'too_big')) values.count = values.min ?? values.max;
  if (issue.code === 'invalid_value') values.values = (raw.values as unknown[]).join(', ');
  if (issue.code === 'custom' && raw.params) Object.assign(values, raw.params);
  if (issue.code === 'unrecognized_keys') {
    // A client may send any key, a megabyte long or thousands of them: name only a few, shortened.
    const keys = raw.keys as string[];
    values.keys = [...keys.slice(0, 5).map((key) => shortenedText(key)), ...(keys.length > 5 ? ['…'] : [])].join(', ');
    return { path, key: 'validation.object.noUnknown', values };
  }
  // Entity rules (5.3) carry their own keys under entities.<name>.errors.
  if (issue.message?.startsWith('validation.') || issue.message?.startsWith('errors.') || issue.message?.startsWith('entities.')) {
    // A length check fails as too_small or too_big; the exact-length message says which it wanted.
    if (issue.message === M.stringLength) values.length = values.min ?? values.max;
    return { path, key: issue.message, values };
  }
  if (issue.code === 'invalid_type') return { path, key: 'validation.mixed.invalidType', values };
  return { path, key: M.invalid, values };
}
