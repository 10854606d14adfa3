import {
  ACCENTED_LETTERS,
  ENTITIES,
  type EntityDeclaration,
  isUuid,
  messages,
  naturalKeyOf,
  normalizedKey,
  PLAIN_LETTERS,
  textOf,
} from '@ebox/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { entityTable } from '../platform/db/entity-tables';
import { ValidationError } from '../platform/errors';
import { scopeCondition } from './scope';

/**
 * An import names related records as a person does: by the related entity's natural key (name,
 * code, e-mail; `naturalKey` in its declaration) or by id, compared without case or accents, among
 * the records the importing actor may see. A name that several records share is narrowed by what
 * the row already says (the company of a company-scoped record, the parent of a nested one); one
 * that still matches none or several is refused with the name in the message.
 */

const MAX_CANDIDATES = 20;

/** What a key column reads as once normalised, the same way `normalizedKey` does in JavaScript. */
function normalizedColumn(column: PgColumn): SQL {
  return sql`lower(translate(regexp_replace(btrim(${column}::text), '\\s+', ' ', 'g'), ${ACCENTED_LETTERS}, ${PLAIN_LETTERS}))`;
}

/** Relation fields of the target that an importing row can narrow a shared name by. */
function narrowingFieldsOf(target: EntityDeclaration): string[] {
  const names = new Set<string>();
  if (target.scope.kind === 'company') names.add(target.scope.field);
  if (target.parent) names.add(target.parent.field);
  return [...names].filter((name) => {
    const field = target.fields[name];
    return field?.type === 'relation' && !field.multiple;
  });
}

type Candidate = { id: string; context: Record<string, string | null> };

/** The words a name is looked up by: itself and its alias, normalised. */
function wordsOf(target: EntityDeclaration, text: string): string[] {
  const words = [normalizedKey(text)];
  const alias = target.naturalKeyAlias?.(text);
  if (alias) words.push(normalizedKey(alias));
  return words;
}

/**
 * The records of `target` in `scope` named by any of `texts` (a key column equal to one of their
 * words, or their id), with each key column normalised (`k0`, `k1`...) for telling which text
 * found which, at most `limit` rows.
 */
async function rowsNamedBy(db: Tx, target: EntityDeclaration, texts: string[], scope: CompanyScope, limit: number) {
  const table: Record<string, PgColumn> = entityTable(target.name);
  const id = table.id;
  const words = [...new Set(texts.flatMap((text) => wordsOf(target, text)))];
  const keyColumns = naturalKeyOf(target)
    .map((name) => table[name])
    .filter((column): column is PgColumn => Boolean(column));
  const matches: SQL[] = keyColumns.map(
    (column) =>
      sql`${normalizedColumn(column)} IN (${sql.join(
        words.map((word) => sql`${word}`),
        sql`, `,
      )})`,
  );
  const ids = texts.filter(isUuid);
  if (ids.length)
    matches.unshift(
      sql`${id} IN (${sql.join(
        ids.map((text) => sql`${text}::uuid`),
        sql`, `,
      )})`,
    );
  if (!matches.length) return [];
  const narrowing = narrowingFieldsOf(target);
  const context = Object.fromEntries(narrowing.map((name) => [name, sql<string | null>`${table[name]}::text`]));
  const keys = Object.fromEntries(keyColumns.map((column, index) => [`k${index}`, sql<string | null>`${normalizedColumn(column)}`]));
  const rows = await db
    .select({ id: sql<string>`${id}::text`, ...context, ...keys })
    .from(entityTable(target.name))
    .where(and(sql`(${sql.join(matches, sql` OR `)})`, scopeCondition(target, table, scope)))
    .limit(limit);
  return rows.map((row) => {
    // The key and context columns are selected under computed names, which drizzle's row type leaves out.
    const values: Record<string, unknown> = row;
    return {
      id: row.id,
      keys: keyColumns.map((_, index) => textOf(values[`k${index}`])),
      context: Object.fromEntries(narrowing.map((name) => [name, textOf(values[name])])),
    };
  });
}

