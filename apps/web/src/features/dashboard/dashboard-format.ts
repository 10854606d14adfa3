import type { DashboardFigure } from '@ebox/domain';
import type { TFunction } from 'i18next';

/**
 * How the dashboard writes its figures: durations as people say them ("2 h 5 min", "3 d 4 h"),
 * rates as percentages, changes against the previous period, and moments on the network's clock.
 * Pure, so the unit tests (apps/web/test/dashboard-format.test.ts) read the same answers.
 */

/** As app/format.ts reads numbers (not imported: that module starts i18n, which a unit test has no page for). */
function numberLocaleOf(language: string): string {
  return language === 'en' ? 'en-US' : 'pt-BR';
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration in seconds in its two largest units, rounded to the smaller one: an operator reads
 * "3 d 4 h", not "3 d 4 h 12 min 9 s". Under a minute it says seconds. `words` names the
 * dictionary branch of the units, so a screen that does not load the dashboard's words (the order
 * list) says it in its own.
 */
export function formatDuration(seconds: number, t: TFunction, words = 'dashboardPage.duration'): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < MINUTE) return t(`${words}.seconds`, { n: whole });
  const units: [number, string][] = [
    [DAY, 'days'],
    [HOUR, 'hours'],
    [MINUTE, 'minutes'],
  ];
  const first = units.findIndex(([size]) => whole >= size);
  const [bigSize, bigName] = units[first] ?? [MINUTE, 'minutes'];
  const small = units[first + 1];
  if (!small) return t(`${words}.${bigName}`, { n: Math.round(whole / bigSize) });
  const [smallSize, smallName] = small;
  // Rounded in the smaller unit first, so 1 d 23 h 59 min reads "2 d", not "1 d 24 h".
  const inSmall = Math.round(whole / smallSize);
  const perBig = bigSize / smallSize;
  const big = Math.floor(inSmall / perBig);
  const rest = inSmall % perBig;
  const bigText = t(`${words}.${bigName}`, { n: big });
  return rest ? `${bigText} ${t(`${words}.${smallName}`, { n: rest })}` : bigText;
}

/** A count in the language's digits (1.234 / 1,234). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocaleOf(language), { maximumFractionDigits: 0 }).format(value);
}

/** A number with at most one decimal ("12,5"), for averages such as the free compartments of an hour. */
export function formatDecimal(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocaleOf(language), { maximumFractionDigits: 1 }).format(value);
}

/** Minutes as a duration ("2 h 30 min"); none reads "0 min", not the "0 s" a duration of nothing would. */
export function formatMinutes(minutes: number, t: TFunction): string {
  return minutes < 1 ? t('dashboardPage.duration.minutes', { n: 0 }) : formatDuration(minutes * MINUTE, t);
}

/** A rate of 0 to 1 as a percentage with at most one decimal ("12,5 %"). */
export function formatRate(rate: number, language: string): string {
  return new Intl.NumberFormat(numberLocaleOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** How a figure is read: counts and durations change by a share of the previous value, rates by points. */
export type FigureKind = 'count' | 'rate' | 'duration';

export type FigureChange =
  | { kind: 'none' }
  | { kind: 'same' }
  | { kind: 'up' | 'down' /** Relative change (0.25 = 25 %) for counts and durations, points (0.021) for rates. */; amount: number };

/**
 * The change of a figure against the previous period. Nothing to compare with when either value is
 * missing, or when the previous count was 0 (a share of nothing); a rate compares in points, so a
 * previous rate of 0 still compares.
 */
export function changeOf(figure: DashboardFigure, kind: FigureKind): FigureChange {
  const { value, previous } = figure;
  if (value === null || previous === null) return { kind: 'none' };
  if (kind === 'rate') {
    const points = value - previous;
    if (Math.abs(points) < 0.0005) return { kind: 'same' };
    return { kind: points > 0 ? 'up' : 'down', amount: Math.abs(points) };
  }
  if (previous === 0) return { kind: 'none' };
  const share = (value - previous) / previous;
  if (Math.abs(share) < 0.0005) return { kind: 'same' };
  return { kind: share > 0 ? 'up' : 'down', amount: Math.abs(share) };
}

/** The change's amount as shown: "12,5 %" of the previous value, or "2,1 p.p." for rates. */
export function formatChangeAmount(change: FigureChange, kind: FigureKind, language: string, t: TFunction): string {
  if (change.kind !== 'up' && change.kind !== 'down') return '';
  if (kind !== 'rate') return formatRate(change.amount, language);
  const points = new Intl.NumberFormat(numberLocaleOf(language), { maximumFractionDigits: 1 }).format(change.amount * 100);
  return t('dashboardPage.change.points', { value: points });
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A moment as DD/MM/YYYY HH:mm (spec 9) on the network's clock: the periods are counted in that
 * zone, so their bounds read as midnights there whatever zone the browser is in.
 */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = zoneFormatterOf(timeZone);
  } catch {
    // A zone this browser does not know: its own clock rather than nothing.
    formatter = zoneFormatterOf(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * The day an end bound closes on, as DD/MM/YYYY on the network's clock: bounds are [from, to), so a
 * period ending at midnight closes on the day before.
 */
export function formatLastDayInZone(iso: string, timeZone: string): string {
  const end = new Date(iso).getTime();
  return Number.isNaN(end) ? '' : formatInZone(new Date(end - 1).toISOString(), timeZone).slice(0, 10);
}

/** The day a moment falls on, as DD/MM/YYYY on the network's clock. */
export function formatDayInZone(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone).slice(0, 10);
}

/** A Sunday at noon UTC: a weekday name read from it (and the six days after) is that day's in every zone's calendar. */
const A_SUNDAY = Date.UTC(2023, 0, 1, 12);

/**
 * The weekdays' names from Sunday in the language ("Domingo", "Seg."), capitalized: they head
 * the rows of a table, where Portuguese writes them with a capital.
 */
export function weekdayNamesOf(language: string, width: 'long' | 'short'): string[] {
  const format = new Intl.DateTimeFormat(numberLocaleOf(language), { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => {
    const name = format.format(new Date(A_SUNDAY + day * DAY * 1000));
    return name.charAt(0).toLocaleUpperCase(numberLocaleOf(language)) + name.slice(1);
  });
}

/** A series point's day (YYYY-MM-DD) as DD/MM/YYYY, or its month as MM/YYYY. */
export function formatSeriesDate(at: string, step: 'day' | 'month'): string {
  const [year, month, day] = at.split('-');
  return step === 'month' ? `${month}/${year}` : `${day}/${month}/${year}`;
}

/** The same, short, for a chart's axis: DD/MM, or MM/YYYY. */
export function formatSeriesTick(at: string, step: 'day' | 'month'): string {
  const [year, month, day] = at.split('-');
  return step === 'month' ? `${month}/${year}` : `${day}/${month}`;
}

/** Seconds as hours with one decimal, for the dwell chart's axis and its table. */
export function hoursOf(seconds: number | null): number | null {
  return seconds === null ? null : Math.round((seconds / HOUR) * 10) / 10;
}
