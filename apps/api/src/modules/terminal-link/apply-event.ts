import { type EboxSingleEvent, eboxSingleEventSchema } from '@ebox/domain';
import { auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { principalOf, type TxContext } from '../../platform/context';
import { publishEvent } from '../../platform/events';
import { applyParcelEvent } from '../order/parcel-events';
import { applyRunParcelEvent } from '../packing/courier-run';
import { findParcelOperator } from '../terminal-people/service';
import { applyReleaseProgress } from '../terminal-release/service';
import type { TerminalLinkState } from './link-state';
import { refuse } from './refusals';
import { applyDoorStates, findCompartment, type LockerRow, storeVersions } from './repository';

/** A locker's event (on its own or out of an offline batch), applied in the message's transaction. */

type EventOf<Name extends EboxSingleEvent['event']> = Extract<EboxSingleEvent, { event: Name }>;

/**
 * Applies one of our events; any other (a device event the contract accepts by its envelope only)
 * changes nothing. `event` is a message the contract validated: read again here as the event it is.
 */
export async function applyEvent(
  state: TerminalLinkState,
  ctx: TxContext,
  locker: LockerRow,
  topic: string,
  event: unknown,
): Promise<void> {
  const parsed = eboxSingleEventSchema.safeParse(event);
  // Unknown device events are only logged.
  if (!parsed.success) return;
  const single = parsed.data;
  switch (single.event) {
    case 'versions':
      return applyVersions(ctx, locker, single);
    case 'door_opened':
    case 'door_closed':
    case 'door_opened_without_command':
      return applyDoorEvent(state, ctx, locker, topic, single);
    case 'parcel_deposited':
    case 'parcel_taken':
      return applyParcelReport(state, ctx, locker, topic, single);
    case 'software_update_progress':
      // In this message's transaction: the locker's row and the release's next step commit together.
      return applyReleaseProgress(ctx, locker, single.data);
  }
}

/**
 * A parcel event under the session of the person signed in at the screen is theirs: the context
 * names them as the terminal's operator (the order's history, its stamps and the audit say who),
 * while the terminal's rights still decide. A session that is not live here, or lacks the right,
 * is refused as such and the parcel (which did move) is recorded under the terminal.
 */
async function actingAtScreen(
  state: TerminalLinkState,
  ctx: TxContext,
  locker: LockerRow,
  topic: string,
  parcel: EventOf<'parcel_deposited' | 'parcel_taken'>,
): Promise<TxContext> {
  const sessionId = parcel.data.session_id;
  if (!sessionId || ctx.actor.kind !== 'terminal') return ctx;
  const found = await findParcelOperator(ctx, locker, parcel.event, sessionId);
  if (!found.ok) {
    refuse(state, 'operatorRefused', topic, `${parcel.event} under session ${sessionId}: ${found.reason}`);
    return ctx;
  }
  return { ...ctx, actor: { ...ctx.actor, operator: found.operator } };
}

/** Stores the versions the terminal reported; audited when they changed. */
async function applyVersions(ctx: TxContext, locker: LockerRow, event: EventOf<'versions'>): Promise<void> {
  const versions = {
    os: event.data.os,
    osVersion: event.data.os_version,
    application: event.data.application,
    applicationVersion: event.data.application_version,
    uiVersion: event.data.ui_version ?? null,
  };
  const previous = await storeVersions(ctx.tx, locker.id, versions);
  if (!previous) return;
  await writeAudit(ctx.tx, {
    entityName: 'ebox',
    entityId: locker.id,
    action: 'update',
    before: { name: locker.name, company: locker.company, ...previous },
    after: { name: locker.name, company: locker.company, ...versions, uiVersion: versions.uiVersion ?? previous.uiVersion },
    by: auditByOf(principalOf(ctx.actor)),
  });
}

/** A door event: in the compartment's history, its door stored (unless a later report is) and published. */
async function applyDoorEvent(
  state: TerminalLinkState,
  ctx: TxContext,
  locker: LockerRow,
  topic: string,
  door: EventOf<'door_opened' | 'door_closed' | 'door_opened_without_command'>,
): Promise<void> {
  const number = door.data.compartment_number;
  const compartment = await findCompartment(ctx.tx, locker.id, number);
  if (!compartment) return refuse(state, 'unknownCompartment', topic, `locker ${locker.id} has no compartment ${number}`);
  // The compartment's history is its audit log (the record's history tab reads it), at the terminal's time.
  await writeAudit(ctx.tx, {
    entityName: 'compartiment',
    entityId: compartment.id,
    action: door.event,
    companyIds: companiesOfOwner(locker.company),
    after: {
      ebox: locker.id,
      number,
      occurredAt: door.timestamp,
      ...('transaction_id' in door.data && door.data.transaction_id ? { transactionId: door.data.transaction_id } : {}),
    },
    by: auditByOf(principalOf(ctx.actor)),
  });
  // The compartment's door, unless a later report is already stored (a late or replayed event).
  await applyDoorStates(ctx.tx, locker.id, [{ number, open: door.event !== 'door_closed' }], door.timestamp);
  await publishEvent(ctx, 'compartiment.doorEvent', {
    eboxId: locker.id,
    compartimentId: compartment.id,
    number,
    event: door.event,
    at: door.timestamp,
  });
}

/** A parcel deposited or taken: the order it moves (or why none did), kept in the compartment's history either way. */
async function applyParcelReport(
  state: TerminalLinkState,
  ctx: TxContext,
  locker: LockerRow,
  topic: string,
  parcel: EventOf<'parcel_deposited' | 'parcel_taken'>,
): Promise<void> {
  const number = parcel.data.compartment_number;
  const compartment = await findCompartment(ctx.tx, locker.id, number);
  if (!compartment) return refuse(state, 'unknownCompartment', topic, `locker ${locker.id} has no compartment ${number}`);
  ctx = await actingAtScreen(state, ctx, locker, topic, parcel);
  const at = new Date(parcel.timestamp);
  const byOrder = await applyParcelEvent(ctx, {
    event: parcel.event,
    eboxId: locker.id,
    compartimentId: compartment.id,
    accessCode: parcel.data.access_code,
    at,
  });
  // No order's code: a courier's run code, when it is one (issue 30).
  const outcome =
    byOrder.ok || byOrder.orderId
      ? byOrder
      : await applyRunParcelEvent(ctx, {
          event: parcel.event,
          eboxId: locker.id,
          compartiment: { id: compartment.id, number },
          runCode: parcel.data.access_code,
          ...(parcel.data.tracking_code ? { trackingCode: parcel.data.tracking_code } : {}),
          at,
        });
  if (!outcome.ok) refuse(state, 'orderRefused', topic, `${parcel.event} in compartment ${number}: ${outcome.reason}`);
  // Kept in the compartment's history either way; the access code is the customer's secret and is not.
  await writeAudit(ctx.tx, {
    entityName: 'compartiment',
    entityId: compartment.id,
    action: parcel.event,
    companyIds: companiesOfOwner(locker.company),
    after: {
      ebox: locker.id,
      number,
      occurredAt: parcel.timestamp,
      order: outcome.orderId,
      ...(outcome.ok ? { orderStatus: outcome.status } : { refused: outcome.reason }),
    },
    by: auditByOf(principalOf(ctx.actor)),
  });
}
