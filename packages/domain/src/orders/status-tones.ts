import type { OrderStatus } from '../entities/enums';

/**
 * How an order's status reads at a glance (issue 29): still on its way, asking for someone's
 * attention, ended as planned, or ended without the parcel reaching its customer. The order page's
 * banner and the lists' status tags take their colour from it, beside the status's words.
 */
export type OrderStatusTone = 'underway' | 'attention' | 'done' | 'ended';

export const ORDER_STATUS_TONES: Record<OrderStatus, OrderStatusTone> = {
  CREATED: 'underway',
  INBOUND: 'underway',
  IN_TRANSIT_TO_STORE: 'underway',
  STORED: 'underway',
  COURIER_STORED: 'underway',
  CUSTOMER_STORED: 'underway',
  COURIER_TAKEN: 'underway',
  COURIER_INBOUND: 'underway',
  SEND_INBOUND: 'underway',
  // Picked up, but an operator still has to release it (SMARTDROP).
  CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE: 'attention',
  EXPIRED: 'attention',
  EXPIRED_TAKEN: 'attention',
  EXPIRED_INBOUND: 'attention',
  CUSTOMER_TAKEN: 'done',
  COURIER_RETURNED: 'done',
  SEND_RETURNED: 'done',
  EXPIRED_RETURNED: 'ended',
  CANCELED: 'ended',
  FAILED_DELIVERY: 'ended',
};
