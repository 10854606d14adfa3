import {
  DECLARED_ENTITIES,
  isPlainObject,
  ORDER_EXPIRABLE_STATUSES,
  ORDER_LIFECYCLE,
  ORDER_LIVE_STATUSES,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderStatus,
  type OrderType,
  type ResidentUnit,
  textOf,
} from '@ebox/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { findRow, pickColumns, type Row, resourceOf, rowsOf, updateRow, updateRows } from '../../kit/repository';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';
import { lockerRefusal, orderHistory, orderStatusCount } from '../../platform/db/schema';

/** The locker's code an order keeps next to its locker (spec 3 eboxCode). */
export async function findEboxCode(tx: Tx, eboxId: string): Promise<string | null> {
  const table = entityTable('ebox');
  const [row] = await tx
    .select({ code: table.code })
    .from(table)
    .where(inArray(table.id, [eboxId]));
  return textOf(row?.code);
}

/**
 * A company's name and its enabled operations (spec 3 companySettings.orderTypes); null when the
 * company does not exist (the kit's relation check answers that one).
 */
export async function findCompanyOrderTypes(tx: Tx, companyId: string): Promise<{ name: string; orderTypes: string[] } | null> {
  const table = entityTable('company');
  const [row] = await tx
    .select({ name: table.name, settings: table.companySettings })
    .from(table)
    .where(inArray(table.id, [companyId]));
  if (!row) return null;
  const types = isPlainObject(row.settings) ? row.settings.orderTypes : undefined;
  return { name: String(row.name), orderTypes: Array.isArray(types) ? types.map(String) : [] };
}

/** A company's type (spec 3: shipper, carrier, building); null when the company does not exist. */
export async function findCompanyType(tx: Tx, companyId: string): Promise<string | null> {
  const table = entityTable('company');
  const [row] = await tx
    .select({ type: table.type })
    .from(table)
    .where(inArray(table.id, [companyId]));
  return textOf(row?.type);
}

/**
 * A customer's unit as spec 5.3's resident rule reads it: their level 2 and the level 1 listing it;
 * null when the customer does not exist (the kit's relation check answers that one).
 */
export async function findResidentUnit(tx: Tx, customerId: string): Promise<ResidentUnit> {
  const customer = entityTable('customer');
  const level1 = entityTable('buildingLevel1');
  const [row] = await tx
    .select({ level2: customer.buildingLevel2 })
    .from(customer)
    .where(inArray(customer.id, [customerId]));
  if (!row) return null;
  const level2 = textOf(row.level2);
  if (!level2) return { buildingLevel1: null, buildingLevel2: null };
  const [parent] = await tx.select({ id: level1.id }).from(level1).where(sql`${level1.level2} @> ARRAY[${level2}]::uuid[]`).limit(1);
  return { buildingLevel1: textOf(parent?.id), buildingLevel2: level2 };
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

/**
 * An order row's type and status as the lifecycle reads them (an order not moved yet is CREATED).
 * Both are declared enums the kit validates on every write, so a stored order always has them.
 */
export function orderStateOf(order: Row): { type: OrderType; status: OrderStatus } {
  const stored = order.status ?? 'CREATED';
  const type = ORDER_TYPES.find((known) => known === order.type);
  const status = ORDER_STATUSES.find((known) => known === stored);
  if (!type || !status) throw new Error(`order ${order.id} has an undeclared type or status`);
  return { type, status };
}

export function writeOrder(tx: Tx, id: string, values: Record<string, unknown>): Promise<Row> {
  return updateRow(tx, resourceOf(DECLARED_ENTITIES.order), id, values);
}

/** Orders given the same new values in one UPDATE (a set moved alike); answers them as they became. */
export function writeOrders(tx: Tx, ids: readonly string[], values: Record<string, unknown>): Promise<Row[]> {
  return updateRows(tx, resourceOf(DECLARED_ENTITIES.order), ids, values);
}

export function findCompartiment(tx: Tx, id: string): Promise<Row | null> {
  return findRow(tx, resourceOf(DECLARED_ENTITIES.compartiment), id);
}

export function writeCompartimentStatus(tx: Tx, id: string, status: string): Promise<Row> {
  return updateRow(tx, resourceOf(DECLARED_ENTITIES.compartiment), id, { status });
}

/** Who moved an order, as its history keeps it. */
export type OrderHistoryActor = { kind: 'user' | 'terminal' | 'job' | 'system'; id: string | null; label: string };

export type OrderHistoryEntry = {
  orderId: string;
  companyId: string | null;
  /** null: the order's creation. */
  fromStatus: string | null;
  /** null: refused. */
  toStatus: string | null;
  trigger: string;
  reason: string | null;
  refusal: string | null;
  actor: OrderHistoryActor;
  at: Date;
};

function historyRowOf(entry: OrderHistoryEntry) {
  return {
    orderId: entry.orderId,
    companyId: entry.companyId,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    trigger: entry.trigger,
    reason: entry.reason,
    refusal: entry.refusal,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    at: entry.at.toISOString(),
  };
}

export async function writeOrderHistory(db: Tx, entry: OrderHistoryEntry): Promise<void> {
  await db.insert(orderHistory).values(historyRowOf(entry));
}

/** Rows of one multi-row INSERT: 11 parameters each, far under PostgreSQL's 65,535. */
const HISTORY_ROWS_PER_INSERT = 1_000;

/** Many history rows (a set of orders moved together) in one INSERT per thousand. */
export async function writeOrderHistories(db: Tx, entries: readonly OrderHistoryEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += HISTORY_ROWS_PER_INSERT) {
    await db.insert(orderHistory).values(entries.slice(start, start + HISTORY_ROWS_PER_INSERT).map(historyRowOf));
  }
}

