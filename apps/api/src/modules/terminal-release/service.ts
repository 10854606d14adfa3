import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  applyReleaseTrigger,
  applySoftwareUpdateProgress,
  canRetrySoftwareUpdate,
  DECLARED_ENTITIES,
  decideReleaseStep,
  type EventPayload,
  isFinalSoftwareUpdateState,
  isReleaseEditable,
  isUuid,
  planReleaseStages,
  RELEASE_END_HOURS,
  RELEASE_TIMED_STATES,
  type ReleasePauseReason,
  type ReleaseStatus,
  type ReleaseTrigger,
  resolveMaintenanceWindow,
  SOFTWARE_UPDATE_SILENCE_TIMEOUT_MINUTES,
  SOFTWARE_UPDATE_URL_VALIDITY_SECONDS,
  type SoftwareUpdateProgressData,
  type SoftwareUpdateState,
  stageOfEachLocker,
  tallyOf,
  translatorFor,
  windowEndedOnLocker,
} from '@ebox/domain';
import { presentRow } from '../../kit/present';
import { findRowsInScope, insertRow, type Row, resourceOf, updateRow } from '../../kit/repository';
import { scopeOfActor } from '../../platform/access';
import { auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { authorizeAny, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import type { EntityActionHandler, EntityPolicy } from '../../platform/entity-rules';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { enqueueJob, enqueueJobs } from '../../platform/jobs/queue';
import { sendSoftwareUpdate } from '../terminal-commands/service';
import { type LockerRow, storeInstalledVersion } from '../terminal-link/repository';
import { type CascaderOption, releaseCascader } from './cascader';
import { sendReleaseJob, startReleaseJob } from './jobs';
import {
  claimSend,
  countTargetStates,
  findBuildOfRelease,
  findBuildOfTarget,
  findFailedLockers,
  findTarget,
  findTargetLockers,
  findUnfinishedOfRunningStages,
  findUnsentOfLocker,
  findUnsentTargets,
  findWindowSettings,
  insertTargets,
  listTargets,
  lockSilentTargets,
  lockUnreachedPastEnd,
  type TargetRow,
  updateTarget,
} from './repository';

/**
 * Software releases (issue 31): a release starts at scheduledAt (a job), commands its lockers stage
 * by stage through the terminal command path, follows their progress events in the link's own
 * transaction, and moves only as its lifecycle (packages/domain/src/releases) allows. Every move
 * is audited in its transaction and pushed live (terminalUiRelease.changed / lockerChanged).
 */

const releaseResource = () => resourceOf(DECLARED_ENTITIES.terminalUiRelease);
const RELEASE = 'terminalUiRelease';
/** Time-outs handled per run of the scheduled job (the next minute takes the rest). */
const TIMEOUT_BATCH = 500;

async function lockRelease(ctx: TxContext, id: string): Promise<Row | null> {
  const [row] = await findRowsInScope(ctx.tx, releaseResource(), [id], { companyIds: null }, { lock: true });
  return row ?? null;
}

function auditRelease(ctx: TxContext, release: Row, action: Parameters<typeof writeAudit>[1]['action'], before: unknown, after: unknown) {
  return writeAudit(ctx.tx, {
    entityName: RELEASE,
    entityId: release.id,
    action,
    before,
    after,
    by: auditByOf(principalOf(ctx.actor)),
    companyIds: companiesOfOwner(release.company as string | null),
  });
}

async function publishReleaseChanged(ctx: TxContext, release: Row): Promise<void> {
  await publishEvent(ctx, 'terminalUiRelease.changed', {
    releaseId: release.id,
    companyId: (release.company as string | null) ?? null,
    status: release.status as ReleaseStatus,
    pauseReason: (release.pauseReason as ReleasePauseReason | null) ?? null,
    currentStage: release.currentStage === null || release.currentStage === undefined ? null : Number(release.currentStage),
    at: new Date().toISOString(),
  });
}

async function publishLockerChanged(ctx: TxContext, target: TargetRow): Promise<void> {
  await publishEvent(ctx, 'terminalUiRelease.lockerChanged', {
    releaseId: target.releaseId,
    companyId: target.company,
    eboxId: target.eboxId,
    stage: target.stage,
    state: target.state,
    attempt: target.attempt,
    reason: target.reason,
    at: new Date().toISOString(),
  });
}

/** Moves a locked release by `trigger` as its lifecycle allows, audited and pushed; refused otherwise. */
async function moveRelease(
  ctx: TxContext,
  release: Row,
  trigger: ReleaseTrigger,
  values: Record<string, unknown>,
  audit: Parameters<typeof writeAudit>[1]['action'] | null,
): Promise<Row> {
  const moved = applyReleaseTrigger(release.status as ReleaseStatus, trigger);
  if (!moved.ok) {
    const t = translatorFor(ctx.language);
    throw badRequest('entities.terminalUiRelease.errors.notAllowed', {
      status: t(`entities.terminalUiRelease.enumerators.status.${String(release.status)}`),
      action: t(`entities.terminalUiRelease.actionWords.${trigger === 'autoPause' ? 'pause' : trigger}`),
    });
  }
  const after = await updateRow(ctx.tx, releaseResource(), release.id, { ...values, status: moved.next });
  if (audit) await auditRelease(ctx, after, audit, pick(release), pick(after));
  await publishReleaseChanged(ctx, after);
  return after;
}

const pick = (row: Row) => ({
  identification: row.identification,
  company: row.company,
  status: row.status,
  pauseReason: row.pauseReason ?? null,
  currentStage: row.currentStage ?? null,
});

// ---------------------------------------------------------------------------------------------
// The record's rules (policy) and a person's actions.

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null;

/**
 * What the release will send must be its company's and sendable: a build or version of another
 * company is refused, and so is a version without a stored file when no UI build goes with it.
 */
async function checkReleaseBuild(ctx: TxContext, before: Row | null, data: Record<string, unknown>): Promise<void> {
  const chosen = (name: string) => (name in data ? idOf(data[name]) : idOf(before?.[name]));
  const company = chosen('company');
  const terminalUiVersion = chosen('terminalUiVersion');
  const version = chosen('version');
  const ui = terminalUiVersion ? await findBuildOfRelease(ctx.tx, { terminalUiVersion, version: null }) : null;
  const application = version ? await findBuildOfRelease(ctx.tx, { terminalUiVersion: null, version }) : null;
  if (ui && ui.company !== company) throw fieldError('terminalUiVersion', 'entities.terminalUiRelease.errors.otherCompanyBuild');
  if (application && application.company !== company) throw fieldError('version', 'entities.terminalUiRelease.errors.otherCompanyBuild');
  if (application && !ui && (!application.key || !application.sha256 || application.size === null))
    throw fieldError('version', 'entities.terminalUiRelease.errors.noBuildFile');
}

/** Create and edit only while SCHEDULED; the start is queued at scheduledAt (again when it moves). */
export const releasePolicy: EntityPolicy = {
  beforeWrite: async (ctx, { before, data }) => {
    if (before && !isReleaseEditable(before.status)) throw badRequest('entities.terminalUiRelease.errors.notEditable');
    await checkReleaseBuild(ctx, before, data);
    if (!before) {
      data.status = 'SCHEDULED';
      data.createdBy = principalOf(ctx.actor).label;
    } else if (data.scheduledAt) {
      await enqueueJob(ctx, startReleaseJob, { releaseId: before.id }, { startAt: new Date(String(data.scheduledAt)) });
    }
  },
  afterCreate: async (ctx, row) => {
    await enqueueJob(ctx, startReleaseJob, { releaseId: row.id }, { startAt: new Date(String(row.scheduledAt)) });
  },
  beforeDelete: (_ctx, { rows }) => {
    if (rows.some((row) => !isReleaseEditable(row.status))) throw badRequest('entities.terminalUiRelease.errors.notEditable');
  },
};

export const pauseRelease: EntityActionHandler = {
  auditsItself: true,
  run: async (ctx, { before }) => {
    await moveRelease(ctx, before, 'pause', { pauseReason: 'manual' }, 'pause');
    return undefined;
  },
};

export const resumeRelease: EntityActionHandler = {
  auditsItself: true,
  run: async (ctx, { before }) => {
    const after = await moveRelease(ctx, before, 'resume', { pauseReason: null }, 'resume');
    // The person accepts what paused it: a stage that ended below its threshold goes on to the next.
    await evaluateRelease(ctx, after, { checkPause: false, override: true });
    await commandStage(ctx, after.id, Number(after.currentStage ?? 0));
    return undefined;
  },
};

export const cancelRelease: EntityActionHandler = {
  auditsItself: true,
  run: async (ctx, { before }) => {
    await moveRelease(ctx, before, 'cancel', { finishedAt: new Date().toISOString() }, 'cancel');
    return undefined;
  },
};

/** "Retry the failed lockers": a follow-up release of only this one's failed and timed-out lockers, starting now. */
export const retryFailedLockers: EntityActionHandler = {
  run: async (ctx, { before }) => {
    const failed = await findFailedLockers(ctx.tx, before.id);
    if (!failed.length) throw badRequest('entities.terminalUiRelease.errors.nothingToRetry');
    const now = new Date();
    const row = await insertRow(ctx.tx, releaseResource(), {
      identification: `${String(before.identification)} (retry)`.slice(0, 255),
      description: before.description ?? null,
      company: before.company,
      version: before.version ?? null,
      terminalUiVersion: before.terminalUiVersion ?? null,
      target: 'ebox',
      ebox: failed,
      scheduledAt: now.toISOString(),
      status: 'SCHEDULED',
      retryOf: before.id,
      createdBy: principalOf(ctx.actor).label,
      createdById: principalOf(ctx.actor).userId,
      updatedById: principalOf(ctx.actor).userId,
    });
    await auditRelease(ctx, row, 'create', null, { ...pick(row), retryOf: before.id, ebox: failed });
    await enqueueJob(ctx, startReleaseJob, { releaseId: row.id });
    return presentRow(ctx.tx, DECLARED_ENTITIES.terminalUiRelease, row, scopeOfActor(ctx.actor), ctx.deps.modules);
  },
};

// ---------------------------------------------------------------------------------------------
// The run: start, commands, progress, time-outs.

/** The job at scheduledAt: plans the stages over the lockers reached now and commands the canary. */
export async function startRelease(ctx: ServiceContext, payload: { releaseId: string }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const release = await lockRelease(tx, payload.releaseId);
    if (release?.status !== 'SCHEDULED') return;
    // Moved later since this job was queued: the job queued with the new time starts it.
    if (new Date(String(release.scheduledAt)).getTime() > Date.now() + 1_000) return;
    const lockers = await findTargetLockers(tx.tx, {
      company: String(release.company),
      target: String(release.target ?? 'all'),
      group: (release.group as string | null) ?? null,
      cluster: (release.cluster as string | null) ?? null,
      ebox: (release.ebox as string[] | null) ?? [],
    });
    const sizes = planReleaseStages(lockers.length);
    const stages = stageOfEachLocker(lockers.length);
    const rows = lockers.map((locker, position) => ({
      eboxId: locker.id,
      stage: stages[position] ?? 0,
      position,
      previousVersion: locker.applicationVersion,
    }));
    await insertTargets(tx.tx, release.id, String(release.company), rows);
    const now = new Date().toISOString();
    const started = await moveRelease(
      tx,
      release,
      'start',
      { startedAt: now, currentStage: 0, stageCount: sizes.length, lockerCount: lockers.length },
      'releaseStart',
    );
    // A release that reaches no locker has nothing to wait for.
    if (!lockers.length) await moveRelease(tx, started, 'complete', { finishedAt: now }, 'releaseComplete');
    else await commandStage(tx, release.id, 0);
  });
}

