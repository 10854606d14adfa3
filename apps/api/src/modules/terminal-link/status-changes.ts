import type { EventPayload } from '@ebox/domain';
import { type AuditEntry, auditByOf, companiesOfOwner, writeAudits } from '../../platform/audit';
import { type Actor, principalOf, type TxContext } from '../../platform/context';
import { publishEvents } from '../../platform/events';
import type { StatusChangeRow } from './repository';

/** A locker's status change (online, offline), as audited and published by the link. */

export type StatusReason = EventPayload<'ebox.statusChanged'>['reason'];

function statusAuditOf(change: StatusChangeRow, reason: StatusReason, actor: Actor): AuditEntry {
  const status = change.status === 'online' ? 'online' : 'offline';
  const record = { name: change.name, company: change.company, terminalId: change.terminalId };
  return {
    entityName: 'ebox',
    entityId: change.id,
    action: status,
    before: { ...record, status: change.previousStatus },
    after: { ...record, status, lastHeartBeat: change.lastHeartBeat, reason },
    by: auditByOf(principalOf(actor)),
    companyIds: companiesOfOwner(change.company),
  };
}

function statusEventOf(change: StatusChangeRow, reason: StatusReason): EventPayload<'ebox.statusChanged'> {
  const status = change.status === 'online' ? 'online' : 'offline';
  return { eboxId: change.id, terminalId: change.terminalId, status, reason, at: new Date().toISOString() };
}

/**
 * Lockers whose status changed, audited and published together: at 10,000 lockers one heartbeat
 * batch brings thousands online, and a row and three jobs each, one statement at a time, held the
 * batch's transaction for tens of seconds while the console still showed them offline.
 * `actorOf`: a heartbeat's change is the terminal's own; a silence or a last will is the link's.
 */
export async function auditStatusChanges(
  ctx: TxContext,
  changes: readonly StatusChangeRow[],
  reason: StatusReason,
  actorOf: (change: StatusChangeRow) => Actor,
): Promise<void> {
  await writeAudits(
    ctx.tx,
    changes.map((change) => statusAuditOf(change, reason, actorOf(change))),
  );
  await publishEvents(
    ctx,
    'ebox.statusChanged',
    changes.map((change) => statusEventOf(change, reason)),
  );
}

/** One locker's change, by the context's actor. */
export async function auditStatusChange(ctx: TxContext, change: StatusChangeRow, reason: StatusReason): Promise<void> {
  await auditStatusChanges(ctx, [change], reason, () => ctx.actor);
}
