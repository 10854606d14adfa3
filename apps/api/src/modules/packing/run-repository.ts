import type { CourierRunEntry, PackingOutcome, PackingStep } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/**
 * The courier's run at the lockers (issue 30, item 3): what a locker's terminal is told of the runs
 * through it, and how a parcel event under a run's code finds its packing's row. Apart from the
 * packing's other SQL so that the terminal commands read it without the packing's services.
 */

/** A courier's code: 8 digits, so it never equals an order's 6-digit access code at the keypad. */
export const RUN_CODE_DIGITS = 8;

/** Whether any packing ever had this run code (the column is unique: a code is never given twice). */
export async function isRunCodeTaken(tx: Tx, code: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`SELECT 1 FROM packing WHERE lower(run_code) = lower(${code}) LIMIT 1`);
  return rows.length > 0;
}

type RunPartRow = {
  packing_id: string;
  run_code: string;
  run_from: string | Date;
  run_until: string | Date;
  order_id: string;
  tracking_code: string;
  step: PackingStep;
  compartiment_size: string | null;
  /** A delivery's planned compartment (its booking, else the packing's target); a collection's, where the parcel is. */
  compartment_number: number | null;
};

const isoOf = (value: string | Date) => new Date(value).toISOString();

/**
 * The open runs through a locker whose window has not ended, each with what is still to do there:
 * the deliveries to deposit (into the booked or targeted compartment) and the parcels to collect (in
 * the compartment they are in). A row done, or of a finished packing, is no longer sent; one
 * reported at the wrong locker still is.
 */
export async function findLockerRuns(db: Tx, eboxId: string, now: Date): Promise<CourierRunEntry[]> {
  const { rows } = await db.execute<RunPartRow>(sql`
    SELECT p.id AS packing_id, p.run_code, p.run_from, p.run_until, po.order_id, o.tracking_code, po.step,
      coalesce(po.compartiment_size, o.compartiment_size) AS compartiment_size,
      CASE WHEN po.step = 'delivery' THEN coalesce(o.compartiment_number, po.target_compartiment_number) ELSE o.compartiment_number END
        AS compartment_number
    FROM packing_order po
    JOIN packing p ON p.id = po.packing_id
    JOIN "order" o ON o.id = po.order_id
    WHERE po.ebox_id = ${eboxId} AND po.open AND po.outcome IS DISTINCT FROM 'done'
      AND p.finished_at IS NULL AND p.run_code IS NOT NULL AND p.run_until > ${now.toISOString()}
    ORDER BY p.run_from, p.id, po.position, o.tracking_code`);
  const runs = new Map<string, CourierRunEntry>();
  for (const row of rows) {
    const run = runs.get(row.packing_id) ?? {
      run_code: row.run_code,
      packing_id: row.packing_id,
      valid_from: isoOf(row.run_from),
      valid_until: isoOf(row.run_until),
      deposits: [],
      collections: [],
    };
    runs.set(row.packing_id, run);
    const parcel = { order_id: row.order_id, tracking_code: row.tracking_code };
    if (row.step === 'delivery') {
      run.deposits.push({
        ...parcel,
        ...(row.compartment_number !== null ? { compartment_number: row.compartment_number } : {}),
        ...(row.compartiment_size ? { size: row.compartiment_size } : {}),
      });
    } else if (row.compartment_number !== null) {
      // A parcel to collect is where its order says; one without a compartment cannot be opened for.
      run.collections.push({ ...parcel, compartment_number: row.compartment_number });
    }
  }
  return [...runs.values()];
}

/** A packing's row a run's parcel event names, with what the event needs to move its order. */
export type RunParcelRow = {
  rowId: string;
  packingId: string;
  packingCompany: string | null;
  orderId: string;
  eboxId: string | null;
  step: PackingStep;
};

/**
 * The open row of the run whose code was used, valid at the terminal's time `at`, for the parcel the
 * terminal named (its tracking code, or without one the compartment a collected parcel was in), among
 * the steps the event can end (a deposit: a delivery; a pickup: a collection). A row of this locker
 * comes first; one of another locker of the run means the parcel was reported at the wrong locker.
 * The row is locked for the event's transaction.
 */
