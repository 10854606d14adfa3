import { type CompartimentStatus, ORDER_EVENT_CODES, type OrderEventCode, type OrderStatus, type OrderType } from '../entities/enums';
import type { Permission } from '../permissions';

/**
 * The order lifecycle (issue 15): ONE declaration of which trigger moves an order of each type from
 * which status to which, what it stamps, and what its compartment becomes. The API, the jobs and the
 * terminal link all ask `applyOrderTrigger`; docs/order-lifecycle.md is drawn from this table.
 *
 * Spec 4.1 leaves the transitions "not shown"; they are designed as a locker operator works:
 * - DELIVERY: the carrier receives it at its hub (inbound), sends it out, a courier deposits it in the
 *   booked compartment, the customer picks it up; left past its overdue date it expires, and a
 *   courier takes it back to the hub and to the shipper.
 * - RETURN and SEND: the customer drops the parcel (it is then STORED, as packing's "reverse
 *   collection" reads it), a courier collects it and brings it to the hub, from where a return goes
 *   back to the shipper and a send on to its addressee (or back to its sender).
 * - STORAGE: the customer stores something and takes it back.
 * - SMARTDROP: a courier drops into a free compartment without a previous stage at the hub; the
 *   customer's pickup waits for an operator's release (the parcel was handed over, the compartment
 *   checked) before it counts as taken.
 * A cancel (spec 4.1: what deleting an order means) is allowed only while no parcel is inside the
 * locker: a deposited parcel must be taken out first, so no compartment holds a cancelled order.
 */

/** What a person does from the console, on an order's page or in bulk. */
export const ORDER_CONSOLE_ACTIONS = ['inbound', 'dispatch', 'returnToSender', 'release', 'failDelivery', 'cancel'] as const;
export type OrderConsoleAction = (typeof ORDER_CONSOLE_ACTIONS)[number];
/** What a declared job does on its own. */
export const ORDER_JOBS = ['expireOverdue'] as const;
export type OrderJob = (typeof ORDER_JOBS)[number];

/** Where a change comes from: a locker's event (spec 4.1 codes), a console action, or a job. */
export type OrderTriggerSource =
  | { kind: 'terminal'; code: OrderEventCode }
  | { kind: 'console'; action: OrderConsoleAction }
  | { kind: 'job'; job: OrderJob };

/** A trigger as one word ('terminal.COURIER', 'console.cancel', 'job.expireOverdue'): table keys, docs, i18n. */
export type OrderTriggerName = `terminal.${OrderEventCode}` | `console.${OrderConsoleAction}` | `job.${OrderJob}`;

export function triggerNameOf(source: OrderTriggerSource): OrderTriggerName {
  if (source.kind === 'terminal') return `terminal.${source.code}`;
  if (source.kind === 'console') return `console.${source.action}`;
  return `job.${source.job}`;
}

/** The trigger a name stands for (the inverse of triggerNameOf). */
export function triggerSourceOf(name: OrderTriggerName): OrderTriggerSource {
  const [kind, what] = name.split('.') as [string, string];
  if (kind === 'terminal') return { kind, code: what as OrderEventCode };
  if (kind === 'console') return { kind, action: what as OrderConsoleAction };
  return { kind: 'job', job: what as OrderJob };
}

/**
 * The right an actor needs to move an order by a trigger, whoever it is (issue 26: one entry for
 * every caller): a cancel needs what DELETE /order needs, every other move `orderUpdateStatus` —
 * a person's role, a locker's TERMINAL_PERMISSIONS and a job's SYSTEM_ACTOR_RIGHTS declare it alike.
 * Not `orderEdit`: that would also open the order form's pickers (customers) to a locker.
 */
export function permissionToMoveOrder(source: OrderTriggerSource): Permission {
  return source.kind === 'console' && source.action === 'cancel' ? 'orderDestroy' : 'orderUpdateStatus';
}

