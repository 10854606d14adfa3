/**
 * A software release's lifecycle (issue 31): ONE declaration of which trigger moves a release from
 * which status to which. The API's release service asks `applyReleaseTrigger` for every move (a
 * person's action, the scheduled start, a locker's progress); docs/releases.md explains the table
 * and how spec 4.1's two readings of the release statuses map onto it.
 *
 * - SCHEDULED: created, editable, waits for `scheduledAt` (a job starts it then).
 * - RUNNING: commands go out stage by stage as the previous stage meets its success threshold.
 * - PAUSED: no new command goes out (lockers already commanded go on and report); a person resumes
 *   it. Its reason says who paused it: a person, the failure threshold, or a maintenance window's end.
 * - COMPLETED: every stage was commanded and the last one met the threshold, or every locker finished.
 * - CANCELED: before it started, or between stages (lockers already commanded finish what they do;
 *   no other locker is commanded).
 */

export const RELEASE_STATUSES = ['SCHEDULED', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** Why a release is PAUSED. */
export const RELEASE_PAUSE_REASONS = ['manual', 'failure-threshold', 'window-end'] as const;
export type ReleasePauseReason = (typeof RELEASE_PAUSE_REASONS)[number];

/** What moves a release: a person's action, the scheduled start, or what its lockers reported. */
export const RELEASE_TRIGGERS = ['start', 'pause', 'autoPause', 'resume', 'complete', 'cancel'] as const;
export type ReleaseTrigger = (typeof RELEASE_TRIGGERS)[number];

/** The actions a person takes on a release (the entity's declared actions). */
export const RELEASE_CONSOLE_ACTIONS = ['pause', 'resume', 'cancel', 'retryFailed'] as const;
export type ReleaseConsoleAction = (typeof RELEASE_CONSOLE_ACTIONS)[number];

export type ReleaseTransition = { from: readonly ReleaseStatus[]; trigger: ReleaseTrigger; to: ReleaseStatus };

export const RELEASE_LIFECYCLE: readonly ReleaseTransition[] = [
  /** The job at scheduledAt. */
  { from: ['SCHEDULED'], trigger: 'start', to: 'RUNNING' },
  /** A person pauses (reason manual). */
  { from: ['RUNNING'], trigger: 'pause', to: 'PAUSED' },
  /** The lockers' progress paused it (failure-threshold) or a maintenance window ended (window-end). */
  { from: ['RUNNING'], trigger: 'autoPause', to: 'PAUSED' },
  { from: ['PAUSED'], trigger: 'resume', to: 'RUNNING' },
  /** The last stage met its threshold, or every targeted locker finished. */
  { from: ['RUNNING'], trigger: 'complete', to: 'COMPLETED' },
  /** Before the start, or between stages: no further locker is commanded. */
  { from: ['SCHEDULED', 'RUNNING', 'PAUSED'], trigger: 'cancel', to: 'CANCELED' },
];

/** Statuses a release never leaves. */
export const RELEASE_FINAL_STATUSES: readonly ReleaseStatus[] = ['COMPLETED', 'CANCELED'];

export type ReleaseTransitionResult = { ok: true; next: ReleaseStatus } | { ok: false; reason: 'notAllowed' };

/** What `trigger` does to a release in `status` (pure: the caller writes it). */
export function applyReleaseTrigger(status: ReleaseStatus, trigger: ReleaseTrigger): ReleaseTransitionResult {
  const transition = RELEASE_LIFECYCLE.find((candidate) => candidate.trigger === trigger && candidate.from.includes(status));
  return transition ? { ok: true, next: transition.to } : { ok: false, reason: 'notAllowed' };
}

/** Only a release that has not started may be edited (its targets and build are fixed once commands go out). */
export function isReleaseEditable(status: unknown): boolean {
  return status === undefined || status === null || status === 'SCHEDULED';
}
