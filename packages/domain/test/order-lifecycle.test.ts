import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_LIFECYCLE_DOC_PATH } from '../scripts/order-lifecycle-docs';
import {
  applyOrderTrigger,
  findOrderTransition,
  LOCKER_ACCESS_AFTER_USE,
  LOCKER_ACCESS_EVENTS,
  LOCKER_ACCESSES,
  lockerAccessOf,
  ORDER_EVENT_CODES,
  ORDER_LIFECYCLE,
  ORDER_LIVE_STATUSES,
  ORDER_STATUSES,
  ORDER_TRIGGER_NAMES,
  ORDER_TYPES,
  type OrderStatus,
  type OrderTrigger,
  type OrderTriggerName,
  type OrderType,
  orderEventCodeOfParcel,
  orderPathTo,
  plannedNextOf,
  plannedWayOf,
  renderOrderLifecycleDoc,
  statusesOf,
  translatorFor,
  triggerSourceOf,
} from '../src/index';

const AT = new Date('2026-11-24T10:30:00.000Z');

function triggerOf(name: OrderTriggerName, extra: { at?: Date; allowCollectExpiredOrder?: boolean } = {}): OrderTrigger {
  return { ...triggerSourceOf(name), at: AT, by: 'ebox:LK0001', ...extra };
}

/** Every (type, status, trigger) the machine can be asked about, with the transition it allows if any. */
const MATRIX = ORDER_TYPES.flatMap((type) =>
  ORDER_STATUSES.flatMap((status) =>
    ORDER_TRIGGER_NAMES.map((trigger) => ({ type, status, trigger, transition: findOrderTransition(type, status, trigger) })),
  ),
);
const ALLOWED = MATRIX.filter((cell) => cell.transition);
const REFUSED = MATRIX.filter((cell) => !cell.transition);

/** A parcel's whole way for each type: the path an operator expects, trigger by trigger. */
const HAPPY_PATHS: Record<OrderType, [OrderTriggerName, OrderStatus][]> = {
  DELIVERY: [
    ['console.inbound', 'INBOUND'],
    ['console.dispatch', 'IN_TRANSIT_TO_STORE'],
    ['terminal.COURIER', 'STORED'],
    ['terminal.CUSTOMER_TAKEN', 'CUSTOMER_TAKEN'],
  ],
  RETURN: [
    ['terminal.CUSTOMER_RETURN', 'STORED'],
    ['terminal.COURIER_TAKEN', 'COURIER_TAKEN'],
    ['console.inbound', 'COURIER_INBOUND'],
    ['console.returnToSender', 'COURIER_RETURNED'],
  ],
  STORAGE: [
    ['terminal.CUSTOMER_STORAGE', 'CUSTOMER_STORED'],
    ['terminal.CUSTOMER_TAKEN', 'CUSTOMER_TAKEN'],
  ],
  SEND: [
    ['terminal.CUSTOMER_SEND', 'STORED'],
    ['terminal.COURIER_TAKEN', 'COURIER_TAKEN'],
    ['console.inbound', 'SEND_INBOUND'],
  ],
  SMARTDROP: [
    ['terminal.COURIER', 'COURIER_STORED'],
    ['terminal.CUSTOMER_TAKEN', 'CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE'],
    ['console.release', 'CUSTOMER_TAKEN'],
  ],
};

describe('spec 4.1 enumerations', () => {
  it('holds the order types, the 19 statuses and the event codes as the spec writes them', () => {
    expect([...ORDER_TYPES]).toEqual(['DELIVERY', 'RETURN', 'STORAGE', 'SEND', 'SMARTDROP']);
    const spec =
      'CREATED, INBOUND, IN_TRANSIT_TO_STORE, STORED, COURIER_STORED, CUSTOMER_STORED, CUSTOMER_TAKEN, CANCELED, EXPIRED, EXPIRED_TAKEN, EXPIRED_INBOUND, EXPIRED_RETURNED, COURIER_TAKEN, COURIER_INBOUND, COURIER_RETURNED, SEND_RETURNED, SEND_INBOUND, CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE, FAILED_DELIVERY';
    expect([...ORDER_STATUSES]).toEqual(spec.split(', '));
    expect(ORDER_STATUSES).toHaveLength(19);
    expect([...ORDER_EVENT_CODES]).toEqual(
      'EXPIRED, MAINTENANCE, COURIER, CUSTOMER_TAKEN, CUSTOMER_SEND, CUSTOMER_STORAGE, COURIER_TAKEN, CUSTOMER_RETURN'.split(', '),
    );
  });
});

