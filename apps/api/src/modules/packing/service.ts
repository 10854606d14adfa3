import {
  DECLARED_ENTITIES,
  PACKING_PAGE_SIZE,
  PACKING_STEPS,
  PACKING_STEPS_OF_PICKING,
  type PackingNotFittingReason,
  type PackingPicking,
  type PackingStep,
  packingStepOf,
  translatorFor,
} from '@ebox/domain';
import { scopeOfContext } from '../../kit/entity-checks';
import { loadInScope } from '../../kit/entity-write';
import { resourceOf, updateRow } from '../../kit/repository';
import { serviceOf } from '../../kit/service';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import type { EntityActionHandler, Row } from '../../platform/entity-rules';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { closeRun, runOfNewPacking, tellRunLockers } from './courier-run';
import {
  closePackingRows,
  countStepsByLocker,
  deliveryLockersOf,
  findLockers,
  findOpenlyPacked,
  findRouteStops,
  insertPackingRows,
  type LockerCount,
  listPackingRows,
  listStepRows,
  lockLockers,
  lockPickedOrders,
  type NewPackingRow,
  type PackingRow,
  proposeFor,
  type Retargeted,
  recheckTargets,
  type StepFilter,
  type StepRow,
} from './repository';
import { openRomaneioPdf, type RomaneioPdf } from './romaneio-pdf';
import { deletePackingRows, recountInboundPacking } from './run-repository';

const packingResource = () => resourceOf(DECLARED_ENTITIES.packing);

/** Why a delivery finds no compartment, in the caller's language. */
export function notFittingText(
  language: ServiceContext['language'],
  reason: PackingNotFittingReason | null,
  order: { compartimentSize: string | null; eboxCode: string | null },
): string | null {
  if (!reason) return null;
  return translatorFor(language)(`entities.packing.notFitting.${reason}`, {
    size: order.compartimentSize ?? '',
    locker: order.eboxCode ?? '',
  });
}

export type StepAnswerRow = Omit<StepRow, 'targetId' | 'targetNumber' | 'notFitting'> & {
  step: PackingStep;
  /** A delivery's proposed compartment; null for a collection, or a delivery that does not fit. */
  target: { id: string; number: number } | null;
  /** Why a delivery does not fit, in the caller's language; null when it fits or for a collection. */
  notFitting: string | null;
};

/** GET /packing/steps/{step}: one step's orders keyed by locker, 25 a page (spec 9), with the delivery's proposal. */
export async function listPackingStep(
  ctx: ServiceContext,
  step: PackingStep,
  query: { filter?: StepFilter; offset?: number; limit?: number },
): Promise<{ rows: StepAnswerRow[]; count: number }> {
  authorize(ctx, 'packingCreate');
  const page = { offset: query.offset ?? 0, limit: query.limit ?? PACKING_PAGE_SIZE };
  const found = await listStepRows(dbOf(ctx), step, scopeOfContext(ctx), query.filter ?? {}, page);
  return {
    count: found.count,
    rows: found.rows.map(({ targetId, targetNumber, notFitting, ...row }) => ({
      ...row,
      step,
      target: targetId && targetNumber !== null ? { id: targetId, number: targetNumber } : null,
      notFitting: notFittingText(ctx.language, notFitting, { compartimentSize: row.compartimentSize, eboxCode: row.ebox?.code ?? null }),
    })),
  };
}

export type MetricsLocker = {
  ebox: { id: string; code: string; name: string } | null;
  count: number;
  fits: number;
  notFitting: number;
};

/** GET /packing/metrics: per step, how many orders wait at each locker (deliveries: how many fit). */
export async function packingMetrics(ctx: ServiceContext, filter: StepFilter = {}) {
  authorize(ctx, 'packingCreate');
  const counted = await countStepsByLocker(dbOf(ctx), scopeOfContext(ctx), filter);
  const lockerOf = (row: LockerCount): MetricsLocker => ({
    ebox: row.eboxId ? { id: row.eboxId, code: row.code ?? '', name: row.name ?? '' } : null,
    count: row.count,
    fits: row.fits,
    notFitting: row.notFitting,
  });
  return {
    steps: PACKING_STEPS.map((step) => ({
      step,
      total: counted[step].reduce((sum, row) => sum + row.count, 0),
      lockers: counted[step].map(lockerOf),
    })),
  };
}

/** What a save decided before the packing row exists, written beside it by afterCreate (same context object). */
const plans = new WeakMap<TxContext, { rows: NewPackingRow[]; sent: unknown }>();

type RefusedOrder = { id: string; trackingCode: string; reason?: string | null };

/**
 * A 400 naming the refused orders in its message and, as data, in its `fields`: each order by its
 * place in the `orders` sent (`orders.3`) with what stops it, so a screen or an integrator marks
 * those orders without reading the sentence.
 */
