import { describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS, type DashboardPeriod, periodRangeOf } from '../src/dashboard/periods';

/**
 * Issue 28: the ten relative periods of spec 9 at their edges, in the network's zone (São Paulo,
 * UTC-3 all year since 2019), against ranges written by hand: local midnight is 03:00 UTC.
 */

type Expected = { from: string; to: string; previous: [string, string] };

function rangeAt(now: string, period: DashboardPeriod, timeZone?: string) {
  const range = periodRangeOf(period, new Date(now), timeZone);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    previous: [range.previous.from.toISOString(), range.previous.to.toISOString()],
  };
}

function expectRanges(now: string, expected: Partial<Record<DashboardPeriod, Expected>>, timeZone?: string) {
  for (const [period, range] of Object.entries(expected)) expect(rangeAt(now, period as DashboardPeriod, timeZone), period).toEqual(range);
}

describe('dashboard periods', () => {
  it('at 23:59 on a Tuesday: today runs until now against yesterday until the same minute', () => {
    const now = '2026-12-02T02:59:00.000Z'; // Tuesday 1 December 2026, 23:59 in São Paulo
    expectRanges(now, {
      today: { from: '2026-12-01T03:00:00.000Z', to: now, previous: ['2026-11-30T03:00:00.000Z', '2026-12-01T02:59:00.000Z'] },
      yesterday: {
        from: '2026-11-30T03:00:00.000Z',
        to: '2026-12-01T03:00:00.000Z',
        previous: ['2026-11-29T03:00:00.000Z', '2026-11-30T03:00:00.000Z'],
      },
      past7Days: { from: '2026-11-25T03:00:00.000Z', to: now, previous: ['2026-11-18T03:00:00.000Z', '2026-11-25T02:59:00.000Z'] },
      past30Days: { from: '2026-11-02T03:00:00.000Z', to: now, previous: ['2026-10-03T03:00:00.000Z', '2026-11-02T02:59:00.000Z'] },
      // Weeks start on Sunday: 29 November.
      thisWeek: { from: '2026-11-29T03:00:00.000Z', to: now, previous: ['2026-11-22T03:00:00.000Z', '2026-11-25T02:59:00.000Z'] },
      lastWeek: {
        from: '2026-11-22T03:00:00.000Z',
        to: '2026-11-29T03:00:00.000Z',
        previous: ['2026-11-15T03:00:00.000Z', '2026-11-22T03:00:00.000Z'],
      },
      thisMonth: { from: '2026-12-01T03:00:00.000Z', to: now, previous: ['2026-11-01T03:00:00.000Z', '2026-11-02T02:59:00.000Z'] },
    });
  });

  it('at 00:00 the day turns: today is empty, yesterday is the whole day that just ended', () => {
    const now = '2026-12-02T03:00:00.000Z'; // Wednesday 2 December, 00:00
    expectRanges(now, {
      today: { from: now, to: now, previous: ['2026-12-01T03:00:00.000Z', '2026-12-01T03:00:00.000Z'] },
      yesterday: { from: '2026-12-01T03:00:00.000Z', to: now, previous: ['2026-11-30T03:00:00.000Z', '2026-12-01T03:00:00.000Z'] },
      past7Days: { from: '2026-11-26T03:00:00.000Z', to: now, previous: ['2026-11-19T03:00:00.000Z', '2026-11-25T03:00:00.000Z'] },
    });
  });

  it('from Saturday 23:59 to Sunday 00:00 a new week starts and the one before becomes last week', () => {
    expectRanges('2026-12-06T02:59:00.000Z', {
      thisWeek: {
        from: '2026-11-29T03:00:00.000Z',
        to: '2026-12-06T02:59:00.000Z',
        previous: ['2026-11-22T03:00:00.000Z', '2026-11-29T02:59:00.000Z'],
      },
      lastWeek: {
        from: '2026-11-22T03:00:00.000Z',
        to: '2026-11-29T03:00:00.000Z',
        previous: ['2026-11-15T03:00:00.000Z', '2026-11-22T03:00:00.000Z'],
      },
    });
    expectRanges('2026-12-06T03:00:00.000Z', {
      thisWeek: {
        from: '2026-12-06T03:00:00.000Z',
        to: '2026-12-06T03:00:00.000Z',
        previous: ['2026-11-29T03:00:00.000Z', '2026-11-29T03:00:00.000Z'],
      },
      lastWeek: {
        from: '2026-11-29T03:00:00.000Z',
        to: '2026-12-06T03:00:00.000Z',
        previous: ['2026-11-22T03:00:00.000Z', '2026-11-29T03:00:00.000Z'],
      },
    });
  });

  it('on 1 January the year periods turn, counted by month', () => {
    const now = '2027-01-01T03:00:00.000Z'; // Friday 1 January 2027, 00:00
    expectRanges(now, {
      thisYear: { from: now, to: now, previous: ['2026-01-01T03:00:00.000Z', '2026-01-01T03:00:00.000Z'] },
      lastYear: {
        from: '2026-01-01T03:00:00.000Z',
        to: now,
        previous: ['2025-01-01T03:00:00.000Z', '2026-01-01T03:00:00.000Z'],
      },
      lastMonth: {
        from: '2026-12-01T03:00:00.000Z',
        to: now,
        previous: ['2026-11-01T03:00:00.000Z', '2026-12-01T03:00:00.000Z'],
      },
      thisWeek: { from: '2026-12-27T03:00:00.000Z', to: now, previous: ['2026-12-20T03:00:00.000Z', '2026-12-25T03:00:00.000Z'] },
    });
    expect(periodRangeOf('lastYear', new Date(now)).step).toBe('month');
    expect(periodRangeOf('thisYear', new Date(now)).step).toBe('month');
    expect(periodRangeOf('lastMonth', new Date(now)).step).toBe('day');
  });

  it('on 29 February the previous month and year are cut at the end of their February', () => {
    const now = '2028-02-29T13:00:00.000Z'; // Tuesday 29 February 2028, 10:00
    expectRanges(now, {
      thisYear: { from: '2028-01-01T03:00:00.000Z', to: now, previous: ['2027-01-01T03:00:00.000Z', '2027-03-01T03:00:00.000Z'] },
      thisMonth: { from: '2028-02-01T03:00:00.000Z', to: now, previous: ['2028-01-01T03:00:00.000Z', '2028-01-29T13:00:00.000Z'] },
      lastMonth: {
        from: '2028-01-01T03:00:00.000Z',
        to: '2028-02-01T03:00:00.000Z',
        previous: ['2027-12-01T03:00:00.000Z', '2028-01-01T03:00:00.000Z'],
      },
    });
    // 31 March against a February of 28 days: the whole of February.
    expectRanges('2027-03-31T13:00:00.000Z', {
      thisMonth: {
        from: '2027-03-01T03:00:00.000Z',
        to: '2027-03-31T13:00:00.000Z',
        previous: ['2027-02-01T03:00:00.000Z', '2027-03-01T03:00:00.000Z'],
      },
    });
  });

  it('counts calendar days across a daylight-saving change in a zone that has one', () => {
    // New York moves from EST (UTC-5) to EDT (UTC-4) at 02:00 on Sunday 8 March 2026.
    expectRanges(
      '2026-03-08T12:00:00.000Z',
      {
        today: {
          from: '2026-03-08T05:00:00.000Z',
          to: '2026-03-08T12:00:00.000Z',
          previous: ['2026-03-07T05:00:00.000Z', '2026-03-07T13:00:00.000Z'],
        },
        thisWeek: {
          from: '2026-03-08T05:00:00.000Z',
          to: '2026-03-08T12:00:00.000Z',
          previous: ['2026-03-01T05:00:00.000Z', '2026-03-01T13:00:00.000Z'],
        },
      },
      'America/New_York',
    );
    expect(rangeAt('2026-03-09T12:00:00.000Z', 'yesterday', 'America/New_York')).toMatchObject({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
  });

  it('gives every period a previous period as long as its own, or cut at the same point', () => {
    const now = new Date('2026-07-15T18:30:00.000Z');
    for (const period of DASHBOARD_PERIODS) {
      const range = periodRangeOf(period, now);
      expect(range.from.getTime(), period).toBeLessThanOrEqual(range.to.getTime());
      expect(range.previous.to.getTime(), period).toBeLessThanOrEqual(range.from.getTime());
      expect(range.to.getTime(), period).toBeLessThanOrEqual(now.getTime());
    }
  });
});
