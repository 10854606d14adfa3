import { randomInt } from 'node:crypto';
import {
  goesToResident,
  type Language,
  ORDER_LIVE_STATUSES,
  ORDER_PERIOD_MAX_DAYS,
  residentUnitProblem,
  textOf,
  translatorFor,
} from '@ebox/domain';
import type { Row } from '../../kit/repository';
import { auditByOf, writeAudit } from '../../platform/audit';
import { can, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import type { EntityPolicy } from '../../platform/entity-rules';
import { AppError, badRequest, conflict, fieldError } from '../../platform/errors';
import { requestAccessCodes } from '../terminal-commands/service';
import { checkAccessCodeBudget, countAccessCodeChange } from './access-code-throttle';
import { recordOrderCreated } from './lifecycle-service';
import { maintainedOrderTotal } from './list-total';
import {
  bookCompartiment,
  findCompanyOrderTypes,
  findCompanyType,
  findEboxCode,
  findMaxDaysOverdue,
  findResidentUnit,
  isAccessCodeTaken,
  recordBookingRefusal,
  writeOrder,
} from './repository';

/** A new access code: six digits, as a keypad types it (spec 5.3: exactly 6). */
function generateAccessCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one answer to a code that cannot be used (issue 25): the same whether the clash is an order
 * of the caller's company or of another one sharing the locker, and without the code, so a refusal
 * tells a guesser nothing more than "not this one" (and the throttle bounds how often it is asked).
 */
function accessCodeRefused(): AppError {
  return new AppError('conflict', 'entities.order.errors.accessCodeUnavailable', {}, [
    { path: 'accessCode', key: 'entities.order.errors.accessCodeUnavailable', values: {} },
  ]);
}

/** A code no live order of the locker uses (a code opens only its own compartment). */
async function chooseAccessCode(ctx: TxContext, eboxId: string | null, given: unknown, exceptId?: string): Promise<string> {
  if (typeof given === 'string' && given) {
    if (eboxId) checkAccessCodeBudget(ctx);
    if (eboxId && (await isAccessCodeTaken(ctx.tx, eboxId, given, exceptId))) {
      countAccessCodeChange(ctx);
      throw accessCodeRefused();
    }
    return given;
  }
  return generateFreeAccessCode(ctx, eboxId);
}

/** A random code unique among the locker's live orders (not the whole table: codes repeat across lockers). */
async function generateFreeAccessCode(ctx: TxContext, eboxId: string | null, exceptId?: string): Promise<string> {
  // A locker holds at most a few hundred live orders among a million codes: a free one comes at once.
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = generateAccessCode();
    if (!eboxId || !(await isAccessCodeTaken(ctx.tx, eboxId, code, exceptId))) return code;
  }
  throw accessCodeRefused();
}

/** Whether an order is live: only then does its code open anything, and only then is it shown. */
function isLive(status: unknown): boolean {
  const stored = status ?? 'CREATED';
  return ORDER_LIVE_STATUSES.some((live) => live === stored);
}

/**
 * The order action newAccessCode (issue 25: the only way to change a code): a fresh random code
 * unique among the locker's live orders, counted against the user's code-change budget (429 past
 * it), sent to the locker's terminal once committed. The kit audits it (the code masked) and
 * answers the record. A finished order keeps its code: it opens nothing any more.
 */
export async function renewAccessCode(ctx: TxContext, before: Row): Promise<void> {
  if (!isLive(before.status)) throw badRequest('entities.order.errors.accessCodeOfFinishedOrder');
  checkAccessCodeBudget(ctx);
  const eboxId = typeof before.ebox === 'string' ? before.ebox : null;
  const code = await generateFreeAccessCode(ctx, eboxId, before.id);
  await writeOrder(ctx.tx, before.id, { accessCode: code, updatedById: principalOf(ctx.actor).userId });
  countAccessCodeChange(ctx);
  await requestAccessCodes(ctx, eboxId);
}

