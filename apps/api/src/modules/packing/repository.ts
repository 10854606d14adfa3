import {
  DECLARED_ENTITIES,
  type OrderStatus,
  type OrderType,
  PACKING_STEP_RULES,
  type PackingNotFittingReason,
  type PackingStep,
} from '@ebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';

/**
 * The packing's SQL (issue 30): the steps' lists, the delivery step's proposal, the save's locks and
 * rows, a packing's rows and the re-check at print. Every list is one set-based statement however
 * many orders and lockers there are (no query per order); the caller's companies are in each.
 */

/** A locker as the packing screens and the romaneio name it. */
export type PackingLocker = { id: string; code: string; name: string };

/** An order as a step lists it, with its delivery's proposal (null targets for the collections). */
export type StepRow = {
  id: string;
  trackingCode: string;
  type: OrderType;
  status: OrderStatus;
  company: string | null;
  ebox: PackingLocker | null;
  compartimentSize: string | null;
  compartimentNumber: number | null;
  customerName: string | null;
  invoiceNumber: string | null;
  updatedAt: string;
  hasChange: boolean;
  targetId: string | null;
  targetNumber: number | null;
  notFitting: PackingNotFittingReason | null;
};

export type StepFilter = { ebox?: string[]; company?: string; trackingCode?: string };

const text = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
const uuids = (values: readonly string[]) => sql`${sql.param([...values])}::uuid[]`;

/** The orders the caller sees, as the kit's scope decides it for `order` (its company's, or carried by theirs). */
function scopeOf(scope: CompanyScope): SQL {
  return scopeCondition(DECLARED_ENTITIES.order, alias(entityTable('order'), 'o'), scope) ?? sql`true`;
}

