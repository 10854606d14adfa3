import {
  buildChannelFilter,
  type CompartmentsSnapshot,
  type EboxSingleEvent,
  type EventPayload,
  OFFLINE_AFTER_MISSED_HEARTBEATS,
  type OfflineBatchEvent,
  parseTerminalMessage,
} from '@ebox/domain';
import type { AppDeps } from '../../app';
import { type AuditEntry, auditByOf, companiesOfOwner, writeAudit, writeAudits } from '../../platform/audit';
import { type Actor, inTransaction, principalOf, type ServiceContext, systemContext, type TxContext } from '../../platform/context';
import { publishEvent, publishEvents } from '../../platform/events';
import { limitConcurrency } from '../../platform/limit-concurrency';
import type { MqttLink } from '../../platform/mqtt';
import { applyParcelEvent } from '../order/parcel-events';
import {
  applyDoorStates,
  applyHeartbeats,
  claimMessage,
  findCompartment,
  findLockerAndClaim,
  type LockerRow,
  markOffline,
  markSilentOffline,
  purgeMessages,
  type StatusChangeRow,
  storeVersions,
} from './repository';

/**
 * State from the lockers (issue 14, item 6): heartbeats, last wills, versions, door events and the
 * door snapshot (compartiment.doorOpen, doorChangedAt and doorReportedAt: the latest report wins), taken
 * once across API replicas through shared subscriptions.
 *
 * - Heartbeats are kept in memory per locker and written at most once a second in one UPDATE for
 *   the whole batch, so 10,000 lockers cost one statement a second, not 1,000. A heartbeat is not
 *   audited; a status change (offline → online) is, in the same transaction, by the terminal.
 * - A locker is offline at once on its last will, or when OFFLINE_AFTER_MISSED_HEARTBEATS intervals
 *   pass without a heartbeat (a periodic check in every process; the UPDATE is idempotent, so
 *   replicas running it together change and audit each locker once).
 * - Events, versions and last wills are de-duplicated by message_id (table terminal_message);
 *   heartbeats are not, repeating one changes nothing.
 * - Refused messages (not the contract, unknown locker or compartment) are logged and counted in
 *   `refused` (by reason); they never stop the handler.
 */

/** `orderRefused`: a parcel event no live order accepted (kept in the order's or compartment's history). */
export type RefusalReason = 'malformed' | 'unknownLocker' | 'unknownCompartment' | 'orderRefused' | 'failed';

export type TerminalLink = {
  /** Refused messages since start, by reason (logged each, at warn). */
  readonly refused: Record<RefusalReason, number>;
  /** Writes the heartbeats held in memory now (the timer does it every second). */
  flushHeartbeats(): Promise<void>;
  /** Marks offline the lockers silent for too long now (the timer does it every few seconds). */
  checkSilentLockers(now?: Date): Promise<void>;
  stop(): Promise<void>;
};

const FLUSH_EVERY_MS = 1_000;
/** The link's transactions at once: under the pool's 10 connections, leaving room for requests and jobs. */
const LINK_TRANSACTIONS = 4;
const PURGE_EVERY_MS = 10 * 60_000;
/** A terminal repeats a message within seconds (QoS 1) or on its next connection; a week is ample. */
const KEEP_MESSAGE_IDS_SECONDS = 7 * 24 * 3600;

type StatusReason = EventPayload<'ebox.statusChanged'>['reason'];

type DoorEventName = 'door_opened' | 'door_closed' | 'door_opened_without_command';
const DOOR_EVENTS: readonly string[] = ['door_opened', 'door_closed', 'door_opened_without_command'] satisfies DoorEventName[];

function terminalActor(locker: LockerRow): Actor {
  return { kind: 'terminal', eboxId: locker.id, terminalId: locker.terminalId, companyId: locker.company };
}

