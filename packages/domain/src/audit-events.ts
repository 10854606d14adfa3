import type { TFunction } from 'i18next';
import { AUDIT_EVENT_ACTIONS } from './audit-actions';
import { isPlainObject } from './kit/record';

/**
 * A door's or a parcel's event as one sentence (issue 29, item 6): "Porta 4 de RJ-COPA-01 aberta",
 * "Parcel deposited in door 4 of RJ-COPA-01 · order now Stored". Such an entry records that something
 * happened at a locker, not an edit of the compartment: its values (the locker's id, the door's
 * number, the terminal's time) read as "E-box: — → Armário…" as a field diff. A locker going offline
 * or coming back is worded the same way ("RJ-COPA-01 ficou offline"), not as "Status: online →
 * offline, Último sinal: …". The console's log, a record's history tab and the log's export all word
 * it with this.
 */

const EVENT_ACTIONS: ReadonlySet<string> = new Set(AUDIT_EVENT_ACTIONS);
/** The link's entries on a locker (entity ebox) as its terminal comes and goes (modules/terminal-link). */
const LOCKER_STATUS_ACTIONS: ReadonlySet<string> = new Set(['online', 'offline']);
/** Why the link marked it so (ebox.statusChanged's reason); a heartbeat needs no word. */
const STATUS_REASONS: ReadonlySet<string> = new Set(['last_will', 'heartbeat_timeout', 'disenrolled']);

type EntryToWord = {
  action?: string | null;
  entityName?: string | null;
  entityLabel?: string | null;
  values?: Record<string, unknown> | null;
  lockerCode?: string | null;
};

function isLockerStatusEntry(entry: EntryToWord): boolean {
  return entry.entityName === 'ebox' && LOCKER_STATUS_ACTIONS.has(entry.action ?? '');
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Whether the entry is worded as an event rather than as the fields it changed. */
export function isAuditEvent(entry: { action?: string | null; entityName?: string | null }): boolean {
  return EVENT_ACTIONS.has(entry.action ?? '') || isLockerStatusEntry(entry);
}

/**
 * The entry's sentence, or null when it is not an event. `lockerCode`: the locker's code as the
 * API answers it (within the reader's scope); without it the door reads by its number alone.
 */
export function auditEventTextOf(t: TFunction, entry: EntryToWord): string | null {
  const action = entry.action ?? '';
  const after = isPlainObject(entry.values?.after) ? entry.values.after : {};
  if (isLockerStatusEntry(entry)) return lockerStatusTextOf(t, action, entry, after);
  if (!EVENT_ACTIONS.has(action)) return null;
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

/** "RJ-COPA-01 ficou offline · o terminal se desconectou": the locker by its code, else by its name. */
function lockerStatusTextOf(t: TFunction, action: string, entry: EntryToWord, after: Record<string, unknown>): string {
  const locker = textOf(entry.lockerCode?.trim()) ?? textOf(entry.entityLabel) ?? textOf(after.name) ?? t('auditLog.events.aLocker');
  const sentence = t(`auditLog.events.${action}`, { locker });
  const reason = textOf(after.reason);
  return reason && STATUS_REASONS.has(reason)
    ? t('auditLog.events.withDetail', { sentence, detail: t(`auditLog.events.statusReason.${reason}`) })
    : sentence;
}