/** Queues the command of every unsent locker of stages up to `stage` (sent after commit, once each). */
async function commandStage(ctx: TxContext, releaseId: string, stage: number): Promise<void> {
  const unsent = await findUnsentTargets(ctx.tx, releaseId, stage);
  await enqueueJobs(
    ctx,
    sendReleaseJob,
    unsent.map((target) => ({ releaseId, eboxId: target.eboxId, attempt: target.attempt })),
  );
}

/** Signs a locker's download of its attempt, valid SOFTWARE_UPDATE_URL_VALIDITY_SECONDS. */
function downloadSignature(ctx: ServiceContext, targetId: string, attempt: number, expires: number): string {
  return createHmac('sha256', ctx.deps.config.jwtSecret).update(`release-download:${targetId}:${attempt}:${expires}`).digest('base64url');
}

function downloadUrlOf(ctx: ServiceContext, target: TargetRow): string {
  const expires = Math.floor(Date.now() / 1000) + SOFTWARE_UPDATE_URL_VALIDITY_SECONDS;
  const signature = downloadSignature(ctx, target.id, target.attempt, expires);
  return `${ctx.deps.config.appUrl}/io/api/v1/terminalUiRelease/download/${target.id}/${target.attempt}?expires=${expires}&signature=${signature}`;
}