/** Subscribes to the lockers' state and events on the link and starts the batch and offline timers. */
export async function startTerminalLink(deps: AppDeps, link: MqttLink): Promise<TerminalLink> {
  const log = deps.log.child({ module: 'terminal-link' });
  const intervalSeconds = deps.config.mqtt.heartbeatIntervalSeconds;
  const silentAfterMs = intervalSeconds * OFFLINE_AFTER_MISSED_HEARTBEATS * 1000;
  const refused: Record<RefusalReason, number> = { malformed: 0, unknownLocker: 0, unknownCompartment: 0, orderRefused: 0, failed: 0 };
  /** The latest heartbeat per terminal UUID not yet written. */
  let pending = new Map<string, Date>();
  let flushing: Promise<void> = Promise.resolve();
  let lastPurge = 0;
  let stopped = false;

  function refuse(reason: RefusalReason, topic: string, detail: string): void {
    refused[reason] += 1;
    log.warn({ topic, reason, detail }, 'terminal message refused');
  }

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
  async function auditStatusChanges(
    ctx: TxContext,
    changes: readonly StatusChangeRow[],
    reason: StatusReason,
    actorOf: (change: StatusChangeRow) => Actor,
  ) {
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

  async function auditStatusChange(ctx: TxContext, change: StatusChangeRow, reason: StatusReason) {
    await auditStatusChanges(ctx, [change], reason, () => ctx.actor);
  }

  async function flushHeartbeats(): Promise<void> {
    // One flush at a time: a slow database delays the next batch, never doubles the writes.
    const run = flushing.then(async () => {
      if (!pending.size) return;
      const batch = [...pending].map(([terminalId, at]) => ({ terminalId, at }));
      pending = new Map();
      const ctx = systemContext(deps, 'terminalLink', { log });
      await inTransaction(ctx, async (tx) => {
        const rows = await applyHeartbeats(tx.tx, batch);
        // Terminal ids match as the unique index does, whatever their case.
        const known = new Set(rows.map((row) => row.terminalId.toLowerCase()));
        for (const beat of batch)
          if (!known.has(beat.terminalId.toLowerCase()))
            refuse('unknownLocker', `locker/${beat.terminalId}/state/heartbeat`, 'no ebox has this terminalId');
        // The terminal itself said it is back: it is the actor of its status change.
        const back = rows.filter((row) => row.previousStatus !== 'online');
        await auditStatusChanges(tx, back, 'heartbeat', terminalActor);
      });
    });
    flushing = run.catch((error: unknown) => {
      refused.failed += 1;
      log.error({ err: error }, 'terminal link: heartbeat batch failed');
    });
    return run;
  }

  async function checkSilentLockers(now = new Date()): Promise<void> {
    // Silence is judged on what this process has received, not only on what it has written yet: a
    // flush delayed by a busy database would otherwise mark lockers offline whose heartbeats wait
    // in memory (at 10,000 lockers on one process, about one in ten flapped offline and back).
    await flushHeartbeats().catch(() => {});
    const ctx = systemContext(deps, 'terminalLink', { log });
    await inTransaction(ctx, async (tx) => {
      const rows = await markSilentOffline(tx.tx, new Date(now.getTime() - silentAfterMs));
      await auditStatusChanges(tx, rows, 'heartbeat_timeout', () => tx.actor);
      if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now.getTime();
        await purgeMessages(tx.tx, KEEP_MESSAGE_IDS_SECONDS);
      }
    });
  }

  /** Runs `work` for a known locker in one transaction, once per message_id; refuses the rest. */
  async function handleOnce(
    topic: string,
    terminalId: string,
    messageId: string,
    work: (ctx: TxContext, locker: LockerRow) => Promise<void>,
  ) {
    const base: ServiceContext = systemContext(deps, 'terminalLink', { log });
    await withTransactionSlot(() =>
      inTransaction(base, async (tx) => {
        const found = await findLockerAndClaim(tx.tx, terminalId, messageId);
        if (!found) return refuse('unknownLocker', topic, 'no ebox has this terminalId');
        if (!found.fresh) {
          log.debug({ topic, messageId }, 'terminal message repeated: ignored');
          return;
        }
        await work({ ...tx, actor: terminalActor(found.locker) }, found.locker);
      }),
    );
  }

  /**
   * At most LINK_TRANSACTIONS of the link's transactions at once; the other messages wait here, in
   * arrival order. Thousands of lockers connecting together (each with its snapshot and versions)
   * would otherwise queue thousands of transactions on the connection pool, where the operators'
   * requests wait behind them and the pool's 10 s wait for a connection runs out.
   */
  const withTransactionSlot = limitConcurrency(LINK_TRANSACTIONS);

  async function applyEvent(ctx: TxContext, locker: LockerRow, topic: string, event: EboxSingleEvent | { event: string }) {
    const single = event as EboxSingleEvent;
    if (single.event === 'versions') {
      const versions = {
        osVersion: single.data.os_version,
        application: single.data.application,
        applicationVersion: single.data.application_version,
      };
      const previous = await storeVersions(ctx.tx, locker.id, versions);
      if (previous) {
        await writeAudit(ctx.tx, {
          entityName: 'ebox',
          entityId: locker.id,
          action: 'update',
          before: { name: locker.name, company: locker.company, ...previous },
          after: { name: locker.name, company: locker.company, ...versions },
          by: auditByOf(principalOf(ctx.actor)),
        });
      }
      return;
    }
    if (DOOR_EVENTS.includes(single.event)) {
      const door = single as Extract<EboxSingleEvent, { event: DoorEventName }>;
      const number = door.data.compartment_number;
      const compartment = await findCompartment(ctx.tx, locker.id, number);
      if (!compartment) return refuse('unknownCompartment', topic, `locker ${locker.id} has no compartment ${number}`);
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
    if (single.event === 'parcel_deposited' || single.event === 'parcel_taken') {
      const parcel = single as Extract<EboxSingleEvent, { event: 'parcel_deposited' | 'parcel_taken' }>;
      const number = parcel.data.compartment_number;
      const compartment = await findCompartment(ctx.tx, locker.id, number);
      if (!compartment) return refuse('unknownCompartment', topic, `locker ${locker.id} has no compartment ${number}`);
      const outcome = await applyParcelEvent(ctx, {
        event: parcel.event,
        eboxId: locker.id,
        compartimentId: compartment.id,
        accessCode: parcel.data.access_code,
        at: new Date(parcel.timestamp),
      });
      if (!outcome.ok) refuse('orderRefused', topic, `${parcel.event} in compartment ${number}: ${outcome.reason}`);
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
    // Unknown device events are only logged.
  }

  /**
   * The retained full snapshot (Open-Locker's only door report): each door it changes is stored and
   * published. A plain Open-Locker device sends no door events, so for it the snapshot's changes are
   * the compartment's history; our terminals (they report their versions) record their own door
   * events, which would otherwise be written twice.
   */
  async function applySnapshot(ctx: TxContext, locker: LockerRow, snapshot: CompartmentsSnapshot) {
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

  /** `receivedAt`: when this process took the message from the broker (the console's clock), before any queue. */
  async function handleMessage(topic: string, payload: Buffer, receivedAt: Date): Promise<void> {
    const parsed = parseTerminalMessage(topic, payload);
    if (!parsed.ok) return refuse('malformed', topic, parsed.reason);
    if (!parsed.topic || !('lockerUuid' in parsed.topic)) return refuse('malformed', topic, 'not a locker topic');
    const terminalId = parsed.topic.lockerUuid;
    const data = parsed.data;
    switch (parsed.channel) {
      case 'lockerStateHeartbeat': {
        // The console's clock: a terminal's may be wrong, and silence is measured against ours.
        pending.set(terminalId, receivedAt);
        return;
      }
      case 'lockerStateConnection': {
        // Heartbeats are taken at once while the will may wait behind the locker's events: a beat
        // received before the will is dropped (it cannot bring the locker back online after it),
        // one received after it (the terminal is back) is kept, and markOffline leaves alone a
        // locker whose stored beat is later than the will.
        const beat = pending.get(terminalId);
        if (beat && beat <= receivedAt) pending.delete(terminalId);
        await flushing;
        await handleOnce(topic, terminalId, String(data.message_id), async (ctx) => {
          const change = await markOffline(ctx.tx, terminalId, receivedAt);
          if (change) await auditStatusChange(ctx, change, 'last_will');
        });
        return;
      }
      case 'lockerEvent': {
        await handleOnce(topic, terminalId, String(data.message_id), async (ctx, locker) => {
          if (data.event !== 'offline_batch') return applyEvent(ctx, locker, topic, data as unknown as EboxSingleEvent);
          // Events held while offline, oldest first, each de-duplicated by its own message_id.
          for (const inner of (data as unknown as OfflineBatchEvent).data.events) {
            if (await claimMessage(ctx.tx, inner.message_id)) await applyEvent(ctx, locker, topic, inner);
          }
        });
        return;
      }
      case 'lockerStateCompartments': {
        await handleOnce(topic, terminalId, String(data.message_id), (ctx, locker) =>
          applySnapshot(ctx, locker, data as unknown as CompartmentsSnapshot),
        );
        return;
      }
      default:
        return;
    }
  }

  /** Per locker, the tail of its messages being handled: one locker's messages are handled in arrival order. */
  const queues = new Map<string, Promise<void>>();

  async function safely(topic: string, payload: Buffer, receivedAt = new Date()): Promise<void> {
    try {
      await handleMessage(topic, payload, receivedAt);
    } catch (error) {
      refused.failed += 1;
      log.error({ err: error, topic }, 'terminal link: message handling failed');
    }
  }

  /** Handles a locker's message after the ones it sent before (each may wait for a transaction slot). */
  async function inLockerOrder(topic: string, payload: Buffer): Promise<void> {
    const receivedAt = new Date();
    // e.g. a door_opened then door_closed land in the history in that order, a repeat after its original.
    const key = topic.split('/')[1] ?? '';
    const tail = (queues.get(key) ?? Promise.resolve()).then(() => safely(topic, payload, receivedAt));
    queues.set(key, tail);
    await tail;
    if (queues.get(key) === tail) queues.delete(key);
  }

  // Heartbeats at QoS 0 between broker and API: one lost is repaired by the next (offline takes
  // three missed), and at 10,000 lockers acknowledging each costs the API 1,000 packets a second.
  // A heartbeat only says "here, now": it is taken at once, never queued behind its locker's events.
  // (Thousands of lockers connecting queue thousands of snapshots for the transaction slots; their
  // heartbeats held behind them reached the console after the silence check had marked nearly all
  // 10,000 offline, and each return queued its configuration again.)
  await link.client.handleShared(buildChannelFilter('lockerStateHeartbeat'), (topic, payload) => safely(topic, payload), { qos: 0 });
  for (const channel of ['lockerStateConnection', 'lockerEvent', 'lockerStateCompartments'] as const) {
    await link.client.handleShared(buildChannelFilter(channel), inLockerOrder);
  }

  const flushTimer = setInterval(() => void flushHeartbeats().catch(() => {}), FLUSH_EVERY_MS);
  const checkTimer = setInterval(
    () =>
      void checkSilentLockers().catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'terminal link: offline check failed');
      }),
    Math.min(5_000, Math.max(200, (intervalSeconds * 1000) / 2)),
  );
  flushTimer.unref();
  checkTimer.unref();

  return {
    refused,
    flushHeartbeats,
    checkSilentLockers,
    async stop() {
      stopped = true;
      clearInterval(flushTimer);
      clearInterval(checkTimer);
      await flushHeartbeats().catch(() => {});
    },
  };
}
