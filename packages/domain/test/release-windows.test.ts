import { describe, expect, it } from 'vitest';
import { compareVersions, lastMaintenanceWindowEnd, resolveMaintenanceWindow, sortFleetVersions, windowEndedOnLocker } from '../src/index';

describe('versions sorted as versions', () => {
  it('puts 1.9.2 before 1.10.0, 1.10 before 1.10.0, a suffix after the bare numbers, unknown last', () => {
    expect(['1.10.0', '1.9.2', '1.10', '1.10.0-rc1', 'v1.2.0'].sort(compareVersions)).toEqual([
      'v1.2.0',
      '1.9.2',
      '1.10',
      '1.10.0',
      '1.10.0-rc1',
    ]);
    expect(
      sortFleetVersions([
        { version: null, lockers: 1 },
        { version: '2.0.0', lockers: 1 },
        { version: '1.10.0', lockers: 2 },
      ]),
    ).toEqual([
      { version: '1.10.0', lockers: 2 },
      { version: '2.0.0', lockers: 1 },
      { version: null, lockers: 1 },
    ]);
  });
});

describe('maintenance windows', () => {
  it("takes the locker's window, else its company's, else 02:00-05:00; the locker's zone, else the company's", () => {
    const company = { maintenanceWindowStart: '01:00', maintenanceWindowEnd: '04:00', timeZone: 'America/Recife' };
    expect(
      resolveMaintenanceWindow({ maintenanceWindowStart: '22:00', maintenanceWindowEnd: '23:30', timeZone: 'America/Manaus' }, company),
    ).toEqual({
      start: '22:00',
      end: '23:30',
      time_zone: 'America/Manaus',
    });
    expect(resolveMaintenanceWindow({ maintenanceWindowStart: '22:00', maintenanceWindowEnd: null, timeZone: null }, company)).toEqual({
      start: '01:00',
      end: '04:00',
      time_zone: 'America/Recife',
    });
    expect(resolveMaintenanceWindow(null, { timeZone: 'Not/AZone' })).toEqual({
      start: '02:00',
      end: '05:00',
      time_zone: 'America/Sao_Paulo',
    });
  });

  it('finds the last end of a window in its zone and pauses only after a whole window went by', () => {
    const window = { start: '02:00', end: '05:00', time_zone: 'America/Sao_Paulo' };
    // 10:30 in São Paulo (UTC-3) is 13:30 UTC: the window last ended at 05:00 local, 08:00 UTC.
    const now = new Date('2026-03-10T13:30:20Z');
    expect(lastMaintenanceWindowEnd(window, now)?.toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect(lastMaintenanceWindowEnd({ ...window, end: '02:00' }, now)).toBeNull();
    const moved = new Date('2026-03-01T00:00:00Z');
    // Commanded at 03:00 local, inside that window: it did not have the whole of it.
    expect(windowEndedOnLocker({ window, sentAt: new Date('2026-03-10T06:00:00Z'), releaseMovedAt: moved, now })).toBe(false);
    // Commanded the evening before: it had the whole window.
    expect(windowEndedOnLocker({ window, sentAt: new Date('2026-03-09T23:00:00Z'), releaseMovedAt: moved, now })).toBe(true);
    // Resumed after that end: the person accepted it.
    expect(
      windowEndedOnLocker({ window, sentAt: new Date('2026-03-09T23:00:00Z'), releaseMovedAt: new Date('2026-03-10T09:00:00Z'), now }),
    ).toBe(false);
  });
});
