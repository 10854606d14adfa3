import type { EntityDeclaration, Field } from '@ebox/domain';
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

/** The record's label, as relations and confirmations show it. */
export function recordLabel(entity: EntityDeclaration, record: Record<string, unknown> | undefined): string {
  const value = record?.[entity.labelField];
  if (value === null || value === undefined || value === '') return String(record?.id ?? '');
  if (typeof value === 'object' && 'label' in (value as object)) return String((value as { label: unknown }).label);
  return String(value);
}
