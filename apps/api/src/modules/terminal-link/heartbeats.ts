import { inTransaction } from '../../platform/context';
import { linkContext, type TerminalLinkState, terminalActor } from './link-state';
import { refuse } from './refusals';
import { applyHeartbeats } from './repository';
import { auditStatusChanges } from './status-changes';

/**
 * Heartbeats are kept in memory per locker and written at most once a second in one UPDATE for the
 * whole batch, so 10,000 lockers cost one statement a second, not 1,000. A heartbeat is not
 * audited; a status change (offline → online) is, in the same transaction, by the terminal.
 */

/** Holds a terminal's heartbeat, received at `receivedAt` (the console's clock), for the next batch. */
export function holdHeartbeat(state: TerminalLinkState, terminalId: string, receivedAt: Date): void {
  state.pendingBeats.set(terminalId, receivedAt);
}

/**
 * Before a last will received at `willAt` is handled: a beat held from before it is dropped (it
 * cannot bring the locker back online after it), one received after it (the terminal is back) is
 * kept. Waits for the batch being written.
 */
export async function settleHeartbeatsBeforeWill(state: TerminalLinkState, terminalId: string, willAt: Date): Promise<void> {
  const beat = state.pendingBeats.get(terminalId);
  if (beat && beat <= willAt) state.pendingBeats.delete(terminalId);
  await state.flushing;
}

/**
 * Whether a beat received after `willAt` is still held, not yet written: the will, handled after the
 * locker's queued events, finds the stored beat older than itself while the terminal is already back.
 */
export function heardSince(state: TerminalLinkState, terminalId: string, willAt: Date): boolean {
  const beat = state.pendingBeats.get(terminalId);
  return beat !== undefined && beat > willAt;
}

/** Writes the heartbeats held now; refuses the ones of unknown terminals and audits the lockers back online. */
export async function flushHeartbeats(state: TerminalLinkState): Promise<void> {
  // One flush at a time: a slow database delays the next batch, never doubles the writes.
  const run = state.flushing.then(async () => {
    if (!state.pendingBeats.size) return;
    const batch = [...state.pendingBeats].map(([terminalId, at]) => ({ terminalId, at }));
    state.pendingBeats = new Map();
    await inTransaction(linkContext(state), async (tx) => {
      const rows = await applyHeartbeats(tx.tx, batch);
      // Terminal ids match as the unique index does, whatever their case.
      const known = new Set(rows.map((row) => row.terminalId.toLowerCase()));
      for (const beat of batch)
        if (!known.has(beat.terminalId.toLowerCase()))
          refuse(state, 'unknownLocker', `locker/${beat.terminalId}/state/heartbeat`, 'no ebox has this terminalId');
      // The terminal itself said it is back: it is the actor of its status change.
      const back = rows.filter((row) => row.previousStatus !== 'online');
      await auditStatusChanges(tx, back, 'heartbeat', terminalActor);
    });
  });
  state.flushing = run.catch((error: unknown) => {
    state.refused.failed += 1;
    state.log.error({ err: error }, 'terminal link: heartbeat batch failed');
  });
  return run;
}
