import type { TFunction } from 'i18next';
import { AUDIT_EVENT_ACTIONS } from './audit-actions';
import { isPlainObject } from './kit/record';

/**
 * A door's or a parcel's event as one sentence (issue 29, item 6): "Porta 4 de RJ-COPA-01 aberta",
 * "Parcel deposited in door 4 of RJ-COPA-01 · order now Stored". Such an entry records that something
 * happened at a locker, not an edit of the compartment: its values (the locker's id, the door's
 * number, the terminal's time) read as "E-box: — → Armário…" as a field diff. The console's log, a
 * record's history tab and the log's export all word it with this.
 */

const EVENT_ACTIONS: ReadonlySet<string> = new Set(AUDIT_EVENT_ACTIONS);

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Whether the entry is worded as an event rather than as the fields it changed. */
export function isAuditEvent(entry: { action?: string | null }): boolean {
  return EVENT_ACTIONS.has(entry.action ?? '');
}

/**
 * The entry's sentence, or null when it is not an event. `lockerCode`: the locker's code as the
 * API answers it (within the reader's scope); without it the door reads by its number alone.
 */
export function auditEventTextOf(
  t: TFunction,
  entry: { action?: string | null; values?: Record<string, unknown> | null; lockerCode?: string | null },
): string | null {
  const action = entry.action ?? '';
  if (!EVENT_ACTIONS.has(action)) return null;
  const after = isPlainObject(entry.values?.after) ? entry.values.after : {};
  const number = textOf(after.number);
  if (!number) return null;
  const locker = entry.lockerCode?.trim();
  const door = locker ? t('auditLog.events.doorOf', { number, locker }) : number;
  const sentence = t(`auditLog.events.${action}`, { door });
  const detail = eventDetailOf(t, action, after);
  return detail ? t('auditLog.events.withDetail', { sentence, detail }) : sentence;
}

/** What followed the event: the order a parcel moved (or why none did), an opening's outcome. */
function eventDetailOf(t: TFunction, action: string, after: Record<string, unknown>): string | null {
  if (action === 'parcel_deposited' || action === 'parcel_taken') {
    const status = textOf(after.orderStatus);
    if (status)
      return t('auditLog.events.orderNow', { status: t(`entities.order.enumerators.status.${status}`, { defaultValue: status }) });
    const refused = textOf(after.refused);
    if (refused) return t(`auditLog.events.refused.${refused}`, { defaultValue: t('auditLog.events.refused.other', { reason: refused }) });
    return null;
  }
  if (action === 'open_compartment') {
    const outcome = textOf(after.outcome);
    if (!outcome) return null;
    return t(`auditLog.events.outcome.${outcome}`, { defaultValue: t('auditLog.events.outcome.other', { outcome }) });
  }
  return null;
}
