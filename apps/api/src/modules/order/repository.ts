import { DECLARED_ENTITIES } from '@ebox/domain';
import { inArray } from 'drizzle-orm';
import { findRow, type Row, resourceOf, updateRow } from '../../kit/repository';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';

/** The locker's code an order keeps next to its locker (spec 3 eboxCode). */
export async function findEboxCode(tx: Tx, eboxId: string): Promise<string | null> {
  const table = entityTable('ebox');
  const [row] = await tx
    .select({ code: table.code })
    .from(table)
    .where(inArray(table.id, [eboxId]));
  return (row?.code as string | undefined) ?? null;
}

/** The company setting a guarded transition reads (spec 3 company.allowCollectExpiredOrder). */
export async function findAllowCollectExpiredOrder(tx: Tx, companyId: string): Promise<boolean> {
  const table = entityTable('company');
  const [row] = await tx
    .select({ allow: table.allowCollectExpiredOrder })
    .from(table)
    .where(inArray(table.id, [companyId]));
  return row?.allow === true;
}

export function writeOrder(tx: Tx, id: string, values: Record<string, unknown>): Promise<Row> {
  return updateRow(tx, resourceOf(DECLARED_ENTITIES.order), id, values);
}

export function findCompartiment(tx: Tx, id: string): Promise<Row | null> {
  return findRow(tx, resourceOf(DECLARED_ENTITIES.compartiment), id);
}

export function writeCompartimentStatus(tx: Tx, id: string, status: string): Promise<Row> {
  return updateRow(tx, resourceOf(DECLARED_ENTITIES.compartiment), id, { status });
}
