import { isTimeZone } from '../dashboard/periods';
import { DEFAULT_MAINTENANCE_WINDOW, type MaintenanceWindow, minuteOfDayIn } from '../terminal/software-update';

/**
 * Where a release meets time (issue 31, docs/releases.md "Maintenance windows" and "The release's
 * end"): which window a locker installs in, when that window last ended, and when a release gives up
 * on a locker that stayed offline.
 */

/** The time zone of a locker whose locker and company name none. */
export const DEFAULT_RELEASE_TIME_ZONE = 'America/Sao_Paulo';

/**
 * A release ends this long after it started: a locker it never reached (offline all along, its
 * command never published) is then `skipped`, so the release can finish without it.
 */
export const RELEASE_END_HOURS = 7 * 24;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (value: unknown): string | null => (typeof value === 'string' && TIME_OF_DAY.test(value) ? value : null);
const zone = (value: unknown): string | null => (typeof value === 'string' && value && isTimeZone(value) ? value : null);

type WindowSetting = { maintenanceWindowStart?: unknown; maintenanceWindowEnd?: unknown; timeZone?: unknown } | null | undefined;

/**
 * The window a locker installs in: the locker's own (both times set), else its company's
 * (companySettings, both set), else 02:00 to 05:00; read in the locker's time zone, else the
 * company's, else America/Sao_Paulo. A half-set window (a start without an end) is ignored.
 */
export function resolveMaintenanceWindow(locker: WindowSetting, company: WindowSetting): MaintenanceWindow {
  const own = clock(locker?.maintenanceWindowStart) && clock(locker?.maintenanceWindowEnd) ? locker : null;
  const companys = clock(company?.maintenanceWindowStart) && clock(company?.maintenanceWindowEnd) ? company : null;
  const chosen = own ?? companys;
  return {
    start: chosen ? String(chosen.maintenanceWindowStart) : DEFAULT_MAINTENANCE_WINDOW.start,
    end: chosen ? String(chosen.maintenanceWindowEnd) : DEFAULT_MAINTENANCE_WINDOW.end,
    time_zone: zone(locker?.timeZone) ?? zone(company?.timeZone) ?? DEFAULT_RELEASE_TIME_ZONE,
  };
}

/**
 * When the window last ended at or before `now` (to the minute), or null for a window open all day
 * (start equal to end). Read in the window's time zone; a daylight-saving jump may move it an hour.
 */
export function lastMaintenanceWindowEnd(window: MaintenanceWindow, now: Date): Date | null {
  if (window.start === window.end) return null;
  const [hours, minutes] = window.end.split(':').map(Number);
  const end = (hours ?? 0) * 60 + (minutes ?? 0);
  const since = (minuteOfDayIn(now, window.time_zone) - end + 1440) % 1440;
  const at = new Date(now);
  at.setUTCSeconds(0, 0);
  return new Date(at.getTime() - since * 60_000);
}

/**
 * Whether a whole maintenance window went by on a commanded locker that has not installed: the window
 * opened after the locker was commanded (so it had all of it) and ended after the release last moved
 * (started, went to a stage, was resumed: a person who resumes accepts the ends before). The release
 * then pauses (`window-end`) for a person to look.
 */
export function windowEndedOnLocker(input: { window: MaintenanceWindow; sentAt: Date; releaseMovedAt: Date; now: Date }): boolean {
  const ended = lastMaintenanceWindowEnd(input.window, input.now);
  if (ended === null) return false;
  const minutesOf = (time: string) => {
    const [hours, minutes] = time.split(':').map(Number);
    return (hours ?? 0) * 60 + (minutes ?? 0);
  };
  const length = (minutesOf(input.window.end) - minutesOf(input.window.start) + 1440) % 1440;
  const opened = new Date(ended.getTime() - length * 60_000);
  return opened >= input.sentAt && ended > input.releaseMovedAt;
}
