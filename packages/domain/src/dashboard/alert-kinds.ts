/**
 * The dashboard's alert kinds and levels, and what counts as a door failure (docs/dashboard.md
 * "Alerts"): a module without zod, so a screen naming them does not load the schemas' code.
 */

export const ALERT_KINDS = ['lockerOffline', 'lockerFull', 'clusterFull', 'doorFailures', 'parcelsOverdue'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_LEVELS = ['warning', 'critical'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** The window door failures are counted over. */
export const DOOR_FAILURE_WINDOW_HOURS = 24;

/** What counts as a door failure: an opening's outcome, or the terminal's own report. */
export const DOOR_FAILURE_KINDS = ['jammed', 'failed', 'unanswered', 'openedWithoutCommand'] as const;
export type DoorFailureKind = (typeof DOOR_FAILURE_KINDS)[number];
