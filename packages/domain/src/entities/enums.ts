/** Enumerations of spec 4.1 shared by several entities. */
export const ORDER_TYPES = ['DELIVERY', 'RETURN', 'STORAGE', 'SEND', 'SMARTDROP'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_STATUSES = [
  'CREATED',
  'INBOUND',
  'IN_TRANSIT_TO_STORE',
  'STORED',
  'COURIER_STORED',
  'CUSTOMER_STORED',
  'CUSTOMER_TAKEN',
  'CANCELED',
  'EXPIRED',
  'EXPIRED_TAKEN',
  'EXPIRED_INBOUND',
  'EXPIRED_RETURNED',
  'COURIER_TAKEN',
  'COURIER_INBOUND',
  'COURIER_RETURNED',
  'SEND_RETURNED',
  'SEND_INBOUND',
  'CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE',
  'FAILED_DELIVERY',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Spec 4.1: what a locker reports about an order (the terminal link's order events): a courier
 * deposit (COURIER), a customer pickup, a customer's send, storage or return drop, a courier's
 * collection, an expiry seen by the locker, and a maintenance opening that took the parcel out.
 */
export const ORDER_EVENT_CODES = [
  'EXPIRED',
  'MAINTENANCE',
  'COURIER',
  'CUSTOMER_TAKEN',
  'CUSTOMER_SEND',
  'CUSTOMER_STORAGE',
  'COURIER_TAKEN',
  'CUSTOMER_RETURN',
] as const;
export type OrderEventCode = (typeof ORDER_EVENT_CODES)[number];

export const MESSAGE_TEMPLATE_TYPES = ['whatsapp', 'sms', 'email', 'push'] as const;
export const MESSAGE_TEMPLATE_SUB_TYPES = ['delivery', 'return', 'storage', 'send'] as const;
export const MESSAGE_TEMPLATE_TRIGGERS = [
  'CREATED',
  'STORED',
  'EXPIRED',
  'INBOUND',
  'IN_TRANSIT_TO_STORE',
  'EXPIRED_TAKEN',
  'EXPIRED_INBOUND',
  'EXPIRED_RETURNED',
  'COURIER_TAKEN',
  'COURIER_INBOUND',
  'COURIER_RETURNED',
  'CUSTOMER_TAKEN',
  'SEND_INBOUND',
  'SEND_RETURNED',
  'PRE_EXPIRED',
  'CANCELED',
] as const;
export const QRCODE_TEMPLATE_TYPES = ['STORED', 'CUSTOMER_TAKEN', 'CUSTOMER_SEND', 'EXPIRED'] as const;
export const THEMES = [
  'default',
  'cyan',
  'geek-blue',
  'gold',
  'lime',
  'magenta',
  'orange',
  'polar-green',
  'purple',
  'red',
  'volcano',
  'yellow',
] as const;
export type Theme = (typeof THEMES)[number];

/** Spec 4.1: e-box status, kept by the terminal link. */
export const EBOX_STATUSES = ['online', 'offline'] as const;
/** Our extension actions of the terminal link (terminal/commands.ts): plain names here, so a locker's declaration does not bring the link's schemas to the browser. */
export const EBOX_ACTIONS = ['reboot', 'restart_app', 'sync', 'software_update', 'apply_access_codes'] as const;
/** Spec 4.1: compartment status; the lock action sets DAMAGE, the release AVAILABLE. */
export const COMPARTIMENT_STATUSES = ['AVAILABLE', 'OCCUPIED', 'DAMAGE', 'DIRTY', 'BOOKED'] as const;
export type CompartimentStatus = (typeof COMPARTIMENT_STATUSES)[number];
/** Statuses of a compartment that holds (or is promised) a parcel: its locker's compartments are not regenerated. */
export const COMPARTIMENT_HOLDING_STATUSES: readonly CompartimentStatus[] = ['OCCUPIED', 'BOOKED'];
export const COMPARTIMENT_USAGE_TYPES = ['DELIVERY', 'LAUNDRY', 'FOOD', 'DROP'] as const;
/** Spec 4.1: cluster operation type and the order the compartments of a linked locker are numbered in. */
export const CLUSTER_OPERATION_TYPES = ['RANGE', 'HOUR'] as const;
/** Right-to-left or left-to-right across modules, then top-to-bottom or bottom-to-top inside each. */
export const CLUSTER_EBOX_SEQUENCES = ['RL-TB', 'RL-BT', 'LR-TB', 'LR-BT'] as const;
export type ClusterEboxSequence = (typeof CLUSTER_EBOX_SEQUENCES)[number];
