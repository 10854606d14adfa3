import {
  type CompartimentStatus,
  nfeKeyCheckDigit,
  ORDER_LIVE_STATUSES,
  type OrderStatus,
  type OrderTransition,
  type OrderType,
  orderPathTo,
  statusesOf,
  triggerSourceOf,
} from '@ebox/domain';
import { serviceOf } from '../../kit/service';
import { authorize, type TxContext } from '../../platform/context';
import { moveOrder } from '../order/lifecycle-service';
import { lockOrder } from '../order/repository';
import {
  DEMO_COMPANIES,
  DEMO_CUSTOMERS,
  DEMO_LOCKERS,
  DEMO_MODULES,
  DEMO_ORDER_LANES,
  DEMO_ORDER_ROUTES,
  DEMO_PRODUCTS,
  DEMO_TRACKING_PREFIXES,
  type DemoCompanyKey,
} from './demo-data';
import { backdateCreation } from './repository';

/**
 * The demo's orders (issue 15 item 7): every type in every status its lifecycle reaches, on the
 * demo lockers, over the last three weeks. Each is created by the order service (which books its
 * compartment) and moved by the lifecycle machine step by step, at the times the plan gives, so it
 * has its history and its compartment is BOOKED or OCCUPIED exactly while it holds one. Parcels
 * waiting for a deposit or a pickup are left on every lane, with free compartments beside them, so
 * the simulated lockers have work from the first minute.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type DemoOrderType = keyof typeof DEMO_ORDER_LANES;
type Lane = (typeof DEMO_ORDER_LANES)[DemoOrderType][number];

export type DemoOrderPlan = {
  type: OrderType;
  status: OrderStatus;
  lane: Lane;
  /** The machine's moves from CREATED to `status`, in order. */
  path: OrderTransition[];
  size: string;
  createdAt: Date;
  /** When each move of `path` happened. */
  movedAt: Date[];
  overdueDate: Date;
  /** Index in DEMO_CUSTOMERS. */
  customer: number;
  /** Index in DEMO_PRODUCTS, for parcels that carry goods. */
  product: number | null;
  invoice: boolean;
  trackingCode: string;
  referenceNumber: string;
};

/** What the order's compartment is once the path is walked: BOOKED at creation, then what the moves make it. */
export function compartimentAfter(path: readonly OrderTransition[]): CompartimentStatus {
  return path.reduce<CompartimentStatus>((status, transition) => transition.compartiment ?? status, 'BOOKED');
}

/** Still at the locker or on its way there, and not expired: the orders the simulator works on. */
const isWaiting = (status: OrderStatus) => status !== 'EXPIRED' && ORDER_LIVE_STATUSES.includes(status);

/** The usual route when it leads there (DEMO_ORDER_ROUTES), else the shortest. */
function pathOf(type: OrderType, status: OrderStatus): OrderTransition[] {
  const via = DEMO_ORDER_ROUTES[type];
  const first = via && via !== status ? orderPathTo(type, via) : undefined;
  const rest = first && via ? orderPathTo(type, status, via) : undefined;
  const path = first && rest ? [...first, ...rest] : orderPathTo(type, status);
  if (!path) throw new Error(`the order lifecycle never takes a ${type} to ${status}`);
  return path;
}

/**
 * How many of each: on every lane one waiting for its deposit and one for its pickup, the common
 * ending twice per lane, one of every other status.
 */
function copiesOf(status: OrderStatus, path: readonly OrderTransition[], lanes: number): number {
  if (status === 'CREATED' || (isWaiting(status) && compartimentAfter(path) === 'OCCUPIED')) return lanes;
  return status === 'CUSTOMER_TAKEN' ? 2 * lanes : 1;
}

/** Compartments per size of each demo locker, as generateCompartiments makes them from its modules. */
function capacityOf(code: string): Map<string, number> {
  const capacity = new Map<string, number>();
  const locker = DEMO_LOCKERS.find((l) => l.data.code === code);
  for (const moduleCode of locker?.modules ?? []) {
    for (const { layout } of DEMO_MODULES.find((m) => m.code === moduleCode)?.compartiments ?? []) {
      capacity.set(layout, (capacity.get(layout) ?? 0) + 1);
    }
  }
  return capacity;
}

