import { randomUUID } from 'node:crypto';
import {
  type AlertKind,
  type AlertLevel,
  type AlertThresholds,
  alertLevelOf,
  alertThresholdsOf,
  type DoorFailureKind,
  type EventPayload,
} from '@ebox/domain';
import { auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { enqueueJob } from '../../platform/jobs/queue';
import {
  claimAlertRequests,
  deletePendingAlert,
  insertAlert,
  insertDoorFailure,
  lockAlerts,
  type Measure,
  measureConditions,
  readClusterNames,
  readCompanySettings,
  readLockerNames,
  readUnresolvedAlerts,
  type StoredAlert,
  updateAlert,
} from './alert-repository';
import { evaluateAlertsJob } from './jobs';
import { recordOfflineIntervals } from './locker-health-repository';

/**
 * The dashboard's alerts (docs/dashboard.md "Alerts"). One evaluation measures the conditions of some
 * lockers (or all) and reconciles them with the alerts not yet resolved, in one transaction under one
 * lock: an alert is raised when its condition reaches the warning threshold (occupancy: and lasted),
 * changes level with it, and is resolved when it clears. The events that change a condition
 * evaluate their locker at once; a condition that only time changes (an offline locker's minutes,
 * occupancy lasting, a parcel passing its overdue date) is evaluated again when it comes due, and by
 * the sweep every 15 minutes. Every raise, change and resolution is audited on the locker.
 */

const keyOf = (kind: AlertKind, subject: string) => `${kind} ${subject}`;

/**
 * When a measured condition comes due for another look: an offline locker at its warning or
 * critical minutes, a pending occupancy when it has lasted.
 */
function dueAtOf(measure: Measure, thresholds: AlertThresholds, level: AlertLevel | null, pendingSince: string | null): Date | null {
  if (measure.kind === 'lockerOffline' && measure.since && level !== 'critical') {
    const minutes = level === null ? thresholds.lockerOffline.warning : thresholds.lockerOffline.critical;
    return new Date(Date.parse(measure.since) + minutes * 60_000);
  }
  if (pendingSince) return new Date(Date.parse(pendingSince) + thresholds.occupancyMinutes * 60_000);
  return null;
}

type Change = { action: 'alertRaised' | 'alertLevelChanged' | 'alertResolved'; alert: Omit<StoredAlert, 'id'>; from?: string | null };

/** Raises, changes and resolves the alerts of some lockers (null: all), as measured at `now`. */
export async function evaluateAlerts(ctx: ServiceContext, eboxIds: string[] | null, now = new Date()) {
  const { changes, due } = await inTransaction(ctx, async (tx) => {
    await lockAlerts(tx.tx);
    const measures = await measureConditions(tx.tx, eboxIds, now);
    const stored = new Map((await readUnresolvedAlerts(tx.tx, eboxIds)).map((alert) => [keyOf(alert.kind, alert.subject), alert]));
    const companies = [...new Set(measures.flatMap((measure) => (measure.company ? [measure.company] : [])))];
    const settings = await readCompanySettings(tx.tx, companies);
    const thresholdsOf = (company: string | null) => alertThresholdsOf(company ? settings.get(company) : null);
    const changes: Change[] = [];
    const due: Due[] = [];
    const held = new Set<string>();
    for (const measure of measures) {
      const thresholds = thresholdsOf(measure.company);
      const level = alertLevelOf(measure.value, thresholds[measure.kind]);
      const key = keyOf(measure.kind, measure.subject);
      const reconciled = level ? await reconcile(tx, measure, level, stored.get(key), thresholds, now) : null;
      if (level) held.add(key);
      if (reconciled?.change) changes.push(reconciled.change);
      const next = dueAtOf(measure, thresholds, level, reconciled?.pendingSince ?? null);
      // A cluster's due look evaluates every locker (a cluster is measured from any of its lockers).
      if (next && next.getTime() > now.getTime()) due.push({ eboxId: measure.ebox, key: measure.subject, at: next });
    }
    for (const [key, alert] of stored) {
      if (held.has(key)) continue;
      if (!alert.openedAt) {
        await deletePendingAlert(tx.tx, alert.id);
        continue;
      }
      await updateAlert(tx.tx, alert.id, { level: alert.level ?? 'warning', value: alert.value, resolvedAt: now.toISOString() });
      changes.push({ action: 'alertResolved', alert });
    }
    await auditChanges(tx, changes, now);
    return { changes, due };
  });
  await scheduleDueEvaluations(ctx, due);
  return changes.map((change) => ({
    action: change.action,
    kind: change.alert.kind,
    subject: change.alert.subject,
    level: change.alert.level,
  }));
}

/** One held condition against its stored alert: raised, still pending (since when), or changed level. */
async function reconcile(
  tx: TxContext,
  measure: Measure,
  level: AlertLevel,
  existing: StoredAlert | undefined,
  thresholds: AlertThresholds,
  now: Date,
): Promise<{ change: Change | null; pendingSince: string | null }> {
  const alert = {
    kind: measure.kind,
    subject: measure.subject,
    company: measure.company,
    ebox: measure.ebox,
    cluster: measure.cluster,
    compartiment: measure.compartiment,
  };
  const nowIso = now.toISOString();
  if (!existing) {
    // Occupancy must last before it is an alert: it waits as a pending row, since now.
    const lasting = (measure.kind === 'lockerFull' || measure.kind === 'clusterFull') && thresholds.occupancyMinutes > 0;
    const row = {
      ...alert,
      level: lasting ? null : level,
      value: measure.value,
      since: measure.since ?? nowIso,
      openedAt: lasting ? null : nowIso,
    };
    const id = await insertAlert(tx.tx, row);
    if (lasting) return { change: null, pendingSince: id ? nowIso : null };
    return { change: id ? { action: 'alertRaised', alert: row } : null, pendingSince: null };
  }
  if (!existing.openedAt) {
    if (now.getTime() - Date.parse(existing.since) < thresholds.occupancyMinutes * 60_000)
      return { change: null, pendingSince: existing.since };
    await updateAlert(tx.tx, existing.id, { level, value: measure.value, openedAt: nowIso });
    return { change: { action: 'alertRaised', alert: { ...existing, level, value: measure.value, openedAt: nowIso } }, pendingSince: null };
  }
  if (existing.level === level) return { change: null, pendingSince: null };
  await updateAlert(tx.tx, existing.id, { level, value: measure.value });
  return {
    change: { action: 'alertLevelChanged', alert: { ...existing, level, value: measure.value }, from: existing.level },
    pendingSince: null,
  };
}

/** Each change audited on its locker (a cluster's on the cluster), named, in the evaluation's transaction. */
async function auditChanges(tx: TxContext, changes: Change[], now: Date): Promise<void> {
  if (!changes.length) return;
  const lockers = await readLockerNames(tx.tx, [...new Set(changes.flatMap((change) => (change.alert.ebox ? [change.alert.ebox] : [])))]);
  const clusters = await readClusterNames(tx.tx, [
    ...new Set(changes.flatMap((change) => (change.alert.cluster ? [change.alert.cluster] : []))),
  ]);
  for (const { action, alert, from } of changes) {
    const onLocker = alert.ebox !== null;
    await writeAudit(tx.tx, {
      entityName: onLocker ? 'ebox' : 'cluster',
      entityId: alert.ebox ?? alert.cluster,
      action,
      ...(from !== undefined ? { before: { alert: alert.kind, level: from } } : {}),
      after: {
        name: (onLocker ? lockers.get(alert.ebox ?? '')?.name : clusters.get(alert.cluster ?? '')) ?? null,
        alert: alert.kind,
        level: alert.level,
        value: alert.value,
        ...(alert.compartiment ? { compartiment: alert.compartiment } : {}),
        ...(alert.kind === 'parcelsOverdue' ? { company: alert.company } : {}),
        at: now.toISOString(),
      },
      by: auditByOf(principalOf(tx.actor)),
      companyIds: companiesOfOwner(alert.company),
    });
  }
}

/** A condition's next look: its locker's (null: every locker's), keyed by its subject. */
type Due = { eboxId: string | null; key: string; at: Date };

/** A locker (or every locker) evaluated again when a condition of it comes due (one job per subject and minute). */
async function scheduleDueEvaluations(ctx: ServiceContext, due: Due[]): Promise<void> {
  for (const { eboxId, key, at } of due) {
    const minute = Math.ceil(at.getTime() / 60_000) * 60_000;
    await enqueueJob(ctx, evaluateAlertsJob, eboxId ? { eboxIds: [eboxId] } : {}, {
      startAt: new Date(minute),
      singletonKey: `${key}@${minute}`,
    });
  }
}

/** The job's handler: the lockers named, or every locker (the sweep). */
export async function runEvaluateAlerts(ctx: ServiceContext, payload: { eboxIds?: string[] | undefined }): Promise<void> {
  const changes = await evaluateAlerts(ctx, payload.eboxIds ?? null);
  if (changes.length) ctx.log.info({ changes }, 'dashboard: alerts changed');
}

/** A change at a locker: its alerts evaluated after the change commits (one waiting job per locker). */
async function requestEvaluation(ctx: TxContext, eboxId: string | null): Promise<void> {
  if (eboxId) await enqueueJob(ctx, evaluateAlertsJob, { eboxIds: [eboxId] }, { singletonKey: eboxId });
}

const EVALUATED_TOGETHER = 1000;

/**
 * Lockers gone offline or heard again: their offline intervals kept and their alerts evaluated, for
 * a whole heartbeat batch in a few statements and one job per thousand lockers.
 */
export async function recordLockerStatuses(ctx: TxContext, events: readonly EventPayload<'ebox.statusChanged'>[]): Promise<void> {
  await recordOfflineIntervals(ctx.tx, events);
  await requestEvaluations(ctx, [...new Set(events.map((event) => event.eboxId))]);
}

/** Lockers evaluated after the caller commits: one by its own waiting job, more by a job per thousand. */
async function requestEvaluations(ctx: TxContext, eboxIds: readonly string[]): Promise<void> {
  if (eboxIds.length <= 1) return requestEvaluation(ctx, eboxIds[0] ?? null);
  for (let start = 0; start < eboxIds.length; start += EVALUATED_TOGETHER) {
    await enqueueJob(
      ctx,
      evaluateAlertsJob,
      { eboxIds: eboxIds.slice(start, start + EVALUATED_TOGETHER) },
      { singletonKey: `batch:${randomUUID()}` },
    );
  }
}

export function recordLockerStatus(ctx: TxContext, event: EventPayload<'ebox.statusChanged'>): Promise<void> {
  return recordLockerStatuses(ctx, [event]);
}

/**
 * The lockers orders moved at since the last claim, each evaluated once, in the fold job's
 * transaction: a move's rollup statement writes its locker's request (rollup-repository.ts), so a
 * status change makes no round trip of its own for its alerts, and fifty moves a second at a few
 * hundred lockers make a few jobs a minute, not fifty a second. A move can raise nothing at once
 * (occupancy must last, a parcel passes its overdue date with no event); what it clears or starts
 * is seen within the minute.
 */
export async function evaluateMovedLockers(ctx: TxContext): Promise<void> {
  await requestEvaluations(ctx, await claimAlertRequests(ctx.tx));
}

const DOOR_FAILURE_OF_OPENING: Record<EventPayload<'compartiment.openFailed'>['outcome'], DoorFailureKind> = {
  jammed: 'jammed',
  failed: 'failed',
  unanswered: 'unanswered',
};

/** A door opened without a command is a door failure, recorded with the event. */
export async function recordDoorEventFailure(ctx: TxContext, event: EventPayload<'compartiment.doorEvent'>): Promise<void> {
  if (event.event !== 'door_opened_without_command') return;
  await insertDoorFailure(ctx.tx, {
    eboxId: event.eboxId,
    compartimentId: event.compartimentId,
    kind: 'openedWithoutCommand',
    at: event.at,
  });
  await requestEvaluation(ctx, event.eboxId);
}

/** An opening that jammed, failed or went unanswered is a door failure, recorded with its audit. */
export async function recordOpenFailure(ctx: TxContext, event: EventPayload<'compartiment.openFailed'>): Promise<void> {
  await insertDoorFailure(ctx.tx, {
    eboxId: event.eboxId,
    compartimentId: event.compartimentId,
    kind: DOOR_FAILURE_OF_OPENING[event.outcome],
    at: event.at,
  });
  await requestEvaluation(ctx, event.eboxId);
}
