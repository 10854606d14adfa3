import { z } from 'zod';
import { describeOrigin } from './envelope';

/**
 * A software release reaching one locker (issue 31), declared once: what the console sends
 * (software_update), what the terminal reports back (software_update_progress events), the states
 * the console keeps per locker and release, and the maintenance-window rule both sides apply.
 * The wire stays snake_case like the rest of the contract.
 *
 * Idempotency: a terminal runs one update per release; the same release commanded again (a QoS 1
 * redelivery, a new transaction_id, a console that restarted) never starts a second download: the
 * terminal answers and reports where it is. Every progress event names its release, the command's
 * attempt and a sequence that grows with each event the terminal sends for that release, so the
 * console drops a replayed or late one (applySoftwareUpdateProgress).
 */

/** What a release installs: the terminal application (a version) or its UI (a terminalUiVersion build). */
export const SOFTWARE_UPDATE_KINDS = ['application', 'ui'] as const;
export type SoftwareUpdateKind = (typeof SOFTWARE_UPDATE_KINDS)[number];

/** At most this many download attempts per locker and release; the console re-sends with a new URL and attempt + 1. */
export const SOFTWARE_UPDATE_MAX_ATTEMPTS = 3;
/** A signed download URL is valid this long; a retry gets a fresh one. */
export const SOFTWARE_UPDATE_URL_VALIDITY_SECONDS = 3_600;
/** A locker silent this long in a step (no progress event) is timed out by the console. */
export const SOFTWARE_UPDATE_SILENCE_TIMEOUT_MINUTES = 30;

/** 'HH:mm', 00:00 to 23:59. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day must be HH:mm (00:00 to 23:59)');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * When a terminal may install: from start to end in the locker's own time zone (IANA). A window
 * whose end is before its start crosses midnight (22:00 to 04:00); start equal to end means all day.
 */
export const maintenanceWindowSchema = z
  .strictObject({
    start: clockTimeSchema,
    end: clockTimeSchema,
    time_zone: z.string().refine(isTimeZone, 'time_zone must be an IANA time zone (e.g. America/Sao_Paulo)'),
  })
  .meta(describeOrigin('ebox', 'Maintenance window'));
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