/** Fields of the order a transition writes: a time ('…At') from the trigger, an actor ('…By'). */
export type OrderStampField =
  | 'inboundAt'
  | 'inboundBy'
  | 'storedAt'
  | 'storedBy'
  | 'collectedAt'
  | 'collectedBy'
  | 'customerTakenAt'
  | 'expiredAt'
  | 'expiredCollectedAt'
  | 'expiredCollectedBy'
  | 'expiredInboundAt'
  | 'expiredInboundBy'
  | 'expiredReturnedAt'
  | 'courierReturnedAt'
  | 'sendReturnedAt'
  | 'failedAt'
  | 'failedBy'
  | 'canceledAt'
  | 'canceledBy';

/** A condition on the order's company a transition needs (spec 3 company.allowCollectExpiredOrder). */
export type OrderGuard = 'allowCollectExpiredOrder';

export type OrderTransition = {
  from: readonly OrderStatus[];
  trigger: OrderTriggerName;
  to: OrderStatus;
  stamps: readonly OrderStampField[];
  /** What the order's compartment becomes; null: it stays as it is (or the order has none). */
  compartiment: CompartimentStatus | null;
  guard?: OrderGuard;
};

/** Not yet in the locker: booked (or waiting for a booking), at the carrier or on its way. */
const BEFORE_LOCKER: readonly OrderStatus[] = ['CREATED', 'INBOUND', 'IN_TRANSIT_TO_STORE'];

const cancelBefore = (from: readonly OrderStatus[]): OrderTransition => ({
  from,
  trigger: 'console.cancel',
  to: 'CANCELED',
  stamps: ['canceledAt', 'canceledBy'],
  compartiment: 'AVAILABLE',
});

/** The expired parcel's way back: a courier takes it out, brings it to the hub, returns it to the shipper. */
const EXPIRED_WAY_BACK: OrderTransition[] = [
  {
    from: ['EXPIRED'],
    trigger: 'terminal.COURIER_TAKEN',
    to: 'EXPIRED_TAKEN',
    stamps: ['expiredCollectedAt', 'expiredCollectedBy'],
    compartiment: 'AVAILABLE',
  },
  {
    from: ['EXPIRED_TAKEN'],
    trigger: 'console.inbound',
    to: 'EXPIRED_INBOUND',
    stamps: ['expiredInboundAt', 'expiredInboundBy'],
    compartiment: null,
  },
  {
    from: ['EXPIRED_INBOUND'],
    trigger: 'console.returnToSender',
    to: 'EXPIRED_RETURNED',
    stamps: ['expiredReturnedAt'],
    compartiment: null,
  },
];

/** Expiry of a parcel inside the locker: by the overdue job, or as the locker itself saw it. */
const expireInLocker = (from: OrderStatus): OrderTransition[] => [
  { from: [from], trigger: 'job.expireOverdue', to: 'EXPIRED', stamps: ['expiredAt'], compartiment: null },
  { from: [from], trigger: 'terminal.EXPIRED', to: 'EXPIRED', stamps: ['expiredAt'], compartiment: null },
];

/** A drop that never happened: the booking ends at the overdue date. */
const expireUndropped: OrderTransition = {
  from: ['CREATED'],
  trigger: 'job.expireOverdue',
  to: 'EXPIRED',
  stamps: ['expiredAt'],
  compartiment: 'AVAILABLE',
};

/** A customer's late pickup, where the company allows collecting expired orders. */
const customerTakesExpired = (to: OrderStatus): OrderTransition => ({
  from: ['EXPIRED'],
  trigger: 'terminal.CUSTOMER_TAKEN',
  to,
  stamps: ['customerTakenAt', 'collectedAt', 'collectedBy'],
  compartiment: 'AVAILABLE',
  guard: 'allowCollectExpiredOrder',
});

/** A maintenance opening took the parcel out: the delivery through the locker failed. */
const maintenanceRemoval = (from: readonly OrderStatus[]): OrderTransition => ({
  from,
  trigger: 'terminal.MAINTENANCE',
  to: 'FAILED_DELIVERY',
  stamps: ['failedAt', 'failedBy'],
  compartiment: 'AVAILABLE',
});