export async function findRunParcel(
  tx: Tx,
  input: { runCode: string; eboxId: string; at: Date; steps: readonly PackingStep[]; trackingCode?: string; compartimentId: string },
): Promise<RunParcelRow | null> {
  const parcel = input.trackingCode
    ? sql`lower(o.tracking_code) = lower(${input.trackingCode})`
    : sql`o.compartiment_id = ${input.compartimentId}`;
  const { rows } = await tx.execute<{
    row_id: string;
    packing_id: string;
    company_id: string | null;
    order_id: string;
    ebox_id: string | null;
    step: PackingStep;
  }>(sql`
    SELECT po.id AS row_id, p.id AS packing_id, p.company_id, po.order_id, po.ebox_id, po.step
    FROM packing p
    JOIN packing_order po ON po.packing_id = p.id AND po.open
    JOIN "order" o ON o.id = po.order_id
    WHERE lower(p.run_code) = lower(${input.runCode}) AND p.finished_at IS NULL
      AND ${input.at.toISOString()}::timestamptz BETWEEN p.run_from AND p.run_until
      AND po.step = ANY(${sql.param([...input.steps])}::text[]) AND ${parcel}
    ORDER BY (po.ebox_id = ${input.eboxId}) DESC NULLS LAST, po.outcome IS DISTINCT FROM 'done' DESC
    LIMIT 1
    FOR UPDATE OF po`);
  const row = rows[0];
  if (!row) return null;
  return {
    rowId: row.row_id,
    packingId: row.packing_id,
    packingCompany: row.company_id,
    orderId: row.order_id,
    eboxId: row.ebox_id,
    step: row.step,
  };
}

/**
 * Keeps what the courier did for a row and the packing's count of rows still to do (all but the
 * done ones). A row done stays done (a replayed event changes nothing); one reported at the wrong
 * locker becomes done once the parcel reaches its own. Answers whether the row changed.
 */
export async function recordRunOutcome(tx: Tx, rowId: string, outcome: PackingOutcome, at: Date): Promise<boolean> {
  const { rows } = await tx.execute<{ packing_id: string }>(sql`
    UPDATE packing_order SET outcome = ${outcome}, outcome_at = ${at.toISOString()}
    WHERE id = ${rowId} AND (outcome IS NULL OR (outcome = 'wrongLocker' AND ${outcome} = 'done')) RETURNING packing_id`);
  const packingId = rows[0]?.packing_id;
  if (!packingId) return false;
  // A decrement, not a recount: two lockers reporting at once each see only their own row done
  // until the other commits, while the packing's row lock queues the decrements.
  if (outcome === 'done') await tx.execute(sql`UPDATE packing SET packing_orders = packing_orders - 1 WHERE id = ${packingId}`);
  return true;
}

/** At a packing's finish, the rows nobody reported become not made; answers them for the live event. */
export async function markRunLeftovers(
  tx: Tx,
  packingId: string,
  at: Date,
): Promise<{ orderId: string; eboxId: string | null; step: PackingStep }[]> {
  const { rows } = await tx.execute<{ order_id: string; ebox_id: string | null; step: PackingStep }>(sql`
    UPDATE packing_order SET outcome = 'notMade', outcome_at = ${at.toISOString()}
    WHERE packing_id = ${packingId} AND outcome IS NULL RETURNING order_id, ebox_id, step`);
  return rows.map((row) => ({ orderId: row.order_id, eboxId: row.ebox_id, step: row.step }));
}

/** The lockers a packing's run goes through: theirs are the terminals to tell when it starts or ends. */
export async function findRunLockers(tx: Tx, packingId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ ebox_id: string }>(
    sql`SELECT DISTINCT ebox_id FROM packing_order WHERE packing_id = ${packingId} AND ebox_id IS NOT NULL ORDER BY ebox_id`,
  );
  return rows.map((row) => row.ebox_id);
}

/**
 * Each inbound holding any of these orders counts again how many of its orders a packing has picked
 * (spec 3 inbound.packingOrders), open or finished: a packing saved or deleted changes it.
 */
export async function recountInboundPacking(tx: Tx, orderIds: readonly string[]): Promise<void> {
  if (!orderIds.length) return;
  const ids = sql`${sql.param([...orderIds])}::uuid[]`;
  // Locked first, counted by the next statement: a packing saved meanwhile holding other orders of
  // the same inbound has committed by then, and the count's fresh snapshot sees its rows.
  await tx.execute(sql`SELECT id FROM inbound WHERE orders && ${ids} ORDER BY id FOR UPDATE`);
  await tx.execute(sql`
    UPDATE inbound i SET packing_orders = (
      SELECT count(DISTINCT po.order_id) FROM packing_order po WHERE po.order_id = ANY(i.orders))
    WHERE i.orders && ${ids}`);
}

/** Removes a packing's rows (before the packing itself), answering their orders. */
export async function deletePackingRows(tx: Tx, packingId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ order_id: string }>(
    sql`DELETE FROM packing_order WHERE packing_id = ${packingId} RETURNING order_id`,
  );
  return rows.map((row) => row.order_id);
}
