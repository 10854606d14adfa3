import {
  type EntityDeclaration,
  type EntityRecord,
  type RelationField,
  type RelationRef,
  relationIdsOf,
  secretFieldsOf,
  textOf,
} from '@ebox/domain';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { type EntityRules, labelSourceOf } from '../platform/entity-rules';
import { labelKeyOf, labels } from './labels';
import { PAGE_TOTAL_KEY, type Row } from './repository';

/**
 * Shapes stored rows into API records: relations become {id, label} (spec: only ids are sent,
 * labels come back for display), timestamps ISO 8601. Labels are read within the caller's scope: a
 * related record they may not see keeps its id (the reference belongs to the visible record, and a
 * form saving it back must not drop it) and gets the id as its label, like a record that is gone.
 * The answer is what `entityRecordSchema` (packages/domain) describes.
 */

/** PostgreSQL's text of a timestamptz in UTC, the session's zone; years before 1000 take Date's path. */
const PG_UTC = /^([1-9]\d{3}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  // Every row of a page has two or more stamps: read the common form without parsing a Date (the
  // same text Date gives: milliseconds truncated, always three digits).
  const utc = typeof value === 'string' ? PG_UTC.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

function relationFields(entity: EntityDeclaration): [string, RelationField][] {
  return Object.entries(entity.fields).filter((entry): entry is [string, RelationField] => entry[1].type === 'relation');
}

function refsOf(ids: string[], labelsById: Map<string, string>): RelationRef[] {
  return ids.map((id) => ({ id, label: labelsById.get(id) ?? id }));
}

const labelKeySets = new WeakMap<EntityDeclaration, ReadonlySet<string>>();

function labelKeysOf(entity: EntityDeclaration): ReadonlySet<string> {
  let keys = labelKeySets.get(entity);
  if (!keys) {
    keys = new Set([...Object.keys(entity.fields).map(labelKeyOf), PAGE_TOTAL_KEY]);
    labelKeySets.set(entity, keys);
  }
  return keys;
}

type PresentedFields = { relations: [string, RelationField][]; dateTimes: string[]; dateRanges: string[]; secrets: string[] };

/**
 * Whether a row's secret fields (an order's access code) are shown to this caller: a list never
 * shows them; a single record asks its entity's policy (see EntityPolicy.revealSecrets).
 */
export type RevealSecrets = (row: Row) => boolean;
const presentedFields = new WeakMap<EntityDeclaration, PresentedFields>();

/** The fields presenting changes, by kind, once per entity rather than once per row. */
function presentedFieldsOf(entity: EntityDeclaration): PresentedFields {
  let fields = presentedFields.get(entity);
  if (!fields) {
    const entries = Object.entries(entity.fields);
    fields = {
      relations: relationFields(entity),
      dateTimes: entries.filter(([, field]) => field.type === 'dateTime').map(([name]) => name),
      dateRanges: entries.filter(([, field]) => field.type === 'dateRange').map(([name]) => name),
      secrets: secretFieldsOf(entity.fields),
    };
    presentedFields.set(entity, fields);
  }
  return fields;
}

export async function presentRows<E extends EntityDeclaration>(
  db: Tx,
  entity: E,
  rows: Row[],
  scope: CompanyScope,
  rules: EntityRules,
  reveal?: RevealSecrets,
): Promise<EntityRecord<E>[]> {
  const labelMaps = new Map<string, Map<string, string>>();
  // Labels the rows were read with (a list page) need no query; the others are read at once from
  // the pool, one after the other in a transaction (one connection: pg refuses overlapping queries).
  const readLabels = async ([name, field]: [string, RelationField]) => {
    const known = new Map<string, string>();
    const key = labelKeyOf(name);
    // A record labelled by a source of its own (a unit with its building) is read from that source.
    const readWithPage = !labelSourceOf(rules, field.entity, entity.name);
    const missing: string[] = [];
    for (const row of rows) {
      for (const id of relationIdsOf(row[name])) {
        if (readWithPage && key in row) known.set(id, textOf(row[key]) ?? id);
        else missing.push(id);
      }
    }
    labelMaps.set(name, new Map([...known, ...(await labels.labelsOf(db, field.entity, missing, scope, rules, entity.name))]));
  };
  const { relations, dateTimes, dateRanges, secrets } = presentedFieldsOf(entity);
  if (db instanceof PgTransaction) for (const relation of relations) await readLabels(relation);
  else await Promise.all(relations.map(readLabels));
  const labelKeys = labelKeysOf(entity);
  const noLabels = new Map<string, string>();
  return rows.map((row) => {
    // The row as stored less the labels and the list's total it was read with, copied once (no deletes: they slow every later read of the object).
    const record: Record<string, unknown> = {};
    for (const key in row) if (!labelKeys.has(key)) record[key] = row[key];
    for (const [name, field] of relations) {
      const refs = refsOf(relationIdsOf(row[name]), labelMaps.get(name) ?? noLabels);
      record[name] = field.multiple ? refs : (refs[0] ?? null);
    }
    for (const name of dateTimes) record[name] = toIso(row[name]);
    for (const name of dateRanges) {
      const value = row[name];
      if (Array.isArray(value)) record[name] = value.map(toIso);
    }
    // null rather than absent: the record's schema declares the field; the caller cannot tell a hidden code from none.
    if (secrets.length && !reveal?.(row)) for (const name of secrets) record[name] = null;
    record.createdAt = toIso(row.createdAt);
    record.updatedAt = toIso(row.updatedAt);
    // Built field by field from the declaration above: the one place a stored row becomes its record type.
    return record as EntityRecord<E>;
  });
}

export async function presentRow<E extends EntityDeclaration>(
  db: Tx,
  entity: E,
  row: Row,
  scope: CompanyScope,
  rules: EntityRules,
  reveal?: RevealSecrets,
): Promise<EntityRecord<E>> {
  const [record] = await presentRows(db, entity, [row], scope, rules, reveal);
  if (!record) throw new Error('presentRows answered no record for one row');
  return record;
}
