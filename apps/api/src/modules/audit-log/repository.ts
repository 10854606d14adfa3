import { ENTITIES } from '@ebox/domain';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { ROUTINE_AUDIT_SQL, user } from '../../platform/db/schema';

/** The names of the people who wrote entries, by their email (unique, and kept in each entry). */
export async function authorNamesOf(db: Tx, emails: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (!emails.length) return result;
  const rows = await db
    .select({ email: user.email, fullName: user.fullName })
    .from(user)
    .where(inArray(user.email, [...new Set(emails)]));
  for (const row of rows) if (row.fullName) result.set(row.email, row.fullName);
  return result;
}

export type LockerCodes = { byId: Map<string, string>; byTerminal: Map<string, string> };

/**
 * The codes of the lockers entries name, by locker id and by terminal id, in one lookup on their
 * unique indexes; a locker the reader may not see (spec 5.5) has none, so the entry names its
 * terminal by id as it did before.
 */
export async function lockerCodesOf(db: Tx, lockerIds: string[], terminalIds: string[], scope: CompanyScope): Promise<LockerCodes> {
  const result: LockerCodes = { byId: new Map(), byTerminal: new Map() };
  if (!lockerIds.length && !terminalIds.length) return result;
  const table = entityTable('ebox');
  const wanted: SQL[] = [];
  if (lockerIds.length) wanted.push(inArray(table.id, [...new Set(lockerIds)]));
  if (terminalIds.length) wanted.push(inArray(table.terminalId, [...new Set(terminalIds)]));
  const lockers = ENTITIES.ebox;
  if (!lockers) throw new Error('no ebox declaration');
  const visible = scopeCondition(lockers, table, scope);
  const rows = await db
    .select({ id: table.id, terminalId: table.terminalId, code: table.code })
    .from(table)
    .where(visible ? sql`(${or(...wanted)}) AND ${visible}` : or(...wanted));
  for (const row of rows) {
    if (typeof row.code !== 'string') continue;
    result.byId.set(String(row.id), row.code);
    if (typeof row.terminalId === 'string') result.byTerminal.set(row.terminalId, row.code);
  }
  return result;
}

/**
 * `filter[routine]`: false leaves out the terminals' routine reports by the very predicate of the
 * partial index audit_log_not_routine_timestamp_idx (schema.ts), true keeps only them.
 */
export function routineCondition(routine: boolean): SQL {
  return routine ? sql.raw(`(${ROUTINE_AUDIT_SQL})`) : sql.raw(`NOT (${ROUTINE_AUDIT_SQL})`);
}