function refuseOrders(why: 'notInStep' | 'alreadyPacked' | 'notFitting', refused: readonly RefusedOrder[], sent: unknown): AppError {
  const orders = Array.isArray(sent) ? sent.map(String) : [];
  const named = [...refused].sort((a, b) => a.trackingCode.localeCompare(b.trackingCode));
  const fields = named.map((order) => ({
    path: `orders.${orders.indexOf(order.id)}`,
    key: `entities.packing.errors.order.${why}`,
    values: { trackingCode: order.trackingCode, reason: order.reason ?? '' },
  }));
  const codes = named.map((order) => (order.reason ? `${order.trackingCode} (${order.reason})` : order.trackingCode)).join(', ');
  return new AppError(400, `entities.packing.errors.${why}`, { codes }, fields);
}

/**
 * Before a packing is written (its create's transaction): its orders, each once, locked; each must
 * be in a step its picking takes, in no open packing, and a delivery must fit its locker now (the
 * proposal computed again with the lockers locked). Otherwise a 400 names the orders and nothing is
 * written. The server's fields are filled here: lockers in the run's order, tracking codes, totals.
 */
export async function preparePacking(ctx: TxContext, data: Record<string, unknown>): Promise<void> {
  const t = translatorFor(ctx.language);
  const ids = [...new Set(Array.isArray(data.orders) ? data.orders.map(String) : [])];
  const orders = await lockPickedOrders(ctx.tx, ids, scopeOfContext(ctx));
  // An order the caller may not see is answered as one that does not exist.
  if (orders.length !== ids.length) throw notFound();
  const picking = (data.picking ?? 'collectDelivery') as PackingPicking;
  const steps = new Map(orders.map((order) => [order.id, packingStepOf(order.type, order.status)]));
  const outOfStep = orders.filter((order) => {
    const step = steps.get(order.id);
    return !step || !PACKING_STEPS_OF_PICKING[picking].includes(step);
  });
  if (outOfStep.length) throw refuseOrders('notInStep', outOfStep, data.orders);
  const packed = await findOpenlyPacked(ctx.tx, ids);
  if (packed.size)
    throw refuseOrders(
      'alreadyPacked',
      orders.filter((o) => packed.has(o.id)),
      data.orders,
    );

  const deliveries = orders.filter((order) => steps.get(order.id) === 'delivery');
  await lockLockers(
    ctx.tx,
    deliveries.flatMap((order) => (order.ebox ? [order.ebox] : [])),
  );
  const targets = await proposeFor(
    ctx.tx,
    deliveries.map((order) => order.id),
  );
  const notFitting = deliveries.filter((order) => !targets.get(order.id)?.targetId);
  if (notFitting.length)
    throw refuseOrders(
      'notFitting',
      notFitting.map((order) => ({
        ...order,
        reason: notFittingText(ctx.language, targets.get(order.id)?.notFitting ?? 'noFreeCompartment', order),
      })),
      data.orders,
    );

  // The run's order: the route's stops first, as driven; the other lockers after them by code.
  const stops = typeof data.route === 'string' ? await findRouteStops(ctx.tx, data.route) : [];
  const lockers = [...new Map(orders.flatMap((order) => (order.ebox ? [[order.ebox, order.eboxCode ?? ''] as const] : []))).entries()];
  const onRoute = stops.filter((stop) => lockers.some(([id]) => id === stop));
  const offRoute = lockers
    .filter(([id]) => !onRoute.includes(id))
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([id]) => id);
  const run = [...onRoute, ...offRoute];
  const positionOf = (ebox: string | null) => (ebox ? run.indexOf(ebox) + 1 : run.length + 1);

  plans.set(ctx, {
    // As the caller sent them: a refusal names each by its place there.
    sent: data.orders,
    rows: orders.map((order) => {
      const target = targets.get(order.id);
      return {
        order: order.id,
        company: order.company,
        step: steps.get(order.id) as PackingStep,
        ebox: order.ebox,
        position: positionOf(order.ebox),
        compartimentSize: order.compartimentSize,
        targetId: target?.targetId ?? null,
        targetNumber: target?.targetNumber ?? null,
      };
    }),
  });
  const at = new Date();
  const sorted = [...orders].sort((a, b) => positionOf(a.ebox) - positionOf(b.ebox) || a.trackingCode.localeCompare(b.trackingCode));
  data.picking = picking;
  data.orders = sorted.map((order) => order.id);
  data.eboxes = run;
  data.trackingCode = sorted.map((order) => order.trackingCode);
  data.totalOrders = orders.length;
  data.packingOrders = orders.length;
  data.createdBy = principalOf(ctx.actor).label;
  Object.assign(data, await runOfNewPacking(ctx, at));
  if (typeof data.name !== 'string' || !data.name.trim())
    data.name = `${t('entities.packing.label')} ${at.toISOString().slice(0, 16).replace('T', ' ')}`;
}

/** The unique index's refusal (a save that raced another one past the checks) as the checks answer it. */
function isOpenOrderTaken(error: unknown): boolean {
  const found = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const pgError = found?.code ? found : found?.cause;
  return pgError?.code === '23505' && (pgError.constraint ?? '').startsWith('packing_order_open_');
}

