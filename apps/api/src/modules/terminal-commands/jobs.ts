import { z } from 'zod';
import { declareEventHandler } from '../../platform/events';
import { defineJob } from '../../platform/jobs/job';

/**
 * These jobs spend their time waiting on a terminal's answer, not on the database or the CPU: a
 * worker runs this many side by side, so a network coming back online (10,000 lockers: a config and
 * a list of codes each) is served in about a minute, not ten.
 */
const TERMINAL_JOB_CONCURRENCY = 16;

/**
 * apply_config, sent by the console itself (never by a person): the mapping of compartment numbers
 * to relay board and channel and the heartbeat interval. Sent when a locker comes online (a durable
 * handler of ebox.statusChanged) and after its compartments were generated again; a job, so it runs
 * once across API processes, after the change committed, on a process that holds the terminal link.
 */
export const applyConfigJob = defineJob({
  name: 'terminal.apply-config',
  payload: z.object({
    eboxId: z.uuid(),
    reason: z.enum(['online', 'generateCompartiments', 'compartimentChanged', 'relayChannelsChanged']),
  }),
  actor: 'terminalLink',
  // Retried only when this process could not reach the broker; a terminal's answer (or silence) is final.
  retry: { limit: 3, delaySeconds: 10 },
  concurrency: TERMINAL_JOB_CONCURRENCY,
  handler: () => import('./service').then((m) => m.runApplyConfigJob),
});

/**
 * apply_access_codes: the full list of a locker's live codes, sent after an order of the locker
 * changed (status, compartment, code, locker) so its terminal checks codes on its own, offline too.
 * One queued job per locker ('stately', keyed by the locker): the changes of a burst (an import, an
 * offline batch replayed) are one send, of the list as it is when the job runs.
 */
export const applyAccessCodesJob = defineJob({
  name: 'terminal.apply-access-codes',
  payload: z.object({ eboxId: z.uuid() }),
  actor: 'terminalLink',
  policy: 'stately',
  retry: { limit: 3, delaySeconds: 10 },
  concurrency: TERMINAL_JOB_CONCURRENCY,
  handler: () => import('./service').then((m) => m.runApplyAccessCodesJob),
});

/** A locker that comes online gets its access codes: its orders may have changed while it was away. */
export const accessCodesOnOnlineJob = declareEventHandler('ebox.statusChanged', {
  name: 'accessCodes',
  actor: 'terminalLink',
  retry: { limit: 3, delaySeconds: 10 },
  concurrency: TERMINAL_JOB_CONCURRENCY,
  run: () => import('./service').then((m) => m.applyAccessCodesOnStatusChange),
});

/** A locker that comes online gets its mapping (it may have changed, or the terminal may be new). */
export const applyConfigOnOnlineJob = declareEventHandler('ebox.statusChanged', {
  name: 'applyConfig',
  actor: 'terminalLink',
  retry: { limit: 3, delaySeconds: 10 },
  concurrency: TERMINAL_JOB_CONCURRENCY,
  run: () => import('./service').then((m) => m.applyConfigOnStatusChange),
});
