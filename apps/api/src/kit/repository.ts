import { type EntityDeclaration, type Language, translatedValuesOf } from '@ebox/domain';
import { and, Column, eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../platform/access';
import type { Tx } from '../platform/db/client';
import { entityTable, identifierKeyOf } from '../platform/db/entity-tables';
import type { Resource, Row } from '../platform/entity-rules';
import { COUNT_CAP, type ListTotal, listTotal, maintainedTotalOf, readTotal } from './counts';
import { DRIVER_TYPES, type Driver, driverOf } from './driver';
import { labels, relationLabelColumns } from './labels';
import { DEFAULT_LIMIT, filterConditions, keysetCondition, type ListQuery, orderByClause } from './list-query';
import { scopeCondition, visibleIdsOf } from './scope';
import { shownValueOf } from './shown-values';

/**
 * The data layer of the kit: every SQL statement of the generic resource lives here. It works on
 * any table whose column keys match a declaration's field names, so IAM (platform user table) and
 * the audit log reuse it with their own declarations.
 */
export type { Resource, Row } from '../platform/entity-rules';

export function resourceOf(entity: EntityDeclaration, table: PgTable = entityTable(entity.name)): Resource {
  return { entity, table, columns: getTableColumns(table) };
}

/** Some of a resource's columns by their field names, for a select of its own (`db.select(pickColumns(r, [...]))`). */
export function pickColumns<K extends string>(resource: Resource, names: readonly K[]): Record<K, PgColumn> {
  // Object.fromEntries types its keys as any string: these are exactly `names`.
  return Object.fromEntries(names.map((name) => [name, resource.columns[name]])) as Record<K, PgColumn>;
}

/** Raw cursor rows carry database column names; map them back to field names and JS values. */
export function rowFromDriver(resource: Resource, raw: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(resource.columns)) {
    const name = column.name;
    if (!name || !(name in raw)) continue;
    const value = raw[name];
    row[key] = value === null || value === undefined || value instanceof Date ? value : column.mapFromDriverValue(value);
  }
  if (!isRow(row)) throw new Error('a kit row came back without its id');
  return row;
}

function idColumn(resource: Resource): PgColumn {
  const column = resource.columns.id;
  if (!column) throw new Error(`table of ${resource.entity.name} has no id column`);
  return column;
}

/** The id as the driver answers a uuid: text. */
function idText(resource: Resource): SQL<string> {
  return sql<string>`${idColumn(resource)}`;
}

function isRow(value: Record<string, unknown>): value is Row {
  return typeof value.id === 'string';
}

/** What the driver answers for a selection of the table's columns; every such row has its id. */
export function rowsOf(result: Record<string, unknown>[]): Row[] {
  return result.map((value) => {
    if (!isRow(value)) throw new Error('a kit row came back without its id');
    return value;
  });
}

function firstRow(result: Record<string, unknown>[]): Row | null {
  return rowsOf(result)[0] ?? null;
}

/** The SELECT list: declared fields and system columns (never secrets like password hashes). */
function selection(resource: Resource): Record<string, PgColumn> {
  const names = ['id', ...Object.keys(resource.entity.fields), 'createdAt', 'updatedAt'];
  const result: Record<string, PgColumn> = {};
  for (const name of names) {
    const column = resource.columns[name];
    if (column) result[name] = column;
  }
  return result;
}

export function listWhere(
  resource: Resource,
  query: Pick<ListQuery, 'filter' | 'language'>,
  scope: CompanyScope,
  extra: SQL[] = [],
): SQL | undefined {
  return and(
    scopeCondition(resource.entity, resource.columns, scope),
    ...filterConditions(resource.entity, resource.columns, query.filter, visibleIdsOf(scope), query.language),
    ...extra,
  );
}

/** With `withLabels`, each row also carries its single relations' labels (see `relationLabelColumns`). */
export function listSelect(
  db: Tx,
  resource: Resource,
  query: ListQuery,
  scope: CompanyScope,
  extra: SQL[] = [],
  { withLabels = false }: { withLabels?: boolean } = {},
) {
  const where = listWhere(resource, query, scope, extra);
  const order = orderByClause(resource.entity, resource.columns, query.orderBy, labels, scope, query.language);
  const labelColumns = withLabels ? relationLabelColumns(resource.entity, resource.columns, scope) : {};
  return db
    .select({ ...selection(resource), ...labelColumns })
    .from(resource.table)
    .where(where)
    .orderBy(...order);
}