/** Spec default: 02:00 to 05:00 in the locker's time zone (a setting per company and per locker overrides it). */
export const DEFAULT_MAINTENANCE_WINDOW: Omit<MaintenanceWindow, 'time_zone'> = { start: '02:00', end: '05:00' };

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The minute of the day (0 to 1439) `now` is in a time zone. */
export function minuteOfDayIn(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** Whether `now` falls inside the window (start included, end excluded), read in the window's time zone. */
export function isWithinMaintenanceWindow(window: MaintenanceWindow, now: Date): boolean {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return true;
  const minute = minuteOfDayIn(now, window.time_zone);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

const sha256Schema = z.string().regex(/^[A-Fa-f0-9]{64}$/, 'sha256 must be 64 hexadecimal characters');
const releaseIdSchema = z.string().min(1, 'release_id must be a non-empty string');
const attemptSchema = z.int().min(1, 'attempt must be an integer ≥ 1');

/** The data of the software_update command (commands.ts wraps it in the command envelope). */
export const softwareUpdateDataSchema = z.looseObject({
  /** The release this update belongs to: the terminal runs one update per release. */
  release_id: releaseIdSchema,
  kind: z.enum(SOFTWARE_UPDATE_KINDS, { error: 'kind must be application or ui' }),
  /** The version's number (application) or the build's identification (ui), as the terminal will report it. */
  version: z.string().min(1, 'version must be a non-empty string'),
  /** Signed download URL, valid SOFTWARE_UPDATE_URL_VALIDITY_SECONDS; re-issued on each attempt. */
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) address of the package' }),
  /** The build's SHA-256, checked by the terminal before installing. */
  sha256: sha256Schema,
  /** The build's size in bytes, checked with the hash. */
  size: z.int().min(0, 'size must be an integer ≥ 0'),
  maintenance_window: maintenanceWindowSchema,
  /** 1 for the first command of a release to this locker, then + 1 on each re-send (new URL). */
  attempt: attemptSchema,
});
export type SoftwareUpdateData = z.infer<typeof softwareUpdateDataSchema>;

/** What a terminal reports, in this order; the last three end the update (for this attempt). */
export const SOFTWARE_UPDATE_PROGRESS_STATES = [
  'downloading',
  'downloaded',
  'waiting-idle',
  'installing',
  'succeeded',
  'already-installed',
  'failed',
] as const;
export type SoftwareUpdateProgressState = (typeof SOFTWARE_UPDATE_PROGRESS_STATES)[number];

/**
 * Why an update failed, as the terminal says it; any other non-empty reason is accepted too (a
 * newer terminal's) and shown as it is, with `detail` in the terminal's words.
 */
export const SOFTWARE_UPDATE_FAILURE_REASONS = ['checksum-mismatch', 'download-failed', 'install-failed', 'no-space'] as const;
export type SoftwareUpdateFailureReason = (typeof SOFTWARE_UPDATE_FAILURE_REASONS)[number];
/** Failures of the download, which a new attempt (fresh URL) may cure; an install failure is not retried. */
export const SOFTWARE_UPDATE_RETRYABLE_REASONS: readonly string[] = ['download-failed', 'checksum-mismatch'];

/** The data of the software_update_progress event (events.ts wraps it in the event envelope). */
export const softwareUpdateProgressDataSchema = z
  .looseObject({
    release_id: releaseIdSchema,
    /** The attempt of the command this progress answers. */
    attempt: attemptSchema,
    /** Grows by at least 1 with each progress event the terminal sends for this release, across attempts. */
    sequence: z.int().min(1, 'sequence must be an integer ≥ 1'),
    state: z.enum(SOFTWARE_UPDATE_PROGRESS_STATES, { error: `state must be one of ${SOFTWARE_UPDATE_PROGRESS_STATES.join(', ')}` }),
    kind: z.enum(SOFTWARE_UPDATE_KINDS, { error: 'kind must be application or ui' }),
    version: z.string().min(1, 'version must be a non-empty string'),
    /** With failed: one of SOFTWARE_UPDATE_FAILURE_REASONS (or a newer terminal's own). */
    reason: z.string().min(1, 'reason must be a non-empty string').optional(),
    /** The terminal's own words on a failure or a wait (e.g. "door 3 open", "outside 02:00-05:00"). */
    detail: z.string().min(1).optional(),
    /** With downloading/downloaded: bytes received so far. */
    bytes: z.int().min(0).optional(),
  })
  .superRefine((data, ctx) => {
    if (data.state === 'failed' && !data.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a failed update says why (reason)' });
  });
export type SoftwareUpdateProgressData = z.infer<typeof softwareUpdateProgressDataSchema>;

/**
 * The state the console keeps per locker in a release: waiting (not commanded yet), sent (command
 * published), the terminal's progress states, timed-out (silent SOFTWARE_UPDATE_SILENCE_TIMEOUT_MINUTES
 * in a step), skipped (offline past the release's end) and not-updatable (the terminal answered the
 * command INVALID_COMMAND: it predates software updates; shown so, never as failed).
 */
export const SOFTWARE_UPDATE_STATES = [
  'waiting',
  'sent',
  ...SOFTWARE_UPDATE_PROGRESS_STATES,
  'timed-out',
  'skipped',
  'not-updatable',
] as const;
export type SoftwareUpdateState = (typeof SOFTWARE_UPDATE_STATES)[number];

/** States after which nothing more happens for this locker in this release (failed and timed-out may still be retried, see below). */
export const SOFTWARE_UPDATE_FINAL_STATES = [
  'succeeded',
  'already-installed',
  'failed',
  'timed-out',
  'skipped',
  'not-updatable',
] as const satisfies readonly SoftwareUpdateState[];
/** Final states that count as success for a stage's threshold. */
export const SOFTWARE_UPDATE_SUCCESS_STATES = ['succeeded', 'already-installed'] as const satisfies readonly SoftwareUpdateState[];
/** Final states that count as failures for the pause threshold (not-updatable and skipped do not). */
export const SOFTWARE_UPDATE_FAILURE_STATES = ['failed', 'timed-out'] as const satisfies readonly SoftwareUpdateState[];

const TERMINAL_OUTCOMES = ['succeeded', 'already-installed', 'failed'] as const;

/**
 * Every allowed move, declared once. The terminal's progress only goes forward, but a step may be
 * skipped (an event lost or a terminal that already had the build), so each active state lists all
 * later ones. failed and timed-out go back to sent when the console re-sends (attempt + 1, at most
 * SOFTWARE_UPDATE_MAX_ATTEMPTS); a timed-out locker whose late report says it installed is believed.
 * A locker known not to be updatable (it answered INVALID_COMMAND before) may be marked so unsent;
 * one commanded but never heard from before the release's end may be skipped.
 */
export const SOFTWARE_UPDATE_TRANSITIONS: Record<SoftwareUpdateState, readonly SoftwareUpdateState[]> = {
  waiting: ['sent', 'skipped', 'not-updatable'],
  sent: ['downloading', 'downloaded', 'waiting-idle', 'installing', ...TERMINAL_OUTCOMES, 'timed-out', 'skipped', 'not-updatable'],
  downloading: ['downloaded', 'waiting-idle', 'installing', ...TERMINAL_OUTCOMES, 'timed-out'],
  downloaded: ['waiting-idle', 'installing', ...TERMINAL_OUTCOMES, 'timed-out'],
  'waiting-idle': ['installing', ...TERMINAL_OUTCOMES, 'timed-out'],
  installing: [...TERMINAL_OUTCOMES, 'timed-out'],
  succeeded: [],
  'already-installed': [],
  failed: ['sent'],
  'timed-out': ['sent', 'succeeded', 'already-installed'],
  skipped: [],
  'not-updatable': [],
};

export function canMoveSoftwareUpdate(from: SoftwareUpdateState, to: SoftwareUpdateState): boolean {
  return SOFTWARE_UPDATE_TRANSITIONS[from].includes(to);
}

export function isFinalSoftwareUpdateState(state: SoftwareUpdateState): boolean {
  return (SOFTWARE_UPDATE_FINAL_STATES as readonly string[]).includes(state);
}

/** Whether a failed locker may be commanded again: a download failure with attempts left. */
export function canRetrySoftwareUpdate(tracking: { state: SoftwareUpdateState; attempt: number; reason?: string | null }): boolean {
  if (tracking.attempt >= SOFTWARE_UPDATE_MAX_ATTEMPTS) return false;
  if (tracking.state === 'timed-out') return true;
  return tracking.state === 'failed' && SOFTWARE_UPDATE_RETRYABLE_REASONS.includes(tracking.reason ?? '');
}

/** What the console holds for one locker in one release, enough to judge the next progress event. */
export interface SoftwareUpdateTracking {
  state: SoftwareUpdateState;
  /** The attempt of the last command sent (0 before any). */
  attempt: number;
  /** The highest sequence applied in this attempt: 0 before any progress, and again after each send (a terminal that lost its state counts from 1 again). */
  sequence: number;
}

export type SoftwareUpdateProgressVerdict =
  | { apply: true; next: SoftwareUpdateTracking }
  | {
      apply: false;
      /** otherAttempt: from an earlier command; stale: sequence already passed (replay, out of order); unchanged: same state again; notAllowed: the machine forbids it. */
      reason: 'otherAttempt' | 'stale' | 'unchanged' | 'notAllowed';
    };

/**
 * Decides whether a progress event moves a locker's update: only the current attempt's, only a
 * sequence beyond the last applied, only a move the machine allows. Anything else is a replay or
 * a late message and is dropped, so repeated messages are harmless.
 */
export function applySoftwareUpdateProgress(
  current: SoftwareUpdateTracking,
  progress: Pick<SoftwareUpdateProgressData, 'attempt' | 'sequence' | 'state'>,
): SoftwareUpdateProgressVerdict {
  if (progress.attempt !== current.attempt) return { apply: false, reason: 'otherAttempt' };
  if (progress.sequence <= current.sequence) return { apply: false, reason: 'stale' };
  if (progress.state === current.state) return { apply: false, reason: 'unchanged' };
  if (!canMoveSoftwareUpdate(current.state, progress.state)) return { apply: false, reason: 'notAllowed' };
  return { apply: true, next: { state: progress.state, attempt: current.attempt, sequence: progress.sequence } };
}

/** The state diagram of SOFTWARE_UPDATE_TRANSITIONS (Mermaid), for docs/terminal-link.md. */
export function renderSoftwareUpdateDiagram(): string {
  const lines = ['stateDiagram-v2', '  [*] --> waiting'];
  for (const [from, targets] of Object.entries(SOFTWARE_UPDATE_TRANSITIONS)) {
    for (const to of targets) lines.push(`  ${mermaidId(from)} --> ${mermaidId(to)}`);
  }
  for (const state of SOFTWARE_UPDATE_FINAL_STATES)
    if (SOFTWARE_UPDATE_TRANSITIONS[state].length === 0) lines.push(`  ${mermaidId(state)} --> [*]`);
  return lines.join('\n');
}

function mermaidId(state: string): string {
  return state.replace(/-/g, '_');
}