/** The orders of a step the caller may see, not in an open packing, narrowed by the filter. */
function candidatesOf(step: PackingStep, scope: CompanyScope, filter: StepFilter): SQL {
  const rule = PACKING_STEP_RULES[step];
  const conditions: SQL[] = [sql`o.status = ${rule.status}`, sql`o.type = ANY(${text(rule.types)})`, scopeOf(scope)];
  if (filter.ebox?.length) conditions.push(sql`o.ebox_id = ANY(${uuids(filter.ebox)})`);
  if (filter.company) conditions.push(sql`o.company_id = ${filter.company}`);
  if (filter.trackingCode?.trim())
    conditions.push(
      sql`(lower(o.tracking_code) COLLATE "C") LIKE ${`${filter.trackingCode
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, '\\$&')}%`}`,
    );
  conditions.push(sql`NOT EXISTS (SELECT 1 FROM packing_order p WHERE p.order_id = o.id AND p.open)`);
  return sql`SELECT o.id, o.tracking_code, o.type, o.status, o.company_id, o.ebox_id, o.compartiment_size, o.compartiment_id,
      o.compartiment_number, o.customer_name, o.invoice_number, o.updated_at, o.inbound_at, o.created_at
    FROM "order" o WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * The delivery proposal over a set of candidate orders (`candidates`: a SELECT of order columns):
 * each order keeps the compartment booked for it at its locker, or takes the n-th free compartment
 * of its size there when it is the n-th order of that size needing one (oldest received first).
 * Free is the cluster counters' "available" (status AVAILABLE or none), enabled, and targeted by no
 * open packing. What finds none says why. One statement: window functions number both sides.
 */
function proposalOf(candidates: SQL, exceptPacking: string | null = null): SQL {
  const notMine = exceptPacking ? sql` AND p.packing_id <> ${exceptPacking}` : sql``;
  return sql`
    WITH cand AS (${candidates}),
    own AS (
      SELECT c.id AS order_id, k.id AS compartiment_id, k.number
        FROM cand c JOIN compartiment k ON k.id = c.compartiment_id AND k.ebox_id = c.ebox_id AND k.status = 'BOOKED'),
    need AS (
      SELECT c.id, c.ebox_id, lower(c.compartiment_size) AS size,
             row_number() OVER (PARTITION BY c.ebox_id, lower(c.compartiment_size) ORDER BY c.inbound_at NULLS LAST, c.created_at, c.id) AS rn
        FROM cand c
       WHERE c.ebox_id IS NOT NULL AND coalesce(c.compartiment_size, '') <> ''
         AND NOT EXISTS (SELECT 1 FROM own WHERE own.order_id = c.id)),
    free AS (
      SELECT k.id, k.ebox_id, lower(k.size) AS size, k.number,
             row_number() OVER (PARTITION BY k.ebox_id, lower(k.size) ORDER BY k.number, k.id) AS rn
        FROM compartiment k
       WHERE k.ebox_id IN (SELECT DISTINCT ebox_id FROM need)
         AND coalesce(k.status, 'AVAILABLE') = 'AVAILABLE' AND k.enable IS NOT FALSE
         AND NOT EXISTS (SELECT 1 FROM packing_order p WHERE p.open AND p.target_compartiment_id = k.id${notMine}))
    SELECT c.*, coalesce(own.compartiment_id, free.id) AS target_id, coalesce(own.number, free.number) AS target_number,
           CASE WHEN own.compartiment_id IS NOT NULL OR free.id IS NOT NULL THEN NULL
                WHEN c.ebox_id IS NULL THEN 'noLocker'
                WHEN coalesce(c.compartiment_size, '') = '' THEN 'noSize'
                ELSE 'noFreeCompartment' END AS not_fitting
      FROM cand c
      LEFT JOIN own ON own.order_id = c.id
      LEFT JOIN need ON need.id = c.id
      LEFT JOIN free ON free.ebox_id = need.ebox_id AND free.size = need.size AND free.rn = need.rn`;
}

type RawStepRow = {
  id: string;
  tracking_code: string;
  type: OrderType;
  status: OrderStatus;
  company_id: string | null;
  ebox_id: string | null;
  ebox_code: string | null;
  ebox_name: string | null;
  compartiment_size: string | null;
  compartiment_number: number | null;
  customer_name: string | null;
  invoice_number: string | null;
  updated_at: string | Date;
  has_change: boolean;
  target_id: string | null;
  target_number: number | null;
  not_fitting: PackingNotFittingReason | null;
  total: string | number;
};

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function stepRowOf(row: RawStepRow): StepRow {
  return {
    id: row.id,
    trackingCode: row.tracking_code,
    type: row.type,
    status: row.status,
    company: row.company_id,
    ebox: row.ebox_id ? { id: row.ebox_id, code: row.ebox_code ?? '', name: row.ebox_name ?? '' } : null,
    compartimentSize: row.compartiment_size,
    compartimentNumber: row.compartiment_number,
    customerName: row.customer_name,
    invoiceNumber: row.invoice_number,
    updatedAt: iso(row.updated_at),
    hasChange: Boolean(row.has_change),
    targetId: row.target_id,
    targetNumber: row.target_number,
    notFitting: row.not_fitting,
  };
}

/** A step's rows keyed by locker (by its code, then oldest first), a page of them, with the total. */
export async function listStepRows(
  db: Tx,
  step: PackingStep,
  scope: CompanyScope,
  filter: StepFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: StepRow[]; count: number }> {
  const candidates = candidatesOf(step, scope, filter);
  const source =
    step === 'delivery'
      ? proposalOf(candidates)
      : sql`SELECT c.*, NULL::uuid AS target_id, NULL::int AS target_number, NULL::text AS not_fitting FROM (${candidates}) c`;
  const found = await db.execute<RawStepRow>(sql`
    SELECT x.id, x.tracking_code, x.type, x.status, x.company_id, x.ebox_id, e.code AS ebox_code, e.name AS ebox_name,
           x.compartiment_size, x.compartiment_number, x.customer_name, x.invoice_number, x.updated_at,
           coalesce((SELECT p.order_updated_at < x.updated_at FROM packing_order p WHERE p.order_id = x.id
                      ORDER BY p.order_updated_at DESC LIMIT 1), false) AS has_change,
           x.target_id, x.target_number, x.not_fitting, count(*) OVER () AS total
      FROM (${source}) x LEFT JOIN ebox e ON e.id = x.ebox_id
     ORDER BY e.code NULLS LAST, x.ebox_id, x.inbound_at NULLS LAST, x.created_at, x.id
     LIMIT ${page.limit} OFFSET ${page.offset}`);
  const rows = found.rows.map(stepRowOf);
  let count = Number(found.rows[0]?.total ?? 0);
  if (!rows.length && page.offset > 0) {
    const counted = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM (${candidates}) c`);
    count = Number(counted.rows[0]?.n ?? 0);
  }
  return { rows, count };
}

