import { AGE_BUCKET_START_DAYS, IN_LOCKER_STATUSES, ORDER_EXPIRABLE_STATUSES, type OrderStatus } from '@ebox/domain';

/**
 * An order's two clocks on the order list (issue 29, item 4): how long its parcel has been in the
 * locker, and how long until (or since) its overdue date. Pure, so the unit test reads the same
 * answers as the list.
 */

const DAY_SECONDS = 24 * 60 * 60;

/** Aged as the dashboard counts it: the oldest of its age buckets (more than 7 days in the locker). */
export const AGED_AFTER_DAYS = AGE_BUCKET_START_DAYS.over7Days;

/** Orders whose overdue date still means something: the expiry job moves them, or it already has. */
const EXPIRY_COUNTED: readonly OrderStatus[] = [...ORDER_EXPIRABLE_STATUSES, 'EXPIRED'];

export type OrderClocks = {
  /** Seconds since the parcel went into the locker; undefined when none is inside for this order. */
  inLocker?: number;
  aged: boolean;
  /** Seconds until the overdue date (negative: past it); undefined when the date no longer counts. */
  expiresIn?: number;
  overdue: boolean;
};

function secondsOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time / 1000;
}

export function clocksOf(order: Record<string, unknown>, nowMs: number): OrderClocks {
  const now = nowMs / 1000;
  const status = String(order.status ?? 'CREATED') as OrderStatus;
  const storedAt = IN_LOCKER_STATUSES.includes(status) ? secondsOf(order.storedAt) : undefined;
  const inLocker = storedAt === undefined ? undefined : Math.max(0, now - storedAt);
  const overdueAt = EXPIRY_COUNTED.includes(status) ? secondsOf(order.overdueDate) : undefined;
  const expiresIn = overdueAt === undefined ? undefined : overdueAt - now;
  return {
    inLocker,
    aged: inLocker !== undefined && inLocker > AGED_AFTER_DAYS * DAY_SECONDS,
    expiresIn,
    // An order the expiry already moved is overdue whatever its date says (a locker may report it first).
    overdue: (expiresIn !== undefined && expiresIn < 0) || status === 'EXPIRED',
  };
}
