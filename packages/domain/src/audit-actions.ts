/**
 * Every action an audit entry may carry, declared once (issue 29, item 6): the API's writeAudit
 * takes only these names, so a new one fails the typecheck until it is listed here, and
 * test/audit-actions.test.ts fails until it reads in both languages (`auditLog.actions.<name>`).
 * An entity's declared actions (`routes.actions`, audited under their name) are checked by that
 * test too, since the kit audits them by a name it reads from the declaration.
 */
export const AUDIT_ACTIONS = [
  // Any record, through the kit or a module's own writes.
  'create',
  'update',
  'delete',
  'import',
  // Auth and IAM (modules/auth, modules/iam).
  'emailVerificationRequest',
  'passwordResetRequest',
  'passwordReset',
  'passwordChange',
  'rolesRemove',
  'invitationResend',
  // Enrolment of a terminal (modules/enrolment) and a locker's compartments (modules/ebox).
  'createToken',
  'enrol',
  'disenrol',
  'generateCompartiments',
  // A mail, SMS or customer message, as it was sent and as its provider reported it.
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  // What a terminal reports (modules/terminal-link), and the link's own verdicts on it.
  'online',
  'offline',
  'door_opened',
  'door_closed',
  'door_opened_without_command',
  'parcel_deposited',
  'parcel_taken',
  'rate_limited',
  // Commands from the console to a terminal (modules/terminal-commands).
  'open_compartment',
  'reboot',
  'restart_app',
  'sync',
  'apply_config',
  'apply_access_codes',
  'lock',
  'release',
  // An order moved or changed (modules/order): by a person, a locker or a job.
  'cancel',
  'parcelEvent',
  'updateStatus',
  'updateOverdue',
  'newAccessCode',
  'expireOverdue',
  // A customer's push devices (modules/message).
  'deviceRegister',
  'deviceRemove',
  // A webhook's deliveries and its changes (modules/webhook).
  'webhookDelivered',
  'webhookDeliveryFailed',
  'webhookDisabled',
  'webhookReplay',
  'webhookResend',
  'rotateSecret',
  // The dashboard's alerts on a locker or a cluster (modules/dashboard).
  'alertRaised',
  'alertLevelChanged',
  'alertResolved',
  // A packing's run (modules/packing): closed, or a delivery's compartment chosen again at print.
  'finish',
  'retarget',
  // A software release (modules/terminal-release): its moves, and each locker's command and progress.
  'pause',
  'resume',
  'retryFailed',
  'releaseStart',
  'releaseStage',
  'releaseComplete',
  'software_update',
  'software_update_progress',
  // The people at a locker's screen (modules/terminal-people): their sign-ins there, those refused,
  // and what they did under their own name (a lock or release is audited as the console's is).
  'operatorSignIn',
  'operatorSignInRefused',
  'operatorSignOut',
  'terminalPinChange',
  'compartment_test',
  'maintenance_start',
  'update_version',
] as const;

export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

const AUDIT_ACTION_SET: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

export function isAuditAction(action: string): action is AuditActionName {
  return AUDIT_ACTION_SET.has(action);
}

/**
 * The terminals' routine reports (docs/decisions.md "The terminals' routine reports"): what a
 * locker says about itself many times a day (coming online and going offline, each door's state,
 * its versions, a compartment's status following a parcel event), written by its terminal or by the
 * link on its behalf (a silence, a last will). Hidden on request (`filter[routine]=false`) so that
 * what people did stands out. Parcel events, a door opened without a command and a flood stay: they
 * are what someone asks about.
 */
export const ROUTINE_TERMINAL_ACTIONS = [
  'online',
  'offline',
  'door_opened',
  'door_closed',
  'update',
] as const satisfies readonly AuditActionName[];

/** The actor label of the link acting for a terminal (a silence, a last will, a flood). */
export const TERMINAL_LINK_ACTOR_LABEL = 'system:terminalLink';
/** A terminal's actor label starts with this (`terminal:<terminalId>`). */
export const TERMINAL_ACTOR_PREFIX = 'terminal:';

/** Whether an entry is one of the terminals' routine reports (the API's SQL condition says the same). */
export function isRoutineTerminalReport(entry: { action?: string | null; actorLabel?: string | null }): boolean {
  const actor = entry.actorLabel ?? '';
  const byTerminal = actor.startsWith(TERMINAL_ACTOR_PREFIX) || actor === TERMINAL_LINK_ACTOR_LABEL;
  return byTerminal && (ROUTINE_TERMINAL_ACTIONS as readonly string[]).includes(entry.action ?? '');
}

/**
 * Entries that are events at a locker's door rather than edits of a record: the log words them as
 * one sentence ("Porta 4 aberta") instead of a field diff. Their values hold the door's `number` and
 * locker (`ebox`).
 */
export const AUDIT_EVENT_ACTIONS = [
  'door_opened',
  'door_closed',
  'door_opened_without_command',
  'parcel_deposited',
  'parcel_taken',
  'open_compartment',
] as const satisfies readonly AuditActionName[];