/** An order's history, oldest first (by the trigger's time, then by when it was recorded). */
export function listOrderHistory(db: Tx, orderId: string) {
  return db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.at), asc(orderHistory.recordedAt));
}

/**
 * The live order of a locker an access code opens (the terminal link asks it when a customer types
 * a code): at most one, since live codes are unique per locker (order_live_access_code_key).
 */
export async function findOrderByAccessCode(db: Tx, eboxId: string, code: string): Promise<Row | null> {
  const resource = resourceOf(DECLARED_ENTITIES.order);
  const c = resource.columns;
  const [row] = rowsOf(
    await db
      .select({ id: c.id })
      .from(resource.table)
      .where(and(eq(c.ebox, eboxId), eq(c.accessCode, code), inArray(c.status, [...ORDER_LIVE_STATUSES])))
      .limit(1),
  );
  return row ? findRow(db, resource, row.id) : null;
}

/** Locks the order row for the caller's transaction (a locker event and a console action on one order queue up) and reads it. */
export async function lockOrder(tx: Tx, id: string): Promise<Row | null> {
  await tx.execute(sql`SELECT id FROM "order" WHERE id = ${id} FOR UPDATE`);
  return findRow(tx, resourceOf(DECLARED_ENTITIES.order), id);
}

/** True when a live order of the locker (other than `exceptId`) already uses the access code. */
export async function isAccessCodeTaken(db: Tx, eboxId: string, code: string, exceptId?: string): Promise<boolean> {
  const found = await findOrderByAccessCode(db, eboxId, code);
  return Boolean(found && found.id !== exceptId);
}

/**
 * Books one AVAILABLE compartment of the size in the locker: locked with SKIP LOCKED, so two
 * creations at once never take the same one (each skips the other's), and marked BOOKED in the
 * caller's transaction. null when none is free.
 */
export async function bookCompartiment(tx: Tx, eboxId: string, size: string): Promise<{ before: Row; after: Row } | null> {
  // Two creations at once take different compartments without waiting (SKIP LOCKED). When every
  // free one is locked, it is not full: a door report of the locker (a snapshot locks all its
  // compartments for a moment) or another booking holds them. Then wait for them, and take the
  // first still AVAILABLE once they are let go (PostgreSQL checks a waited-for row again).
  const pick = (skipLocked: boolean) =>
    tx.execute<{ id: string }>(sql`
      SELECT id FROM compartiment
      WHERE ebox_id = ${eboxId} AND lower(size) = lower(${size}) AND status = 'AVAILABLE'
      ORDER BY number
      LIMIT 1
      FOR UPDATE${skipLocked ? sql` SKIP LOCKED` : sql``}`);
  const id = (await pick(true)).rows[0]?.id ?? (await pick(false)).rows[0]?.id;
  if (!id) return null;
  const before = await findCompartiment(tx, id);
  if (!before) return null;
  const after = await writeCompartimentStatus(tx, id, 'BOOKED');
  return { before, after };
}