export const ORDER_LIFECYCLE: Record<OrderType, readonly OrderTransition[]> = {
  DELIVERY: [
    { from: ['CREATED'], trigger: 'console.inbound', to: 'INBOUND', stamps: ['inboundAt', 'inboundBy'], compartiment: null },
    { from: ['INBOUND'], trigger: 'console.dispatch', to: 'IN_TRANSIT_TO_STORE', stamps: [], compartiment: null },
    { from: BEFORE_LOCKER, trigger: 'terminal.COURIER', to: 'STORED', stamps: ['storedAt', 'storedBy'], compartiment: 'OCCUPIED' },
    {
      from: ['STORED'],
      trigger: 'terminal.CUSTOMER_TAKEN',
      to: 'CUSTOMER_TAKEN',
      stamps: ['customerTakenAt', 'collectedAt', 'collectedBy'],
      compartiment: 'AVAILABLE',
    },
    ...expireInLocker('STORED'),
    customerTakesExpired('CUSTOMER_TAKEN'),
    ...EXPIRED_WAY_BACK,
    maintenanceRemoval(['STORED', 'EXPIRED']),
    {
      from: BEFORE_LOCKER,
      trigger: 'console.failDelivery',
      to: 'FAILED_DELIVERY',
      stamps: ['failedAt', 'failedBy'],
      compartiment: 'AVAILABLE',
    },
    cancelBefore(BEFORE_LOCKER),
  ],
  RETURN: [
    { from: ['CREATED'], trigger: 'terminal.CUSTOMER_RETURN', to: 'STORED', stamps: ['storedAt', 'storedBy'], compartiment: 'OCCUPIED' },
    {
      from: ['STORED'],
      trigger: 'terminal.COURIER_TAKEN',
      to: 'COURIER_TAKEN',
      stamps: ['collectedAt', 'collectedBy'],
      compartiment: 'AVAILABLE',
    },
    { from: ['COURIER_TAKEN'], trigger: 'console.inbound', to: 'COURIER_INBOUND', stamps: ['inboundAt', 'inboundBy'], compartiment: null },
    {
      from: ['COURIER_INBOUND'],
      trigger: 'console.returnToSender',
      to: 'COURIER_RETURNED',
      stamps: ['courierReturnedAt'],
      compartiment: null,
    },
    expireUndropped,
    cancelBefore(['CREATED']),
  ],
  SEND: [
    { from: ['CREATED'], trigger: 'terminal.CUSTOMER_SEND', to: 'STORED', stamps: ['storedAt', 'storedBy'], compartiment: 'OCCUPIED' },
    {
      from: ['STORED'],
      trigger: 'terminal.COURIER_TAKEN',
      to: 'COURIER_TAKEN',
      stamps: ['collectedAt', 'collectedBy'],
      compartiment: 'AVAILABLE',
    },
    { from: ['COURIER_TAKEN'], trigger: 'console.inbound', to: 'SEND_INBOUND', stamps: ['inboundAt', 'inboundBy'], compartiment: null },
    { from: ['SEND_INBOUND'], trigger: 'console.returnToSender', to: 'SEND_RETURNED', stamps: ['sendReturnedAt'], compartiment: null },
    expireUndropped,
    cancelBefore(['CREATED']),
  ],
  STORAGE: [
    {
      from: ['CREATED'],
      trigger: 'terminal.CUSTOMER_STORAGE',
      to: 'CUSTOMER_STORED',
      stamps: ['storedAt', 'storedBy'],
      compartiment: 'OCCUPIED',
    },
    {
      from: ['CUSTOMER_STORED'],
      trigger: 'terminal.CUSTOMER_TAKEN',
      to: 'CUSTOMER_TAKEN',
      stamps: ['customerTakenAt', 'collectedAt', 'collectedBy'],
      compartiment: 'AVAILABLE',
    },
    ...expireInLocker('CUSTOMER_STORED'),
    customerTakesExpired('CUSTOMER_TAKEN'),
    {
      from: ['EXPIRED'],
      trigger: 'terminal.COURIER_TAKEN',
      to: 'EXPIRED_TAKEN',
      stamps: ['expiredCollectedAt', 'expiredCollectedBy'],
      compartiment: 'AVAILABLE',
    },
    expireUndropped,
    cancelBefore(['CREATED']),
  ],
  SMARTDROP: [
    { from: ['CREATED'], trigger: 'terminal.COURIER', to: 'COURIER_STORED', stamps: ['storedAt', 'storedBy'], compartiment: 'OCCUPIED' },
    {
      from: ['COURIER_STORED'],
      trigger: 'terminal.CUSTOMER_TAKEN',
      to: 'CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE',
      stamps: ['customerTakenAt'],
      compartiment: 'AVAILABLE',
    },
    {
      from: ['CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE'],
      trigger: 'console.release',
      to: 'CUSTOMER_TAKEN',
      stamps: ['collectedAt', 'collectedBy'],
      compartiment: null,
    },
    ...expireInLocker('COURIER_STORED'),
    customerTakesExpired('CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE'),
    ...EXPIRED_WAY_BACK,
    maintenanceRemoval(['COURIER_STORED', 'EXPIRED']),
    cancelBefore(['CREATED']),
  ],
};