export type LockerCount = {
  eboxId: string | null;
  code: string | null;
  name: string | null;
  count: number;
  fits: number;
  notFitting: number;
};

/** Per step and locker, how many orders wait (and for deliveries how many fit): the metrics, in one statement a step. */
export async function countStepsByLocker(db: Tx, scope: CompanyScope, filter: StepFilter): Promise<Record<PackingStep, LockerCount[]>> {
  const counted = async (step: PackingStep) => {
    const candidates = candidatesOf(step, scope, filter);
    const source = step === 'delivery' ? proposalOf(candidates) : sql`SELECT c.*, NULL::uuid AS target_id FROM (${candidates}) c`;
    const found = await db.execute<{ ebox_id: string | null; code: string | null; name: string | null; n: string; fits: string }>(sql`
      SELECT x.ebox_id, e.code, e.name, count(*) AS n, count(x.target_id) AS fits
        FROM (${source}) x LEFT JOIN ebox e ON e.id = x.ebox_id
       GROUP BY x.ebox_id, e.code, e.name
       ORDER BY e.code NULLS LAST`);
    return found.rows.map((row) => ({
      eboxId: row.ebox_id,
      code: row.code,
      name: row.name,
      count: Number(row.n),
      fits: step === 'delivery' ? Number(row.fits) : Number(row.n),
      notFitting: step === 'delivery' ? Number(row.n) - Number(row.fits) : 0,
    }));
  };
  return {
    reverseCollection: await counted('reverseCollection'),
    expiredCollection: await counted('expiredCollection'),
    delivery: await counted('delivery'),
  };
}

/** A picked order as the save reads it, locked. */
export type PickedOrder = {
  id: string;
  trackingCode: string;
  type: string;
  status: string;
  company: string | null;
  ebox: string | null;
  eboxCode: string | null;
  compartimentSize: string | null;
  updatedAt: string;
};

/** The orders named, of the caller's companies, locked by id order (two saves never deadlock on them). */
export async function lockPickedOrders(tx: Tx, ids: readonly string[], scope: CompanyScope): Promise<PickedOrder[]> {
  if (!ids.length) return [];
  await tx.execute(sql`SELECT o.id FROM "order" o WHERE o.id = ANY(${uuids(ids)}) AND ${scopeOf(scope)} ORDER BY o.id FOR UPDATE OF o`);
  const found = await tx.execute<{
    id: string;
    tracking_code: string;
    type: OrderType;
    status: OrderStatus;
    company_id: string | null;
    ebox_id: string | null;
    ebox_code: string | null;
    compartiment_size: string | null;
    updated_at: string | Date;
  }>(sql`
    SELECT o.id, o.tracking_code, o.type, o.status, o.company_id, o.ebox_id, e.code AS ebox_code, o.compartiment_size, o.updated_at
      FROM "order" o LEFT JOIN ebox e ON e.id = o.ebox_id
     WHERE o.id = ANY(${uuids(ids)}) AND ${scopeOf(scope)}`);
  return found.rows.map((row) => ({
    id: row.id,
    trackingCode: row.tracking_code,
    type: row.type,
    status: row.status,
    company: row.company_id,
    ebox: row.ebox_id,
    eboxCode: row.ebox_code,
    compartimentSize: row.compartiment_size,
    updatedAt: iso(row.updated_at),
  }));
}

/** Of these orders, those already in an open packing (read after the orders are locked: a save just committed is seen). */
export async function findOpenlyPacked(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const found = await tx.execute<{ order_id: string }>(
    sql`SELECT order_id FROM packing_order WHERE open AND order_id = ANY(${uuids(ids)})`,
  );
  return new Set(found.rows.map((row) => row.order_id));
}