/**
 * One page and its total (see counts.ts for what `count` means and when it is capped). With
 * `after`, the page starts after that row in the list's order (keyset paging).
 */
export async function listRows(
  db: Tx,
  resource: Resource,
  query: ListQuery,
  scope: CompanyScope,
  extra: SQL[] = [],
  options: { withLabels?: boolean; maintainedTotal?: SQL } = {},
): Promise<{ rows: Row[] } & ListTotal> {
  const limit = query.limit || DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const where = listWhere(resource, query, scope, extra);
  const keyset = query.after ? [keysetCondition(resource.entity, resource.table, resource.columns, query, query.after, labels, scope)] : [];
  const pageWhere = and(where, ...keyset);
  const withLabels = options.withLabels ?? false;
  // A total kept for this list (the entity's own, policies.ts maintainedTotal, or the kit's counts)
  // is read by the page's own statement: one round trip, one snapshot. An empty page has no row to
  // carry it, so it is read alone.
  const maintained = extra.length ? undefined : (options.maintainedTotal ?? maintainedTotalOf(resource, query, scope, extra));
  if (maintained) {
    const page = await pageRows(db, resource, query, scope, pageWhere, limit, offset, withLabels, maintained);
    return { rows: page.rows, count: page.total ?? (await readTotal(db, maintained)) };
  }
  // A page that ends before its limit holds the end of the list: its total needs no count (an
  // exact lookup, a narrow filter). Only a full page, or an empty one past the start, is counted.
  const { rows } = await pageRows(db, resource, query, scope, pageWhere, limit, offset, withLabels);
  const reachedEnd = !query.after && rows.length < limit && (rows.length > 0 || offset === 0);
  if (reachedEnd) return { rows, count: offset + rows.length };
  return { rows, ...(await listTotal(db, resource, query, where, Math.max(COUNT_CAP, offset + limit))) };
}

/**
 * The key under which a page's statement answers its list's total (`total`): no field's name, and
 * no relation's label key (`<field>:label`).
 */
export const PAGE_TOTAL_KEY = 'list:total';

/**
 * The hot path of every list (issue 9): the page is the same SELECT `listSelect` builds, but its
 * column list (the table's columns and the relation label subqueries, the bulk of the statement) is
 * rendered once per entity and scope and kept as text, and the rows come straight from the driver
 * keyed by field name, decoded by their columns as drizzle decodes them. Only the WHERE, ORDER BY and
 * paging are rendered per request. A handle that is not node-postgres's takes drizzle's own path.
 * With `total`, every row also carries that expression's value (PAGE_TOTAL_KEY), answered as `total`.
 */
