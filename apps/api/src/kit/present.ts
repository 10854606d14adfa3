import type { EntityDeclaration, Field } from '@ebox/domain';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { labels } from './labels';
import type { Row } from './repository';

/**
 * Shapes stored rows into API records: relations become {id, label} (spec: only ids are sent,
 * labels come back for display), timestamps ISO 8601. Labels are read within the caller's scope: a
 * related record they may not see keeps its id (the reference belongs to the visible record, and a
 * form saving it back must not drop it) and gets the id as its label, like a record that is gone.
 */

function toIso(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function relationFields(entity: EntityDeclaration): [string, Extract<Field, { type: 'relation' }>][] {
  return Object.entries(entity.fields).filter(
    (entry): entry is [string, Extract<Field, { type: 'relation' }>] => entry[1].type === 'relation',
  );
}

export async function presentRows(db: Tx, entity: EntityDeclaration, rows: Row[], scope: CompanyScope): Promise<Record<string, unknown>[]> {
  const labelMaps = new Map<string, Map<string, string>>();
  for (const [name, field] of relationFields(entity)) {
    const ids = rows.flatMap((row) => {
      const value = row[name];
      if (Array.isArray(value)) return value as string[];
      return value ? [value as string] : [];
    });
    labelMaps.set(name, await labels.labelsOf(db, field.entity, ids, scope));
  }
  return rows.map((row) => {
    const record: Record<string, unknown> = { ...row };
    for (const [name, field] of Object.entries(entity.fields)) {
      const value = row[name];
      if (field.type === 'relation') {
        const map = labelMaps.get(name) ?? new Map();
        record[name] = field.multiple
          ? ((value as string[] | null) ?? []).map((id) => ({ id, label: map.get(id) ?? id }))
          : value
            ? { id: value, label: map.get(value as string) ?? value }
            : null;
      } else if (field.type === 'dateTime') {
        record[name] = toIso(value);
      } else if (field.type === 'dateRange' && Array.isArray(value)) {
        record[name] = value.map(toIso);
      }
    }
    record.createdAt = toIso(row.createdAt);
    record.updatedAt = toIso(row.updatedAt);
    return record;
  });
}

export async function presentRow(db: Tx, entity: EntityDeclaration, row: Row, scope: CompanyScope): Promise<Record<string, unknown>> {
  const [record] = await presentRows(db, entity, [row], scope);
  return record as Record<string, unknown>;
}