/**
 * The job that commands one locker: takes its row (only one process gets it), sends software_update
 * with a fresh signed URL, and records the answer. An offline locker keeps its row unsent until it
 * comes back online; a terminal answering INVALID_COMMAND is not updatable, never failed.
 */
export async function sendToLocker(ctx: ServiceContext, payload: { releaseId: string; eboxId: string; attempt: number }): Promise<void> {
  const claim = `claim:${randomUUID()}`;
  const claimed = await inTransaction(ctx, async (tx) => {
    const target = await claimSend(tx.tx, { ...payload, claim });
    if (!target) return null;
    const [release] = await findRowsInScope(tx.tx, releaseResource(), [payload.releaseId], { companyIds: null });
    const build = release
      ? await findBuildOfRelease(tx.tx, { terminalUiVersion: idOf(release.terminalUiVersion), version: idOf(release.version) })
      : null;
    const settings = await findWindowSettings(tx.tx, target.eboxId);
    await publishLockerChanged(tx, target);
    return { target, build, window: resolveMaintenanceWindow(settings.locker, settings.company) };
  });
  if (!claimed) return;
  const { target, build, window } = claimed;
  if (!build?.key || !build.sha256 || build.size === null) {
    // A version whose file was removed after the release was created: nothing safe to send.
    await recordSendOutcome(ctx, target, { state: 'failed', reason: 'build-unavailable', transactionId: null, attempt: target.attempt });
    return;
  }
  const sent = await sendSoftwareUpdate(ctx, target.eboxId, {
    release_id: target.releaseId,
    kind: build.kind,
    version: build.version,
    url: downloadUrlOf(ctx, target),
    sha256: build.sha256,
    size: build.size,
    maintenance_window: window,
    attempt: target.attempt,
  });
  if (sent.outcome === 'offline') {
    // Not published: the row goes back to unsent, commanded when the locker is online again.
    const back =
      target.attempt > 1 ? { state: 'sent' as const, attempt: target.attempt } : { state: 'waiting' as const, attempt: target.attempt - 1 };
    await recordSendOutcome(ctx, target, { ...back, reason: null, transactionId: null });
    return;
  }
  const state: SoftwareUpdateState =
    sent.outcome === 'unsupported' ? 'not-updatable' : sent.outcome === 'refused' || sent.outcome === 'failed' ? 'failed' : 'sent';
  await recordSendOutcome(ctx, target, { state, reason: sent.reason, transactionId: sent.transactionId ?? claim, attempt: target.attempt });
}

