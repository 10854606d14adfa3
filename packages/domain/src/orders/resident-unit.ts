import type { OrderType } from '../entities/enums';

/**
 * Spec 5.3: "toCustomer levels 1 and 2 required" where the parcel goes to a building resident. The
 * one declaration of that rule, which the API applies on every create, import and edit of an order
 * (apps/api/src/modules/order/policy.ts) and whose messages the order form shows on its customer field.
 *
 * A parcel goes to a resident when a building company (company type `building`, the condominium)
 * has it handed to the person it is for: a delivery or a smart drop. The resident is the order's
 * `toCustomer`, and their unit is the customer's level 2 (apartment, room) inside a level 1 (tower,
 * block): both must be known, so the parcel reaches the right door.
 */
export const RESIDENT_ORDER_TYPES: readonly OrderType[] = ['DELIVERY', 'SMARTDROP'];

/** Whether an order of this type, for a company of this type, goes to a building resident. */
export function goesToResident(orderType: unknown, companyType: unknown): boolean {
  return companyType === 'building' && RESIDENT_ORDER_TYPES.some((type) => type === orderType);
}

/** The resident as the rule reads them: none, or their unit's levels (null when not known). */
export type ResidentUnit = { buildingLevel1: string | null; buildingLevel2: string | null } | null;

/**
 * What is missing for an order going to a resident, as a message key on `toCustomer` (null when
 * nothing is, or when the order does not go to a resident).
 */
export function residentUnitProblem(orderType: unknown, companyType: unknown, resident: ResidentUnit): string | null {
  if (!goesToResident(orderType, companyType)) return null;
  if (!resident) return 'entities.order.errors.residentRequired';
  // A customer without a unit lacks both levels: the unit (level 2) is what to fill in first.
  if (!resident.buildingLevel2) return 'entities.order.errors.residentLevel2Required';
  if (!resident.buildingLevel1) return 'entities.order.errors.residentLevel1Required';
  return null;
}
