import type { OrderStatus, OrderType } from './entities/enums';

/**
 * Spec 4.1 "Packing picking: return or collect/delivery": a run that only brings parcels back
 * (reverse and expired collections), or one that also carries parcels to the lockers.
 */
export const PACKING_PICKINGS = ['collectDelivery', 'return'] as const;
export type PackingPicking = (typeof PACKING_PICKINGS)[number];

/** Spec 4.1's packing steps, in the order the screen walks them. */
export const PACKING_STEPS = ['reverseCollection', 'expiredCollection', 'delivery'] as const;
export type PackingStep = (typeof PACKING_STEPS)[number];

/** Which orders each step lists (spec 4.1): one status, some types. */
export const PACKING_STEP_RULES: Readonly<Record<PackingStep, { status: OrderStatus; types: readonly OrderType[] }>> = {
  reverseCollection: { status: 'STORED', types: ['RETURN', 'SEND'] },
  expiredCollection: { status: 'EXPIRED', types: ['DELIVERY'] },
  delivery: { status: 'INBOUND', types: ['DELIVERY'] },
};

/** The steps a picking takes: a return run deposits nothing. */
export const PACKING_STEPS_OF_PICKING: Readonly<Record<PackingPicking, readonly PackingStep[]>> = {
  return: ['reverseCollection', 'expiredCollection'],
  collectDelivery: PACKING_STEPS,
};

/** The step an order of this type and status belongs to, if any. */
export function packingStepOf(type: string, status: string): PackingStep | undefined {
  return PACKING_STEPS.find((step) => {
    const rule = PACKING_STEP_RULES[step];
    return rule.status === status && (rule.types as readonly string[]).includes(type);
  });
}

/** Spec 9: packing lists show 25 rows a page. */
export const PACKING_PAGE_SIZE = 25;

/** At most this many orders in one packing: a day's run of a van, far above 200 parcels. */
export const PACKING_MAX_ORDERS = 2000;

/**
 * Why a parcel of the delivery step gets no compartment: no locker on the order, no size on the
 * order, or no free compartment of its size left at its locker (entities.packing.notFitting.*).
 */
export const PACKING_NOT_FITTING_REASONS = ['noLocker', 'noSize', 'noFreeCompartment'] as const;
export type PackingNotFittingReason = (typeof PACKING_NOT_FITTING_REASONS)[number];

/**
 * What became of a packing's order at the lockers (issue 30, item 3), as the terminals report the
 * courier's run: `done`, the courier deposited or collected it under the run's code at its locker;
 * `wrongLocker`, the run's code reported it at a locker the run does not plan for it (refused: the
 * order does not move); `notMade`, the packing was finished with nothing reported. None yet: still
 * to do.
 */
export const PACKING_OUTCOMES = ['done', 'wrongLocker', 'notMade'] as const;
export type PackingOutcome = (typeof PACKING_OUTCOMES)[number];

/** How long a packing's run code opens its lockers from the save, unless the packing says otherwise. */
export const PACKING_RUN_HOURS = 12;