/** After the packing row is written, in its transaction: its rows (orders, steps, lockers, targets). */
export async function writePackingRows(ctx: TxContext, packing: Row): Promise<void> {
  const { rows, sent } = plans.get(ctx) ?? { rows: [], sent: [] };
  plans.delete(ctx);
  try {
    await insertPackingRows(ctx.tx, packing.id, rows);
  } catch (error) {
    // Which of them another save took is not known in this aborted transaction: all are named.
    if (isOpenOrderTaken(error)) {
      const codes = packing.trackingCode as string[];
      const ids = packing.orders as string[];
      throw refuseOrders(
        'alreadyPacked',
        ids.map((id, i) => ({ id, trackingCode: codes[i] ?? id })),
        sent,
      );
    }
    throw error;
  }
  // The run's lockers learn its code and parcels with their access codes.
  await tellRunLockers(ctx, packing.id);
  await recountInboundPacking(
    ctx.tx,
    rows.map((row) => row.order),
  );
}

/**
 * A finished packing is the record of its run: only an open one may be deleted. Its orders are then
 * free again (its rows go first, so their inbounds count them out in the same transaction) and its
 * lockers forget its run.
 */
export async function releaseDeletedPackings(ctx: TxContext, rows: readonly Row[]): Promise<void> {
  const finished = rows.filter((row) => row.finishedAt);
  if (finished.length)
    throw badRequest('entities.packing.errors.finishedNotDeleted', { names: finished.map((row) => String(row.name)).join(', ') });
  for (const row of rows) {
    await tellRunLockers(ctx, row.id);
    await recountInboundPacking(ctx.tx, await deletePackingRows(ctx.tx, row.id));
  }
}

/** Spec 7.4 PUT /packing/finish/{id}: stamps who and when, and frees its orders for another packing (audited as 'finish' by the kit). */
export const finishPacking: EntityActionHandler = {
  run: async (ctx, { resource, before }) => {
    if (before.finishedAt) throw badRequest('entities.packing.errors.alreadyFinished', { name: String(before.name) });
    await closeRun(ctx, before);
    await closePackingRows(ctx.tx, before.id);
    await updateRow(ctx.tx, resource, before.id, { finishedAt: new Date().toISOString(), finishedBy: principalOf(ctx.actor).label });
    return undefined;
  },
};

export type PackingRowAnswer = Omit<PackingRow, 'notFitting'> & { notFitting: string | null };

function rowAnswersOf(ctx: ServiceContext, rows: PackingRow[]): PackingRowAnswer[] {
  return rows.map((row) => ({
    ...row,
    notFitting: notFittingText(ctx.language, row.notFitting, { compartimentSize: row.compartimentSize, eboxCode: row.ebox?.code ?? null }),
  }));
}

/** GET /packing/{id}/orders: the packing's rows the caller may see, in the run's order. */
export async function listPackingOrders(ctx: ServiceContext, id: string): Promise<{ rows: PackingRowAnswer[]; count: number }> {
  authorize(ctx, 'packingRead');
  await loadInScope(ctx, packingResource(), id);
  const rows = rowAnswersOf(ctx, await listPackingRows(dbOf(ctx), id, scopeOfContext(ctx)));
  return { rows, count: rows.length };
}

/**
 * Re-checks an open packing's delivery targets (a compartment filled or locked since the save):
 * the lockers locked as at save, each lost target replaced by a free compartment of its size or
 * none, audited as 'retarget' on the packing. A finished packing is printed as it was.
 */
async function recheckPacking(ctx: ServiceContext, packing: Row): Promise<Retargeted[]> {
  if (packing.finishedAt) return [];
  return inTransaction(ctx, async (tx) => {
    await lockLockers(tx.tx, await deliveryLockersOf(tx.tx, packing.id));
    const changed = await recheckTargets(tx.tx, packing.id);
    if (changed.length) {
      const by = auditByOf(principalOf(tx.actor));
      const of = (pick: (row: Retargeted) => number | null) => Object.fromEntries(changed.map((row) => [row.trackingCode, pick(row)]));
      await writeAudit(tx.tx, {
        entityName: 'packing',
        entityId: packing.id,
        action: 'retarget',
        before: { name: packing.name, company: packing.company, targets: of((row) => row.from) },
        after: { name: packing.name, company: packing.company, targets: of((row) => row.to) },
        by,
      });
    }
    return changed;
  });
}

/** GET /packing/{id}/romaneio: the printable run (packingRead), its deliveries re-checked first. */
export async function printRomaneio(ctx: ServiceContext, id: string): Promise<RomaneioPdf> {
  authorize(ctx, 'packingRead');
  const packing = await loadInScope(ctx, packingResource(), id);
  const retargeted = await recheckPacking(ctx, packing);
  const record = await serviceOf('packing').find(ctx, id);
  const rows = await listPackingRows(dbOf(ctx), id, scopeOfContext(ctx));
  const lockerIds = [
    ...new Set([...(Array.isArray(packing.eboxes) ? packing.eboxes.map(String) : []), ...rows.flatMap((r) => (r.ebox ? [r.ebox.id] : []))]),
  ];
  const lockers = await findLockers(dbOf(ctx), lockerIds);
  return openRomaneioPdf({ packing: record, rows, lockers: lockerIds.flatMap((lid) => lockers.get(lid) ?? []), retargeted }, ctx.language);
}