/** Of the rows `rowsNamedBy` found, those `text` names: its id exactly when it is one, else its words. */
function candidatesAmong(target: EntityDeclaration, text: string, rows: Awaited<ReturnType<typeof rowsNamedBy>>): Candidate[] {
  const exact = isUuid(text) ? rows.filter((row) => row.id === text.toLowerCase()) : [];
  const words = wordsOf(target, text);
  const named = exact.length ? exact : rows.filter((row) => row.keys.some((key) => key !== null && words.includes(key)));
  return named.slice(0, MAX_CANDIDATES).map((row) => ({ id: row.id, context: row.context }));
}

async function candidatesOf(db: Tx, target: EntityDeclaration, text: string, scope: CompanyScope): Promise<Candidate[]> {
  return candidatesAmong(target, text, await rowsNamedBy(db, target, [text], scope, MAX_CANDIDATES));
}

/** The translated message of a refused name: the target's own wording when it has one. */
function messageKey(kind: 'none' | 'several', target: string): string {
  const errors = messages['pt-BR'].errors;
  const byKind = typeof errors === 'object' ? errors.naturalKey : undefined;
  const byTarget = typeof byKind === 'object' ? byKind[kind] : undefined;
  return typeof byTarget === 'object' && typeof byTarget[target] === 'string'
    ? `errors.naturalKey.${kind}.${target}`
    : `errors.naturalKey.${kind}.default`;
}

type Pending = { name: string; target: EntityDeclaration; text: string; candidates: Candidate[]; index: number | null };

/**
 * The records names resolved to, kept across the rows of one import batch (kit/import-batch.ts):
 * a thousand rows naming the same company look it up once. Only within one transaction, where
 * what was found stays true.
 */
export type NaturalKeyCache = Map<string, Promise<Candidate[]>>;

const cacheKeyOf = (target: EntityDeclaration, scope: CompanyScope, text: string) =>
  `${target.name}\u0000${scope.companyIds?.join(',') ?? '*'}\u0000${text}`;

/**
 * Looks up, in one query per related entity, every name that `rows` give (an import batch's rows,
 * validated), into `cache` for their `resolveNaturalKeys`: a batch naming fifty companies reads
 * them together rather than one round trip per row. Should the names find more records than one
 * query reads, each is left to its own lookup.
 */
export async function prefetchNaturalKeys(
  db: Tx,
  entity: EntityDeclaration,
  rows: readonly Record<string, unknown>[],
  scope: CompanyScope,
  cache: NaturalKeyCache,
): Promise<void> {
  const textsByTarget = new Map<EntityDeclaration, Set<string>>();
  for (const [name, field] of Object.entries(entity.fields)) {
    const target = field.type === 'relation' ? ENTITIES[field.entity] : undefined;
    if (!target) continue;
    const texts = textsByTarget.get(target) ?? new Set<string>();
    textsByTarget.set(target, texts);
    for (const row of rows) {
      const value = row[name];
      if (value === undefined || value === null) continue;
      for (const text of Array.isArray(value) ? value.map(String) : [String(value)]) {
        if (!cache.has(cacheKeyOf(target, scope, text))) texts.add(text);
      }
    }
  }
  for (const [target, texts] of textsByTarget) {
    if (texts.size < 2) continue;
    const limit = MAX_CANDIDATES * texts.size;
    const found = await rowsNamedBy(db, target, [...texts], scope, limit);
    if (found.length >= limit) continue;
    for (const text of texts) cache.set(cacheKeyOf(target, scope, text), Promise.resolve(candidatesAmong(target, text, found)));
  }
}