/** The company's overdue days (spec 3 company.maxDaysOverdueDateDelivery); null when not set. */
export async function findMaxDaysOverdue(tx: Tx, companyId: string): Promise<number | null> {
  const table = entityTable('company');
  const [row] = await tx
    .select({ days: table.maxDaysOverdueDateDelivery })
    .from(table)
    .where(inArray(table.id, [companyId]));
  return typeof row?.days === 'number' ? row.days : null;
}

/**
 * Up to `limit` orders past their overdue date in a status the expiry job moves, locked (SKIP
 * LOCKED: a run never waits on, nor takes, an order another run or a locker is moving).
 */
export async function lockOverdueOrders(tx: Tx, now: Date, limit: number): Promise<Row[]> {
  const resource = resourceOf(DECLARED_ENTITIES.order);
  // Only the (type, status) pairs the machine expires: a DELIVERY still at the hub waits for its courier.
  const expirable = Object.entries(ORDER_LIFECYCLE).flatMap(([type, transitions]) =>
    transitions
      .filter((transition) => transition.trigger === 'job.expireOverdue')
      .map(
        (transition) =>
          sql`(type = ${type} AND status IN (${sql.join(
            transition.from.map((status) => sql`${status}`),
            sql`, `,
          )}))`,
      ),
  );
  const locked = await tx.execute<{ id: string }>(sql`
    SELECT id FROM "order"
    WHERE overdue_date <= ${now.toISOString()}
      AND status IN (${sql.join(
        ORDER_EXPIRABLE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      AND (${sql.join(expirable, sql` OR `)})
    ORDER BY overdue_date
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`);
  const rows: Row[] = [];
  for (const { id } of locked.rows) {
    const row = await findRow(tx, resource, id);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * How many orders are in one of `statuses`, of `companies` (null: of every company), as the
 * triggers of migration 0019 keep it: a few rows read, however many orders there are. An
 * expression, so a list page reads it in its own statement (kit/repository.ts listRows); each list
 * is one parameter, so the text is the same whatever their lengths and stays prepared.
 */
export function ordersOfStatusesTotal(statuses: string[], companies: string[] | null): SQL {
  if (!statuses.length || (companies && !companies.length)) return sql`0`;
  const ofCompanies = companies ? sql` and ${orderStatusCount.companyId} = any(${sql.param(companies)}::uuid[])` : sql``;
  return sql`(select coalesce(sum(${orderStatusCount.rows}), 0) from ${orderStatusCount} where ${orderStatusCount.status} = any(${sql.param(statuses)}::text[])${ofCompanies})`;
}

/** At most this many of a locker's live orders in its metrics: more than any locker has doors. */
const LOCKER_ORDERS_LIMIT = 500;

/**
 * A locker's live orders (booked, waiting, inside), newest first, limited to the caller's
 * companies (a shared locker holds other companies' parcels too): what GET /ebox/metrics lists.
 */
export async function listLiveOrdersOfLocker(db: Tx, eboxId: string, scope: CompanyScope) {
  const resource = resourceOf(DECLARED_ENTITIES.order);
  const c = resource.columns;
  return db
    .select(
      pickColumns(resource, [
        'id',
        'trackingCode',
        'type',
        'status',
        'compartiment',
        'compartimentNumber',
        'customerName',
        'overdueDate',
        'createdAt',
        'storedAt',
      ]),
    )
    .from(resource.table)
    .where(and(eq(c.ebox, eboxId), inArray(c.status, [...ORDER_LIVE_STATUSES]), scopeCondition(DECLARED_ENTITIES.order, c, scope)))
    .orderBy(desc(c.createdAt))
    .limit(LOCKER_ORDERS_LIMIT);
}

/**
 * A booking the locker refused for want of a free compartment of the size: written on its own
 * connection (`db`, not the creation's transaction, which the refusal rolls back), for the dashboard.
 */
export async function recordBookingRefusal(db: Tx, refusal: { eboxId: string; companyId: string | null; size: string }): Promise<void> {
  await db.insert(lockerRefusal).values({ ebox: refusal.eboxId, company: refusal.companyId, size: refusal.size });
}
