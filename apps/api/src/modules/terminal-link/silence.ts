import { inTransaction } from '../../platform/context';
import { flushHeartbeats } from './heartbeats';
import { linkContext, type TerminalLinkState } from './link-state';
import { markSilentOffline, purgeMessages } from './repository';
import { auditStatusChanges } from './status-changes';

/**
 * A locker is offline when OFFLINE_AFTER_MISSED_HEARTBEATS intervals pass without a heartbeat: a
 * periodic check in every process; the UPDATE is idempotent, so replicas running it together
 * change and audit each locker once. The same check forgets old message_ids now and then.
 */

const PURGE_EVERY_MS = 10 * 60_000;
/** A terminal repeats a message within seconds (QoS 1) or on its next connection; a week is ample. */
const KEEP_MESSAGE_IDS_SECONDS = 7 * 24 * 3600;

/** Marks offline the lockers silent for too long at `now`, by the link. */
export async function checkSilentLockers(state: TerminalLinkState, now = new Date()): Promise<void> {
  // Silence is judged on what this process has received, not only on what it has written yet: a
  // flush delayed by a busy database would otherwise mark lockers offline whose heartbeats wait
  // in memory (at 10,000 lockers on one process, about one in ten flapped offline and back).
  await flushHeartbeats(state).catch(() => {});
  await inTransaction(linkContext(state), async (tx) => {
    const rows = await markSilentOffline(tx.tx, new Date(now.getTime() - state.silentAfterMs));
    await auditStatusChanges(tx, rows, 'heartbeat_timeout', () => tx.actor);
    if (now.getTime() - state.lastPurge > PURGE_EVERY_MS) {
      state.lastPurge = now.getTime();
      await purgeMessages(tx.tx, KEEP_MESSAGE_IDS_SECONDS);
    }
  });
}