/**
 * Orders that still hold their access code at the locker: booked, on their way, or with a parcel
 * inside. Among a locker's live orders an access code is unique (a code opens only its own
 * compartment); the database's partial index (order_live_access_code_key) lists the same statuses.
 */
export const ORDER_LIVE_STATUSES: readonly OrderStatus[] = [
  'CREATED',
  'INBOUND',
  'IN_TRANSIT_TO_STORE',
  'STORED',
  'COURIER_STORED',
  'CUSTOMER_STORED',
  'EXPIRED',
];

/** Whether an order still holds its compartment (booked, or a parcel inside): only then is its door opened "for" it. */
export function orderHoldsCompartment(status: unknown): boolean {
  return ORDER_LIVE_STATUSES.includes((status ?? 'CREATED') as OrderStatus);
}

/** The statuses `job.expireOverdue` moves from, for any type (the expiry job reads only these). */
export const ORDER_EXPIRABLE_STATUSES: readonly OrderStatus[] = [
  ...new Set(
    Object.values(ORDER_LIFECYCLE).flatMap((transitions) =>
      transitions.filter((transition) => transition.trigger === 'job.expireOverdue').flatMap((transition) => transition.from),
    ),
  ),
];

/** The console's "update status": the targets an order of `type` in `status` may be moved to, and by which action. */
export function consoleMovesOf(type: OrderType, status: OrderStatus): { to: OrderStatus; action: OrderConsoleAction }[] {
  return ORDER_LIFECYCLE[type]
    .filter((transition) => transition.trigger.startsWith('console.') && transition.from.includes(status))
    .map((transition) => ({ to: transition.to, action: transition.trigger.slice('console.'.length) as OrderConsoleAction }));
}

/**
 * Triggers that turn an order off its planned way (a cancel, an expiry, a failure, a maintenance
 * removal): the order page's stepper (issue 29) never proposes them as what comes next.
 */
const DETOURS: ReadonlySet<OrderTriggerName> = new Set<OrderTriggerName>([
  'console.cancel',
  'console.failDelivery',
  'job.expireOverdue',
  'terminal.EXPIRED',
  'terminal.MAINTENANCE',
]);

/**
 * What comes next for an order of `type` in `status` when all goes as planned: the table's first
 * transition from there that is no detour and needs no company setting; undefined at the end.
 */
export function plannedNextOf(type: OrderType, status: OrderStatus): OrderTransition | undefined {
  return ORDER_LIFECYCLE[type].find(
    (transition) => transition.from.includes(status) && !DETOURS.has(transition.trigger) && !transition.guard,
  );
}

/** The statuses still ahead of an order on its planned way, from `status` (excluded) to the end. */
export function plannedWayOf(type: OrderType, status: OrderStatus): OrderStatus[] {
  const way: OrderStatus[] = [];
  let next = plannedNextOf(type, status);
  while (next && next.to !== status && !way.includes(next.to)) {
    way.push(next.to);
    next = plannedNextOf(type, next.to);
  }
  return way;
}

/** The order as the machine reads it. */
export type OrderState = { type: OrderType; status: OrderStatus };

/** A trigger with when it happened (a locker's original time, even replayed after being offline) and who. */
export type OrderTrigger = OrderTriggerSource & {
  at: Date;
  /** Who acted, as the history reads it: a person's e-mail, 'ebox:<code>', 'job:<name>'. */
  by: string;
  /** The company's settings a guarded transition reads. */
  allowCollectExpiredOrder?: boolean;
};