/** Books a compartment of the order's size in its locker (BOOKED, audited); 409 naming both when none is free. */
async function book(ctx: TxContext, data: Record<string, unknown>, eboxId: string, size: string, eboxCode: string | null) {
  const booked = await bookCompartiment(ctx.tx, eboxId, size);
  if (!booked) {
    // The refusal is counted on the dashboard (full lockers) though this creation rolls back.
    await recordBookingRefusal(ctx.deps.db, { eboxId, companyId: typeof data.company === 'string' ? data.company : null, size });
    throw conflict('entities.order.errors.noCompartimentFree', { locker: eboxCode ?? eboxId, size });
  }
  data.compartiment = booked.after.id;
  data.compartimentNumber = booked.after.number;
  await writeAudit(ctx.tx, {
    entityName: 'compartiment',
    entityId: booked.after.id,
    action: 'update',
    before: booked.before,
    after: booked.after,
    by: auditByOf(principalOf(ctx.actor)),
  });
}

// Declared in the domain, where the console reads it too (the export dialog asks within it).
export { ORDER_PERIOD_MAX_DAYS };

/**
 * The periods of an order's life a list filters by, each held to the 31 days (docs/orders.md
 * "Periods"): its creation and the stamps the dashboard's tiles count by.
 */
export const ORDER_PERIOD_FILTERS = ['createdAt', 'storedAt', 'collectedAt', 'expiredAt', 'canceledAt'] as const;

function dateOf(value: unknown): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The period a filter names on `name` ([from, to]; either may be missing). */
function periodOf(filter: Record<string, unknown> | undefined, name: string): { from: Date | null; to: Date | null } | null {
  const value = filter?.[name];
  if (value === undefined || value === null || value === '') return null;
  const [from, to] = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [value, value];
  return { from: dateOf(from), to: dateOf(to) };
}

/**
 * A list filtered by creation date, or by a stamp, covers at most 31 days from its start (an open
 * end counts until now), each period on its own. Without a start it is no period, as without the
 * filter. The export by mail requires a creation period (export-service.ts).
 */
function checkPeriods(query: { filter?: Record<string, unknown> }, language: Language): void {
  for (const name of ORDER_PERIOD_FILTERS) {
    const period = periodOf(query.filter, name);
    if (!period?.from) continue;
    const to = period.to ?? new Date();
    if (to.getTime() - period.from.getTime() <= ORDER_PERIOD_MAX_DAYS * DAY_MS) continue;
    if (name === 'createdAt') throw badRequest('entities.order.errors.periodTooLong', { days: ORDER_PERIOD_MAX_DAYS });
    const field = translatorFor(language)(`entities.order.fields.${name}`);
    throw badRequest('errors.orderStampPeriodTooLong', { days: ORDER_PERIOD_MAX_DAYS, field });
  }
}

/**
 * A list filtered by a stamp and not sorted by the caller is newest by that stamp first: its page is
 * then read in the stamp's index order (entity-tables.ts), where newest by creation would walk the
 * creation index past every order outside the range (a range a year back: half a million at 1M).
 */
function sortByStampFiltered(query: { filter?: Record<string, unknown>; orderBy?: string }): void {
  if (query.orderBy) return;
  const stamp = ORDER_PERIOD_FILTERS.find((name) => {
    const period = name === 'createdAt' ? null : periodOf(query.filter, name);
    return Boolean(period?.from || period?.to);
  });
  if (stamp) query.orderBy = `${stamp}_DESC`;
}

/**
 * Spec 3: a company's companySettings.orderTypes are its enabled operations. An order of another
 * type is refused (400 on `type`) when it is created or imported, or moved to another type or
 * company. A company with none chosen operates every type (docs/orders.md).
 */
async function checkTypeEnabled(ctx: TxContext, type: unknown, companyId: unknown): Promise<void> {
  if (typeof type !== 'string' || typeof companyId !== 'string') return;
  const company = await findCompanyOrderTypes(ctx.tx, companyId);
  if (!company?.orderTypes.length || company.orderTypes.includes(type)) return;
  const t = translatorFor(ctx.language);
  const typeName = (value: string) => t(`entities.order.enumerators.type.${value}`);
  throw fieldError('type', 'errors.orderTypeNotEnabled', {
    company: company.name,
    type: typeName(type),
    enabled: company.orderTypes.map(typeName).join(', '),
  });
}

/**
 * Spec 5.3 (packages/domain/src/orders/resident-unit.ts): a building's delivery goes to a resident,
 * whose unit (levels 1 and 2) must be known; the refusal is a 400 on `toCustomer`.
 */
