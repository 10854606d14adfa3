import { randomUUID } from 'node:crypto';
import {
  buildCompartmentMapping,
  COMPARTIMENT_HOLDING_STATUSES,
  type CompartimentStatus,
  classifyTerminalResponse,
  createTerminalCommand,
  ENTITIES,
  type EventPayload,
  hashCompartmentMapping,
  isEboxExtensionAction,
  TERMINAL_ACTION_PERMISSIONS,
  type TerminalAction,
  type TerminalResponseClass,
  translatorFor,
} from '@ebox/domain';
import type { z } from 'zod';
import { presentRow } from '../../kit/present';
import { findRowsInScope, type Row, resourceOf, updateRow } from '../../kit/repository';
import type { CompanyScope } from '../../platform/access';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { enqueueJob } from '../../platform/jobs/queue';
import type { CommandOutcome } from '../../platform/mqtt';
import { applyConfigJob } from './jobs';
import { type CommandLocker, findCommandLocker, findCompartmentWiring, findDoor, setActionSupport } from './repository';

/**
 * Commands from the console to a locker's terminal (issue 14, item 5): open a compartment, reboot,
 * restart the app, sync, and the console's own apply_config; plus lock and release, which change
 * only the console's record.
 *
 * - A command goes only to an online locker (else "Could not communicate with Locker" at once).
 * - It is sent once under a new transaction_id and awaited for TERMINAL_COMMAND_TIMEOUT_SECONDS.
 *   No answer is outcome "unknown": the door may have opened, so it is never re-sent by the
 *   console (a new transaction_id would open it twice); a person decides.
 * - Every command is audited, in one transaction after the answer, with who sent it, its
 *   transaction_id and how the terminal answered. No transaction is held open while waiting.
 * - An extension answered INVALID_COMMAND (a plain Open-Locker device) goes into the locker's
 *   unsupportedActions (audited); a later success takes it out again (the terminal was updated).
 */

/** What the API answers when a command did not do what was asked. */
export const COMMAND_FAILURE_OUTCOMES = ['offline', 'unknown', 'jammed', 'refused', 'unsupported', 'failed'] as const;
export type CommandFailureOutcome = (typeof COMMAND_FAILURE_OUTCOMES)[number];
export type CommandFailure = { ok: false; outcome: CommandFailureOutcome; message: string; transactionId?: string; errorCode?: string };

/** The HTTP status of each failure: the body (`{message, outcome}`) says the rest. */
export const COMMAND_FAILURE_STATUS: Record<CommandFailureOutcome, 409 | 501 | 502 | 503 | 504> = {
  offline: 503,
  unknown: 504,
  jammed: 409,
  refused: 409,
  unsupported: 501,
  failed: 502,
};

/** Sent by people from the console, with the permission each needs (spec 6). */
export const CONSOLE_ACTIONS = ['reboot', 'restart_app', 'sync'] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

const eboxResource = () => resourceOf(ENTITIES.ebox as never);
const compartimentResource = () => resourceOf(ENTITIES.compartiment as never);

function scopeOfContext(ctx: ServiceContext): CompanyScope {
  return { companyIds: principalOf(ctx.actor).companyIds };
}

function commandTimeoutMs(ctx: ServiceContext): number {
  return ctx.deps.config.mqtt.commandTimeoutSeconds * 1000;
}

/** The heartbeat interval asked in apply_config: a whole number of seconds ≥ 1, never longer than the console's. */
function heartbeatSecondsOf(ctx: ServiceContext): number {
  return Math.max(1, Math.floor(ctx.deps.config.mqtt.heartbeatIntervalSeconds));
}

type Sent =
  | { kind: 'offline' }
  | { kind: 'timeout'; transactionId: string }
  | { kind: 'answered'; transactionId: string; answer: TerminalResponseClass };

/**
 * Sends one command and awaits its answer; no database work here (nothing is held open while the
 * terminal thinks). The command is built with the contract's builder, so a malformed one is a bug
 * that throws before it reaches a terminal.
 */
async function send<A extends TerminalAction>(ctx: ServiceContext, locker: CommandLocker, action: A, data: object): Promise<Sent> {
  const link = ctx.deps.mqtt;
  if (!link || !locker.terminalId || locker.status !== 'online' || !link.client.client.connected) return { kind: 'offline' };
  const command = createTerminalCommand(action, data as never, { transactionId: randomUUID() });
  let outcome: CommandOutcome;
  try {
    outcome = await link.client.sendCommand({
      lockerUuid: locker.terminalId,
      action,
      data: command.data as Record<string, unknown>,
      transactionId: command.transaction_id,
      timeoutMs: commandTimeoutMs(ctx),
    });
  } catch (error) {
    ctx.log.warn({ err: error, eboxId: locker.id, action }, 'terminal command could not be published');
    return { kind: 'offline' };
  }
  if (outcome.status === 'timeout') return { kind: 'timeout', transactionId: outcome.transactionId };
  const response = outcome.response as { action?: string; result?: string; error_code?: string; message?: string };
  return {
    kind: 'answered',
    transactionId: outcome.transactionId,
    answer: classifyTerminalResponse({
      action: typeof response.action === 'string' ? response.action : action,
      result: response.result === 'success' ? 'success' : 'error',
      ...(typeof response.error_code === 'string' ? { error_code: response.error_code } : {}),
      ...(typeof response.message === 'string' ? { message: response.message } : {}),
    }),
  };
}

