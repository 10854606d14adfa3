import { ENTITIES, type EntityDeclaration, type Field } from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle tables built from the entity declarations of packages/domain, so the database follows
 * the declaration: drizzle-kit generates the committed migrations from these tables.
 */

export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Database column of a field: relations to one are `<field>_id`. */
export function columnNameOf(name: string, field: Field): string {
  return field.type === 'relation' && !field.multiple ? `${snakeCase(name)}_id` : snakeCase(name);
}

/**
 * What a document or phone is compared and searched by: its letters and digits, in upper case, so
 * '123.456.789-09', '12345678909' and text stored before values were cleaned all meet. Indexes and
 * queries write the same expression so PostgreSQL matches one with the other.
 */
export function identifierKeyOf(column: unknown): SQL {
  return sql`upper(regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g'))`;
}

/**
 * What a prefix lookup (TextField.match 'prefix', the search's 'prefix') reads: the value in lower
 * case, in the C collation, where LIKE 'abc%' is a range of the btree index whatever the database's
 * own collation (an external server in pt_BR.UTF-8 could not use a plain index for it).
 */
export function prefixKeyOf(column: unknown): SQL {
  return sql`(lower(${column}) COLLATE "C")`;
}

/**
 * What a phone's suffix lookup (the search's 'phoneSuffix') reads: its digits reversed, so "ends
 * with 988887777" is the prefix range '777788889%' of a btree index.
 */
export function phoneSuffixKeyOf(column: unknown): SQL {
  return sql`(reverse(${identifierKeyOf(column)}) COLLATE "C")`;
}

/**
 * What a dotted version number (TextField.matches 'version', validated as 1 to 4 numbers) sorts by:
 * its numbers as an int[], so 1.9.2 comes before 1.10.0 and 1.10 before 1.10.0. Lists and their
 * index write the same expression.
 */
export function versionSortKeyOf(column: unknown): SQL {
  return sql`(string_to_array(${column}, '.')::int[])`;
}

/** Fields searched and compared by their letters and digits only. */
export function isIdentifierField(field: Field): boolean {
  return field.type === 'text' && Boolean(field.document || field.phone);
}

/** The unique index of a `uniqueWithin` field (its name is how a violation is recognised). */
export function uniqueWithinIndexName(entity: EntityDeclaration, name: string, within: string): string {
  return `${entity.table}_${snakeCase(name)}_per_${snakeCase(within)}_key`;
}

/**
 * The collation lists sort text by: ICU's Brazilian Portuguese, where accents and case come after
 * the letters (Álvaro, Ana, Bruno, Érica), unlike the database's default C order (bytes, so every
 * accented initial after Z). ICU ships with the embedded PostgreSQL and the distributions' builds.
 */
export const SORT_COLLATION = 'pt-BR-x-icu';

const tableRegistry: Record<string, ReturnType<typeof buildTable>> = {};

function columnOf(name: string, field: Field, entity: EntityDeclaration): PgColumnBuilderBase {
  const column = columnNameOf(name, field);
  switch (field.type) {
    case 'text':
      return text(column);
    case 'number':
      return field.scale !== undefined ? numeric(column, { precision: 14, scale: field.scale, mode: 'number' }) : doublePrecision(column);
    case 'integer':
      return integer(column);
    case 'boolean':
      return boolean(column).notNull().default(false);
    case 'dateTime':
      return timestamp(column, { withTimezone: true, mode: 'string' });
    case 'dateRange':
      return jsonb(column);
    case 'stringList':
      return text(column).array().notNull().default(sql`'{}'::text[]`);
    case 'enum':
      return field.multiple ? text(column).array().notNull().default(sql`'{}'::text[]`) : text(column);
    case 'relation': {
      if (field.multiple) return uuid(column).array().notNull().default(sql`'{}'::uuid[]`);
      const target = field.entity;
      return uuid(column).references(
        (): AnyPgColumn => {
          const table = target === entity.name ? tableRegistry[entity.name] : (tableRegistry[target] ?? platformTargets[target]?.());
          if (!table) throw new Error(`Relation ${entity.name}.${name} points at unknown entity ${target}`);
          return table.id;
        },
        { onDelete: field.onDelete === 'setNull' ? 'set null' : 'restrict' },
      );
    }
    case 'files':
      return jsonb(column).notNull().default(sql`'[]'::jsonb`);
    case 'object':
      return jsonb(column).notNull().default(sql`'{}'::jsonb`);
  }
}

/** Tables outside the kit that declarations may point at (set by schema.ts). */
export const platformTargets: Record<string, () => { id: AnyPgColumn }> = {};

