import { type DashboardAnswer, type DashboardPeriod, dayStartOf, networkDayOf } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import type { Reader } from '../../platform/db/batched-reads';
import { type DashboardReach, inCountedLockers } from './figure-repository';

/**
 * Occupancy over time (issue 28, docs/dashboard.md "Occupancy over time"), read from the hourly
 * samples of the job `dashboard.sample-occupancy` (locker-health-repository.ts `sampleOccupancy`):
 * an hourly line for a day, a daily one for longer periods.
 */

/** Samples are kept 90 days (pruneOccupancySamples): nothing older is drawn. */
export const OCCUPANCY_HISTORY_DAYS = 90;
const HOURLY_PERIODS: readonly DashboardPeriod[] = ['today', 'yesterday'];
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type OccupancyHistory = DashboardAnswer['occupancyHistory'];

const rounded = (rate: unknown) => (rate === null || rate === undefined ? null : Math.round(Number(rate) * 10_000) / 10_000);

/** The days from `first` to `last` (YYYY-MM-DD, both included). */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The occupancy rate of the reach's lockers over `bounds` (a running period cut at now), at most 90
 * days before `now`: every hour or every day of it, null where no sample was taken. Who counts every locker reads the hours'
 * totals (`dashboard_occupancy_hour_all`: 2,160 rows for 90 days); anyone else the hours of their
 * lockers, summed per hour before the rate is taken.
 */
export async function readOccupancyHistory(
  tx: Reader,
  reach: DashboardReach,
  bounds: { from: string; to: string },
  period: DashboardPeriod,
  timeZone: string,
  now: Date,
): Promise<OccupancyHistory> {
  const step = HOURLY_PERIODS.includes(period) ? 'hour' : 'day';
  const to = bounds.to;
  // 90 days back from now, from a midnight so that the first day is whole.
  const oldest = dayStartOf(new Date(now.getTime() - OCCUPANCY_HISTORY_DAYS * DAY_MS), timeZone).getTime();
  const from = new Date(Math.max(Date.parse(bounds.from), oldest)).toISOString();
  if (Date.parse(from) >= Date.parse(to)) return { step, from, to, points: [] };

  const everyLocker = !reach.visibleLockers && !reach.eboxIds;
  const samples = everyLocker
    ? sql`select at, enabled, used from dashboard_occupancy_hour_all s
           where s.at >= ${from}::timestamptz and s.at < ${to}::timestamptz`
    : sql`select at, sum(enabled) as enabled, sum(used) as used from dashboard_occupancy_hour s
           where s.at >= ${from}::timestamptz and s.at < ${to}::timestamptz${inCountedLockers(sql`s.ebox_id`, reach)}
           group by at`;
  const rate = sql`h.used::float8 / nullif(h.enabled, 0)`;

  if (step === 'hour') {
    const rows = await tx.execute<{ at: string; rate: number | null }>(
      sql`select to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as at, ${rate} as rate from (${samples}) h`,
    );
    const byHour = new Map(rows.rows.map((row) => [Date.parse(row.at), rounded(row.rate)]));
    const points: OccupancyHistory['points'] = [];
    for (let at = Math.ceil(Date.parse(from) / HOUR_MS) * HOUR_MS; at < Date.parse(to); at += HOUR_MS) {
      points.push({ at: new Date(at).toISOString(), rate: byHour.get(at) ?? null });
    }
    return { step, from, to, points };
  }

  const rows = await tx.execute<{ day: string; rate: number | null }>(
    sql`select to_char((h.at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, avg(${rate}) as rate
          from (${samples}) h group by 1`,
  );
  const byDay = new Map(rows.rows.map((row) => [row.day, rounded(row.rate)]));
  const days = daysBetween(networkDayOf(new Date(from), timeZone), networkDayOf(new Date(Date.parse(to) - 1), timeZone));
  return { step, from, to, points: days.map((day) => ({ at: day, rate: byDay.get(day) ?? null })) };
}
