import {
  compartmentsSnapshotSchema,
  isOperatorEventName,
  messageIdSchema,
  offlineBatchEventSchema,
  operatorActionEventSchema,
  operatorSignInEventSchema,
  operatorSignOutEventSchema,
  parseTerminalMessage,
} from '@ebox/domain';
import { inTransaction, type TxContext } from '../../platform/context';
import { applyOperatorAction, signInAtTerminal, signOutAtTerminal } from '../terminal-people/service';
import { applyEvent } from './apply-event';
import { applySnapshot } from './apply-snapshot';
import { heardSince, holdHeartbeat, settleHeartbeatsBeforeWill } from './heartbeats';
import { linkContext, type TerminalLinkState, terminalActor } from './link-state';
import { admit, refuse } from './refusals';
import { claimMessage, findLockerAndClaim, type LockerRow, markOffline } from './repository';
import { auditStatusChange } from './status-changes';

/**
 * A message from a locker, from the broker to the database: admitted by its terminal's rate, queued
 * behind the same locker's earlier messages, read against the contract, and handled once per
 * message_id (events, versions and last wills are de-duplicated in table terminal_message;
 * heartbeats are not, repeating one changes nothing). A message that fails is counted and logged,
 * never stops the handler.
 */

/** Runs `work` for a known locker in one transaction, once per message_id; refuses the rest. */
async function handleOnce(
  state: TerminalLinkState,
  topic: string,
  terminalId: string,
  messageId: string,
  work: (ctx: TxContext, locker: LockerRow) => Promise<void>,
): Promise<void> {
  await state.withTransactionSlot(() =>
    inTransaction(linkContext(state), async (tx) => {
      const found = await findLockerAndClaim(tx.tx, terminalId, messageId);
      if (!found) return refuse(state, 'unknownLocker', topic, 'no ebox has this terminalId');
      if (!found.fresh) {
        state.log.debug({ topic, messageId }, 'terminal message repeated: ignored');
        return;
      }
      await work({ ...tx, actor: terminalActor(found.locker) }, found.locker);
    }),
  );
}

/** `receivedAt`: when this process took the message from the broker (the console's clock), before any queue. */
async function handleMessage(state: TerminalLinkState, topic: string, payload: Buffer, receivedAt: Date): Promise<void> {
  const parsed = parseTerminalMessage(topic, payload);
  if (!parsed.ok) return refuse(state, 'malformed', topic, parsed.reason);
  if (!parsed.topic || !('lockerUuid' in parsed.topic)) return refuse(state, 'malformed', topic, 'not a locker topic');
  const terminalId = parsed.topic.lockerUuid;
  // The contract validated the message: each channel's data is read here as the message it is.
  const data = parsed.data;
  switch (parsed.channel) {
    case 'lockerStateHeartbeat':
      // The console's clock: a terminal's may be wrong, and silence is measured against ours.
      return holdHeartbeat(state, terminalId, receivedAt);
    case 'lockerStateConnection': {
      // Heartbeats are taken at once while the will may wait behind the locker's events; markOffline
      // leaves alone a locker whose stored beat is later than the will.
      await settleHeartbeatsBeforeWill(state, terminalId, receivedAt);
      return handleOnce(state, topic, terminalId, messageIdSchema.parse(data.message_id), async (ctx) => {
        // A beat taken while the will waited, and not yet written, says the terminal is back already.
        if (heardSince(state, terminalId, receivedAt)) return;
        const change = await markOffline(ctx.tx, terminalId, receivedAt);
        if (change) await auditStatusChange(ctx, change, 'last_will');
      });
    }
    case 'lockerEvent':
      return handleOnce(state, topic, terminalId, messageIdSchema.parse(data.message_id), async (ctx, locker) => {
        if (isOperatorEventName(data.event)) return applyOperatorEvent(state, ctx, locker, topic, data);
        if (data.event !== 'offline_batch') return applyEvent(state, ctx, locker, topic, data);
        // Events held while offline, oldest first, each de-duplicated by its own message_id.
        for (const inner of offlineBatchEventSchema.parse(data).data.events) {
          if (await claimMessage(ctx.tx, inner.message_id)) await applyEvent(state, ctx, locker, topic, inner);
        }
      });
    case 'lockerStateCompartments': {
      const snapshot = compartmentsSnapshotSchema.parse(data);
      return handleOnce(state, topic, terminalId, snapshot.message_id, (ctx, locker) => applySnapshot(ctx, locker, snapshot));
    }
    default:
      return;
  }
}

/**
 * A person at the locker's screen (modules/terminal-people): a sign-in is answered on the command
 * topic; an action or sign-out without a live session or the right it needs is refused and logged.
 * Not taken from an offline batch: a session needs the console's answer.
 */
async function applyOperatorEvent(state: TerminalLinkState, ctx: TxContext, locker: LockerRow, topic: string, data: unknown) {
  const event = (data as { event: string }).event;
  if (event === 'operator_sign_in') return signInAtTerminal(ctx, locker, operatorSignInEventSchema.parse(data));
  const result =
    event === 'operator_action'
      ? await applyOperatorAction(ctx, locker, operatorActionEventSchema.parse(data))
      : await signOutAtTerminal(ctx, locker, operatorSignOutEventSchema.parse(data));
  if (!result.ok) refuse(state, 'operatorRefused', topic, `${event}: ${result.reason}`);
}

/** Handles a message; a failure is counted and logged, never thrown at the broker's client. */
export async function handleSafely(state: TerminalLinkState, topic: string, payload: Buffer, receivedAt = new Date()): Promise<void> {
  try {
    await handleMessage(state, topic, payload, receivedAt);
  } catch (error) {
    state.refused.failed += 1;
    state.log.error({ err: error, topic }, 'terminal link: message handling failed');
  }
}

/** Handles a locker's message after the ones it sent before (each may wait for a transaction slot). */
export async function handleInLockerOrder(state: TerminalLinkState, topic: string, payload: Buffer): Promise<void> {
  // Before anything is read or queued: a flooding terminal's message costs a map lookup.
  if (!admit(state, topic)) return;
  const receivedAt = new Date();
  // e.g. a door_opened then door_closed land in the history in that order, a repeat after its original.
  const key = topic.split('/')[1] ?? '';
  state.inFlight += 1;
  const tail = (state.queues.get(key) ?? Promise.resolve()).then(() => handleSafely(state, topic, payload, receivedAt));
  state.queues.set(key, tail);
  try {
    await tail;
  } finally {
    state.inFlight -= 1;
  }
  if (state.queues.get(key) === tail) state.queues.delete(key);
}

/** A heartbeat only says "here, now": taken at once, never queued behind its locker's events (a token still). */
export function handleHeartbeat(state: TerminalLinkState, topic: string, payload: Buffer): Promise<void> | undefined {
  return admit(state, topic) ? handleSafely(state, topic, payload) : undefined;
}