/** The outcome the audit records: the answer's kind, 'unknown' after a time-out, 'offline' when never sent. */
function recordedOutcome(sent: Sent): string {
  if (sent.kind === 'offline') return 'offline';
  if (sent.kind === 'timeout') return 'unknown';
  return sent.answer.kind;
}

function auditDetailsOf(sent: Sent): Record<string, unknown> {
  return {
    outcome: recordedOutcome(sent),
    ...(sent.kind !== 'offline' ? { transactionId: sent.transactionId } : {}),
    ...(sent.kind === 'answered' && sent.answer.errorCode ? { errorCode: sent.answer.errorCode } : {}),
    ...(sent.kind === 'answered' && sent.answer.message ? { terminalMessage: sent.answer.message } : {}),
  };
}

/** The failure the caller sees, translated, or null when the command did what was asked. */
function failureOf(ctx: ServiceContext, sent: Sent, action: TerminalAction, compartmentNumber?: number): CommandFailure | null {
  const t = translatorFor(ctx.language);
  if (sent.kind === 'offline') return { ok: false, outcome: 'offline', message: t('terminalCommands.couldNotCommunicate') };
  if (sent.kind === 'timeout')
    return { ok: false, outcome: 'unknown', message: t('terminalCommands.couldNotCommunicate'), transactionId: sent.transactionId };
  const { kind, errorCode, message } = sent.answer;
  if (kind === 'opened' || kind === 'done') return null;
  const base = { ok: false as const, transactionId: sent.transactionId, ...(errorCode ? { errorCode } : {}) };
  if (kind === 'unsupported') {
    return {
      ...base,
      outcome: 'unsupported',
      message: t('terminalCommands.unsupported', { action: t(`terminalCommands.actions.${action}`) }),
    };
  }
  // The terminal's own reason when it gave one (the issue: "or the terminal's own reason").
  if (kind === 'jammed')
    return { ...base, outcome: 'jammed', message: message ?? t('terminalCommands.jammed', { number: compartmentNumber }) };
  if (kind === 'refused') return { ...base, outcome: 'refused', message: message ?? t('terminalCommands.refused') };
  return { ...base, outcome: 'failed', message: message ?? t('terminalCommands.failed') };
}

/** Records an extension's support as the terminal's answer showed it (audited when it changes). */
async function recordSupport(ctx: TxContext, locker: CommandLocker, action: TerminalAction, sent: Sent): Promise<void> {
  if (sent.kind !== 'answered' || !isEboxExtensionAction(action)) return;
  const supported = sent.answer.kind !== 'unsupported';
  const changed = await setActionSupport(ctx.tx, locker.id, action, supported);
  if (!changed) return;
  const record = { name: locker.name, company: locker.company };
  await writeAudit(ctx.tx, {
    entityName: 'ebox',
    entityId: locker.id,
    action: 'update',
    before: { ...record, unsupportedActions: changed.before },
    after: { ...record, unsupportedActions: changed.after },
    by: auditByOf(principalOf(ctx.actor)),
  });
}

async function compartmentInScope(ctx: ServiceContext, id: string, lock = false): Promise<Row> {
  const [row] = await findRowsInScope(dbOf(ctx), compartimentResource(), [id], scopeOfContext(ctx), { lock });
  if (!row) throw notFound();
  return row;
}

async function lockerOf(ctx: ServiceContext, eboxId: string): Promise<CommandLocker> {
  const locker = await findCommandLocker(dbOf(ctx), eboxId);
  if (!locker) throw notFound();
  return locker;
}

export type OpenResult = {
  ok: true;
  status: 'opened';
  transactionId: string;
  compartiment: { id: string; number: number; doorOpen: boolean };
};

/** GET /compartiment/open/{id}?orderId: opens one compartment; 200 only when its terminal says it opened. */
export async function openCompartiment(ctx: ServiceContext, id: string, orderId?: string): Promise<OpenResult | CommandFailure> {
  authorize(ctx, TERMINAL_ACTION_PERMISSIONS.open_compartment);
  const compartment = await compartmentInScope(ctx, id);
  const number = Number(compartment.number);
  const locker = await lockerOf(ctx, String(compartment.ebox));
  const sent = await send(ctx, locker, 'open_compartment', { compartment_number: number });
  const failure = failureOf(ctx, sent, 'open_compartment', number);
  await inTransaction(ctx, async (tx) => {
    await writeAudit(tx.tx, {
      entityName: 'compartiment',
      entityId: compartment.id,
      action: 'open_compartment',
      after: { ebox: locker.id, number, ...(orderId ? { orderId } : {}), ...auditDetailsOf(sent) },
      by: auditByOf(principalOf(tx.actor)),
    });
  });
  if (failure) return failure;
  return {
    ok: true,
    status: 'opened',
    transactionId: (sent as { transactionId: string }).transactionId,
    // The door as last reported: the terminal's snapshot (or door event) may still be on its way.
    compartiment: { id: compartment.id, number, doorOpen: await findDoor(dbOf(ctx), compartment.id) },
  };
}

