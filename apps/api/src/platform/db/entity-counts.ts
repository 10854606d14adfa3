import { ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { columnNameOf } from './entity-tables';
import { NO_COMPANY } from './schema';

/** Start-up and the worker may migrate at once: one of them installs a table's triggers, the other finds them. */
const COUNT_TRIGGERS_LOCK = 0x0e_b0_c0_01;

/** The column an entity's rows are counted per company by, or '' (counted under the zero uuid). */
export function countedCompanyColumnOf(entity: EntityDeclaration): string {
  if (entity.scope.kind !== 'company') return '';
  const field = entity.fields[entity.scope.field];
  return field ? columnNameOf(entity.scope.field, field) : '';
}

/**
 * The maintained totals (kit/counts.ts) of every declared entity's table: the statement triggers
 * on entity_count_change() that migration 0008 wrote by hand for the first tables (0012 and 0016 for
 * the later ones), installed here for any table that lacks them, with its rows counted once. A new
 * entity's table is counted from its first start, with no line added to its generated migration.
 * Tables that have them already are left as they are, so running it again changes nothing.
 */
export async function installEntityCountTriggers(db: Db, entities: readonly EntityDeclaration[] = Object.values(ENTITIES)): Promise<void> {
  const { rows } = await db.execute<{ table_name: string }>(
    sql`SELECT c.relname AS table_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND t.tgname = c.relname || '_count_insert'`,
  );
  const counted = new Set(rows.map((row) => row.table_name));
  const missing = entities.filter((entity) => !counted.has(entity.table));
  if (missing.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${COUNT_TRIGGERS_LOCK})`);
    for (const entity of missing) {
      // Another process may have installed them while this one waited for the lock.
      const present = await tx.execute(
        sql`SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(${`"${entity.table}"`}) AND tgname = ${`${entity.table}_count_insert`}`,
      );
      if (present.rows.length > 0) continue;
      await installCountTriggers(tx, entity);
    }
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Migration 0008's triggers for one table, and its rows counted once (the triggers' lock holds writers off until commit). */
async function installCountTriggers(tx: Tx, entity: EntityDeclaration): Promise<void> {
  const column = countedCompanyColumnOf(entity);
  // A trigger's arguments are literals, never parameters: the column is a declared field's snake_case name.
  if (!/^[a-z0-9_]*$/.test(column)) throw new Error(`Unexpected company column ${column} of ${entity.name}`);
  const argument = sql.raw(`'${column}'`);
  const table = sql.identifier(entity.table);
  const trigger = (event: string) => sql.identifier(`${entity.table}_count_${event}`);
  await tx.execute(
    sql`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${table} REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(${argument})`,
  );
  await tx.execute(
    sql`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${table} REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(${argument})`,
  );
  await tx.execute(
    sql`CREATE TRIGGER ${trigger('truncate')} AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(${argument})`,
  );
  // Rows move between companies only through the company column: without one, an update changes no count.
  if (column) {
    await tx.execute(
      sql`CREATE TRIGGER ${trigger('update')} AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION entity_count_change(${argument})`,
    );
  }
  const company = column ? sql`coalesce(${sql.identifier(column)}, ${NO_COMPANY}::uuid)` : sql`${NO_COMPANY}::uuid`;
  await tx.execute(sql`DELETE FROM entity_count WHERE table_name = ${entity.table}`);
  await tx.execute(
    sql`INSERT INTO entity_count (table_name, company_id, slot, rows)
        SELECT ${entity.table}, company_id, 0, count(*) FROM (SELECT ${company} AS company_id FROM ${table}) AS rows_of GROUP BY company_id`,
  );
}
