import type { TFunction } from 'i18next';
import { ENTITIES } from './entities/index';
import { outboxEntity } from './entities/outbox';
import { userEntity } from './entities/user';
import type { EntityDeclaration } from './kit/entity';
import type { Field } from './kit/field';
import { fileRefsOf, isPlainObject, relationIdsOf, stringsOf } from './kit/record';
import { PERMISSIONS } from './permissions';

/**
 * An audit entry in words (docs/decisions.md "Audit log in words"): only the fields that
 * changed, each by its translated label, its values formatted as the screens show them (dates
 * DD/MM/YYYY HH:mm, yes/no, enums and permissions translated, related records and files by name).
 * The console's log, a record's history tab and the log's export all word entries with this.
 */

export type AuditChange = {
  /** The field's path in the stored values (`companySettings.orderTypes` for an object's member). */
  key: string;
  label: string;
  /** The value as people read it; null when there was none. */
  before: string | null;
  after: string | null;
  /** A list field changed on both sides: what joined and what left, instead of two whole lists. */
  added?: string[];
  removed?: string[];
};

export type AuditWording = {
  t: TFunction;
  language: string;
  /** Labels of the related records the values name, by id (GET /auditLog answers them per entry). */
  references?: Record<string, string>;
  /** A date-time as DD/MM/YYYY HH:mm in the reader's zone. */
  formatDateTime: (iso: string) => string;
  /** A stored label as people read it (a predefined role's key translated); the label as is by default. */
  displayLabel?: (entityName: string, label: string) => string;
};

/** Keys a stored row carries that say nothing to a reader (stamps, hashes, scope bookkeeping). */
const UNWORDED = new Set(['id', 'createdAt', 'updatedAt', 'createdById', 'updatedById', 'importHash', 'companyIds', 'tokenVersion']);

/** Entities audited besides the declared ones, read through their own declarations. */
const PLATFORM_DECLARATIONS: Record<string, EntityDeclaration> = { user: userEntity, outbox: outboxEntity };

/** The declaration of an audited entity name, when it has one (settings has none). */
export function auditedDeclarationOf(entityName: string): EntityDeclaration | undefined {
  return ENTITIES[entityName] ?? PLATFORM_DECLARATIONS[entityName];
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function fieldLabelOf(t: TFunction, entityName: string, key: string): string {
  const leaf = key.split('.').pop() ?? key;
  return t(`entities.${entityName}.fields.${leaf}`, { defaultValue: t(`resource.fields.${leaf}`, { defaultValue: leaf }) });
}

function yesNo(t: TFunction, value: boolean): string {
  return t(value ? 'resource.boolean.true' : 'resource.boolean.false');
}

function enumItemLabel(t: TFunction, entityName: string, key: string, field: Field, value: string): string {
  // Every field holding permissions (a role's) reads them by the names the role form shows.
  if (field.type === 'enum' && field.options === PERMISSIONS) return t(`permissions.${value}.label`, { defaultValue: value });
  const leaf = key.split('.').pop() ?? key;
  return t(`entities.${entityName}.enumerators.${leaf}.${value}`, { defaultValue: value });
}

function relationLabel(wording: AuditWording, target: string, id: string): string {
  const label = wording.references?.[id];
  if (label === undefined) return wording.t('auditLog.unknownRecord');
  return wording.displayLabel ? wording.displayLabel(target, label) : label;
}

/** A list field's items as words, keyed by what identifies each (an id, a value, a file). */
function itemsOf(entityName: string, key: string, field: Field, value: unknown, wording: AuditWording): [string, string][] | null {
  switch (field.type) {
    case 'stringList':
      return stringsOf(value).map((item) => [item, item]);
    case 'enum':
      return field.multiple ? stringsOf(value).map((item) => [item, enumItemLabel(wording.t, entityName, key, field, item)]) : null;
    case 'relation':
      return field.multiple ? relationIdsOf(value).map((id) => [id, relationLabel(wording, field.entity, id)]) : null;
    case 'files':
      return fileRefsOf(value).map((file) => [file.id ?? file.publicUrl, file.name]);
    default:
      return null;
  }
}

function numberText(wording: AuditWording, value: unknown, scale?: number): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  return new Intl.NumberFormat(wording.language, { minimumFractionDigits: scale ?? 0, maximumFractionDigits: scale ?? 6 }).format(number);
}

/** Values of undeclared keys that have translations of their own (a theme's name), by entity and key. */
const UNDECLARED_VALUE_KEYS: Record<string, Record<string, string>> = { settings: { theme: 'settings.themes' } };