async function recordSendOutcome(
  ctx: ServiceContext,
  target: TargetRow,
  next: { state: SoftwareUpdateState; attempt: number; reason: string | null; transactionId: string | null },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const current = await findTarget(tx.tx, target.releaseId, target.eboxId, { lock: true });
    // Progress may have arrived before the answer: only the claim this process holds is written.
    if (!current || current.transactionId !== target.transactionId) return;
    const stateNow = current.state === 'sent' ? next.state : current.state;
    const updated = await updateTarget(tx.tx, current.id, { ...next, state: stateNow });
    await writeAudit(tx.tx, {
      entityName: 'ebox',
      entityId: updated.eboxId,
      action: 'software_update',
      after: {
        release: updated.releaseId,
        attempt: updated.attempt,
        state: updated.state,
        reason: updated.reason,
        transactionId: next.transactionId,
      },
      by: auditByOf(principalOf(tx.actor)),
      companyIds: companiesOfOwner(updated.company),
    });
    await publishLockerChanged(tx, updated);
    if (isFinalSoftwareUpdateState(updated.state)) await evaluateReleaseById(tx, updated.releaseId, updated.state === 'failed');
  });
}

/**
 * A software_update_progress event, in the terminal link's transaction: applied only when it is the
 * current attempt's and newer than the last one applied (a replay or a late one changes nothing),
 * then the release is judged in the same transaction. A download failure with attempts left is sent
 * again with a fresh URL (attempt + 1).
 */
