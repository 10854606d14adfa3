import {
  isFinalSoftwareUpdateState,
  SOFTWARE_UPDATE_FAILURE_STATES,
  SOFTWARE_UPDATE_SILENCE_TIMEOUT_MINUTES,
  SOFTWARE_UPDATE_SUCCESS_STATES,
  type SoftwareUpdateState,
} from '../terminal/software-update';

/**
 * A release's stages and the rules that move it (issue 31), pure so the API, the bench and the tests
 * ask the same questions:
 * - `planReleaseStages`: a canary of max(1 locker, 5 %), then 25 % of the fleet, then the rest
 *   (shares of the whole target, cumulative; a stage that would add no locker is dropped);
 * - `mayStartNextStage`: ≥ 95 % of the current stage succeeded or already had the build;
 * - `mustPauseRelease`: failures reach 10 % of the finished lockers once at least 5 finished, or the
 *   first failure of a canary of 5 lockers or fewer;
 * - `decideReleaseStep`: what a release does after a locker's progress (advance, complete, pause, wait).
 * docs/releases.md explains the choices.
 */

/** Cumulative shares of the target each stage reaches: the canary's 5 %, then 25 %, then everything. */
export const RELEASE_STAGE_SHARES = [0.05, 0.25, 1] as const;
/** The share of a stage that must have succeeded (or already run the build) before the next one starts. */
export const RELEASE_ADVANCE_SHARE = 0.95;
/** The share of failures among finished lockers that pauses a release... */
export const RELEASE_PAUSE_FAILURE_SHARE = 0.1;
/** ...once at least this many lockers finished. */
export const RELEASE_PAUSE_MIN_FINISHED = 5;
/** A canary this small pauses at its first failure (10 % of 5 finished would need a whole locker anyway). */
export const RELEASE_SMALL_CANARY = 5;
/** The sizes of a release's stages for `total` lockers, in order; their sum is `total`. */
export function planReleaseStages(total: number): number[] {
  if (!Number.isInteger(total) || total <= 0) return [];
  const sizes: number[] = [];
  let reached = 0;
  for (const [index, share] of RELEASE_STAGE_SHARES.entries()) {
    // The canary is at least one locker; every stage reaches at least its share, rounded up.
    const target = Math.min(total, Math.max(index === 0 ? 1 : 0, Math.ceil(total * share)));
    if (target > reached) {
      sizes.push(target - reached);
      reached = target;
    }
  }
  return sizes;
}

/** The stage (0 = the canary) of each of `total` lockers in planned order. */
export function stageOfEachLocker(total: number): number[] {
  return planReleaseStages(total).flatMap((size, stage) => Array.from({ length: size }, () => stage));
}

/** How a stage (or the whole release) stands: lockers in it and how many ended each way. */
export type ReleaseTally = {
  /** Lockers in the stage (or the release). */
  size: number;
  /** Succeeded or already had the build. */
  succeeded: number;
  /** Failed or timed out (not: not updatable, skipped). */
  failed: number;
  /** Ended one way or another (succeeded, failed, timed out, skipped, not updatable). */
  finished: number;
};

/** Whether the stage after this one may start: ≥ 95 % of this stage succeeded. */
export function mayStartNextStage(stage: ReleaseTally): boolean {
  return stage.size > 0 && stage.succeeded >= Math.ceil(stage.size * RELEASE_ADVANCE_SHARE - 1e-9);
}

/**
 * Whether the release must pause on its own (failure-threshold): failures ≥ 10 % of the finished
 * lockers once at least 5 finished, or any failure in a canary of 5 lockers or fewer.
 */
export function mustPauseRelease(input: { release: ReleaseTally; canary: ReleaseTally }): boolean {
  const { release, canary } = input;
  if (canary.size <= RELEASE_SMALL_CANARY && canary.failed > 0) return true;
  return release.finished >= RELEASE_PAUSE_MIN_FINISHED && release.failed >= release.finished * RELEASE_PAUSE_FAILURE_SHARE;
}

export type ReleaseStep =
  | { kind: 'wait' }
  | { kind: 'advance'; stage: number }
  | { kind: 'complete' }
  | { kind: 'pause'; reason: 'failure-threshold' };

/**
 * What a RUNNING release does now, from its tallies: pause on the failure threshold; complete when the
 * last stage has finished; start the next stage when the current one met its threshold; pause too when
 * the current stage finished without meeting it (it would otherwise wait for ever); else wait.
 * `stages[i]` tallies stage i; `current` is the last stage commanded.
 */
export function decideReleaseStep(input: { stages: readonly ReleaseTally[]; current: number }): ReleaseStep {
  const { stages, current } = input;
  const release = stages.reduce<ReleaseTally>(
    (sum, stage) => ({
      size: sum.size + stage.size,
      succeeded: sum.succeeded + stage.succeeded,
      failed: sum.failed + stage.failed,
      finished: sum.finished + stage.finished,
    }),
    { size: 0, succeeded: 0, failed: 0, finished: 0 },
  );
  const canary = stages[0] ?? { size: 0, succeeded: 0, failed: 0, finished: 0 };
  if (mustPauseRelease({ release, canary })) return { kind: 'pause', reason: 'failure-threshold' };
  const stage = stages[current];
  if (!stage) return { kind: 'complete' };
  const last = current >= stages.length - 1;
  if (last) {
    // Nothing is left to command: the failed ones are a follow-up release's ("retry the failed lockers").
    return stage.finished >= stage.size ? { kind: 'complete' } : { kind: 'wait' };
  }
  if (mayStartNextStage(stage)) return { kind: 'advance', stage: current + 1 };
  if (stage.finished >= stage.size) return { kind: 'pause', reason: 'failure-threshold' };
  return { kind: 'wait' };
}

/** Whether a locker silent since `since` has timed out at `now` (the contract's silence in a step). */
export function isStepTimedOut(since: Date, now: Date): boolean {
  return now.getTime() - since.getTime() >= SOFTWARE_UPDATE_SILENCE_TIMEOUT_MINUTES * 60_000;
}

/**
 * The steps a locker can fall silent in: commanded, downloading, downloaded, installing. Not
 * waiting-idle: a locker waits there for its maintenance window, which may be hours away.
 */
export const RELEASE_TIMED_STATES = ['sent', 'downloading', 'downloaded', 'installing'] as const satisfies readonly SoftwareUpdateState[];

/** Counts a stage's (or a release's) lockers by their update state. */
export function tallyOf(states: readonly { state: SoftwareUpdateState; count: number }[]): ReleaseTally {
  const tally: ReleaseTally = { size: 0, succeeded: 0, failed: 0, finished: 0 };
  for (const { state, count } of states) {
    tally.size += count;
    if ((SOFTWARE_UPDATE_SUCCESS_STATES as readonly string[]).includes(state)) tally.succeeded += count;
    if ((SOFTWARE_UPDATE_FAILURE_STATES as readonly string[]).includes(state)) tally.failed += count;
    if (isFinalSoftwareUpdateState(state)) tally.finished += count;
  }
  return tally;
}
