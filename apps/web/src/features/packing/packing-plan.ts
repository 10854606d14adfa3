import { PACKING_STEPS, PACKING_STEPS_OF_PICKING, type PackingPicking, type PackingStep } from '@ebox/domain';
import type { PackingLocker, PackingRow } from './packing-api';

/**
 * The new packing screen's rules, plain TypeScript so they are tested without a browser
 * (apps/web/test/packing-plan.test.ts): what is picked, in which order the lockers come, what a
 * refused save names, what a packing's rows add up to.
 */

/** An order picked on the screen, kept whatever page or filter shows it. */
export type Picked = { id: string; trackingCode: string; step: PackingStep; ebox: PackingLocker | null };

export type Selection = ReadonlyMap<string, Picked>;

export function withPicked(selection: Selection, add: readonly Picked[], remove: readonly string[] = []): Selection {
  const next = new Map(selection);
  for (const id of remove) next.delete(id);
  for (const picked of add) next.set(picked.id, picked);
  return next;
}

/** The key of a locker in maps and lists; orders without one share the empty key. */
export const lockerKey = (ebox: PackingLocker | null | undefined): string => ebox?.id ?? '';

/**
 * The lockers as the courier drives them, the order the server gives the saved packing: the route's
 * stops first, in its order; then the others by code; orders without a locker last.
 */
export function inRunOrder<T extends { ebox: PackingLocker | null }>(items: readonly T[], routeStops: readonly string[] = []): T[] {
  const stop = new Map(routeStops.map((id, index) => [id, index]));
  const rank = (item: T) => (item.ebox ? (stop.get(item.ebox.id) ?? routeStops.length) : routeStops.length + 1);
  return [...items].sort((a, b) => rank(a) - rank(b) || (a.ebox?.code ?? '').localeCompare(b.ebox?.code ?? ''));
}

/** What a save sends: the picked orders of the steps the picking takes (a return run takes no delivery). */
export function ordersToSave(selection: Selection, picking: PackingPicking): string[] {
  const steps = PACKING_STEPS_OF_PICKING[picking];
  return [...selection.values()].filter((picked) => steps.includes(picked.step)).map((picked) => picked.id);
}

/** Picked orders a picking leaves out (deliveries picked before the run was made a return). */
export function leftOutBy(selection: Selection, picking: PackingPicking): number {
  return selection.size - ordersToSave(selection, picking).length;
}

/**
 * The orders a refused save names, with what stops each: its answer's `fields` give each by its
 * place in the orders sent (`orders.3`), so nothing is read out of the sentence.
 */
export function refusedIn(fields: readonly { path: string; message: string }[], sent: readonly string[]): Map<string, string> {
  const refused = new Map<string, string>();
  for (const field of fields) {
    const place = /^orders\.(\d+)$/.exec(field.path)?.[1];
    const id = place === undefined ? undefined : sent[Number(place)];
    if (id) refused.set(id, field.message);
  }
  return refused;
}

export type SummaryLine = { ebox: PackingLocker | null; byStep: Record<PackingStep, number>; total: number };

const noSteps = (): Record<PackingStep, number> => ({ reverseCollection: 0, expiredCollection: 0, delivery: 0 });

/** The summary step: per locker (in run order) and per step, how many orders go; and the totals. */
export function summaryOf(
  selection: Selection,
  picking: PackingPicking,
  routeStops: readonly string[] = [],
): { lines: SummaryLine[]; totals: SummaryLine } {
  const steps = PACKING_STEPS_OF_PICKING[picking];
  const lines = new Map<string, SummaryLine>();
  const totals: SummaryLine = { ebox: null, byStep: noSteps(), total: 0 };
  for (const picked of selection.values()) {
    if (!steps.includes(picked.step)) continue;
    const key = lockerKey(picked.ebox);
    const line = lines.get(key) ?? { ebox: picked.ebox, byStep: noSteps(), total: 0 };
    line.byStep[picked.step] += 1;
    line.total += 1;
    lines.set(key, line);
    totals.byStep[picked.step] += 1;
    totals.total += 1;
  }
  return { lines: inRunOrder([...lines.values()], routeStops), totals };
}

export type LockerProgress = { ebox: PackingLocker | null; rows: PackingRow[]; done: number; total: number };

/** A packing's rows by locker, in the run's order (their position), each locker with done / total. */
export function progressByLocker(rows: readonly PackingRow[]): { lockers: LockerProgress[]; done: number; total: number } {
  const lockers = new Map<string, LockerProgress & { position: number }>();
  for (const row of rows) {
    const key = lockerKey(row.ebox);
    const locker = lockers.get(key) ?? { ebox: row.ebox, rows: [], done: 0, total: 0, position: row.position };
    locker.rows.push(row);
    locker.total += 1;
    if (row.outcome === 'done') locker.done += 1;
    locker.position = Math.min(locker.position, row.position);
    lockers.set(key, locker);
  }
  const ordered = [...lockers.values()].sort((a, b) => a.position - b.position).map(({ position: _, ...locker }) => locker);
  for (const locker of ordered) locker.rows.sort((a, b) => PACKING_STEPS.indexOf(a.step) - PACKING_STEPS.indexOf(b.step));
  return {
    lockers: ordered,
    done: ordered.reduce((sum, locker) => sum + locker.done, 0),
    total: rows.length,
  };
}

export type FinishReport = { finished: string[]; failed: { id: string; message: string }[] };

/**
 * Spec 7.4's finish-all: PUT /packing/finish/{id} for each id in turn (never at once: the API takes
 * one run's locks at a time), telling how far it got; one refusal does not stop the others.
 */
export async function finishInTurn(
  ids: readonly string[],
  finish: (id: string) => Promise<unknown>,
  onProgress: (done: number) => void = () => {},
): Promise<FinishReport> {
  const report: FinishReport = { finished: [], failed: [] };
  for (const [index, id] of ids.entries()) {
    try {
      await finish(id);
      report.finished.push(id);
    } catch (error) {
      report.failed.push({ id, message: error instanceof Error ? error.message : String(error) });
    }
    onProgress(index + 1);
  }
  return report;
}