export async function applyReleaseProgress(ctx: TxContext, locker: LockerRow, progress: SoftwareUpdateProgressData): Promise<void> {
  if (!isUuid(progress.release_id)) return;
  const target = await findTarget(ctx.tx, progress.release_id, locker.id, { lock: true });
  if (!target) return;
  const verdict = applySoftwareUpdateProgress(target, progress);
  if (!verdict.apply) return;
  const reason = progress.state === 'failed' ? [progress.reason, progress.detail].filter(Boolean).join(': ') || null : null;
  let updated = await updateTarget(ctx.tx, target.id, { state: verdict.next.state, sequence: verdict.next.sequence, reason });
  await writeAudit(ctx.tx, {
    entityName: 'ebox',
    entityId: locker.id,
    action: 'software_update_progress',
    after: { name: locker.name, release: target.releaseId, attempt: progress.attempt, state: progress.state, reason },
    by: auditByOf(principalOf(ctx.actor)),
    companyIds: companiesOfOwner(locker.company),
  });
  if (updated.state === 'succeeded' || updated.state === 'already-installed') await recordInstalledVersion(ctx, locker, progress);
  if (updated.state === 'failed' && canRetrySoftwareUpdate({ state: 'failed', attempt: updated.attempt, reason: progress.reason })) {
    updated = await scheduleResend(ctx, updated);
  }
  await publishLockerChanged(ctx, updated);
  if (isFinalSoftwareUpdateState(updated.state)) await evaluateReleaseById(ctx, updated.releaseId, updated.state === 'failed');
}

/**
 * The locker runs what the release installed: only a success (or a terminal that already had it)
 * changes its applicationVersion or uiVersion; downloading, waiting, installing or failing never do.
 * The terminal's next `versions` report is stored as it says (it is the truth of what runs).
 */
async function recordInstalledVersion(ctx: TxContext, locker: LockerRow, progress: SoftwareUpdateProgressData): Promise<void> {
  const changed = await storeInstalledVersion(ctx.tx, locker.id, progress.kind, progress.version);
  if (!changed) return;
  const field = progress.kind === 'ui' ? 'uiVersion' : 'applicationVersion';
  await writeAudit(ctx.tx, {
    entityName: 'ebox',
    entityId: locker.id,
    action: 'update',
    before: { name: locker.name, company: locker.company, [field]: changed.before },
    after: { name: locker.name, company: locker.company, [field]: progress.version, release: progress.release_id },
    by: auditByOf(principalOf(ctx.actor)),
    companyIds: companiesOfOwner(locker.company),
  });
}

/** A new attempt: sent again, unpublished until the send job claims it. */
async function scheduleResend(ctx: TxContext, target: TargetRow): Promise<TargetRow> {
  // The sequence counts again from the new attempt's first event (events of older attempts are dropped by their attempt).
  const next = await updateTarget(ctx.tx, target.id, { state: 'sent', attempt: target.attempt + 1, sequence: 0, transactionId: null });
  await enqueueJob(ctx, sendReleaseJob, { releaseId: next.releaseId, eboxId: next.eboxId, attempt: next.attempt });
  return next;
}

async function evaluateReleaseById(ctx: TxContext, releaseId: string, afterFailure: boolean): Promise<void> {
  const release = await lockRelease(ctx, releaseId);
  if (release) await evaluateRelease(ctx, release, { checkPause: afterFailure, override: false });
}

/**
 * Judges a RUNNING release from its lockers (decideReleaseStep): the next stage, completion, or a
 * pause. `checkPause`: only a new failure pauses it (a person who resumed accepted the ones before);
 * `override`: a person resumed, so a stage that ended below its threshold still leads to the next.
 */