async function pageRows(
  db: Tx,
  resource: Resource,
  query: ListQuery,
  scope: CompanyScope,
  where: SQL | undefined,
  limit: number,
  offset: number,
  withLabels: boolean,
  total?: SQL,
): Promise<{ rows: Row[]; total?: number }> {
  const driver = driverOf(db);
  let rows: Record<string, unknown>[];
  if (!driver) {
    const order = orderByClause(resource.entity, resource.columns, query.orderBy, labels, scope, query.language);
    const select = db
      .select({
        ...selection(resource),
        ...(withLabels ? relationLabelColumns(resource.entity, resource.columns, scope) : {}),
        ...(total ? { [PAGE_TOTAL_KEY]: sql<string | number>`${total}` } : {}),
      })
      .from(resource.table)
      .where(where)
      .orderBy(...order);
    rows = await select.limit(limit).offset(offset);
  } else {
    const head = pageHead(driver.dialect, resource, query, scope, withLabels);
    // Numbered after the head's parameters and its ORDER BY's, wherever they stand in the text.
    const totalColumn = total
      ? driver.dialect.sqlToQueryFrom(sql`, ${total} as ${sql.identifier(PAGE_TOTAL_KEY)}`, head.params.length)
      : undefined;
    const before = head.params.length + (totalColumn?.params.length ?? 0);
    const tail = driver.dialect.sqlToQueryFrom(sql`${where ? sql` where ${where}` : sql``}`, before);
    const paging = before + tail.params.length;
    const text = `${head.select}${totalColumn?.sql ?? ''}${head.from}${tail.sql}${head.order} limit $${paging + 1} offset $${paging + 2}`;
    const result = await driver.query<Record<string, unknown>>({
      text,
      values: [...head.params, ...(totalColumn?.params ?? []), ...tail.params, limit, offset],
      types: DRIVER_TYPES,
    });
    rows = result.rows;
    const decoders = head.decoders;
    for (const row of rows) {
      for (const [key, column] of decoders) {
        const value = row[key];
        if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
      }
    }
  }
  const first = rows[0];
  return { rows: rowsOf(rows), total: total && first ? Number(first[PAGE_TOTAL_KEY] ?? 0) : undefined };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** A page statement's parts kept per entity and scope: `select <columns>`, ` from <table>`, ` order by ...`. */
type PageHead = { select: string; from: string; order: string; params: unknown[]; decoders: [string, Decoder][] };

/** drizzle's decoder of an expression (not in its public types). */
function decoderOf(expression: SQL): Decoder {
  return (expression as unknown as { decoder: Decoder }).decoder;
}

/** A resource may map a field to an expression (IAM's status) rather than a column: drizzle decodes it by its own decoder. */
function expressionOf(column: unknown): SQL {
  if (is(column, SQL.Aliased)) return column.sql;
  if (is(column, SQL)) return column;
  throw new Error('a resource field is neither a column nor an SQL expression');
}

const heads = new WeakMap<Resource, Map<string, PageHead>>();
/** Distinct scopes kept per entity: a scope is a user's companies, so few; past this the cache starts over. */
const MAX_HEADS = 500;

/**
 * `select <columns and labels, each named as its field> from <table>` and the ` order by …` of the
 * list's sort, rendered once per entity, scope, sort and language: the ORDER BY's parameters (an
 * option's translated wording) are numbered after the head's, and the WHERE's after both.
 */
function pageHead(
  dialect: Driver['dialect'],
  resource: Resource,
  query: Pick<ListQuery, 'orderBy' | 'language'>,
  scope: CompanyScope,
  withLabels: boolean,
): PageHead {
  let byScope = heads.get(resource);
  if (!byScope) {
    byScope = new Map();
    heads.set(resource, byScope);
  }
  const key = `${withLabels ? 'labels' : 'plain'} ${query.language ?? ''} ${query.orderBy ?? ''} ${scope.companyIds ? scope.companyIds.join(',') : '*'}`;
  const known = byScope.get(key);
  if (known) return known;
  // An orderBy that is not a sortable field is refused here (400), before anything is kept.
  const order = orderByClause(resource.entity, resource.columns, query.orderBy, labels, scope, query.language);
  const columns = selection(resource);
  const labelColumns = withLabels ? relationLabelColumns(resource.entity, resource.columns, scope) : {};
  const list = [
    ...Object.entries(columns).map(([name, column]) =>
      is(column, Column) ? sql`${column} as ${sql.identifier(name)}` : sql`(${expressionOf(column)}) as ${sql.identifier(name)}`,
    ),
    ...Object.entries(labelColumns).map(([name, label]) => sql`${label} as ${sql.identifier(name)}`),
  ];
  const rendered = dialect.sqlToQueryFrom(sql`select ${sql.join(list, sql`, `)}`, 0);
  const from = dialect.sqlToQueryFrom(sql` from ${resource.table}`, rendered.params.length);
  const ordered = dialect.sqlToQueryFrom(sql` order by ${sql.join(order, sql`, `)}`, rendered.params.length + from.params.length);
  // A column whose driver value is already its JS value needs no decoding (drizzle's default is identity).
  const decoders = Object.entries(columns)
    .map(([name, column]): [string, Decoder] => [name, is(column, Column) ? column : decoderOf(expressionOf(column))])
    .filter(([, decoder]) => decoder.mapFromDriverValue !== IDENTITY && decoder.mapFromDriverValue !== NOOP);
  const head = {
    select: rendered.sql,
    from: from.sql,
    order: ordered.sql,
    params: [...rendered.params, ...from.params, ...ordered.params],
    decoders,
  };
  if (byScope.size >= MAX_HEADS) byScope.clear();
  byScope.set(key, head);
  return head;
}

const IDENTITY = Column.prototype.mapFromDriverValue;
const NOOP = decoderOf(sql``).mapFromDriverValue;

export async function findRow(db: Tx, resource: Resource, id: string): Promise<Row | null> {
  return firstRow(
    await db
      .select(selection(resource))
      .from(resource.table)
      .where(eq(idColumn(resource), id)),
  );
}

/**
 * The rows among `ids` the caller may see. With `lock`, they are locked (`FOR UPDATE`) until the
 * transaction ends, in id order so two changes of the same rows never deadlock: a change reads its
 * `before` only once nobody else is changing the row, so the audit's before is what it replaced.
 */
export async function findRowsInScope(
  db: Tx,
  resource: Resource,
  ids: string[],
  scope: CompanyScope,
  options: { lock?: boolean } = {},
): Promise<Row[]> {
  if (!ids.length) return [];
  const query = db
    .select(selection(resource))
    .from(resource.table)
    .where(and(inArray(idColumn(resource), [...new Set(ids)]), scopeCondition(resource.entity, resource.columns, scope)))
    .orderBy(idColumn(resource));
  return rowsOf(options.lock ? await query.for('update') : await query);
}

/** With `labelScope`, the row comes back with its single relations' labels, as a list page's rows do. */
export async function insertRow(tx: Tx, resource: Resource, values: Record<string, unknown>, labelScope?: CompanyScope): Promise<Row> {
  const driver = driverOf(tx);
  const fast = driver ? await insertAsText(tx, driver, resource, values, labelScope) : undefined;
  if (fast) return fast;
  const labelColumns = labelScope ? relationLabelColumns(resource.entity, resource.columns, labelScope) : {};
  const row = firstRow(
    await tx
      .insert(resource.table)
      .values(values)
      .returning({ ...selection(resource), ...labelColumns }),
  );
  if (!row) throw new Error(`insert into ${resource.entity.name} returned no row`);
  return row;
}

/**
 * Imported rows in one statement (an import batch, kit/import-batch.ts), each answered by its
 * import hash key: a row that a unique index refuses (`ON CONFLICT DO NOTHING`), or that repeats
 * another row's key in the same statement, is missing from the answer and left to be answered alone.
 */
export async function insertImportedRows(
  tx: Tx,
  resource: Resource,
  rows: Record<string, unknown>[],
  labelScope: CompanyScope,
): Promise<Map<string, Row>> {
  const hashColumn = resource.columns.importHash;
  if (!rows.length || !hashColumn) return new Map();
  const labelColumns = relationLabelColumns(resource.entity, resource.columns, labelScope);
  const inserted = await tx
    .insert(resource.table)
    .values(rows)
    .onConflictDoNothing()
    .returning({ ...selection(resource), ...labelColumns, [IMPORT_KEY]: hashColumn });
  const byKey = new Map<string, Row>();
  for (const raw of inserted) {
    const returned: Record<string, unknown> = raw;
    const { [IMPORT_KEY]: key, ...values } = returned;
    const row = firstRow([values]);
    if (row && typeof key === 'string') byKey.set(key, row);
  }
  return byKey;
}

const IMPORT_KEY = '__importKey';

/**
 * An insert's statement as drizzle renders it, kept per set of given columns and label scope: an
 * import writes thousands of rows of one shape, and building the statement cost more CPU than
 * PostgreSQL spends on the row (issue 9). `valueColumns` encode the values in the statement's order;
 * `tail` holds the RETURNING's own parameters (the label scope's companies).
 */
type InsertShape = { text: string; valueColumns: PgColumn[]; tail: unknown[]; fields: [string, Decoder][] };
const insertShapes = new WeakMap<Resource, Map<string, InsertShape>>();

const plainInserts = new WeakMap<Resource, boolean>();

/**
 * Tables whose columns compute values in JavaScript (drizzle's `$defaultFn`) or are left out of
 * inserts (generated columns) stay on drizzle's path: their statement is not one value per given key.
 */
function insertsPlainly(resource: Resource): boolean {
  let plain = plainInserts.get(resource);
  if (plain === undefined) {
    plain = Object.values(resource.columns).every(
      (column) => column.defaultFn === undefined && column.onUpdateFn === undefined && !column.generated && !column.generatedIdentity,
    );
    plainInserts.set(resource, plain);
  }
  return plain;
}

/** The inserted row through a kept statement, or undefined when this insert takes drizzle's path. */
async function insertAsText(
  tx: Tx,
  driver: Driver,
  resource: Resource,
  values: Record<string, unknown>,
  labelScope: CompanyScope | undefined,
): Promise<Row | undefined> {
  if (!insertsPlainly(resource)) return undefined;
  const given: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of Object.entries(resource.columns)) {
    const value = values[key];
    if (value === undefined) continue;
    if (is(value, SQL)) return undefined;
    const encoded = value === null ? null : column.mapToDriverValue(value);
    if (is(encoded, SQL)) return undefined;
    given.push(key);
    params.push(encoded);
  }
  let shapes = insertShapes.get(resource);
  if (!shapes) {
    shapes = new Map();
    insertShapes.set(resource, shapes);
  }
  const key = `${labelScope ? (labelScope.companyIds?.join(',') ?? '*') : '-'} ${given.join(',')}`;
  let shape = shapes.get(key);
  if (!shape) {
    const returning = {
      ...selection(resource),
      ...(labelScope ? relationLabelColumns(resource.entity, resource.columns, labelScope) : {}),
    };
    const rendered = tx.insert(resource.table).values(values).returning(returning).toSQL();
    shape = {
      text: rendered.sql,
      valueColumns: given.map((name) => resource.columns[name]),
      tail: rendered.params.slice(given.length),
      fields: Object.entries(returning).map(([name, field]): [string, Decoder] => [
        name,
        is(field, Column) ? field : decoderOf(expressionOf(field)),
      ]),
    };
    if (shapes.size >= MAX_HEADS) shapes.clear();
    shapes.set(key, shape);
  }
  const result = await driver.query({ text: shape.text, values: [...params, ...shape.tail], rowMode: 'array', types: DRIVER_TYPES });
  // rowMode 'array': each row is its values in order, which the driver's row type does not say.
  const [raw] = result.rows as unknown as unknown[][];
  if (!raw) throw new Error(`insert into ${resource.entity.name} returned no row`);
  const row: Record<string, unknown> = {};
  shape.fields.forEach(([name, decoder], index) => {
    const value = raw[index];
    row[name] = value === null || value === undefined ? value : decoder.mapFromDriverValue(value);
  });
  return firstRow([row]) ?? undefined;
}

