import { ENTITIES, type EntityDeclaration, type Field, PREDEFINED_ROLES, shownValueKey, stringsOf } from '@ebox/domain';
import type { TFunction } from 'i18next';

/**
 * Translation lookups of a declaration (keys written per entity: entities.<name>.fields.<leaf>,
 * entities.<name>.enumerators.<leaf>.<VALUE>; nested object leaves are flat). System fields fall
 * back to the shared resource labels so every entity shows them without repeating them.
 */

/** Fields every record has besides its declared ones. */
export const SYSTEM_FIELDS: Record<string, Field> = {
  id: { type: 'text', readOnly: true },
  createdAt: { type: 'dateTime', readOnly: true },
  updatedAt: { type: 'dateTime', readOnly: true },
};

export function leafOf(path: string): string {
  return path.split('.').pop() ?? path;
}

/** The field at a dotted path ('companySettings.orderTypes'), system fields included. */
export function fieldAt(entity: EntityDeclaration, path: string): Field | undefined {
  const [head, ...rest] = path.split('.');
  let field: Field | undefined = entity.fields[head ?? ''] ?? SYSTEM_FIELDS[head ?? ''];
  for (const part of rest) {
    if (field?.type !== 'object') return undefined;
    field = field.fields[part];
  }
  return field;
}

export function entityLabel(t: TFunction, entity: Pick<EntityDeclaration, 'name'>): string {
  return t(`entities.${entity.name}.label`, { defaultValue: entity.name });
}

export function entityPluralLabel(t: TFunction, entity: Pick<EntityDeclaration, 'name'>): string {
  return t(`entities.${entity.name}.labelPlural`, {
    defaultValue: t(`entities.${entity.name}.plural`, { defaultValue: entityLabel(t, entity) }),
  });
}

export function fieldLabel(t: TFunction, entity: Pick<EntityDeclaration, 'name'>, path: string): string {
  const leaf = leafOf(path);
  return t(`entities.${entity.name}.fields.${leaf}`, { defaultValue: t(`resource.fields.${leaf}`, { defaultValue: leaf }) });
}

export function fieldHint(t: TFunction, entity: Pick<EntityDeclaration, 'name'>, path: string): string | undefined {
  const hint = t(`entities.${entity.name}.hints.${leafOf(path)}`, { defaultValue: '' });
  return hint || undefined;
}

export function enumLabel(t: TFunction, entity: Pick<EntityDeclaration, 'name'>, path: string, value: string): string {
  return t(`entities.${entity.name}.enumerators.${leafOf(path)}.${value}`, { defaultValue: value });
}

export function booleanLabel(t: TFunction, value: boolean): string {
  return t(value ? 'kit.boolean.true' : 'kit.boolean.false');
}

/** The record's stored label (the value of its label field), as the API answers relations. */
export function recordLabel(entity: EntityDeclaration, record: Record<string, unknown> | undefined): string {
  const value = record?.[entity.labelField];
  if (value === null || value === undefined || value === '') return String(record?.id ?? '');
  if (typeof value === 'object' && 'label' in value) return String(value.label);
  return String(value);
}

/** Whether a role name is one of the predefined roles of spec 6 (their names cannot change, so the name says it). */
export function isPredefinedRoleName(name: unknown): name is string {
  return typeof name === 'string' && Object.hasOwn(PREDEFINED_ROLES, name);
}

/**
 * A stored label (a relation's {label}, a record's label field) as the user reads it: a label field
 * declared `translated` (predefined roles stored as 'customerViewer', read 'Leitor de clientes')
 * reads through the dictionary, as the server sorts and searches it.
 */
export function displayLabel(t: TFunction, entityName: string, label: string): string {
  const entity = ENTITIES[entityName];
  const field = entity?.fields[entity.labelField];
  const key = entity && field ? shownValueKey(entity.name, entity.labelField, field, label) : undefined;
  return key ? t(key, { defaultValue: label }) : label;
}

/** Whether labels of `entityName` are translated in the browser (the server now searches them as shown too). */
export function hasTranslatedLabels(entityName: string): boolean {
  const entity = ENTITIES[entityName];
  const field = entity?.fields[entity.labelField];
  return field?.type === 'text' && Boolean(field.translated);
}

/**
 * The words that name a record without a label (a message template without a subject): its
 * enumeration values translated ('E-mail · Entrega · Pedido criado'), else the entity's name. Never
 * its id: nobody reads a UUID.
 */
function untitledRecordName(t: TFunction, entity: EntityDeclaration, record: Record<string, unknown> | undefined): string {
  const words = Object.entries(entity.fields).flatMap(([name, field]) =>
    field.type === 'enum' ? stringsOf(record?.[name]).map((value) => enumLabel(t, entity, name, value)) : [],
  );
  return words.length ? words.join(' · ') : entityLabel(t, entity);
}

/** The record's label as the user reads it (page titles, confirmations, breadcrumbs). */
export function recordTitle(t: TFunction, entity: EntityDeclaration, record: Record<string, unknown> | undefined): string {
  const value = record?.[entity.labelField];
  if (value === null || value === undefined || value === '') return untitledRecordName(t, entity, record);
  return displayLabel(t, entity.name, recordLabel(entity, record));
}

/** A role's description: the one written for it, else, for a predefined role, its translated one. */
export function roleDescription(t: TFunction, role: { name?: unknown; description?: unknown }): string {
  if (typeof role.description === 'string' && role.description.trim()) return role.description;
  return isPredefinedRoleName(role.name) ? t(`roles.predefined.${role.name}.description`, { defaultValue: '' }) : '';
}