/**
 * Serializes the packings planning deliveries at these lockers (a transaction-scoped advisory lock
 * per locker, taken in id order) and locks their free compartments, so a booking waits or skips
 * them (SKIP LOCKED) while the targets are chosen.
 */
export async function lockLockers(tx: Tx, lockerIds: readonly string[]): Promise<void> {
  const ids = [...new Set(lockerIds)].sort();
  if (!ids.length) return;
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(hashtextextended('packing:' || id::text, 0))
      FROM (SELECT unnest(${uuids(ids)}) AS id ORDER BY 1) locker`);
  await tx.execute(sql`
    SELECT id FROM compartiment
     WHERE ebox_id = ANY(${uuids(ids)}) AND coalesce(status, 'AVAILABLE') = 'AVAILABLE'
     ORDER BY id FOR UPDATE`);
}

export type Target = { orderId: string; targetId: string | null; targetNumber: number | null; notFitting: PackingNotFittingReason | null };

/** The proposal for exactly these (picked, locked) delivery orders, priority among them alone. */
export async function proposeFor(tx: Tx, ids: readonly string[]): Promise<Map<string, Target>> {
  if (!ids.length) return new Map();
  const candidates = sql`SELECT o.id, o.tracking_code, o.type, o.status, o.company_id, o.ebox_id, o.compartiment_size, o.compartiment_id,
      o.compartiment_number, o.customer_name, o.invoice_number, o.updated_at, o.inbound_at, o.created_at
    FROM "order" o WHERE o.id = ANY(${uuids(ids)})`;
  const found = await tx.execute<{
    id: string;
    target_id: string | null;
    target_number: number | null;
    not_fitting: PackingNotFittingReason | null;
  }>(proposalOf(candidates));
  return new Map(
    found.rows.map((row) => [
      row.id,
      { orderId: row.id, targetId: row.target_id, targetNumber: row.target_number, notFitting: row.not_fitting },
    ]),
  );
}

/** The route's stops, in order (empty when none or not the caller's). */
export async function findRouteStops(tx: Tx, routeId: string): Promise<string[]> {
  const found = await tx.execute<{ ebox: string[] }>(sql`SELECT ebox FROM route WHERE id = ${routeId}`);
  return found.rows[0]?.ebox ?? [];
}

export type NewPackingRow = {
  order: string;
  company: string | null;
  step: PackingStep;
  ebox: string | null;
  position: number;
  compartimentSize: string | null;
  targetId: string | null;
  targetNumber: number | null;
};

/** The packing's rows, in one INSERT (arrays unnested). The partial unique indexes refuse a race. */
export async function insertPackingRows(tx: Tx, packingId: string, rows: readonly NewPackingRow[]): Promise<void> {
  if (!rows.length) return;
  const column = <T>(pick: (row: NewPackingRow) => T) => sql.param(rows.map(pick));
  // The order's version is read here, at full precision: a JavaScript date would cut its microseconds.
  await tx.execute(sql`
    INSERT INTO packing_order (packing_id, order_id, company_id, step, ebox_id, position, compartiment_size,
                               target_compartiment_id, target_compartiment_number, order_updated_at)
    SELECT ${packingId}, x.order_id, x.company_id, x.step, x.ebox_id, x.position, x.size, x.target_id, x.target_number, o.updated_at
      FROM unnest(${column((r) => r.order)}::uuid[], ${column((r) => r.company)}::uuid[], ${column((r) => r.step)}::text[],
        ${column((r) => r.ebox)}::uuid[], ${column((r) => r.position)}::int[], ${column((r) => r.compartimentSize)}::text[],
        ${column((r) => r.targetId)}::uuid[], ${column((r) => r.targetNumber)}::int[])
        AS x(order_id, company_id, step, ebox_id, position, size, target_id, target_number)
      JOIN "order" o ON o.id = x.order_id`);
}

/** Closes the packing's rows: its orders may go into another packing. */
export async function closePackingRows(tx: Tx, packingId: string): Promise<number> {
  const closed = await tx.execute(sql`UPDATE packing_order SET open = false WHERE packing_id = ${packingId} AND open`);
  return closed.rowCount ?? 0;
}

/** A packing's row as its screen and its romaneio read it. */
export type PackingRow = {
  id: string;
  orderId: string;
  trackingCode: string;
  type: OrderType;
  status: OrderStatus;
  step: PackingStep;
  position: number;
  ebox: PackingLocker | null;
  compartimentSize: string | null;
  /** Where a collection's parcel is now. */
  compartimentNumber: number | null;
  target: { id: string | null; number: number } | null;
  previousCompartimentNumber: number | null;
  notFitting: PackingNotFittingReason | null;
  invoiceNumber: string | null;
  customerName: string | null;
  hasChange: boolean;
  outcome: string | null;
};

/** The rows of a packing whose orders the caller may see, in the run's order. */
export async function listPackingRows(db: Tx, packingId: string, scope: CompanyScope): Promise<PackingRow[]> {
  const found = await db.execute<{
    id: string;
    order_id: string;
    tracking_code: string;
    type: OrderType;
    status: OrderStatus;
    step: PackingStep;
    position: number;
    ebox_id: string | null;
    ebox_code: string | null;
    ebox_name: string | null;
    compartiment_size: string | null;
    compartiment_number: number | null;
    target_compartiment_id: string | null;
    target_compartiment_number: number | null;
    previous_compartiment_number: number | null;
    not_fitting: PackingNotFittingReason | null;
    invoice_number: string | null;
    customer_name: string | null;
    has_change: boolean;
    outcome: string | null;
  }>(sql`
    SELECT p.id, p.order_id, o.tracking_code, o.type, o.status, p.step, p.position, p.ebox_id, e.code AS ebox_code, e.name AS ebox_name,
           p.compartiment_size, o.compartiment_number, p.target_compartiment_id, p.target_compartiment_number,
           p.previous_compartiment_number, p.not_fitting, coalesce(o.invoice_number, i.number::text) AS invoice_number, o.customer_name,
           o.updated_at > p.order_updated_at AS has_change, p.outcome
      FROM packing_order p
      JOIN "order" o ON o.id = p.order_id
      LEFT JOIN ebox e ON e.id = p.ebox_id
      LEFT JOIN invoice i ON i.id = o.invoice_id
     WHERE p.packing_id = ${packingId} AND ${scopeOf(scope)}
     ORDER BY p.position, e.code, CASE p.step WHEN 'delivery' THEN 0 ELSE 1 END, o.tracking_code`);
  return found.rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    trackingCode: row.tracking_code,
    type: row.type,
    status: row.status,
    step: row.step,
    position: row.position,
    ebox: row.ebox_id ? { id: row.ebox_id, code: row.ebox_code ?? '', name: row.ebox_name ?? '' } : null,
    compartimentSize: row.compartiment_size,
    compartimentNumber: row.compartiment_number,
    target: row.target_compartiment_number === null ? null : { id: row.target_compartiment_id, number: row.target_compartiment_number },
    previousCompartimentNumber: row.previous_compartiment_number,
    notFitting: row.not_fitting,
    invoiceNumber: row.invoice_number,
    customerName: row.customer_name,
    hasChange: Boolean(row.has_change),
    outcome: row.outcome,
  }));
}

/** The lockers of a packing with what the romaneio prints of each. */
export type RomaneioLocker = PackingLocker & {
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  workingHours: string | null;
};

export async function findLockers(db: Tx, ids: readonly string[]): Promise<Map<string, RomaneioLocker>> {
  if (!ids.length) return new Map();
  const found = await db.execute<Record<string, string | null> & { id: string }>(sql`
    SELECT id, code, name, street, number, complement, neighborhood, city, state, postal_code AS "postalCode", working_hours AS "workingHours"
      FROM ebox WHERE id = ANY(${uuids(ids)})`);
  return new Map(
    found.rows.map((row) => [
      row.id,
      {
        id: row.id,
        code: row.code ?? '',
        name: row.name ?? '',
        street: row.street ?? null,
        number: row.number ?? null,
        complement: row.complement ?? null,
        neighborhood: row.neighborhood ?? null,
        city: row.city ?? null,
        state: row.state ?? null,
        postalCode: row.postalCode ?? null,
        workingHours: row.workingHours ?? null,
      },
    ]),
  );
}

/** The lockers of a packing's open delivery rows (to lock them before a re-check). */
export async function deliveryLockersOf(tx: Tx, packingId: string): Promise<string[]> {
  const found = await tx.execute<{ ebox_id: string }>(
    sql`SELECT DISTINCT ebox_id FROM packing_order WHERE packing_id = ${packingId} AND open AND step = 'delivery' AND ebox_id IS NOT NULL`,
  );
  return found.rows.map((row) => row.ebox_id);
}

export type Retargeted = { trackingCode: string; from: number | null; to: number | null; reason: PackingNotFittingReason | null };

/**
 * The re-check of a packing's deliveries (at print): a row whose compartment is no longer its
 * order's booking nor free (a parcel went in meanwhile, it was locked), or that had none, takes the
 * next free compartment of its size at its locker, or none with the reason. Set-based: one
 * statement finds the rows and their new targets, one updates them. The lockers are locked first.
 */
export async function recheckTargets(tx: Tx, packingId: string): Promise<Retargeted[]> {
  const found = await tx.execute<{
    row_id: string;
    tracking_code: string;
    from_number: number | null;
    target_id: string | null;
    target_number: number | null;
  }>(sql`
    WITH lost AS (
      SELECT p.id AS row_id, p.order_id, p.ebox_id, lower(p.compartiment_size) AS size, p.target_compartiment_number AS from_number,
             o.tracking_code, row_number() OVER (PARTITION BY p.ebox_id, lower(p.compartiment_size) ORDER BY p.position, o.tracking_code) AS rn
        FROM packing_order p
        JOIN "order" o ON o.id = p.order_id
        LEFT JOIN compartiment k ON k.id = p.target_compartiment_id
       WHERE p.packing_id = ${packingId} AND p.open AND p.step = 'delivery' AND p.ebox_id IS NOT NULL
         AND coalesce(p.compartiment_size, '') <> ''
         AND NOT coalesce(
               (k.id = o.compartiment_id AND k.status = 'BOOKED')
               OR (coalesce(k.status, 'AVAILABLE') = 'AVAILABLE' AND k.enable IS NOT FALSE AND k.ebox_id = p.ebox_id), false)),
    free AS (
      SELECT k.id, k.ebox_id, lower(k.size) AS size, k.number,
             row_number() OVER (PARTITION BY k.ebox_id, lower(k.size) ORDER BY k.number, k.id) AS rn
        FROM compartiment k
       WHERE k.ebox_id IN (SELECT ebox_id FROM lost)
         AND coalesce(k.status, 'AVAILABLE') = 'AVAILABLE' AND k.enable IS NOT FALSE
         AND NOT EXISTS (SELECT 1 FROM packing_order q WHERE q.open AND q.target_compartiment_id = k.id))
    SELECT lost.row_id, lost.tracking_code, lost.from_number, free.id AS target_id, free.number AS target_number
      FROM lost LEFT JOIN free ON free.ebox_id = lost.ebox_id AND free.size = lost.size AND free.rn = lost.rn`);
  const changed = found.rows.filter((row) => row.from_number !== row.target_number);
  if (!changed.length) return [];
  const column = <T>(pick: (row: (typeof changed)[number]) => T) => sql.param(changed.map(pick));
  await tx.execute(sql`
    UPDATE packing_order p
       SET target_compartiment_id = x.target_id,
           target_compartiment_number = x.target_number,
           previous_compartiment_number = coalesce(x.from_number, p.previous_compartiment_number),
           not_fitting = CASE WHEN x.target_id IS NULL THEN 'noFreeCompartment' END
      FROM unnest(${column((r) => r.row_id)}::uuid[], ${column((r) => r.target_id)}::uuid[], ${column((r) => r.target_number)}::int[],
                  ${column((r) => r.from_number)}::int[]) AS x(row_id, target_id, target_number, from_number)
     WHERE p.id = x.row_id`);
  return changed.map((row) => ({
    trackingCode: row.tracking_code,
    from: row.from_number,
    to: row.target_number,
    reason: row.target_id ? null : 'noFreeCompartment',
  }));
}