/** POST /ebox/terminal/send {ebox, type_message}: reboot, restart the app or sync, each under its own permission. */
export async function sendTerminalAction(
  ctx: ServiceContext,
  input: { ebox: string; type_message: ConsoleAction },
): Promise<{ ok: true; outcome: 'done'; transactionId: string } | CommandFailure> {
  const action = input.type_message;
  authorize(ctx, TERMINAL_ACTION_PERMISSIONS[action]);
  const [row] = await findRowsInScope(dbOf(ctx), eboxResource(), [input.ebox], scopeOfContext(ctx));
  if (!row) throw notFound();
  const locker = await lockerOf(ctx, row.id);
  const sent = await send(ctx, locker, action, {});
  const failure = failureOf(ctx, sent, action);
  await inTransaction(ctx, async (tx) => {
    await writeAudit(tx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action,
      after: { name: locker.name, company: locker.company, ...auditDetailsOf(sent) },
      by: auditByOf(principalOf(tx.actor)),
    });
    await recordSupport(tx, locker, action, sent);
  });
  if (failure) return failure;
  return { ok: true, outcome: 'done', transactionId: (sent as { transactionId: string }).transactionId };
}

/**
 * PUT /compartiment/lock/{id} {status}: DAMAGE takes a compartment out of use, AVAILABLE puts it
 * back. Refused while it holds a parcel (its order would lose its door). Audited as lock or release,
 * with compartiment.statusChanged in the same transaction.
 */
export async function lockCompartiment(ctx: ServiceContext, id: string, status: 'DAMAGE' | 'AVAILABLE') {
  authorize(ctx, 'compartimentLock');
  return inTransaction(ctx, async (tx) => {
    const before = await compartmentInScope(tx, id, true);
    const previous = ((before.status as CompartimentStatus | null) ?? 'AVAILABLE') as CompartimentStatus;
    let row = before;
    if (previous !== status) {
      if ((COMPARTIMENT_HOLDING_STATUSES as readonly string[]).includes(previous)) {
        throw badRequest('terminalCommands.holdsParcel', { number: before.number });
      }
      row = await updateRow(tx.tx, compartimentResource(), id, { status, updatedById: principalOf(tx.actor).userId });
      await writeAudit(tx.tx, {
        entityName: 'compartiment',
        entityId: id,
        action: status === 'DAMAGE' ? 'lock' : 'release',
        before,
        after: row,
        by: auditByOf(principalOf(tx.actor)),
      });
      await publishEvent(tx, 'compartiment.statusChanged', {
        eboxId: String(row.ebox),
        compartimentId: id,
        number: Number(row.number),
        status,
        previousStatus: previous,
        at: new Date().toISOString(),
      });
    }
    return presentRow(tx.tx, ENTITIES.compartiment as never, row, scopeOfContext(tx));
  });
}

/** Queues apply_config for a locker in the caller's transaction (sent once it commits). */
export async function enqueueApplyConfig(ctx: TxContext, eboxId: string, reason: z.input<typeof applyConfigJob.payload>['reason']) {
  await enqueueJob(ctx, applyConfigJob, { eboxId, reason });
}

/**
 * Sends apply_config to an online locker with the mapping of its compartments and the console's
 * heartbeat interval, and audits the answer. An offline locker, or one without numbered and wired
 * compartments, is left alone: it gets its mapping when it comes online, or once it has them.
 */
export async function applyConfig(ctx: ServiceContext, eboxId: string, reason: string): Promise<string | null> {
  if (!ctx.deps.mqtt) throw new Error('apply_config needs a process that runs the terminal link (an API process)');
  const locker = await findCommandLocker(dbOf(ctx), eboxId);
  if (!locker?.terminalId || locker.status !== 'online') return null;
  const compartments = buildCompartmentMapping(await findCompartmentWiring(dbOf(ctx), eboxId));
  if (!compartments.length) return null;
  const configHash = await hashCompartmentMapping(compartments);
  const sent = await send(ctx, locker, 'apply_config', {
    config_hash: configHash,
    heartbeat_interval_seconds: heartbeatSecondsOf(ctx),
    compartments,
  });
  await inTransaction(ctx, async (tx) => {
    await writeAudit(tx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action: 'apply_config',
      after: {
        name: locker.name,
        company: locker.company,
        reason,
        configHash,
        compartiments: compartments.length,
        ...auditDetailsOf(sent),
      },
      by: auditByOf(principalOf(tx.actor)),
    });
  });
  return recordedOutcome(sent);
}

export async function runApplyConfigJob(ctx: ServiceContext, payload: { eboxId: string; reason: string }): Promise<void> {
  await applyConfig(ctx, payload.eboxId, payload.reason);
}

export async function applyConfigOnStatusChange(ctx: ServiceContext, payload: EventPayload<'ebox.statusChanged'>): Promise<void> {
  if (payload.status === 'online') await applyConfig(ctx, payload.eboxId, 'online');
}