export type OrderTransitionResult =
  | {
      ok: true;
      next: OrderStatus;
      /** Fields to write on the order: the time stamps and actor stamps of the transition. */
      stamps: Partial<Record<OrderStampField, Date | string>>;
      compartimentStatus: CompartimentStatus | null;
    }
  | {
      ok: false;
      /** i18n key under entities.order.lifecycle.refusals. */
      reason: OrderRefusal;
    };

/**
 * Why a trigger changed nothing. `wrongCompartment`: a locker reported a parcel event in a
 * compartment other than the one booked for the order whose access code was used.
 */
export type OrderRefusal = 'notAllowed' | 'collectExpiredNotAllowed' | 'wrongCompartment';

export const ORDER_REFUSAL_KEYS: Record<OrderRefusal, string> = {
  notAllowed: 'entities.order.lifecycle.refusals.notAllowed',
  collectExpiredNotAllowed: 'entities.order.lifecycle.refusals.collectExpiredNotAllowed',
  wrongCompartment: 'entities.order.lifecycle.refusals.wrongCompartment',
};

/** The transition `trigger` would take from `status` for an order of `type`, if the table has one. */
export function findOrderTransition(type: OrderType, status: OrderStatus, trigger: OrderTriggerName): OrderTransition | undefined {
  return ORDER_LIFECYCLE[type]?.find((transition) => transition.trigger === trigger && transition.from.includes(status));
}

/**
 * What `trigger` does to `order`: the next status, the fields it stamps and the compartment's new
 * status; or why it is refused (the order then changes in nothing). Pure: the caller writes it.
 */
export function applyOrderTrigger(order: OrderState, trigger: OrderTrigger): OrderTransitionResult {
  const transition = findOrderTransition(order.type, order.status, triggerNameOf(trigger));
  if (!transition) return { ok: false, reason: 'notAllowed' };
  if (transition.guard === 'allowCollectExpiredOrder' && !trigger.allowCollectExpiredOrder)
    return { ok: false, reason: 'collectExpiredNotAllowed' };
  const stamps: Partial<Record<OrderStampField, Date | string>> = {};
  for (const field of transition.stamps) stamps[field] = field.endsWith('At') ? trigger.at : trigger.by;
  return { ok: true, next: transition.to, stamps, compartimentStatus: transition.compartiment };
}

/** Every trigger name the machine knows, in a stable order (tests, docs, translations). */
export const ORDER_TRIGGER_NAMES: readonly OrderTriggerName[] = [
  ...ORDER_EVENT_CODES.map((code) => `terminal.${code}` as const),
  ...ORDER_CONSOLE_ACTIONS.map((action) => `console.${action}` as const),
  ...ORDER_JOBS.map((job) => `job.${job}` as const),
];

/** The statuses an order of `type` can ever be in: CREATED and every target of its table. */
export function statusesOf(type: OrderType): OrderStatus[] {
  const seen = new Set<OrderStatus>(['CREATED']);
  for (const transition of ORDER_LIFECYCLE[type]) {
    for (const from of transition.from) seen.add(from);
    seen.add(transition.to);
  }
  return [...seen];
}

/**
 * The fewest unguarded transitions that take an order of `type` from `from` (a new order: CREATED)
 * to `status`: none when it is there already, undefined when the machine never gets there. How the
 * demo data reaches every status through the same moves a locker, a person or a job makes.
 */
export function orderPathTo(type: OrderType, status: OrderStatus, from: OrderStatus = 'CREATED'): OrderTransition[] | undefined {
  const paths = new Map<OrderStatus, OrderTransition[]>([[from, []]]);
  const queue: OrderStatus[] = [from];
  for (let at = queue.shift(); at; at = queue.shift()) {
    for (const transition of ORDER_LIFECYCLE[type]) {
      if (transition.guard || !transition.from.includes(at) || paths.has(transition.to)) continue;
      paths.set(transition.to, [...(paths.get(at) ?? []), transition]);
      queue.push(transition.to);
    }
  }
  return paths.get(status);
}