describe('order lifecycle: the declaration', () => {
  it('never lists the same (status, trigger) twice for a type: the machine is deterministic', () => {
    for (const type of ORDER_TYPES) {
      const seen = new Set<string>();
      for (const transition of ORDER_LIFECYCLE[type])
        for (const from of transition.from) {
          const key = `${from} ${transition.trigger}`;
          expect(seen.has(key), `${type}: ${key}`).toBe(false);
          seen.add(key);
        }
    }
  });

  it('reaches every status of a type from CREATED', () => {
    for (const type of ORDER_TYPES) {
      const reached = new Set<OrderStatus>(['CREATED']);
      let grew = true;
      while (grew) {
        grew = false;
        for (const transition of ORDER_LIFECYCLE[type])
          if (transition.from.some((from) => reached.has(from)) && !reached.has(transition.to)) {
            reached.add(transition.to);
            grew = true;
          }
      }
      expect([...reached].sort(), type).toEqual(statusesOf(type).sort());
    }
  });

  it('finds a way from CREATED to every status of a type, each step one the machine allows', () => {
    for (const type of ORDER_TYPES) {
      for (const status of statusesOf(type)) {
        const path = orderPathTo(type, status);
        expect(path, `${type} ${status}`).toBeDefined();
        let at: OrderStatus = 'CREATED';
        for (const transition of path ?? []) {
          const result = applyOrderTrigger({ type, status: at }, triggerOf(transition.trigger));
          if (!result.ok) throw new Error(`${type}: ${transition.trigger} refused from ${at}`);
          at = result.next;
        }
        expect(at, type).toBe(status);
      }
    }
    expect(orderPathTo('RETURN', 'CUSTOMER_STORED')).toBeUndefined();
    // From a status other than CREATED: a stored delivery's way to its customer is one step.
    expect(orderPathTo('DELIVERY', 'CUSTOMER_TAKEN', 'STORED')?.map((t) => t.trigger)).toEqual(['terminal.CUSTOMER_TAKEN']);
  });

  it('uses every one of the 19 statuses in some type, and every trigger somewhere', () => {
    const used = new Set(ORDER_TYPES.flatMap((type) => statusesOf(type)));
    expect([...used].sort()).toEqual([...ORDER_STATUSES].sort());
    const triggers = new Set(ORDER_TYPES.flatMap((type) => ORDER_LIFECYCLE[type].map((transition) => transition.trigger)));
    expect([...triggers].sort()).toEqual([...ORDER_TRIGGER_NAMES].sort());
  });

  it('translates every status, type and trigger in pt-BR and en', () => {
    for (const language of ['pt-BR', 'en'] as const) {
      const t = translatorFor(language);
      for (const key of [
        ...ORDER_TRIGGER_NAMES.map((name) => `entities.order.lifecycle.triggers.${name}`),
        ...ORDER_STATUSES.map((status) => `entities.order.enumerators.status.${status}`),
        ...ORDER_TYPES.map((type) => `entities.order.enumerators.type.${type}`),
        'entities.order.lifecycle.refusals.notAllowed',
        'entities.order.lifecycle.refusals.collectExpiredNotAllowed',
      ])
        expect(t(key), `${language} ${key}`).not.toBe(key);
    }
  });
});

