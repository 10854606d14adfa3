import { describe, expect, it } from 'vitest';
import type { PackingRow } from '../src/features/packing/packing-api';
import {
  finishInTurn,
  inRunOrder,
  leftOutBy,
  ordersToSave,
  type Picked,
  progressByLocker,
  refusedIn,
  summaryOf,
  withPicked,
} from '../src/features/packing/packing-plan';

const A = { id: 'a', code: 'RJ-A', name: 'A' };
const B = { id: 'b', code: 'RJ-B', name: 'B' };
const C = { id: 'c', code: 'RJ-C', name: 'C' };

const picked = (id: string, step: Picked['step'], ebox = A, trackingCode = id.toUpperCase()): Picked => ({ id, trackingCode, step, ebox });

describe('the new packing screen', () => {
  it('orders the lockers as the run drives them: the route first, then the others by code, none last', () => {
    const items = [{ ebox: C }, { ebox: null }, { ebox: A }, { ebox: B }];
    expect(inRunOrder(items).map((item) => item.ebox?.code ?? '-')).toEqual(['RJ-A', 'RJ-B', 'RJ-C', '-']);
    expect(inRunOrder(items, ['c', 'a']).map((item) => item.ebox?.code ?? '-')).toEqual(['RJ-C', 'RJ-A', 'RJ-B', '-']);
  });

  it('saves the picked orders of the steps the picking takes: a return run leaves deliveries out and says how many', () => {
    const selection = withPicked(new Map(), [picked('1', 'delivery'), picked('2', 'reverseCollection'), picked('3', 'expiredCollection')]);
    expect(ordersToSave(selection, 'collectDelivery').sort()).toEqual(['1', '2', '3']);
    expect(ordersToSave(selection, 'return').sort()).toEqual(['2', '3']);
    expect(leftOutBy(selection, 'return')).toBe(1);
    expect([...withPicked(selection, [], ['1']).keys()].sort()).toEqual(['2', '3']);
  });

  it('marks the orders a refused save names in its fields, each with its own reason, by their place in what was sent', () => {
    const sent = ['1', '10', '2'];
    const refused = refusedIn(
      [
        { path: 'orders.2', message: 'PK-2: já está em um romaneio aberto' },
        { path: 'orders.0', message: 'PK1: Nenhum compartimento livre de tamanho P em RJ-A' },
        { path: 'warehouse', message: 'O campo Armazém é obrigatório' },
        { path: 'orders.9', message: 'fora do que foi enviado' },
      ],
      sent,
    );
    expect([...refused.entries()]).toEqual([
      ['2', 'PK-2: já está em um romaneio aberto'],
      ['1', 'PK1: Nenhum compartimento livre de tamanho P em RJ-A'],
    ]);
    expect(refusedIn([], sent).size).toBe(0);
  });

  it('sums the picked orders per locker and step, and in all', () => {
    const selection = withPicked(new Map(), [
      picked('1', 'delivery', B),
      picked('2', 'delivery', A),
      picked('3', 'reverseCollection', A),
      picked('4', 'delivery', B),
    ]);
    const summary = summaryOf(selection, 'collectDelivery', ['b']);
    expect(summary.lines.map((line) => [line.ebox?.code, line.byStep.delivery, line.byStep.reverseCollection, line.total])).toEqual([
      ['RJ-B', 2, 0, 2],
      ['RJ-A', 1, 1, 2],
    ]);
    expect(summary.totals.total).toBe(4);
    expect(summaryOf(selection, 'return').totals.total).toBe(1);
  });
});

describe('a packing page', () => {
  const row = (
    id: string,
    ebox: typeof A | null,
    position: number,
    outcome: PackingRow['outcome'],
    step: PackingRow['step'] = 'delivery',
  ) => ({ id, orderId: id, trackingCode: id, step, position, ebox, outcome }) as PackingRow;

  it('groups its rows by locker in run order and counts what is done', () => {
    const progress = progressByLocker([
      row('1', B, 1, 'done'),
      row('2', B, 1, null, 'reverseCollection'),
      row('3', A, 2, 'wrongLocker'),
      row('4', A, 2, 'done'),
    ]);
    expect(progress.lockers.map((locker) => [locker.ebox?.code, locker.done, locker.total])).toEqual([
      ['RJ-B', 1, 2],
      ['RJ-A', 1, 2],
    ]);
    expect(progress.lockers[0]?.rows.map((r) => r.id)).toEqual(['2', '1']);
    expect([progress.done, progress.total]).toEqual([2, 4]);
  });

  it('finishes many in turn, one at a time, reporting progress and each refusal', async () => {
    let running = 0;
    const seen: number[] = [];
    const report = await finishInTurn(
      ['x', 'y', 'z'],
      async (id) => {
        running += 1;
        expect(running).toBe(1);
        // Yields: were the finishes run side by side, the next would start before this one ends.
        await Promise.resolve();
        running -= 1;
        if (id === 'y') throw new Error('O romaneio Y já está finalizado');
      },
      (done) => seen.push(done),
    );
    expect(seen).toEqual([1, 2, 3]);
    expect(report).toEqual({ finished: ['x', 'z'], failed: [{ id: 'y', message: 'O romaneio Y já está finalizado' }] });
  });
});
