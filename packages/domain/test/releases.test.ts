import { describe, expect, it } from 'vitest';
import {
  applyReleaseTrigger,
  decideReleaseStep,
  isReleaseEditable,
  isStepTimedOut,
  mayStartNextStage,
  mustPauseRelease,
  planReleaseStages,
  type ReleaseTally,
  stageOfEachLocker,
  tallyOf,
} from '../src/releases';

const tally = (size: number, succeeded = 0, failed = 0, finished = succeeded + failed): ReleaseTally => ({
  size,
  succeeded,
  failed,
  finished,
});

describe('planReleaseStages', () => {
  it('starts with a canary of max(1 locker, 5 %), then 25 %, then the rest', () => {
    expect(planReleaseStages(100)).toEqual([5, 20, 75]);
    expect(planReleaseStages(1000)).toEqual([50, 200, 750]);
    expect(planReleaseStages(10)).toEqual([1, 2, 7]);
    expect(planReleaseStages(41)).toEqual([3, 8, 30]);
  });
  it('drops a stage that would add no locker and sums to the fleet', () => {
    expect(planReleaseStages(1)).toEqual([1]);
    expect(planReleaseStages(2)).toEqual([1, 1]);
    expect(planReleaseStages(4)).toEqual([1, 3]);
    expect(planReleaseStages(0)).toEqual([]);
    for (const total of [1, 3, 7, 19, 20, 21, 99, 1001]) expect(planReleaseStages(total).reduce((a, b) => a + b, 0)).toBe(total);
  });
  it('gives each locker in planned order its stage', () => {
    expect(stageOfEachLocker(4)).toEqual([0, 1, 1, 1]);
  });
});

describe('mayStartNextStage', () => {
  it('needs 95 % of the stage succeeded or already installed', () => {
    expect(mayStartNextStage(tally(20, 19))).toBe(true);
    expect(mayStartNextStage(tally(20, 18, 0))).toBe(false);
    expect(mayStartNextStage(tally(1, 1))).toBe(true);
    expect(mayStartNextStage(tally(1, 0, 1))).toBe(false);
    expect(mayStartNextStage(tally(100, 95, 5))).toBe(true);
    expect(mayStartNextStage(tally(100, 94, 0))).toBe(false);
  });
});

describe('mustPauseRelease', () => {
  it('pauses at the first failure of a canary of 5 or fewer', () => {
    expect(mustPauseRelease({ canary: tally(5, 0, 1), release: tally(100, 0, 1) })).toBe(true);
    expect(mustPauseRelease({ canary: tally(6, 0, 1), release: tally(120, 0, 1) })).toBe(false);
  });
  it('pauses when failures reach 10 % once at least 5 lockers finished', () => {
    const canary = tally(50, 40, 0);
    expect(mustPauseRelease({ canary, release: tally(1000, 9, 1) })).toBe(true);
    expect(mustPauseRelease({ canary, release: tally(1000, 10, 1) })).toBe(false);
    expect(mustPauseRelease({ canary: tally(50, 0, 0), release: tally(1000, 2, 2) })).toBe(false);
  });
});

describe('decideReleaseStep', () => {
  it('advances when the current stage met its threshold, completes when the last one finished', () => {
    expect(decideReleaseStep({ stages: [tally(1, 1), tally(3)], current: 0 })).toEqual({ kind: 'advance', stage: 1 });
    expect(decideReleaseStep({ stages: [tally(1, 1), tally(3, 2)], current: 1 })).toEqual({ kind: 'wait' });
    expect(decideReleaseStep({ stages: [tally(1, 1), tally(3, 3)], current: 1 })).toEqual({ kind: 'complete' });
  });
  it('pauses on a failed canary, and on a stage that finished below its threshold', () => {
    expect(decideReleaseStep({ stages: [tally(1, 0, 1), tally(3)], current: 0 })).toEqual({ kind: 'pause', reason: 'failure-threshold' });
    // 6 failures of 100 finished: below 10 %, but the stage can no longer reach 95 %.
    expect(decideReleaseStep({ stages: [tally(10, 10), tally(100, 94, 6), tally(890)], current: 1 })).toEqual({
      kind: 'pause',
      reason: 'failure-threshold',
    });
  });
});

describe('the release lifecycle', () => {
  it('moves only as declared', () => {
    expect(applyReleaseTrigger('SCHEDULED', 'start')).toEqual({ ok: true, next: 'RUNNING' });
    expect(applyReleaseTrigger('RUNNING', 'pause')).toEqual({ ok: true, next: 'PAUSED' });
    expect(applyReleaseTrigger('PAUSED', 'resume')).toEqual({ ok: true, next: 'RUNNING' });
    expect(applyReleaseTrigger('PAUSED', 'cancel')).toEqual({ ok: true, next: 'CANCELED' });
    expect(applyReleaseTrigger('SCHEDULED', 'pause').ok).toBe(false);
    expect(applyReleaseTrigger('COMPLETED', 'cancel').ok).toBe(false);
    expect(applyReleaseTrigger('CANCELED', 'resume').ok).toBe(false);
    expect(isReleaseEditable('SCHEDULED')).toBe(true);
    expect(isReleaseEditable('RUNNING')).toBe(false);
  });
  it('times a locker out after 30 silent minutes; counts the states', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    expect(isStepTimedOut(since, new Date('2026-01-01T00:29:59Z'))).toBe(false);
    expect(isStepTimedOut(since, new Date('2026-01-01T00:30:00Z'))).toBe(true);
    expect(
      tallyOf([
        { state: 'succeeded', count: 3 },
        { state: 'already-installed', count: 1 },
        { state: 'timed-out', count: 1 },
        { state: 'not-updatable', count: 1 },
        { state: 'installing', count: 2 },
      ]),
    ).toEqual({ size: 8, succeeded: 4, failed: 1, finished: 6 });
  });
});