/** A value nothing declares (settings, keys of older entries), worded by its shape. */
function untypedText(wording: AuditWording, value: unknown): string {
  if (typeof value === 'boolean') return yesNo(wording.t, value);
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? wording.formatDateTime(value) : value;
  if (typeof value === 'number') return numberText(wording, value);
  if (Array.isArray(value)) return value.map((item) => untypedText(wording, item)).join(', ');
  if (isPlainObject(value))
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${untypedText(wording, item)}`)
      .join('; ');
  return String(value);
}

function valueText(entityName: string, key: string, field: Field | undefined, value: unknown, wording: AuditWording): string | null {
  if (isEmptyValue(value) && field?.type !== 'boolean') return null;
  const valueKey = UNDECLARED_VALUE_KEYS[entityName]?.[key];
  if (!field && valueKey && typeof value === 'string') return wording.t(`${valueKey}.${value}`, { defaultValue: value });
  if (!field) return untypedText(wording, value);
  const items = itemsOf(entityName, key, field, value, wording);
  if (items) return items.map(([, label]) => label).join(', ');
  switch (field.type) {
    case 'text':
      return field.secret ? '••••••' : String(value);
    case 'number':
      return numberText(wording, value, field.scale);
    case 'integer':
      return String(value);
    case 'boolean':
      return yesNo(wording.t, Boolean(value));
    case 'dateTime':
      return wording.formatDateTime(String(value));
    case 'dateRange': {
      const [start, end] = Array.isArray(value) ? value : [];
      return `${start ? wording.formatDateTime(String(start)) : '…'} – ${end ? wording.formatDateTime(String(end)) : '…'}`;
    }
    case 'enum':
      return enumItemLabel(wording.t, entityName, key, field, String(value));
    case 'relation': {
      const [id] = relationIdsOf(value);
      return id ? relationLabel(wording, field.entity, id) : null;
    }
    default:
      return untypedText(wording, value);
  }
}

/** Declared fields flattened to their leaves (an object's members are compared one by one). */
function leavesOf(fields: Record<string, Field>, prefix = ''): [string, Field][] {
  return Object.entries(fields).flatMap(([name, field]): [string, Field][] =>
    field.type === 'object' && Object.keys(field.fields).length
      ? leavesOf(field.fields, `${prefix}${name}.`)
      : [[`${prefix}${name}`, field]],
  );
}

function valueAt(record: Record<string, unknown> | null, key: string): unknown {
  let value: unknown = record;
  for (const part of key.split('.')) value = isPlainObject(value) ? value[part] : undefined;
  return value;
}

/** The fields an entry changed, in the declaration's order (undeclared keys after, by name). */
export function auditChangesOf(
  entry: { entityName?: string | null; values?: Record<string, unknown> | null },
  wording: AuditWording,
): AuditChange[] {
  const entityName = entry.entityName ?? '';
  const before = isPlainObject(entry.values?.before) ? entry.values.before : null;
  const after = isPlainObject(entry.values?.after) ? entry.values.after : null;
  const declaration = auditedDeclarationOf(entityName);
  // A secret's values are stored masked (the API's audit.ts): its change reads '•••••• → ••••••'.
  const declared = declaration ? leavesOf(declaration.fields) : [];
  // A declared entity's row also holds bookkeeping columns: only entities without a declaration (settings) show every key.
  const undeclared = declaration
    ? []
    : [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => !UNWORDED.has(key)).sort();
  const keys: [string, Field | undefined][] = [...declared, ...undeclared.map((key): [string, undefined] => [key, undefined])];
  const changes: AuditChange[] = [];
  for (const [key, field] of keys) {
    const old = valueAt(before, key);
    const now = valueAt(after, key);
    if (sameValue(old, now)) continue;
    // A boolean that was not there before (a record created) reads as its value, not as a change from "no".
    if (field?.type === 'boolean' && ((!before && now === false) || (!after && old === false))) continue;
    const change: AuditChange = {
      key,
      label: fieldLabelOf(wording.t, entityName, key),
      before: before ? valueText(entityName, key, field, old, wording) : null,
      after: after ? valueText(entityName, key, field, now, wording) : null,
    };
    const oldItems = before && after && field ? itemsOf(entityName, key, field, old, wording) : null;
    const newItems = before && after && field ? itemsOf(entityName, key, field, now, wording) : null;
    if (oldItems && newItems) {
      const oldIds = new Set(oldItems.map(([id]) => id));
      const newIds = new Set(newItems.map(([id]) => id));
      change.added = newItems.filter(([id]) => !oldIds.has(id)).map(([, label]) => label);
      change.removed = oldItems.filter(([id]) => !newIds.has(id)).map(([, label]) => label);
    }
    changes.push(change);
  }
  return changes;
}

/** One change as a line of text: "Nome: A → B", "Permissões: + Ver clientes; − Editar clientes". */
export function auditChangeText(t: TFunction, change: AuditChange): string {
  const none = t('auditLog.none');
  if (change.added || change.removed) {
    const parts = [
      ...(change.added?.length ? [`+ ${change.added.join(', ')}`] : []),
      ...(change.removed?.length ? [`− ${change.removed.join(', ')}`] : []),
    ];
    return `${change.label}: ${parts.join('; ')}`;
  }
  return `${change.label}: ${change.before ?? none} → ${change.after ?? none}`;
}

/** The ids of related records an entry's values name, by related entity (to look up their labels). */
export function auditReferencesOf(entry: { entityName?: string | null; values?: Record<string, unknown> | null }): Map<string, string[]> {
  const declaration = auditedDeclarationOf(entry.entityName ?? '');
  const result = new Map<string, string[]>();
  if (!declaration) return result;
  const records = [entry.values?.before, entry.values?.after].filter(isPlainObject);
  for (const [key, field] of leavesOf(declaration.fields)) {
    if (field.type !== 'relation') continue;
    const ids = records.flatMap((record) => relationIdsOf(valueAt(record, key)));
    if (ids.length) result.set(field.entity, [...(result.get(field.entity) ?? []), ...ids]);
  }
  return result;
}

/** DD/MM/YYYY HH:mm in a time zone (the export words dates where no browser is there to). */
export function formatDateTimeInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
