import { DECLARED_ENTITIES, ORDER_LIVE_STATUSES } from '@ebox/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { pickColumns, resourceOf } from '../../kit/repository';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { auditLog } from '../../platform/db/schema';

/** SQL of a compartment's drawer on the locker page: the parcel inside and the door's last events. */

/** The audit actions that are the door's story: reported by the terminal, or an opening the console asked for. */
export const DOOR_EVENT_ACTIONS = ['door_opened', 'door_closed', 'door_opened_without_command', 'open_compartment'] as const;
export type DoorEventAction = (typeof DOOR_EVENT_ACTIONS)[number];

/**
 * The live order holding the compartment (booked for it or with its parcel inside), of the caller's
 * companies only: a shared locker holds other companies' parcels, whose customers are not theirs to
 * see. Read through order_compartiment_idx; newest first should a stale order still name the door.
 */
export async function findOrderInCompartment(db: Tx, compartimentId: string, scope: CompanyScope) {
  const resource = resourceOf(DECLARED_ENTITIES.order);
  const c = resource.columns;
  const [row] = await db
    .select(
      pickColumns(resource, [
        'id',
        'trackingCode',
        'referenceNumber',
        'type',
        'status',
        'customerName',
        'createdAt',
        'storedAt',
        'overdueDate',
      ]),
    )
    .from(resource.table)
    .where(
      and(
        eq(c.compartiment, compartimentId),
        inArray(c.status, [...ORDER_LIVE_STATUSES]),
        scopeCondition(DECLARED_ENTITIES.order, c, scope),
      ),
    )
    .orderBy(desc(c.createdAt))
    .limit(1);
  return row;
}

/**
 * The compartment's last door events from its audit rows (audit_log_entity_idx: entity name and id),
 * newest first by the terminal's own time when it gave one. A compartment's rows are its own parcels
 * and doors, a few thousand a year at most, so the index bounds the read.
 */
export async function listDoorEvents(db: Tx, compartimentId: string, limit: number) {
  const at = sql<string>`coalesce((${auditLog.values}->'after'->>'occurredAt')::timestamptz, ${auditLog.timestamp})`;
  return db
    .select({
      action: sql<DoorEventAction>`${auditLog.action}`,
      at,
      outcome: sql<string | null>`${auditLog.values}->'after'->>'outcome'`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityName, 'compartiment'),
        eq(auditLog.entityId, compartimentId),
        inArray(auditLog.action, [...DOOR_EVENT_ACTIONS]),
      ),
    )
    .orderBy(desc(at))
    .limit(limit);
}
