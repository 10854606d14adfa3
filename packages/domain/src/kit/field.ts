import type { DocumentKind } from './brazilian-ids';

/**
 * Field types of spec 5.2. A declaration lists fields with these; the database columns, API
 * schemas, list filters, forms, importer and exporter are all derived from them.
 */
export type FieldCommon = {
  required?: boolean;
  /** Not writable through the API or forms (set by the server). */
  readOnly?: boolean;
  /** Unique across the table (case-insensitive for text). */
  unique?: boolean;
  /** Hidden from forms (still in the API), e.g. values set by a dedicated screen. */
  hideInForm?: boolean;
  /**
   * One record per value among the records sharing the relation `field` (a customer's document
   * within its company, a compartment's number within its locker); `message` is the i18n key of the
   * refusal, given `value` (and `document`, CPF or CNPJ, for a document). Text is compared without
   * punctuation; a unique index on (`field`, value) backs the check against racing writes.
   */
  uniqueWithin?: { field: string; message: string };
};

export type TextField = FieldCommon & {
  type: 'text';
  min?: number;
  max?: number;
  /** Exact length. */
  length?: number;
  /**
   * Spec 5.2 'matches': the value must start with a digit; 'timeOfDay' HH:mm; 'version' a dotted
   * version number (1.10.0: one to four numbers of up to nine digits), which lists sort by its
   * numbers (1.9.2 before 1.10.0), not as text (the API's versionSortKeyOf).
   */
  matches?: 'startsWithDigit' | 'timeOfDay' | 'version';
  email?: boolean;
  url?: boolean;
  multiline?: boolean;
  /** Who acted, kept as the audit log's actor label (an e-mail, `terminal:<name>`, `system:<name>`) and shown as it shows it. */
  actor?: boolean;
  /**
   * A secret (an order's access code): never in list answers, exports, import templates, the
   * audit's values (the entry says it changed, not to what) or logs; a record shows it only where
   * its entity's policy reveals it, and forms show it masked otherwise.
   */
  secret?: boolean;
  /**
   * A secret no answer ever reveals (a bot's access token): written, stored encrypted by the entity's
   * policy, never read back. The edit form cannot show it, so an update that leaves it empty keeps
   * the stored one. Implies `secret`.
   */
  writeOnly?: boolean;
  /**
   * A Brazilian document checked by its check digits, typed with or without punctuation, stored
   * punctuated (000.000.000-00, 00.000.000/0000-00) and masked in forms (see brazilian-ids.ts).
   */
  document?: DocumentKind;
  /**
   * A Brazilian phone typed in any common way, stored as 55 + DDD + number and shown as
   * +55 (11) 98765-4321; 'mobile' also refuses a landline.
   */
  phone?: true | 'mobile';
  /**
   * Stored values that are keys people read translated (a predefined role's name 'viewer' reads
   * 'Leitor'): lists show, sort and search the translated text; other values read as stored.
   */
  translated?: { values: readonly string[]; key: (value: string) => string };
  /**
   * How a list filter on this field finds records (default 'contains'): 'contains' searches the
   * text anywhere (ILIKE '%x%'); 'exact' compares the whole value (case-insensitive, by letters and
   * digits for documents and phones) through a btree index; 'both' compares the whole value when
   * the filter is one (a complete e-mail, a valid CPF/CNPJ, or any text typed "in quotes") and
   * searches contained text otherwise; 'prefix' finds the values that start with the filter
   * (case-insensitive: a tracking code's first characters, as the command palette finds it) through
   * a btree index in the C collation. See text-match.ts.
   */
  match?: TextMatch;
};
/** What a text filter offers: see TextField.match. */
export type TextMatch = 'exact' | 'contains' | 'both' | 'prefix';
/** `currency`: an amount of money, shown and typed with its symbol ('R$ 1.234,50' / 'R$1,234.50'). */
export type NumberField = FieldCommon & { type: 'number'; scale?: number; min?: number; max?: number; currency?: 'BRL' };
export type IntegerField = FieldCommon & { type: 'integer'; min?: number; max?: number };
export type StringListField = FieldCommon & { type: 'stringList'; min?: number; max?: number };
export type DateTimeField = FieldCommon & {
  type: 'dateTime';
  /**
   * Stamped by an event (an order's storedAt), empty until then. As a list filter (a range) it is
   * read through a partial index of the stamped records only, with the scope's company column
   * (platform/db/entity-tables.ts), so a range at a million records reads only the rows in it.
   */
  stamp?: boolean;
};
/** A [start, end] pair of date-times. */
export type DateRangeField = FieldCommon & { type: 'dateRange' };
/** `initial`: what a new record's form starts with when the API's default for a missing value is true. */
export type BooleanField = FieldCommon & { type: 'boolean'; initial?: boolean };
export type EnumField = FieldCommon & {
  type: 'enum';
  options: readonly string[];
  multiple?: boolean;
  min?: number;
  max?: number;
  /** What a new record's form starts with (the order's type: most orders are deliveries); the API still requires it. */
  initial?: string;
};
export type RelationField = FieldCommon & {
  type: 'relation';
  /** Name of the related entity declaration (or 'user' / 'role'). */
  entity: string;
  multiple?: boolean;
  min?: number;
  max?: number;
  /**
   * Another relation field of the same record whose choice narrows this one's: the picker asks the
   * autocomplete with `filter[<that field>]=<its id>` and is emptied when that field changes.
   */
  filterBy?: string;
  /**
   * What deleting the related record does to this one: refused while it points there (the
   * default), or the link emptied ('setNull') when the record keeps what it needs of it as a copy
   * (a finished order keeps its compartment's number when the locker's compartments are generated again).
   */
  onDelete?: 'restrict' | 'setNull';
};
export type FilesField = FieldCommon & {
  type: 'files';
  image?: boolean;
  min?: number;
  max?: number;
  /** Bytes per file; spec 9 caps every file at 1,000,000. */
  maxSize?: number;
  /** Allowed extensions, lower case, without the dot. */
  formats?: readonly string[];
};
/** A nested object stored as one JSON value, e.g. company.companySettings. */
export type ObjectField = FieldCommon & { type: 'object'; fields: Record<string, Field> };

