import { buildChannelFilter } from '@ebox/domain';
import type { AppDeps } from '../../platform/app-deps';
import type { MqttLink } from '../../platform/mqtt';
import { handleHeartbeat, handleInLockerOrder } from './handle-message';
import { flushHeartbeats } from './heartbeats';
import { createLinkState, FLUSH_EVERY_MS, type TerminalLink, type TerminalLinkState } from './link-state';
import { flagFlood, reportFloodEnd, summarizeRefusals } from './refusals';
import { checkSilentLockers } from './silence';

export type { RefusalReason, TerminalLink } from './link-state';

/**
 * State from the lockers (issue 14, item 6): heartbeats, last wills, versions, door events and the
 * door snapshot (compartiment.doorOpen, doorChangedAt and doorReportedAt: the latest report wins), taken
 * once across API replicas through shared subscriptions.
 *
 * - Heartbeats are kept in memory per locker and written at most once a second in one UPDATE for
 *   the whole batch (heartbeats.ts).
 * - A locker is offline at once on its last will, or when OFFLINE_AFTER_MISSED_HEARTBEATS intervals
 *   pass without a heartbeat (silence.ts).
 * - Events, versions and last wills are de-duplicated by message_id (handle-message.ts, apply-event.ts,
 *   apply-snapshot.ts); heartbeats are not, repeating one changes nothing.
 * - Refused messages (not the contract, unknown locker or compartment) are counted in `refused`
 *   (by reason) and logged at warn, the first of a locker and reason at once and the others summed
 *   up once a minute; they never stop the handler (refusals.ts).
 * - Each terminal has a token bucket (TERMINAL_RATE_PER_SECOND, TERMINAL_RATE_BURST; flood-guard.ts)
 *   taken before a message is read: past it the message is dropped and counted in
 *   `refused.rateLimited`, and the locker is flagged once per flood (an audit row and a warning),
 *   with one summary line when the flood ends.
 *
 * This file wires them: the link's state, its subscriptions and its timers.
 */

/** Subscribes to the lockers' state and events on the link and starts the batch and offline timers. */
export async function startTerminalLink(deps: AppDeps, link: MqttLink): Promise<TerminalLink> {
  const state: TerminalLinkState = createLinkState(deps, {
    onFloodStart: (start) => void flagFlood(state, start),
    onFloodEnd: (end) => reportFloodEnd(state, end),
  });
  await subscribe(state, link);
  const stopTimers = startTimers(state);
  return {
    refused: state.refused,
    pending: () => state.inFlight,
    flushHeartbeats: () => flushHeartbeats(state),
    checkSilentLockers: (now) => checkSilentLockers(state, now),
    async stop() {
      state.stopped = true;
      stopTimers();
      await flushHeartbeats(state).catch(() => {});
    },
  };
}

async function subscribe(state: TerminalLinkState, link: MqttLink): Promise<void> {
  // Heartbeats at QoS 0 between broker and API: one lost is repaired by the next (offline takes
  // three missed), and at 10,000 lockers acknowledging each costs the API 1,000 packets a second.
  // A heartbeat only says "here, now": it is taken at once, never queued behind its locker's events.
  // (Thousands of lockers connecting queue thousands of snapshots for the transaction slots; their
  // heartbeats held behind them reached the console after the silence check had marked nearly all
  // 10,000 offline, and each return queued its configuration again.)
  // Heartbeats take a token too (one each 10 s is far under any rate), so they cannot flood either.
  await link.client.handleShared(buildChannelFilter('lockerStateHeartbeat'), (topic, payload) => handleHeartbeat(state, topic, payload), {
    qos: 0,
  });
  for (const channel of ['lockerStateConnection', 'lockerEvent', 'lockerStateCompartments'] as const) {
    await link.client.handleShared(buildChannelFilter(channel), (topic, payload) => handleInLockerOrder(state, topic, payload));
  }
}

/** The heartbeat batch, the silence check and the flood and refusal sweeps; answers the function that stops them. */
function startTimers(state: TerminalLinkState): () => void {
  const intervalSeconds = state.deps.config.mqtt.heartbeatIntervalSeconds;
  const flushTimer = setInterval(() => void flushHeartbeats(state).catch(() => {}), FLUSH_EVERY_MS);
  const checkTimer = setInterval(
    () =>
      void checkSilentLockers(state).catch((error: unknown) => {
        if (!state.stopped) state.log.error({ err: error }, 'terminal link: offline check failed');
      }),
    Math.min(5_000, Math.max(200, (intervalSeconds * 1000) / 2)),
  );
  const guardTimer = setInterval(() => {
    state.floodGuard.sweep();
    summarizeRefusals(state);
  }, 1_000);
  flushTimer.unref();
  checkTimer.unref();
  guardTimer.unref();
  return () => {
    clearInterval(flushTimer);
    clearInterval(checkTimer);
    clearInterval(guardTimer);
  };
}
