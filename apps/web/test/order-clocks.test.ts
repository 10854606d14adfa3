import { ORDER_STATUSES } from '@ebox/domain';
import { describe, expect, it } from 'vitest';
import { TAG_PALETTES } from '../src/app/theme';
import { AGED_AFTER_DAYS, clocksOf } from '../src/features/order/order-clocks';
import { ORDER_STATUS_COLORS } from '../src/features/order/order-status-tag';

const NOW = Date.parse('2025-05-20T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

describe("the order list's clocks (issue 29, item 4)", () => {
  it('counts the time in the locker only while the parcel is inside, aged past the dashboard oldest bucket', () => {
    expect(clocksOf({ status: 'STORED', storedAt: at(NOW - 2 * HOUR) }, NOW)).toMatchObject({ inLocker: 7200, aged: false });
    expect(clocksOf({ status: 'STORED', storedAt: at(NOW - (AGED_AFTER_DAYS + 1) * DAY) }, NOW).aged).toBe(true);
    // Picked up: the stamp stays, the clock does not.
    expect(clocksOf({ status: 'CUSTOMER_TAKEN', storedAt: at(NOW - 9 * DAY) }, NOW)).toMatchObject({ inLocker: undefined, aged: false });
    expect(clocksOf({ status: 'CREATED' }, NOW).inLocker).toBeUndefined();
  });

  it('counts down to the overdue date while it still counts, and says overdue past it or once expired', () => {
    expect(clocksOf({ status: 'STORED', overdueDate: at(NOW + DAY) }, NOW)).toMatchObject({ expiresIn: 86_400, overdue: false });
    expect(clocksOf({ status: 'STORED', overdueDate: at(NOW - HOUR) }, NOW)).toMatchObject({ expiresIn: -3600, overdue: true });
    expect(clocksOf({ status: 'EXPIRED', overdueDate: at(NOW + HOUR) }, NOW).overdue).toBe(true);
    expect(clocksOf({ status: 'CANCELED', overdueDate: at(NOW - HOUR) }, NOW)).toMatchObject({ expiresIn: undefined, overdue: false });
  });

  it('gives every status a colour of the palettes the themes make legible', () => {
    for (const status of ORDER_STATUSES) expect(TAG_PALETTES).toContain(ORDER_STATUS_COLORS[status]);
    // Issue 29: these three looked alike as plain text.
    expect(new Set(['CANCELED', 'EXPIRED', 'STORED'].map((status) => ORDER_STATUS_COLORS[status as 'STORED'])).size).toBe(3);
  });
});