async function evaluateRelease(ctx: TxContext, release: Row, options: { checkPause: boolean; override: boolean }): Promise<void> {
  if (release.status !== 'RUNNING') return;
  const counts = await countTargetStates(ctx.tx, release.id);
  const stageCount = Number(release.stageCount ?? 0);
  const stages = Array.from({ length: stageCount }, (_, stage) => tallyOf(counts.filter((count) => count.stage === stage)));
  const current = Number(release.currentStage ?? 0);
  let step = decideReleaseStep({ stages, current });
  const stage = stages[current];
  if (step.kind === 'pause' && (!options.checkPause || options.override)) {
    const ended = stage !== undefined && stage.finished >= stage.size;
    step =
      options.override && ended
        ? current >= stageCount - 1
          ? { kind: 'complete' }
          : { kind: 'advance', stage: current + 1 }
        : { kind: 'wait' };
  }
  if (step.kind === 'pause') await moveRelease(ctx, release, 'autoPause', { pauseReason: step.reason }, 'pause');
  else if (step.kind === 'complete')
    await moveRelease(ctx, release, 'complete', { finishedAt: new Date().toISOString() }, 'releaseComplete');
  else if (step.kind === 'advance') {
    const after = await updateRow(ctx.tx, releaseResource(), release.id, { currentStage: step.stage });
    await auditRelease(ctx, after, 'releaseStage', pick(release), pick(after));
    await publishReleaseChanged(ctx, after);
    await commandStage(ctx, release.id, step.stage);
  }
}

/** The scheduled job: lockers silent SOFTWARE_UPDATE_SILENCE_TIMEOUT_MINUTES in a step time out (or get another attempt). */
export async function timeOutSilentLockers(ctx: ServiceContext): Promise<void> {
  const before = new Date(Date.now() - SOFTWARE_UPDATE_SILENCE_TIMEOUT_MINUTES * 60_000);
  await inTransaction(ctx, async (tx) => {
    const silent = await lockSilentTargets(tx.tx, RELEASE_TIMED_STATES, before, TIMEOUT_BATCH);
    const releases = new Set<string>();
    for (const target of silent) {
      let updated = await updateTarget(tx.tx, target.id, { state: 'timed-out', reason: `silent since ${target.updatedAt}` });
      await writeAudit(tx.tx, {
        entityName: 'ebox',
        entityId: target.eboxId,
        action: 'software_update_progress',
        after: { release: target.releaseId, attempt: target.attempt, state: 'timed-out', from: target.state },
        by: auditByOf(principalOf(tx.actor)),
        companyIds: companiesOfOwner(target.company),
      });
      if (canRetrySoftwareUpdate({ state: updated.state, attempt: updated.attempt })) updated = await scheduleResend(tx, updated);
      else releases.add(target.releaseId);
      await publishLockerChanged(tx, updated);
    }
    for (const releaseId of releases) await evaluateReleaseById(tx, releaseId, true);
  });
}

/**
 * The scheduled job, every minute: silent lockers time out, a release whose current stage still has
 * lockers not installed when a whole maintenance window went by pauses (`window-end`), and lockers a
 * release never reached by its end are skipped. Each part in its own transaction.
 */
export async function superviseReleases(ctx: ServiceContext): Promise<void> {
  await timeOutSilentLockers(ctx);
  await pauseAtWindowEnd(ctx);
  await skipUnreachedPastEnd(ctx);
}

/**
 * `window-end`: a commanded locker of a running release's current stage that has not installed
 * although a whole maintenance window of its own went by since it was commanded (and since the
 * release last moved) pauses its release; nothing more is commanded until a person resumes it.
 */
export async function pauseAtWindowEnd(ctx: ServiceContext, now = new Date()): Promise<void> {
  const unfinished = await findUnfinishedOfRunningStages(dbOf(ctx));
  const ended = new Set<string>();
  for (const row of unfinished) {
    const window = resolveMaintenanceWindow(row.settings.locker, row.settings.company);
    if (windowEndedOnLocker({ window, sentAt: row.sentAt, releaseMovedAt: row.releaseMovedAt, now })) ended.add(row.releaseId);
  }
  for (const releaseId of ended)
    await inTransaction(ctx, async (tx) => {
      const release = await lockRelease(tx, releaseId);
      // Moved meanwhile (a person paused or resumed it, a stage advanced): judged again next minute.
      if (release?.status !== 'RUNNING') return;
      await moveRelease(tx, release, 'autoPause', { pauseReason: 'window-end' }, 'pause');
    });
}

