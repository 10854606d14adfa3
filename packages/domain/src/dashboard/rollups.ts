import type { OrderStatus } from '../entities/enums';
import { ORDER_LIFECYCLE, type OrderStampField } from '../orders/lifecycle';

/**
 * What the dashboard's rollups count of an order's move (issue 28, docs/dashboard.md "Rollups"),
 * read from the lifecycle's declaration: a deposit is a move that stamps `storedAt`, a pickup one
 * that stamps `collectedAt` (the customer's, or a courier's collection of a return or a send), an
 * expiry one that stamps `expiredAt`.
 */

function statusesStamping(stamp: OrderStampField): readonly OrderStatus[] {
  const statuses = new Set<OrderStatus>();
  for (const transitions of Object.values(ORDER_LIFECYCLE))
    for (const transition of transitions) if (transition.stamps.includes(stamp)) statuses.add(transition.to);
  return [...statuses].sort();
}

export const DEPOSIT_STATUSES = statusesStamping('storedAt');
export const PICKUP_STATUSES = statusesStamping('collectedAt');
export const EXPIRY_STATUSES = statusesStamping('expiredAt');

/** A parcel in its locker now: deposited and not yet picked up (an expired one waits inside too). */
export const IN_LOCKER_STATUSES: readonly OrderStatus[] = [...new Set([...DEPOSIT_STATUSES, ...EXPIRY_STATUSES])].sort();

/**
 * The hours a carrier promises between taking a parcel (inbound) and storing it in a locker, when
 * it names none (issue 28, figure 7; Bloq.it's maxRentDeliveryTimeHour): the SLA the dashboard
 * measures carriers against.
 */
export const DEFAULT_CARRIER_PROMISE_HOURS = 48;