function cachedCandidatesOf(db: Tx, target: EntityDeclaration, text: string, scope: CompanyScope, cache?: NaturalKeyCache) {
  if (!cache) return candidatesOf(db, target, text, scope);
  const key = cacheKeyOf(target, scope, text);
  let found = cache.get(key);
  if (!found) {
    found = candidatesOf(db, target, text, scope);
    cache.set(key, found);
  }
  return found;
}

/**
 * The relation fields whose every value `resolveNaturalKeys` finds among the records the actor may
 * see (a name or an id alike): a write of its answer need not look them up again.
 */
export function relationsResolvedByNaturalKeys(entity: EntityDeclaration): ReadonlySet<string> {
  return new Set(
    Object.entries(entity.fields).flatMap(([name, field]) => (field.type === 'relation' && ENTITIES[field.entity] ? [name] : [])),
  );
}

/**
 * `data` (validated in import mode) with every relation value that is a natural key replaced by its
 * record's id; throws a validation error naming each value that matches no record or several.
 */
export async function resolveNaturalKeys(
  db: Tx,
  entity: EntityDeclaration,
  data: Record<string, unknown>,
  scope: CompanyScope,
  cache?: NaturalKeyCache,
): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { ...data };
  const pending: Pending[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.type !== 'relation' || !(name in data) || data[name] == null) continue;
    const target = ENTITIES[field.entity];
    // A target outside the declared entities (the platform's users) is named by id only.
    if (!target) continue;
    const value = data[name];
    const texts = Array.isArray(value) ? value.map(String) : [String(value)];
    for (const [position, text] of texts.entries()) {
      pending.push({
        name,
        target,
        text,
        candidates: await cachedCandidatesOf(db, target, text, scope, cache),
        index: Array.isArray(value) ? position : null,
      });
    }
  }

  // A shared name is narrowed by the row's other relations once those are known (a building named
  // in the row's company); each pass settles what it can.
  const settled = (item: Pending) => item.candidates.length === 1;
  const chosen = (name: string): string | null => {
    const items = pending.filter((item) => item.name === name && item.index === null);
    return items.length === 1 && items[0] && settled(items[0]) ? (items[0].candidates[0]?.id ?? null) : null;
  };
  for (let progress = true; progress; ) {
    progress = false;
    for (const item of pending.filter((entry) => entry.candidates.length > 1)) {
      const narrowed = item.candidates.filter((candidate) =>
        Object.entries(candidate.context).every(([field, value]) => {
          const own = item.target.fields[field];
          const rowField =
            own?.type === 'relation'
              ? Object.entries(entity.fields).find(([, f]) => f.type === 'relation' && !f.multiple && f.entity === own.entity)
              : undefined;
          const known = rowField ? (chosen(rowField[0]) ?? (isUuid(data[rowField[0]]) ? String(data[rowField[0]]) : null)) : null;
          return known === null || value === known;
        }),
      );
      if (narrowed.length && narrowed.length < item.candidates.length) {
        item.candidates = narrowed;
        progress = true;
      }
    }
  }

  const issues: z.core.$ZodIssue[] = [];
  for (const item of pending) {
    if (item.candidates.length !== 1) {
      const kind = item.candidates.length ? 'several' : 'none';
      issues.push({
        code: 'custom',
        message: messageKey(kind, item.target.name),
        path: item.index === null ? [item.name] : [item.name, item.index],
        params: { value: item.text },
        input: item.text,
      });
    }
  }
  if (issues.length) throw new ValidationError(issues, `entities.${entity.name}.fields`);
  for (const item of pending) {
    const id = item.candidates[0]?.id;
    if (!id) continue;
    if (item.index === null) result[item.name] = id;
    else {
      const current = result[item.name];
      const list = Array.isArray(current) ? [...current] : [];
      list[item.index] = id;
      result[item.name] = list;
    }
  }
  for (const [name, value] of Object.entries(result))
    if (Array.isArray(value) && entity.fields[name]?.type === 'relation') result[name] = [...new Set(value)];
  return result;
}