/** Sizes in turn among those with a compartment free at the locker (storage takes no small ones): every booking finds one. */
function chooseSize(free: Map<string, number>, type: OrderType, turn: number): string {
  const sizes = [...free.entries()].filter(([size, count]) => count > 0 && (type !== 'STORAGE' || size !== 'P')).map(([size]) => size);
  const size = sizes[turn % Math.max(1, sizes.length)];
  if (!size) throw new Error('the demo orders need more compartments than the demo lockers have');
  return size;
}

/** The demo orders, worked out from the lifecycle table; `now` anchors their times. */
export function planDemoOrders(now: Date): DemoOrderPlan[] {
  const plans: DemoOrderPlan[] = [];
  const free = new Map(DEMO_LOCKERS.map((locker) => [locker.data.code, capacityOf(locker.data.code)]));
  // Object.entries types its keys as string: the lanes' keys are the order types they declare.
  for (const [type, lanes] of Object.entries(DEMO_ORDER_LANES) as [DemoOrderType, Lane[]][]) {
    let laneTurn = 0;
    for (const status of statusesOf(type)) {
      const path = pathOf(type, status);
      for (let copy = 0; copy < copiesOf(status, path, lanes.length); copy++) {
        const seq = plans.length + 1;
        const lane = lanes[laneTurn++ % lanes.length];
        const lockerFree = free.get(lane.locker) ?? new Map<string, number>();
        const size = chooseSize(lockerFree, type, seq);
        // Created and moved one after the other: only an order still holding its compartment keeps it from the next.
        if (compartimentAfter(path) !== 'AVAILABLE') lockerFree.set(size, (lockerFree.get(size) ?? 0) - 1);
        // Waiting parcels are from the last two days; the rest spread over three weeks.
        const ageDays = isWaiting(status) ? 0.2 + (seq % 5) * 0.4 : 2 + ((seq * 7) % 19) + (seq % 3) / 3;
        const createdAt = new Date(now.getTime() - ageDays * DAY);
        // Moves 3 to 32 hours apart (the dashboard's dwell times spread as a real network's do).
        const step = Math.min((3 + ((seq * 7) % 30)) * HOUR, (ageDays * DAY - HOUR) / Math.max(1, path.length));
        const movedAt = path.map((_, i) => new Date(createdAt.getTime() + (i + 1) * step));
        const expiry = path.findIndex((t) => t.trigger === 'job.expireOverdue' || t.trigger === 'terminal.EXPIRED');
        const companyDays = Number(DEMO_COMPANIES[lane.company].maxDaysOverdueDateDelivery ?? 5);
        const overdueDate =
          expiry >= 0
            ? movedAt[expiry]
            : ORDER_LIVE_STATUSES.includes(status)
              ? // One waiting parcel in five is due within the day: the lists mark it as expiring soon.
                new Date(now.getTime() + (seq % 5 === 0 ? 6 * HOUR : (2 + (seq % 4)) * DAY))
              : new Date(createdAt.getTime() + companyDays * DAY);
        const customers = DEMO_CUSTOMERS.flatMap((customer, i) => (customer.company === lane.company ? [i] : []));
        const carriesGoods = type !== 'STORAGE';
        plans.push({
          type,
          status,
          lane,
          path,
          size,
          createdAt,
          movedAt,
          overdueDate,
          customer: customers[seq % customers.length],
          product: carriesGoods ? seq % DEMO_PRODUCTS.length : null,
          invoice: carriesGoods && seq % 3 === 0,
          trackingCode: `${DEMO_TRACKING_PREFIXES[lane.company] ?? 'BR'}${482_310_000 + seq * 37}BR`,
          referenceNumber: `PED-${String(20_000 + seq)}`,
        });
      }
    }
  }
  return plans;
}

