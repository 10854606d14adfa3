/** Enumerations of spec 4.1 shared by several entities. */
export const ORDER_TYPES = ['DELIVERY', 'RETURN', 'STORAGE', 'SEND', 'SMARTDROP'] as const;

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
