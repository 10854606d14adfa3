import { z } from 'zod';
import { declareEventHandler } from '../../platform/events';
import { defineJob } from '../../platform/jobs/job';

/**
 * apply_config, sent by the console itself (never by a person): the mapping of compartment numbers
 * to relay board and channel and the heartbeat interval. Sent when a locker comes online (a durable
 * handler of ebox.statusChanged) and after its compartments were generated again; a job, so it runs
 * once across API processes, after the change committed, on a process that holds the terminal link.
 */
export const applyConfigJob = defineJob({
  name: 'terminal.apply-config',
  payload: z.object({ eboxId: z.uuid(), reason: z.enum(['online', 'generateCompartiments']) }),
  actor: 'terminalLink',
  // Retried only when this process could not reach the broker; a terminal's answer (or silence) is final.
  retry: { limit: 3, delaySeconds: 10 },
  handler: () => import('./service').then((m) => m.runApplyConfigJob),
});

/** A locker that comes online gets its mapping (it may have changed, or the terminal may be new). */
export const applyConfigOnOnlineJob = declareEventHandler('ebox.statusChanged', {
  name: 'applyConfig',
  actor: 'terminalLink',
  retry: { limit: 3, delaySeconds: 10 },
  run: () => import('./service').then((m) => m.applyConfigOnStatusChange),
});
