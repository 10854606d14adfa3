/**
 * The dashboard's relative periods (spec 9; issue 28, docs/dashboard.md "Periods"), counted in one
 * network time zone: days start at local midnight, weeks on Sunday. Each period has bounds
 * [from, to) and a previous period cut at the same point, so "today until now" compares with
 * "yesterday until the same hour", never with a whole day. Pure: the API, the tests and the page's
 * captions use the same answer.
 */

export const DASHBOARD_PERIODS = [
  'today',
  'yesterday',
  'past7Days',
  'past30Days',
  'lastWeek',
  'lastMonth',
  'lastYear',
  'thisWeek',
  'thisMonth',
  'thisYear',
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'past7Days';
export const DEFAULT_NETWORK_TIME_ZONE = 'America/Sao_Paulo';

/** How a period's series is cut: a point per day, or per month for the year periods. */
export type SeriesStep = 'day' | 'month';

export type PeriodBounds = { from: Date; to: Date };
export type PeriodRange = PeriodBounds & { period: DashboardPeriod; previous: PeriodBounds; step: SeriesStep; timeZone: string };

/** A moment as a clock on the wall of the zone shows it (month 0-based, as Date.UTC takes it). */
type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallOf(instant: Date, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    ms: instant.getUTCMilliseconds(),
  };
}

/** The wall time as if it were UTC: day and month arithmetic on it normalizes like Date.UTC does. */
function asUtc(wall: Wall): number {
  return Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second, wall.ms);
}

/**
 * The instant the zone's clock shows `wall`. The zone's offset is read at a first guess and again at
 * the answer, which settles it on either side of a daylight-saving change; a wall time a change
 * skips lands on the hour after it.
 */
function instantOf(wall: Wall, timeZone: string): Date {
  const target = asUtc(wall);
  let guess = target;
  for (let i = 0; i < 2; i += 1) guess = target - (asUtc(wallOf(new Date(guess), timeZone)) - guess);
  return new Date(guess);
}

function midnight(year: number, month: number, day: number): Wall {
  const normal = new Date(Date.UTC(year, month, day));
  return { year: normal.getUTCFullYear(), month: normal.getUTCMonth(), day: normal.getUTCDate(), hour: 0, minute: 0, second: 0, ms: 0 };
}

/** The same wall time `days` later (or earlier): a day is a calendar day, not 24 hours. */
function addDays(wall: Wall, days: number): Wall {
  const normal = new Date(asUtc(wall) + days * 86_400_000);
  return {
    year: normal.getUTCFullYear(),
    month: normal.getUTCMonth(),
    day: normal.getUTCDate(),
    hour: wall.hour,
    minute: wall.minute,
    second: wall.second,
    ms: wall.ms,
  };
}

/**
 * The same point `months` months (or years, as twelve months) earlier: its day and time of day, cut
 * at the end of that month when it has no such day (31 March against February, 29 February against
 * a common year).
 */
function shiftMonths(wall: Wall, months: number): Wall {
  const first = midnight(wall.year, wall.month + months, 1);
  const next = midnight(first.year, first.month + 1, 1);
  const shifted = { ...wall, year: first.year, month: first.month };
  return asUtc(shifted) >= asUtc(next) || wall.day > daysIn(first.year, first.month) ? next : shifted;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function compareWalls(a: Wall, b: Wall): number {
  return asUtc(a) - asUtc(b);
}

/** The period's bounds, its previous period cut at the same point, and its series step, at `now`. */
export function periodRangeOf(period: DashboardPeriod, now: Date, timeZone: string = DEFAULT_NETWORK_TIME_ZONE): PeriodRange {
  const wall = wallOf(now, timeZone);
  const today = midnight(wall.year, wall.month, wall.day);
  const weekStart = addDays(today, -new Date(asUtc(today)).getUTCDay());
  const monthStart = midnight(wall.year, wall.month, 1);
  const yearStart = midnight(wall.year, 0, 1);
  const at = (from: Wall, to: Wall): PeriodBounds => ({ from: instantOf(from, timeZone), to: instantOf(to, timeZone) });
  /** A period running until now, and the same stretch `back` earlier (days, or months when `months`). */
  const untilNow = (start: Wall, back: number, months = false) => {
    const previousStart = months ? shiftMonths(start, -back) : addDays(start, -back);
    const previousEnd = months ? shiftMonths(wall, -back) : addDays(wall, -back);
    // The previous stretch never runs into the current one (29 February against 1 March, a year on).
    return { current: at(start, wall), previous: at(previousStart, compareWalls(previousEnd, start) > 0 ? start : previousEnd) };
  };
  /** A whole closed period [start, end), and the one of the same length (days, or months) before it. */
  const closed = (start: Wall, end: Wall, back: number, months = false) => ({
    current: at(start, end),
    previous: at(months ? shiftMonths(start, -back) : addDays(start, -back), start),
  });
  const ranges: Record<DashboardPeriod, () => { current: PeriodBounds; previous: PeriodBounds }> = {
    today: () => untilNow(today, 1),
    yesterday: () => closed(addDays(today, -1), today, 1),
    past7Days: () => untilNow(addDays(today, -6), 7),
    past30Days: () => untilNow(addDays(today, -29), 30),
    lastWeek: () => closed(addDays(weekStart, -7), weekStart, 7),
    lastMonth: () => closed(shiftMonths(monthStart, -1), monthStart, 1, true),
    lastYear: () => closed(shiftMonths(yearStart, -12), yearStart, 12, true),
    thisWeek: () => untilNow(weekStart, 7),
    thisMonth: () => untilNow(monthStart, 1, true),
    thisYear: () => untilNow(yearStart, 12, true),
  };
  const { current, previous } = ranges[period]();
  const step: SeriesStep = period === 'lastYear' || period === 'thisYear' ? 'month' : 'day';
  return { period, ...current, previous, step, timeZone };
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function networkDayOf(instant: Date, timeZone: string = DEFAULT_NETWORK_TIME_ZONE): string {
  const wall = wallOf(instant, timeZone);
  return new Date(Date.UTC(wall.year, wall.month, wall.day)).toISOString().slice(0, 10);
}

/** The instant the zone's day holding `instant` starts (its local midnight). */
export function dayStartOf(instant: Date, timeZone: string = DEFAULT_NETWORK_TIME_ZONE): Date {
  const wall = wallOf(instant, timeZone);
  return instantOf(midnight(wall.year, wall.month, wall.day), timeZone);
}

/** A moment on the zone's clock: its date (YYYY-MM-DD), hour (0-23) and weekday (0 is Sunday). */
export function localClockOf(instant: Date, timeZone: string): { day: string; hour: number; weekday: number } {
  const wall = wallOf(instant, timeZone);
  const asDate = new Date(asUtc(wall));
  return { day: asDate.toISOString().slice(0, 10), hour: wall.hour, weekday: asDate.getUTCDay() };
}

/** Whether the runtime knows an IANA zone by this name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
