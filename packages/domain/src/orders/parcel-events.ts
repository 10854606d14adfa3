import type { OrderEventCode, OrderType } from '../entities/enums';

/**
 * Which spec 4.1 event code a parcel event from a locker's terminal stands for, by the order's type:
 * the terminal says only "a parcel went in" or "came out" with the access code used, and the order
 * that code belongs to says who did it. A delivery and a smart drop are deposited by a courier and
 * taken by the customer; a return and a send are dropped by the customer and collected by the
 * carrier; a storage is both put in and taken out by the customer.
 */
export const PARCEL_EVENT_CODES: Record<OrderType, Record<'parcel_deposited' | 'parcel_taken', OrderEventCode>> = {
  DELIVERY: { parcel_deposited: 'COURIER', parcel_taken: 'CUSTOMER_TAKEN' },
  SMARTDROP: { parcel_deposited: 'COURIER', parcel_taken: 'CUSTOMER_TAKEN' },
  RETURN: { parcel_deposited: 'CUSTOMER_RETURN', parcel_taken: 'COURIER_TAKEN' },
  SEND: { parcel_deposited: 'CUSTOMER_SEND', parcel_taken: 'COURIER_TAKEN' },
  STORAGE: { parcel_deposited: 'CUSTOMER_STORAGE', parcel_taken: 'CUSTOMER_TAKEN' },
};

export function orderEventCodeOfParcel(type: OrderType, event: 'parcel_deposited' | 'parcel_taken'): OrderEventCode {
  return PARCEL_EVENT_CODES[type][event];
}
