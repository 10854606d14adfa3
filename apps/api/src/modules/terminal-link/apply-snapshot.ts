import type { CompartmentsSnapshot } from '@ebox/domain';
import { auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { principalOf, type TxContext } from '../../platform/context';
import { publishEvent } from '../../platform/events';
import { applyDoorStates, type LockerRow } from './repository';

/**
 * The retained full snapshot (Open-Locker's only door report): each door it changes is stored and
 * published. A plain Open-Locker device sends no door events, so for it the snapshot's changes are
 * the compartment's history; our terminals (they report their versions) record their own door
 * events, which would otherwise be written twice. Snapshots are audited per door that changed, so
 * a terminal repeating the same snapshot under new message_ids writes nothing but the door's report time.
 */
export async function applySnapshot(ctx: TxContext, locker: LockerRow, snapshot: CompartmentsSnapshot): Promise<void> {
  const doors = snapshot.compartments
    .filter((entry) => entry.door_state !== 'unknown')
    .map((entry) => ({ number: entry.compartment_number, open: entry.door_state === 'open' }));
  const changed = await applyDoorStates(ctx.tx, locker.id, doors, snapshot.timestamp);
  for (const door of changed.sort((a, b) => a.number - b.number)) {
    const event = door.open ? 'door_opened' : 'door_closed';
    if (!locker.application) {
      await writeAudit(ctx.tx, {
        entityName: 'compartiment',
        entityId: door.id,
        action: event,
        companyIds: companiesOfOwner(locker.company),
        after: { ebox: locker.id, number: door.number, occurredAt: snapshot.timestamp, source: 'snapshot' },
        by: auditByOf(principalOf(ctx.actor)),
      });
    }
    await publishEvent(ctx, 'compartiment.doorEvent', {
      eboxId: locker.id,
      compartimentId: door.id,
      number: door.number,
      event,
      at: snapshot.timestamp,
    });
  }
}
