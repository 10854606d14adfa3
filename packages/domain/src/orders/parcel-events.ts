import type { OrderEventCode, OrderStatus, OrderType } from '../entities/enums';
import { applyOrderTrigger } from './lifecycle';

/** The two things a locker's terminal reports about a parcel. */
export type ParcelEventName = 'parcel_deposited' | 'parcel_taken';

/**
 * Which spec 4.1 event code a parcel event from a locker's terminal stands for, by the order's type:
 * the terminal says only "a parcel went in" or "came out" with the access code used, and the order
 * that code belongs to says who did it. A delivery and a smart drop are deposited by a courier and
 * taken by the customer; a return and a send are dropped by the customer and collected by the
 * carrier; a storage is both put in and taken out by the customer.
 */
export const PARCEL_EVENT_CODES: Record<OrderType, Record<ParcelEventName, OrderEventCode>> = {
  DELIVERY: { parcel_deposited: 'COURIER', parcel_taken: 'CUSTOMER_TAKEN' },
  SMARTDROP: { parcel_deposited: 'COURIER', parcel_taken: 'CUSTOMER_TAKEN' },
  RETURN: { parcel_deposited: 'CUSTOMER_RETURN', parcel_taken: 'COURIER_TAKEN' },
  SEND: { parcel_deposited: 'CUSTOMER_SEND', parcel_taken: 'COURIER_TAKEN' },
  STORAGE: { parcel_deposited: 'CUSTOMER_STORAGE', parcel_taken: 'CUSTOMER_TAKEN' },
};

export function orderEventCodeOfParcel(type: OrderType, event: ParcelEventName): OrderEventCode {
  return PARCEL_EVENT_CODES[type][event];
}

/**
 * Under a courier's run code (issue 30) the courier acted, whatever the order's type: a parcel put
 * in is the courier's deposit of a delivery, one taken out the courier's collection of an expired
 * parcel or of a customer's return or send.
 */
export const RUN_PARCEL_EVENT_CODES: Record<ParcelEventName, OrderEventCode> = {
  parcel_deposited: 'COURIER',
  parcel_taken: 'COURIER_TAKEN',
};

/**
 * What an access code lets someone do at the locker's keypad, and the parcel event it ends in. The
 * terminal holds each live order's code with one of these (apply_access_codes), so it can check a
 * code on its own, even offline.
 */
export const LOCKER_ACCESS_EVENTS = { deposit: 'parcel_deposited', pickup: 'parcel_taken' } as const satisfies Record<
  string,
  ParcelEventName
>;
export type LockerAccess = keyof typeof LOCKER_ACCESS_EVENTS;
export const LOCKER_ACCESSES = Object.keys(LOCKER_ACCESS_EVENTS) as LockerAccess[];

/**
 * What a code allows once it was used at the terminal, before the console says more: a parcel that
 * went in can be taken out (by its customer or its carrier, as its type says), one taken out is gone.
 * An offline terminal follows this; the domain test checks it against the lifecycle for every type.
 */
export const LOCKER_ACCESS_AFTER_USE: Record<LockerAccess, LockerAccess | null> = { deposit: 'pickup', pickup: null };

/**
 * What the order's access code allows at its locker now: the parcel event the lifecycle machine
 * would accept from `status` (a deposit before the parcel is in, a pickup while it is), or null when
 * neither (the terminal then does not hold the code). `allowCollectExpiredOrder` is the company's
 * setting a late pickup needs.
 */
export function lockerAccessOf(order: { type: OrderType; status: OrderStatus; allowCollectExpiredOrder?: boolean }): LockerAccess | null {
  for (const access of LOCKER_ACCESSES) {
    const code = orderEventCodeOfParcel(order.type, LOCKER_ACCESS_EVENTS[access]);
    const result = applyOrderTrigger(
      { type: order.type, status: order.status },
      { kind: 'terminal', code, at: new Date(0), by: '', allowCollectExpiredOrder: order.allowCollectExpiredOrder ?? false },
    );
    if (result.ok) return access;
  }
  return null;
}