export async function updateRow(tx: Tx, resource: Resource, id: string, values: Record<string, unknown>): Promise<Row> {
  const row = firstRow(
    await tx
      .update(resource.table)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(idColumn(resource), id))
      .returning(selection(resource)),
  );
  if (!row) throw new Error(`update of ${resource.entity.name} ${id} changed no row`);
  return row;
}

/** The same new values on several rows in one UPDATE; answers the rows as they became (by id order). */
export async function updateRows(tx: Tx, resource: Resource, ids: readonly string[], values: Record<string, unknown>): Promise<Row[]> {
  if (!ids.length) return [];
  return rowsOf(
    await tx
      .update(resource.table)
      .set({ ...values, updatedAt: sql`now()` })
      .where(inArray(idColumn(resource), [...ids]))
      .returning(selection(resource)),
  );
}

export async function deleteRows(tx: Tx, resource: Resource, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const deleted = await tx
    .delete(resource.table)
    .where(inArray(idColumn(resource), ids))
    .returning({ id: idColumn(resource) });
  return deleted.length;
}

export async function autocompleteRows(
  db: Tx,
  resource: Resource,
  query: string | undefined,
  limit: number,
  scope: CompanyScope,
  filter?: Record<string, unknown>,
  language?: Language,
): Promise<{ id: string; label: string }[]> {
  // A record without a label reads as its id, as related records' labels do (present.ts); a
  // translated one is searched and sorted as it reads (a predefined role found by "Leitor").
  const { entity } = resource;
  const labelField = entity.fields[entity.labelField];
  const labelColumn = resource.columns[entity.labelField];
  const stored = sql<string>`coalesce(${labelColumn}::text, ${idColumn(resource)}::text)`;
  const shown =
    labelField && labelColumn && translatedValuesOf(labelField).length
      ? sql<string>`coalesce(${shownValueOf(entity, entity.labelField, labelField, labelColumn, language)}, ${idColumn(resource)}::text)`
      : stored;
  const text = query?.trim();
  const pattern = `%${text?.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = text ? sql`(${shown} ILIKE ${pattern} OR ${stored} ILIKE ${pattern} OR ${idColumn(resource)}::text = ${text})` : undefined;
  return db
    .select({ id: idText(resource), label: stored })
    .from(resource.table)
    .where(
      and(
        scopeCondition(resource.entity, resource.columns, scope),
        ...filterConditions(resource.entity, resource.columns, filter, visibleIdsOf(scope)),
        search,
      ),
    )
    .orderBy(sql`${shown} ASC`)
    .limit(limit);
}

/** Ids among `ids` that exist in `resource` (and, when a scope is given, that the caller may see). */
export async function existingIds(db: Tx, resource: Resource, ids: string[], scope?: CompanyScope): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: idText(resource) })
    .from(resource.table)
    .where(
      and(inArray(idColumn(resource), [...new Set(ids)]), scope ? scopeCondition(resource.entity, resource.columns, scope) : undefined),
    );
  return new Set(rows.map((r) => r.id));
}

/** `byKey`: text compared by its letters and digits (a document); other values as they are. */
export type UniqueProbe = { name: string; value: unknown; within: string; withinId: string; byKey: boolean };

/**
 * What a write would collide with, in one query: whether `importHash` is already stored, and which
 * `uniqueWithin` fields (text compared by letters and digits, other values as they are, among the
 * records of the same `within` relation, other than `exceptId`) another record already holds. It
 * reads every row, whatever the caller's scope: the records share the caller's own company, and a hash key carries its company.
 */
export async function findWriteConflicts(
  db: Tx,
  resource: Resource,
  probe: { importHash?: string; uniques: UniqueProbe[]; exceptId?: string },
): Promise<{ importHashUsed: boolean; taken: Set<string> }> {
  const parts: SQL[] = [];
  const hashColumn = resource.columns.importHash;
  if (probe.importHash && hashColumn) {
    parts.push(sql`(SELECT ''::text AS taken FROM ${resource.table} WHERE ${hashColumn} = ${probe.importHash} LIMIT 1)`);
  }
  for (const unique of probe.uniques) {
    const column = resource.columns[unique.name];
    const within = resource.columns[unique.within];
    if (!column || !within) throw new Error(`${resource.entity.name}: no column ${unique.name} or ${unique.within}`);
    const conditions = and(
      eq(within, unique.withinId),
      ...(unique.byKey
        ? [sql`${identifierKeyOf(column)} = ${identifierKeyOf(sql`${unique.value}::text`)}`, sql`${identifierKeyOf(column)} <> ''`]
        : [eq(column, unique.value)]),
      probe.exceptId ? sql`${idColumn(resource)} <> ${probe.exceptId}` : undefined,
    );
    parts.push(sql`(SELECT ${unique.name}::text AS taken FROM ${resource.table} WHERE ${conditions} LIMIT 1)`);
  }
  if (!parts.length) return { importHashUsed: false, taken: new Set() };
  const result = await db.execute<{ taken: string }>(sql.join(parts, sql` UNION ALL `));
  const taken = new Set(result.rows.map((row) => row.taken));
  return { importHashUsed: taken.delete(''), taken };
}