/** `skipped`: past the release's end (RELEASE_END_HOURS after its start), lockers it never reached while they stay offline. */
export async function skipUnreachedPastEnd(ctx: ServiceContext, now = new Date()): Promise<void> {
  const endedBefore = new Date(now.getTime() - RELEASE_END_HOURS * 3_600_000);
  await inTransaction(ctx, async (tx) => {
    const unreached = await lockUnreachedPastEnd(tx.tx, endedBefore, TIMEOUT_BATCH);
    const releases = new Set<string>();
    for (const target of unreached) {
      const updated = await updateTarget(tx.tx, target.id, {
        state: 'skipped',
        reason: 'offline past the release end',
        transactionId: null,
      });
      await writeAudit(tx.tx, {
        entityName: 'ebox',
        entityId: target.eboxId,
        action: 'software_update_progress',
        after: { release: target.releaseId, attempt: target.attempt, state: 'skipped', from: target.state },
        by: auditByOf(principalOf(tx.actor)),
        companyIds: companiesOfOwner(target.company),
      });
      await publishLockerChanged(tx, updated);
      releases.add(target.releaseId);
    }
    // Past its end a release no longer waits for lockers it cannot reach: a stage that finished with
    // skipped lockers goes on (failures were judged when they came, and a running release was not paused by them).
    for (const releaseId of releases) {
      const release = await lockRelease(tx, releaseId);
      if (release) await evaluateRelease(tx, release, { checkPause: false, override: true });
    }
  });
}

/** A locker back online gets the commands it missed while offline. */
export async function commandOnOnline(ctx: ServiceContext, payload: EventPayload<'ebox.statusChanged'>): Promise<void> {
  if (payload.status !== 'online') return;
  const unsent = await findUnsentOfLocker(dbOf(ctx), payload.eboxId);
  if (!unsent.length) return;
  await enqueueJobs(
    ctx,
    sendReleaseJob,
    unsent.map((row) => ({ releaseId: row.releaseId, eboxId: payload.eboxId, attempt: row.attempt })),
  );
}

// ---------------------------------------------------------------------------------------------
// Reads: a release's lockers, the download, the cascader.

async function releaseInScope(ctx: ServiceContext, id: string): Promise<Row> {
  const [row] = isUuid(id) ? await findRowsInScope(dbOf(ctx), releaseResource(), [id], scopeOfActor(ctx.actor)) : [];
  if (!row) throw notFound();
  return row;
}

/** GET /terminalUiRelease/{id}/lockers: each targeted locker's stage, state, attempt and reason. */
export async function listReleaseLockers(ctx: ServiceContext, id: string) {
  authorizeAny(ctx, ['terminalUiReleaseRead']);
  await releaseInScope(ctx, id);
  const rows = await listTargets(dbOf(ctx), id);
  return {
    rows: rows.map((row) => ({
      ebox: { id: row.eboxId, name: row.eboxName, code: row.eboxCode },
      stage: row.stage,
      state: row.state,
      attempt: row.attempt,
      reason: row.reason,
      previousVersion: row.previousVersion,
      sentAt: row.sentAt,
      updatedAt: row.updatedAt,
    })),
    count: rows.length,
  };
}

/** GET /terminalUiRelease/download/{target}/{attempt}: the build, for whoever holds the attempt's signed URL before it expires. */
export async function openReleaseDownload(
  ctx: ServiceContext,
  input: { targetId: string; attempt: number; expires: number; signature: string | undefined },
): Promise<{ redirect: string } | { stream: NodeJS.ReadableStream; size: number | null; name: string }> {
  const expected = Buffer.from(downloadSignature(ctx, input.targetId, input.attempt, input.expires));
  const given = Buffer.from(input.signature ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given) || input.expires * 1000 < Date.now()) throw forbidden();
  const build = isUuid(input.targetId) ? await findBuildOfTarget(dbOf(ctx), input.targetId) : null;
  if (!build?.key) throw notFound();
  const { storage } = ctx.deps;
  if (storage.kind === 's3') {
    const url = await storage.downloadUrl(build.key);
    if (!url) throw notFound();
    return { redirect: url };
  }
  const stream = await storage.read(build.key);
  if (!stream) throw notFound();
  return { stream, size: build.size, name: build.version };
}

/** GET /terminalUiRelease/cascader ?query&limit: each company the caller sees → its releases, newest first. */
export async function cascadeReleases(ctx: ServiceContext, query: { text: string | undefined; limit: number }): Promise<CascaderOption[]> {
  authorizeAny(ctx, ['terminalUiReleaseRead', 'terminalUiReleaseAutocomplete']);
  return releaseCascader(dbOf(ctx), { ...query, scope: scopeOfActor(ctx.actor) });
}
