import { ENTITIES, translatorFor } from '@ebox/domain';
import { describe, expect, it } from 'vitest';
import { dashboardFilterOf, dashboardQueryOf } from '../src/features/dashboard/dashboard-filter';
import { changeOf, formatChangeAmount, formatDuration, formatInZone, formatSeriesDate } from '../src/features/dashboard/dashboard-format';
import { compartmentListLinkOf, offlineLockersLinkOf, orderListLinkOf } from '../src/features/dashboard/dashboard-links';

/**
 * The dashboard's words and links (issue 28) without a browser: durations as operators say them,
 * changes against the previous period, the network's clock, and the list each figure opens.
 */

const pt = translatorFor('pt-BR');
const en = translatorFor('en');
const COMPANY = { id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890', label: 'Aurora Modas' };
const LOCKER = { id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', label: 'Armário Copacabana' };
const filterOf = (address: string) => JSON.parse(new URL(address, 'http://console').searchParams.get('filter') ?? '{}');

describe('durations', () => {
  it('say the two largest units, rounded to the smaller', () => {
    expect(formatDuration(2 * 3600 + 5 * 60, pt)).toBe('2 h 5 min');
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 12 * 60, pt)).toBe('3 d 4 h');
    expect(formatDuration(45, en)).toBe('45 s');
    expect(formatDuration(3600, en)).toBe('1 h');
    // 1 d 23 h 59 min 30 s rounds to whole hours: 2 d, not "1 d 24 h".
    expect(formatDuration(86_400 + 23 * 3600 + 59 * 60 + 30, pt)).toBe('2 d');
  });
});

describe('the change against the previous period', () => {
  it('is a share of the previous count, nothing to say when there was none', () => {
    expect(changeOf({ value: 10, previous: 8 }, 'count')).toEqual({ kind: 'up', amount: 0.25 });
    expect(changeOf({ value: 6, previous: 8 }, 'duration')).toEqual({ kind: 'down', amount: 0.25 });
    expect(changeOf({ value: 5, previous: 0 }, 'count')).toEqual({ kind: 'none' });
    expect(changeOf({ value: null, previous: 3 }, 'count')).toEqual({ kind: 'none' });
    expect(changeOf({ value: 3, previous: 3 }, 'count')).toEqual({ kind: 'same' });
  });

  it('is in points for a rate, even from a rate of 0', () => {
    const change = changeOf({ value: 0.25, previous: 0.2 }, 'rate');
    expect(change.kind).toBe('up');
    expect(formatChangeAmount(change, 'rate', 'pt-BR', pt)).toBe('5 p.p.');
    expect(formatChangeAmount(change, 'rate', 'en', en)).toBe('5 pp');
    expect(changeOf({ value: 0.1, previous: 0 }, 'rate').kind).toBe('up');
    expect(formatChangeAmount(changeOf({ value: 1234, previous: 100 }, 'count'), 'count', 'pt-BR', pt)).toBe('1.134%');
  });
});

describe("the network's clock", () => {
  it('writes a period bound as DD/MM/YYYY HH:mm in the zone, whatever the machine runs in', () => {
    expect(formatInZone('2026-11-26T03:00:00.000Z', 'America/Sao_Paulo')).toBe('26/11/2026 00:00');
    expect(formatInZone('2026-11-26T03:00:00.000Z', 'UTC')).toBe('26/11/2026 03:00');
    expect(formatSeriesDate('2026-02-01', 'month')).toBe('02/2026');
    expect(formatSeriesDate('2026-02-09', 'day')).toBe('09/02/2026');
  });
});

describe('the list behind a figure', () => {
  const from = '2026-11-26T03:00:00.000Z';
  const to = '2026-12-03T03:00:00.000Z';

  it('opens the orders created in the period, in the company, as the order list reads its address', () => {
    const link = orderListLinkOf('created', { period: 'lastWeek', company: COMPANY }, from, to);
    expect(link.kind).toBe('period');
    if (link.kind !== 'period') return;
    expect(link.to.startsWith('/order?filter=')).toBe(true);
    expect(filterOf(link.to)).toEqual({ company: COMPANY, createdAt: [from, '2026-12-03T02:59:59.999Z'] });
  });

  it('opens no order list for a creation period longer than the list takes (31 days)', () => {
    expect(orderListLinkOf('created', { period: 'lastYear' }, '2025-01-01T03:00:00.000Z', '2026-01-01T03:00:00.000Z')).toEqual({
      kind: 'tooLong',
      days: 31,
    });
  });

  it('opens the orders by the stamp that counts them: stored, collected, expired, canceled in the period', () => {
    const stamps = { stored: 'storedAt', collected: 'collectedAt', expired: 'expiredAt', canceled: 'canceledAt' } as const;
    for (const [figure, stamp] of Object.entries(stamps)) {
      const link = orderListLinkOf(figure as keyof typeof stamps, { period: 'past7Days', ebox: LOCKER }, from, to);
      expect(link.kind).toBe('period');
      if (link.kind === 'period') expect(filterOf(link.to)).toEqual({ ebox: LOCKER, [stamp]: [from, '2026-12-03T02:59:59.999Z'] });
    }
    // The 31 days hold for every stamp (spec 9).
    expect(orderListLinkOf('stored', { period: 'lastYear' }, '2025-01-01T03:00:00.000Z', '2026-01-01T03:00:00.000Z')).toEqual({
      kind: 'tooLong',
      days: 31,
    });
    // An order entity without the stamp's filter: no list.
    const order = ENTITIES.order;
    if (!order) throw new Error('no order entity');
    const without = { ...order, filters: order.filters.filter((name) => name !== 'storedAt') };
    expect(orderListLinkOf('stored', { period: 'past7Days' }, from, to, without)).toEqual({ kind: 'none' });
  });

  it("opens the offline lockers of the company, and the chosen locker's page for its compartments (none listed without one)", () => {
    expect(filterOf(offlineLockersLinkOf({ period: 'today', company: COMPANY }))).toEqual({ status: 'offline', company: COMPANY });
    expect(compartmentListLinkOf('DAMAGE', { period: 'today', ebox: LOCKER })).toBe(`/ebox/${LOCKER.id}`);
    expect(compartmentListLinkOf('DAMAGE', { period: 'today' })).toBeNull();
  });
});

describe('the filter in the address', () => {
  it('falls back to the default period and drops what the user may not filter by', () => {
    const params = new URLSearchParams({ filter: JSON.stringify({ period: 'nextWeek', company: COMPANY, ebox: LOCKER }) });
    const filter = dashboardFilterOf(params, { ebox: false, cluster: false });
    expect(filter).toEqual({ period: 'past7Days', company: COMPANY, ebox: undefined, cluster: undefined });
    expect(dashboardQueryOf(filter)).toEqual({ filter: { period: 'past7Days', company: COMPANY.id } });
    expect(dashboardFilterOf(params, { ebox: true, cluster: false }).ebox).toEqual(LOCKER);
  });
});