describe('order lifecycle: every allowed transition', () => {
  it.each(ALLOWED.map((cell) => [cell.type, cell.status, cell.trigger, cell] as const))(
    '%s %s --%s--> moves, stamps and sets the compartment as declared',
    (_type, _status, _trigger, { type, status, trigger, transition }) => {
      if (!transition) throw new Error('unreachable');
      const result = applyOrderTrigger({ type, status }, triggerOf(trigger, { allowCollectExpiredOrder: true }));
      expect(result).toEqual({
        ok: true,
        next: transition.to,
        stamps: Object.fromEntries(transition.stamps.map((field) => [field, field.endsWith('At') ? AT : 'ebox:LK0001'])),
        compartimentStatus: transition.compartiment,
      });
    },
  );

  it('takes each type along its whole way, the compartment booked, occupied, then free', () => {
    for (const type of ORDER_TYPES) {
      let status: OrderStatus = 'CREATED';
      const compartment: (string | null)[] = [];
      for (const [trigger, expected] of HAPPY_PATHS[type]) {
        const result = applyOrderTrigger({ type, status }, triggerOf(trigger));
        expect(result.ok && result.next, `${type} ${status} ${trigger}`).toBe(expected);
        if (result.ok) {
          status = result.next;
          compartment.push(result.compartimentStatus);
        }
      }
      expect(compartment.filter(Boolean), type).toEqual(['OCCUPIED', 'AVAILABLE']);
    }
  });

  it('stamps the time the locker recorded, not the time it is applied (an offline locker replays)', () => {
    const recorded = new Date('2026-11-23T22:00:00.000Z');
    const result = applyOrderTrigger({ type: 'DELIVERY', status: 'STORED' }, triggerOf('terminal.CUSTOMER_TAKEN', { at: recorded }));
    expect(result.ok && result.stamps).toEqual({ customerTakenAt: recorded, collectedAt: recorded, collectedBy: 'ebox:LK0001' });
  });

  it('frees the booked compartment on a cancel, and refuses the cancel once the parcel is inside', () => {
    for (const type of ORDER_TYPES) {
      const cancel = applyOrderTrigger({ type, status: 'CREATED' }, triggerOf('console.cancel'));
      expect(cancel.ok && cancel.compartimentStatus, type).toBe('AVAILABLE');
    }
    for (const status of ['STORED', 'CUSTOMER_STORED', 'COURIER_STORED', 'EXPIRED'] as const)
      for (const type of ORDER_TYPES) expect(applyOrderTrigger({ type, status }, triggerOf('console.cancel')).ok).toBe(false);
  });
});

describe('order lifecycle: everything else is refused', () => {
  it(`refuses the ${REFUSED.length} other (type, status, trigger) combinations`, () => {
    expect(REFUSED.length + ALLOWED.length).toBe(ORDER_TYPES.length * ORDER_STATUSES.length * ORDER_TRIGGER_NAMES.length);
    for (const { type, status, trigger } of REFUSED)
      expect(
        applyOrderTrigger({ type, status }, triggerOf(trigger, { allowCollectExpiredOrder: true })),
        `${type} ${status} ${trigger}`,
      ).toEqual({
        ok: false,
        reason: 'notAllowed',
      });
  });

  it('refuses a late pickup where the company does not allow collecting expired orders', () => {
    for (const type of ['DELIVERY', 'STORAGE', 'SMARTDROP'] as const) {
      expect(applyOrderTrigger({ type, status: 'EXPIRED' }, triggerOf('terminal.CUSTOMER_TAKEN'))).toEqual({
        ok: false,
        reason: 'collectExpiredNotAllowed',
      });
      expect(
        applyOrderTrigger({ type, status: 'EXPIRED' }, triggerOf('terminal.CUSTOMER_TAKEN', { allowCollectExpiredOrder: true })).ok,
      ).toBe(true);
    }
  });

  it('leaves nothing to move out of a final status', () => {
    for (const status of [
      'CANCELED',
      'CUSTOMER_TAKEN',
      'EXPIRED_RETURNED',
      'COURIER_RETURNED',
      'SEND_RETURNED',
      'FAILED_DELIVERY',
    ] as const)
      for (const type of ORDER_TYPES)
        for (const trigger of ORDER_TRIGGER_NAMES)
          expect(applyOrderTrigger({ type, status }, triggerOf(trigger, { allowCollectExpiredOrder: true })).ok).toBe(false);
  });
});