async function checkResidentUnit(ctx: TxContext, type: unknown, companyId: unknown, toCustomer: unknown): Promise<void> {
  const companyType = typeof companyId === 'string' ? await findCompanyType(ctx.tx, companyId) : null;
  if (!goesToResident(type, companyType)) return;
  const resident = typeof toCustomer === 'string' ? await findResidentUnit(ctx.tx, toCustomer) : null;
  const problem = residentUnitProblem(type, companyType, resident);
  if (problem) throw fieldError('toCustomer', problem);
}

/**
 * A new order starts CREATED (the lifecycle machine moves it from there) with an access code unique
 * among its locker's live orders; for a locker and a size it books a free compartment of that size
 * in the same transaction (unless bookOrder is false: the compartment is then the one deposited
 * in); without an overdue date it gets one from its company's maxDaysOverdueDateDelivery. Its eboxCode follows its locker, so it reads, filters and exports by it
 * and an export imports again.
 */
export const orderPolicy: EntityPolicy = {
  beforeList(ctx, query) {
    checkPeriods(query, ctx.language);
    sortByStampFiltered(query);
  },
  maintainedTotal: maintainedOrderTotal,
  async beforeWrite(ctx, { before, data }) {
    if (data.ebox !== undefined) data.eboxCode = typeof data.ebox === 'string' ? await findEboxCode(ctx.tx, data.ebox) : null;
    if (before) {
      // Only a new type or company is a new operation: a form sending the order back whole is not.
      const retyped = data.type !== undefined && data.type !== before.type;
      const moved = data.company !== undefined && data.company !== before.company;
      if (retyped || moved) await checkTypeEnabled(ctx, data.type ?? before.type, data.company ?? before.company);
      const readdressed = data.toCustomer !== undefined && data.toCustomer !== before.toCustomer;
      if (retyped || moved || readdressed)
        await checkResidentUnit(
          ctx,
          data.type ?? before.type,
          data.company ?? before.company,
          data.toCustomer !== undefined ? data.toCustomer : before.toCustomer,
        );
      // Issue 25: a code changes only by the newAccessCode action. A form sending the record back
      // whole sends the code it was shown (or null when hidden): that is no change and is dropped.
      if (typeof data.accessCode === 'string' && data.accessCode !== '' && data.accessCode !== before.accessCode)
        throw fieldError('accessCode', 'entities.order.errors.accessCodeNotEditable');
      delete data.accessCode;
      // A live order moved to another locker keeps its code unique there.
      const eboxId = textOf(data.ebox !== undefined ? data.ebox : before.ebox);
      const code = textOf(before.accessCode);
      const changed = data.ebox !== undefined;
      const live = isLive(before.status);
      if (changed && eboxId && code && live) await chooseAccessCode(ctx, eboxId, code, before.id);
      // The terminals of the locker it left and of the one it is at hold its code where it opens now.
      if (live && (changed || data.compartiment !== undefined || data.compartimentNumber !== undefined)) {
        for (const locker of new Set([before.ebox, eboxId])) await requestAccessCodes(ctx, typeof locker === 'string' ? locker : null);
      }
      return;
    }
    await checkTypeEnabled(ctx, data.type, data.company);
    await checkResidentUnit(ctx, data.type, data.company, data.toCustomer);
    data.status = 'CREATED';
    const eboxId = typeof data.ebox === 'string' ? data.ebox : null;
    data.accessCode = await chooseAccessCode(ctx, eboxId, data.accessCode);
    if (eboxId && typeof data.compartimentSize === 'string' && data.compartimentSize && data.bookOrder !== false) {
      await book(ctx, data, eboxId, data.compartimentSize, textOf(data.eboxCode));
    }
    if (!data.overdueDate && typeof data.company === 'string') {
      const days = await findMaxDaysOverdue(ctx.tx, data.company);
      if (days !== null) data.overdueDate = new Date(Date.now() + days * DAY_MS).toISOString();
    }
    // Its locker's terminal learns the new code (the job runs once this transaction commits).
    await requestAccessCodes(ctx, eboxId);
  },
  afterCreate: recordOrderCreated,
  // Issue 25: the code is shown on the record to who may resend it to the customer or edit the
  // order, while it opens something; to nobody once the order is finished.
  revealSecrets: (ctx: ServiceContext, row: Row) => (can(ctx, 'orderResendSMS') || can(ctx, 'orderEdit')) && isLive(row.status),
};
