import { z } from 'zod';
import { ALERT_KINDS, ALERT_LEVELS, type AlertKind, type AlertLevel, DOOR_FAILURE_KINDS, type DoorFailureKind } from './alert-kinds';

export * from './alert-kinds';

/**
 * The dashboard's alerts (issue 28 item 4, docs/dashboard.md "Alerts"), declared once: their kinds,
 * levels, default thresholds and the shape GET /dashboard lists them in.
 *
 * - lockerOffline: a locker silent (offline) for at least the threshold's minutes;
 * - lockerFull: a locker's occupancy ((occupied + booked) / enabled) at or above the threshold's
 *   percent for `occupancyMinutes` in a row;
 * - clusterFull: the same over a cluster's lockers together (the cluster's company's thresholds);
 * - doorFailures: one compartment's door failures (an opening that failed, jammed or went unanswered,
 *   or a door opened without a command) over the last 24 hours;
 * - parcelsOverdue: a company's parcels still in one locker past their overdue date.
 */
export type AlertThresholds = {
  /** Minutes offline. */
  lockerOffline: { warning: number; critical: number };
  /** Occupancy percent. */
  lockerFull: { warning: number; critical: number };
  /** Occupancy percent of a cluster's lockers together (the locker's thresholds). */
  clusterFull: { warning: number; critical: number };
  /** Failures of one compartment in 24 hours. */
  doorFailures: { warning: number; critical: number };
  /** Parcels past their overdue date in one locker. */
  parcelsOverdue: { warning: number; critical: number };
  /** How long occupancy stays at or above its threshold before the alert is raised. */
  occupancyMinutes: number;
};

export const DEFAULT_ALERT_THRESHOLDS: AlertThresholds = {
  lockerOffline: { warning: 10, critical: 60 },
  lockerFull: { warning: 90, critical: 100 },
  clusterFull: { warning: 90, critical: 100 },
  doorFailures: { warning: 3, critical: 5 },
  parcelsOverdue: { warning: 1, critical: 10 },
  occupancyMinutes: 30,
};

/**
 * The company settings' keys of each threshold (company.companySettings; none: the default). A
 * critical level below its warning level is read as the warning level.
 */
export const ALERT_THRESHOLD_SETTINGS = {
  lockerOffline: { warning: 'alertOfflineMinutes', critical: 'alertOfflineCriticalMinutes' },
  lockerFull: { warning: 'alertOccupancyPercent', critical: 'alertOccupancyCriticalPercent' },
  clusterFull: { warning: 'alertOccupancyPercent', critical: 'alertOccupancyCriticalPercent' },
  doorFailures: { warning: 'alertDoorFailures', critical: 'alertDoorFailuresCritical' },
  parcelsOverdue: { warning: 'alertOverdueParcels', critical: 'alertOverdueParcelsCritical' },
} as const satisfies Record<AlertKind, { warning: string; critical: string }>;
export const ALERT_OCCUPANCY_MINUTES_SETTING = 'alertOccupancyMinutes';

const positiveNumberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** A company's thresholds from its settings, each missing one the default. */
export function alertThresholdsOf(settings: Record<string, unknown> | null | undefined): AlertThresholds {
  const read = (kind: AlertKind) => {
    const keys = ALERT_THRESHOLD_SETTINGS[kind];
    const warning = positiveNumberOf(settings?.[keys.warning]) ?? DEFAULT_ALERT_THRESHOLDS[kind].warning;
    const critical = positiveNumberOf(settings?.[keys.critical]) ?? DEFAULT_ALERT_THRESHOLDS[kind].critical;
    return { warning, critical: Math.max(warning, critical) };
  };
  return {
    lockerOffline: read('lockerOffline'),
    lockerFull: read('lockerFull'),
    clusterFull: read('clusterFull'),
    doorFailures: read('doorFailures'),
    parcelsOverdue: read('parcelsOverdue'),
    occupancyMinutes: positiveNumberOf(settings?.[ALERT_OCCUPANCY_MINUTES_SETTING]) ?? DEFAULT_ALERT_THRESHOLDS.occupancyMinutes,
  };
}

/** The level a measured value reaches (null: below the warning threshold, no alert). */
export function alertLevelOf(value: number, threshold: { warning: number; critical: number }): AlertLevel | null {
  if (value >= threshold.critical) return 'critical';
  if (value >= threshold.warning) return 'warning';
  return null;
}

export const dashboardAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  level: z.enum(ALERT_LEVELS),
  /**
   * What was measured when the alert was raised or last changed level: minutes offline, occupancy
   * percent, door failures in 24 hours, parcels overdue.
   */
  value: z.number(),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The locker it is about (null for a cluster's). */
  ebox: z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }).nullable(),
  /** The cluster it is about (clusterFull only). */
  cluster: z.object({ id: z.string(), name: z.string() }).nullable(),
  compartiment: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  /** Since when the condition holds (the last heartbeat of an offline locker). */
  since: z.string(),
  openedAt: z.string(),
});
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;

/** A door that failed in the period: its compartment and how often, by kind. */
export const dashboardFailingDoorSchema = z.object({
  ebox: z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }),
  compartiment: z.object({ id: z.string(), number: z.number().int(), status: z.string() }),
  failures: z.number().int(),
  byKind: z.object(Object.fromEntries(DOOR_FAILURE_KINDS.map((kind) => [kind, z.number().int()])) as Record<DoorFailureKind, z.ZodNumber>),
  lastAt: z.string(),
});
export type DashboardFailingDoor = z.infer<typeof dashboardFailingDoorSchema>;