describe("order lifecycle: the order page's planned way (issue 29)", () => {
  it('proposes the way a parcel takes when all goes well, for each type', () => {
    expect(plannedWayOf('DELIVERY', 'CREATED')).toEqual(['INBOUND', 'IN_TRANSIT_TO_STORE', 'STORED', 'CUSTOMER_TAKEN']);
    expect(plannedWayOf('RETURN', 'CREATED')).toEqual(['STORED', 'COURIER_TAKEN', 'COURIER_INBOUND', 'COURIER_RETURNED']);
    expect(plannedWayOf('SEND', 'CREATED')).toEqual(['STORED', 'COURIER_TAKEN', 'SEND_INBOUND', 'SEND_RETURNED']);
    expect(plannedWayOf('STORAGE', 'CREATED')).toEqual(['CUSTOMER_STORED', 'CUSTOMER_TAKEN']);
    expect(plannedWayOf('SMARTDROP', 'CREATED')).toEqual(['COURIER_STORED', 'CUSTOMER_TAKEN_AND_WAITING_FOR_RELEASE', 'CUSTOMER_TAKEN']);
  });

  it("continues an expired parcel on its way back, without a company's optional late pickup", () => {
    expect(plannedWayOf('DELIVERY', 'EXPIRED')).toEqual(['EXPIRED_TAKEN', 'EXPIRED_INBOUND', 'EXPIRED_RETURNED']);
    expect(plannedNextOf('DELIVERY', 'STORED')?.trigger).toBe('terminal.CUSTOMER_TAKEN');
  });

  it('proposes nothing after a final status, and each proposed step is one the machine allows', () => {
    for (const type of ORDER_TYPES) {
      for (const status of ORDER_STATUSES) {
        const next = plannedNextOf(type, status);
        if (next) expect(findOrderTransition(type, status, next.trigger)?.to).toBe(next.to);
      }
      for (const final of ['CANCELED', 'CUSTOMER_TAKEN', 'FAILED_DELIVERY'] as const) expect(plannedWayOf(type, final)).toEqual([]);
    }
  });
});

describe('docs/order-lifecycle.md', () => {
  it('is what the declaration draws (run `npm run orders:docs` after changing it)', () => {
    expect(readFileSync(ORDER_LIFECYCLE_DOC_PATH, 'utf8')).toBe(renderOrderLifecycleDoc());
  });

  it('draws one state diagram per type with every transition', () => {
    const doc = renderOrderLifecycleDoc();
    expect(doc.match(/```mermaid\nstateDiagram-v2/g)).toHaveLength(ORDER_TYPES.length);
    for (const type of ORDER_TYPES)
      for (const transition of ORDER_LIFECYCLE[type])
        for (const from of transition.from) expect(doc).toContain(`${from} --> ${transition.to}: ${transition.trigger}`);
  });
});

describe('what an access code allows at the locker (the terminal holds it: apply_access_codes)', () => {
  const parcelTrigger = (type: OrderType, access: (typeof LOCKER_ACCESSES)[number], allowCollectExpiredOrder: boolean) =>
    triggerOf(`terminal.${orderEventCodeOfParcel(type, LOCKER_ACCESS_EVENTS[access])}`, { allowCollectExpiredOrder });

  it('is the parcel event the machine accepts now: a deposit before the parcel is in, a pickup while it is, never both', () => {
    for (const type of ORDER_TYPES)
      for (const status of ORDER_STATUSES)
        for (const allowCollectExpiredOrder of [false, true]) {
          const accepted = LOCKER_ACCESSES.filter(
            (access) => applyOrderTrigger({ type, status }, parcelTrigger(type, access, allowCollectExpiredOrder)).ok,
          );
          expect(accepted.length, `${type} ${status}`).toBeLessThanOrEqual(1);
          expect(lockerAccessOf({ type, status, allowCollectExpiredOrder }), `${type} ${status}`).toBe(accepted[0] ?? null);
          // Only a live order (its code unique at the locker) is ever given to a terminal.
          if (accepted.length) expect(ORDER_LIVE_STATUSES, `${type} ${status}`).toContain(status);
        }
    expect(lockerAccessOf({ type: 'DELIVERY', status: 'IN_TRANSIT_TO_STORE' })).toBe('deposit');
    expect(lockerAccessOf({ type: 'RETURN', status: 'STORED' })).toBe('pickup');
    expect(lockerAccessOf({ type: 'DELIVERY', status: 'EXPIRED' })).toBeNull();
    expect(lockerAccessOf({ type: 'DELIVERY', status: 'EXPIRED', allowCollectExpiredOrder: true })).toBe('pickup');
  });

  it('after a use, allows what an offline terminal assumes: a parcel put in can be taken out, one taken out is gone', () => {
    for (const type of ORDER_TYPES)
      for (const status of ORDER_STATUSES)
        for (const access of LOCKER_ACCESSES) {
          if (lockerAccessOf({ type, status }) !== access) continue;
          const used = applyOrderTrigger({ type, status }, parcelTrigger(type, access, false));
          if (!used.ok) throw new Error(`${type} ${status} ${access} should be accepted`);
          expect(lockerAccessOf({ type, status: used.next }), `${type} ${status} after ${access}`).toBe(LOCKER_ACCESS_AFTER_USE[access]);
        }
  });
});
