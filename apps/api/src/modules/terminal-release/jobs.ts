import { z } from 'zod';
import { declareEventHandler } from '../../platform/events';
import { defineJob } from '../../platform/jobs/job';

/** Commands wait on a terminal's answer, not on the database: a worker runs this many side by side. */
const SEND_CONCURRENCY = 16;

/** Starts a release at its scheduledAt (queued with startAt; a release moved later is started by the job queued then). */
export const startReleaseJob = defineJob({
  name: 'terminal-release.start',
  payload: z.object({ releaseId: z.uuid() }),
  actor: 'releaseRunner',
  retry: { limit: 5, delaySeconds: 10 },
  handler: () => import('./service').then((m) => m.startRelease),
});

/**
 * Commands one locker of a release (software_update) once its stage started; the row's own
 * waiting → sent move decides which process sends, so a repeated job commands nobody twice.
 */
export const sendReleaseJob = defineJob({
  name: 'terminal-release.send',
  payload: z.object({ releaseId: z.uuid(), eboxId: z.uuid(), attempt: z.int().min(0) }),
  actor: 'releaseRunner',
  retry: { limit: 3, delaySeconds: 10 },
  concurrency: SEND_CONCURRENCY,
  handler: () => import('./service').then((m) => m.sendToLocker),
});

/**
 * Every minute: lockers silent 30 minutes in a step time out (another attempt while they have one), a
 * window end over unfinished lockers pauses their release, lockers never reached by a release's end are skipped.
 */
export const releaseTimeoutsJob = defineJob({
  name: 'terminal-release.timeouts',
  payload: z.object({}),
  actor: 'releaseRunner',
  retry: { limit: 1, delaySeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  handler: () => import('./service').then((m) => m.superviseReleases),
});

/** A locker that comes online gets the release commands it missed while offline. */
export const releaseOnOnlineJob = declareEventHandler('ebox.statusChanged', {
  name: 'releaseCommands',
  actor: 'releaseRunner',
  retry: { limit: 3, delaySeconds: 10 },
  run: () => import('./service').then((m) => m.commandOnOnline),
});
