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
};

export type TextField = FieldCommon & {
  type: 'text';
  min?: number;
  max?: number;
  /** Exact length. */
  length?: number;
  /** Spec 5.2 'matches': the value must start with a digit. */
  matches?: 'startsWithDigit';
  email?: boolean;
  url?: boolean;
  multiline?: boolean;
  /** A secret shown masked in forms and never in lists or exports. */
  secret?: boolean;
};
export type NumberField = FieldCommon & { type: 'number'; scale?: number; min?: number; max?: number };
export type IntegerField = FieldCommon & { type: 'integer'; min?: number; max?: number };
export type StringListField = FieldCommon & { type: 'stringList'; min?: number; max?: number };
export type DateTimeField = FieldCommon & { type: 'dateTime' };
/** A [start, end] pair of date-times. */
export type DateRangeField = FieldCommon & { type: 'dateRange' };
export type BooleanField = FieldCommon & { type: 'boolean' };
export type EnumField = FieldCommon & { type: 'enum'; options: readonly string[]; multiple?: boolean; min?: number; max?: number };
export type RelationField = FieldCommon & {
  type: 'relation';
  /** Name of the related entity declaration (or 'user' / 'role'). */
  entity: string;
  multiple?: boolean;
  min?: number;
  max?: number;
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