export type Field =
  | TextField
  | NumberField
  | IntegerField
  | StringListField
  | DateTimeField
  | DateRangeField
  | BooleanField
  | EnumField
  | RelationField
  | FilesField
  | ObjectField;

export type FieldType = Field['type'];

/** A stored file as the API returns it (spec 3: file list items have name and publicUrl). */
export type FileRef = {
  /** Files uploaded through the API have one; a file imported as a bare URL does not. */
  id?: string;
  name: string;
  sizeInBytes?: number;
  publicUrl: string;
};

/** A related record as the API returns it: the id plus the related entity's label. */
export type RelationRef = { id: string; label: string };

export const MAX_FILE_SIZE = 1_000_000;

/**
 * The i18n key of what a stored value reads as, for fields whose values are shown translated (an
 * enum's options, a text field's `translated` values), or undefined when the value reads as stored.
 */
export function shownValueKey(entityName: string, path: string, field: Field, value: string): string | undefined {
  if (field.type === 'enum')
    return field.options.includes(value) ? `entities.${entityName}.enumerators.${path.split('.').pop()}.${value}` : undefined;
  if (field.type === 'text' && field.translated?.values.includes(value)) return field.translated.key(value);
  return undefined;
}

/** The stored values a field shows translated: what a list's sort and search must translate. */
export function translatedValuesOf(field: Field): readonly string[] {
  if (field.type === 'enum') return field.options;
  if (field.type === 'text') return field.translated?.values ?? [];
  return [];
}

/** Whether a field is a secret (see TextField.secret). */
export function isSecretField(field: Field | undefined): boolean {
  return field?.type === 'text' && (field.secret === true || field.writeOnly === true);
}

/** Whether a field is a write-only secret (see TextField.writeOnly). */
export function isWriteOnlyField(field: Field | undefined): boolean {
  return field?.type === 'text' && field.writeOnly === true;
}

/** The names of an entity's secret fields. */
export function secretFieldsOf(fields: Record<string, Field>): string[] {
  return Object.entries(fields)
    .filter(([, field]) => isSecretField(field))
    .map(([name]) => name);
}

/**
 * What the audit keeps of a secret's value (apps/api platform/audit.ts): that there was one, and
 * on the entry that replaced it, that it changed; never the value.
 */
export const SECRET_AUDIT_VALUES = { kept: '[secret]', changed: '[changed]' } as const;
