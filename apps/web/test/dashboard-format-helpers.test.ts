import { translatorFor } from '@ebox/domain';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDayInZone,
  formatDecimal,
  formatInZone,
  formatLastDayInZone,
  formatMinutes,
  formatRate,
  formatSeriesTick,
  hoursOf,
  weekdayNamesOf,
} from '../src/features/dashboard/dashboard-format';

/**
 * The dashboard's number, time and weekday helpers (features/dashboard/dashboard-format.ts) that
 * dashboard-format.test.ts does not read: the availability card's minutes, the weekday × hour
 * grid's averages, days and weekday names, and the charts' axes, in both languages.
 */

const pt = translatorFor('pt-BR');
const en = translatorFor('en');
const ZONE = 'America/Sao_Paulo';

describe('numbers in the language', () => {
  it("writes counts whole, with the language's thousands separator", () => {
    expect(formatCount(1234, 'pt-BR')).toBe('1.234');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234.6, 'pt-BR')).toBe('1.235');
    expect(formatCount(0, 'en')).toBe('0');
  });

  it('writes averages with one decimal at most, none when whole', () => {
    expect(formatDecimal(12.345, 'pt-BR')).toBe('12,3');
    expect(formatDecimal(1234.56, 'en')).toBe('1,234.6');
    expect(formatDecimal(7, 'pt-BR')).toBe('7');
    expect(formatDecimal(6.96, 'en')).toBe('7');
  });

  it('writes rates of 0 to 1 as percentages with one decimal at most', () => {
    expect(formatRate(0.125, 'pt-BR')).toBe('12,5%');
    expect(formatRate(0.125, 'en')).toBe('12.5%');
    expect(formatRate(0.95, 'pt-BR')).toBe('95%');
    expect(formatRate(1, 'en')).toBe('100%');
  });

  it('any language other than English reads as Portuguese (the console has two)', () => {
    expect(formatDecimal(12.5, 'es')).toBe('12,5');
  });
});

describe('minutes as a duration', () => {
  it('reads hours and minutes, and none as "0 min" rather than seconds', () => {
    expect(formatMinutes(150, pt)).toBe('2 h 30 min');
    expect(formatMinutes(150, en)).toBe('2 h 30 min');
    expect(formatMinutes(0, pt)).toBe('0 min');
    // Under a minute is still minutes: an outage of seconds is no "0 s".
    expect(formatMinutes(0.4, en)).toBe('0 min');
    expect(formatMinutes(3 * 24 * 60 + 5 * 60, pt)).toBe('3 d 5 h');
    expect(formatMinutes(45, en)).toBe('45 min');
  });
});

describe("days on the network's clock", () => {
  it('writes the day a moment falls on there, not in UTC', () => {
    // 02:30 UTC on 3 December is 23:30 on the 2nd in São Paulo.
    expect(formatDayInZone('2026-12-03T02:30:00.000Z', ZONE)).toBe('02/12/2026');
    expect(formatDayInZone('2026-12-03T02:30:00.000Z', 'UTC')).toBe('03/12/2026');
  });

  it('closes a period [from, to) on the day before a midnight end bound', () => {
    // Midnight of 3 December in São Paulo: the period's last day is the 2nd.
    expect(formatLastDayInZone('2026-12-03T03:00:00.000Z', ZONE)).toBe('02/12/2026');
    // A running period ends now, inside its last day.
    expect(formatLastDayInZone('2026-12-03T15:00:00.000Z', ZONE)).toBe('03/12/2026');
  });

  it("says nothing for a moment it cannot read, and falls back to the machine's clock for an unknown zone", () => {
    expect(formatLastDayInZone('not a date', ZONE)).toBe('');
    expect(formatDayInZone('not a date', ZONE)).toBe('');
    const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatInZone('2026-12-03T03:00:00.000Z', 'Mars/Olympus_Mons')).toBe(formatInZone('2026-12-03T03:00:00.000Z', machineZone));
  });
});

describe("the weekdays' names", () => {
  it('run from Sunday, capitalized, long and short, in Portuguese', () => {
    expect(weekdayNamesOf('pt-BR', 'long')).toEqual([
      'Domingo',
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
    ]);
    expect(weekdayNamesOf('pt-BR', 'short')).toEqual(['Dom.', 'Seg.', 'Ter.', 'Qua.', 'Qui.', 'Sex.', 'Sáb.']);
  });

  it('and in English', () => {
    expect(weekdayNamesOf('en', 'long')).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(weekdayNamesOf('en', 'short')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
});

describe("the charts' axes", () => {
  it('tick a day as DD/MM and a month as MM/YYYY', () => {
    expect(formatSeriesTick('2026-02-09', 'day')).toBe('09/02');
    expect(formatSeriesTick('2026-02-01', 'month')).toBe('02/2026');
  });

  it('read seconds as hours with one decimal, nothing as nothing', () => {
    expect(hoursOf(5400)).toBe(1.5);
    expect(hoursOf(3700)).toBe(1);
    expect(hoursOf(3 * 3600 + 15 * 60)).toBe(3.3);
    expect(hoursOf(0)).toBe(0);
    expect(hoursOf(null)).toBeNull();
  });
});