function buildTable(entity: EntityDeclaration) {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: uuid('id').primaryKey().defaultRandom(),
  };
  for (const [name, field] of Object.entries(entity.fields)) columns[name] = columnOf(name, field, entity);
  columns.importHash = text('import_hash');
  columns.createdAt = timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  columns.updatedAt = timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  columns.createdById = uuid('created_by_id');
  columns.updatedById = uuid('updated_by_id');

  return pgTable(entity.table, columns, (table) => {
    const extras = [
      uniqueIndex(`${entity.table}_import_hash_key`).on(table.importHash),
      index(`${entity.table}_created_at_idx`).on(table.createdAt),
    ];
    for (const [name, field] of Object.entries(entity.fields)) {
      const col = table[name];
      if (field.type === 'relation' && !field.multiple) extras.push(index(`${entity.table}_${snakeCase(name)}_idx`).on(col));
      if (field.type === 'relation' && field.multiple) extras.push(index(`${entity.table}_${snakeCase(name)}_gin_idx`).using('gin', col));
      const searched = entity.search?.[name];
      // Text filters are "contains" (ILIKE '%x%'): trigram indexes keep them off a full scan. A
      // prefix field is never searched that way (its prefix index below serves it).
      const isContained = entity.filters.includes(name) ? field.type === 'text' && field.match !== 'prefix' : searched === 'contains';
      if (field.type === 'text' && isContained && !field.secret) {
        const trigrams = isIdentifierField(field) ? sql`(${identifierKeyOf(col)}) gin_trgm_ops` : col.op('gin_trgm_ops');
        extras.push(index(`${entity.table}_${snakeCase(name)}_trgm_idx`).using('gin', trigrams));
      }
      // A stamp's range (DateTimeField.stamp) reads only the stamped records, with the scope's
      // company beside it so a company's count is read off the index alone.
      if (field.type === 'dateTime' && field.stamp && entity.filters.includes(name)) {
        const company = entity.scope.kind === 'company' ? table[entity.scope.field] : undefined;
        extras.push(
          index(`${entity.table}_${snakeCase(name)}_idx`)
            .on(col, ...(company ? [company] : []))
            .where(sql`${col} is not null`),
        );
      }
      // A whole-value lookup (TextField.match) is an equality on the same expression list-query.ts writes.
      if (field.type === 'text' && (field.match === 'exact' || field.match === 'both')) {
        if (isIdentifierField(field)) extras.push(index(`${entity.table}_${snakeCase(name)}_key_idx`).on(identifierKeyOf(col)));
        else if (!field.unique) extras.push(index(`${entity.table}_${snakeCase(name)}_lower_idx`).on(sql`lower(${col})`));
      } else if (searched === 'exact' && !field.unique)
        extras.push(index(`${entity.table}_${snakeCase(name)}_lower_idx`).on(sql`lower(${col})`));
      // The one search's prefix and phone lookups (packages/domain kit/search.ts), on the expressions kit/search.ts writes.
      if (field.type === 'text' && (field.match === 'prefix' || searched === 'prefix'))
        extras.push(index(`${entity.table}_${snakeCase(name)}_prefix_idx`).on(prefixKeyOf(col)));
      if (field.type === 'text' && field.matches === 'version')
        extras.push(index(`${entity.table}_${snakeCase(name)}_version_idx`).on(versionSortKeyOf(col)));
      if (searched === 'phoneSuffix') extras.push(index(`${entity.table}_${snakeCase(name)}_suffix_idx`).on(phoneSuffixKeyOf(col)));
      if (field.unique) extras.push(uniqueIndex(`${entity.table}_${snakeCase(name)}_key`).on(sql`lower(${col})`));
      if (field.uniqueWithin) {
        const within = table[field.uniqueWithin.field];
        const indexName = uniqueWithinIndexName(entity, name, field.uniqueWithin.field);
        // Text is partial: a record without the value (or with only punctuation, stored before
        // values were cleaned) takes no part in it. Other values are compared as they are (a null
        // one never collides).
        if (field.type === 'text') {
          extras.push(
            uniqueIndex(indexName)
              .on(within, identifierKeyOf(col))
              .where(sql`${identifierKeyOf(col)} <> ''`),
          );
        } else extras.push(uniqueIndex(indexName).on(within, col));
      }
    }
    if (entity.labelField && entity.fields[entity.labelField]?.type === 'text')
      // In the sort's collation, or a sort by name could not be read off the index.
      extras.push(
        index(`${entity.table}_${snakeCase(entity.labelField)}_idx`).on(
          sql`(${table[entity.labelField]} COLLATE ${sql.identifier(SORT_COLLATION)})`,
        ),
      );
    return extras;
  });
}

export type EntityTable = ReturnType<typeof buildTable>;

export function buildEntityTables(): Record<string, EntityTable> {
  for (const entity of Object.values(ENTITIES)) {
    if (!tableRegistry[entity.name]) tableRegistry[entity.name] = buildTable(entity);
  }
  return tableRegistry;
}

export function entityTable(name: string): EntityTable {
  const table = buildEntityTables()[name];
  if (!table) throw new Error(`No table for entity ${name}`);
  return table;
}