export type DemoOrderIds = {
  companies: Record<DemoCompanyKey, string>;
  /** In DEMO_CUSTOMERS' order. */
  customers: string[];
  /** In DEMO_PRODUCTS' order. */
  products: string[];
  /** By code. */
  lockers: Record<string, string>;
};

/** A 44-digit NF-e access key of RJ with its check digit (the invoice's rule verifies it). */
function nfeKeyOf(plan: DemoOrderPlan, number: number): string {
  const yymm = plan.createdAt.toISOString().slice(2, 7).replace('-', '');
  const first43 = `33${yymm}${String(11_222_333_000_100 + plan.customer).padStart(14, '0')}55001${String(number).padStart(9, '0')}1${String(
    number * 7919,
  )
    .padStart(8, '0')
    .slice(-8)}`;
  return `${first43}${nfeKeyCheckDigit(first43)}`;
}

/** The invoice of a parcel's goods, with its one line, attached to the order as the order form does it. */
async function attachInvoice(ctx: TxContext, plan: DemoOrderPlan, orderId: string, number: number, ids: DemoOrderIds) {
  const product = DEMO_PRODUCTS[plan.product ?? 0];
  const date = new Date(plan.createdAt.getTime() - 2 * HOUR);
  const invoice = await serviceOf('invoice').create(ctx, {
    company: ids.companies[plan.lane.company],
    order: orderId,
    series: 1,
    number,
    key: nfeKeyOf(plan, number),
    date: date.toISOString(),
    totalValue: product.unitPrice,
    productsValue: product.unitPrice,
    cfop: '5102',
    insured: product.unitPrice,
  });
  const invoiceId = invoice.id;
  await serviceOf('invoiceItem').create(ctx, {
    invoice: invoiceId,
    code: `SKU-${(plan.product ?? 0) + 1}`,
    description: product.name,
    quantity: 1,
    unitValue: product.unitPrice,
    totalValue: product.unitPrice,
  });
  await backdateCreation(ctx.tx, 'invoice', invoiceId, date);
  await serviceOf('order').update(ctx, orderId, { invoice: invoiceId, invoiceNumber: String(number).padStart(6, '0') });
}

/** Creates and moves the planned orders; answers how many. */
export async function seedDemoOrders(ctx: TxContext, ids: DemoOrderIds, now: Date = new Date()): Promise<number> {
  authorize(ctx, 'orderUpdateStatus');
  const plans = planDemoOrders(now);
  for (const [i, plan] of plans.entries()) {
    const customer = DEMO_CUSTOMERS[plan.customer];
    const customerId = ids.customers[plan.customer];
    // A customer drops a return or a send: the parcel comes from them; the others go to them.
    const dropsIt = plan.type === 'RETURN' || plan.type === 'SEND';
    const created = await serviceOf('order').create(ctx, {
      type: plan.type,
      trackingCode: plan.trackingCode,
      referenceNumber: plan.referenceNumber,
      company: ids.companies[plan.lane.company],
      shipper: ids.companies[plan.lane.shipper ?? plan.lane.company],
      carrier: plan.lane.carrier ? ids.companies[plan.lane.carrier] : undefined,
      ebox: ids.lockers[plan.lane.locker],
      compartimentSize: plan.size,
      [dropsIt ? 'fromCustomer' : 'toCustomer']: customerId,
      customerName: customer.name,
      customerPhone: customer.cellphone,
      customerEmail: customer.email,
      overdueDate: plan.overdueDate.toISOString(),
      state: 'RJ',
      products: plan.product === null ? undefined : [ids.products[plan.product]],
    });
    const orderId = created.id;
    if (plan.invoice) await attachInvoice(ctx, plan, orderId, 1000 + i, ids);
    await backdateCreation(ctx.tx, 'order', orderId, plan.createdAt);
    let row = await lockOrder(ctx.tx, orderId);
    for (const [step, transition] of plan.path.entries()) {
      if (!row) break;
      row = await moveOrder(ctx, row, triggerSourceOf(transition.trigger), { at: plan.movedAt[step] });
    }
  }
  return plans.length;
}
