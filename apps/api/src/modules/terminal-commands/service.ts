import { randomUUID } from 'node:crypto';
import {
  buildCompartmentMapping,
  COMPARTIMENT_HOLDING_STATUSES,
  COMPARTIMENT_STATUSES,
  type CompartimentStatus,
  checkCompartmentWiring,
  classifyTerminalResponse,
  createTerminalCommand,
  DECLARED_ENTITIES,
  DEFAULT_RELAY_CHANNELS,
  describeConfigError,
  describeMisconfiguration,
  EBOX_MISCONFIGURED_STATUSES,
  type EboxConfigStatus,
  type EventPayload,
  hashCompartmentMapping,
  isEboxExtensionAction,
  isUuid,
  lockerAccessOf,
  ORDER_LIVE_STATUSES,
  orderHoldsCompartment,
  TERMINAL_ACTION_PERMISSIONS,
  type TerminalAction,
  type TerminalCommandOf,
  type TerminalResponseClass,
  translatorFor,
} from '@ebox/domain';
import type { z } from 'zod';
import { presentRow } from '../../kit/present';
import { findRowsInScope, type Row, resourceOf, updateRow } from '../../kit/repository';
import { type CompanyScope, scopeOfActor } from '../../platform/access';
import { type AuditEntry, auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { type EnqueueContext, enqueueJob } from '../../platform/jobs/queue';
import type { CommandOutcome } from '../../platform/mqtt';
import { findLockerRuns } from '../packing/run-repository';
import { applyAccessCodesJob, applyConfigJob } from './jobs';
import {
  type CommandLocker,
  findCommandLocker,
  findCompartmentWiring,
  findDoor,
  findLiveAccessCodes,
  setActionSupport,
  setConfigState,
} from './repository';

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
export const COMMAND_FAILURE_OUTCOMES = ['offline', 'unknown', 'jammed', 'refused', 'unsupported', 'failed', 'misconfigured'] as const;
export type CommandFailureOutcome = (typeof COMMAND_FAILURE_OUTCOMES)[number];
export type CommandFailure = { ok: false; outcome: CommandFailureOutcome; message: string; transactionId?: string; errorCode?: string };

/**
 * The HTTP status of each failure (the body, `{message, outcome}`, says the rest). Never 5xx: HTTP
 * clients retry a GET answered 502-504 on their own, and a retried opening is a second opening.
 */
export const COMMAND_FAILURE_STATUS: Record<CommandFailureOutcome, 409 | 422 | 424> = {
  offline: 409,
  unknown: 424,
  jammed: 409,
  refused: 409,
  unsupported: 422,
  failed: 424,
  misconfigured: 409,
};

/** Sent by people from the console, with the permission each needs (spec 6). */
export const CONSOLE_ACTIONS = ['reboot', 'restart_app', 'sync'] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

const eboxResource = () => resourceOf(DECLARED_ENTITIES.ebox);
const compartimentResource = () => resourceOf(DECLARED_ENTITIES.compartiment);
const orderResource = () => resourceOf(DECLARED_ENTITIES.order);

function scopeOfContext(ctx: ServiceContext): CompanyScope {
  return scopeOfActor(ctx.actor);
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
  | {
      kind: 'answered';
      transactionId: string;
      answer: TerminalResponseClass;
      response: Record<string, unknown>;
      /** open_compartment: the door in the snapshot the terminal published for this command, if one came. */
      reportedDoors?: Map<number, string>;
    };

/**
 * Sends one command and awaits its answer; no database work here (nothing is held open while the
 * terminal thinks). The command is built with the contract's builder, so a malformed one is a bug
 * that throws before it reaches a terminal.
 */
async function send<A extends TerminalAction>(
  ctx: ServiceContext,
  locker: CommandLocker,
  action: A,
  data: TerminalCommandOf<A>['data'],
): Promise<Sent> {
  const link = ctx.deps.mqtt;
  if (!link || !locker.terminalId || locker.status !== 'online' || !link.client.client.connected) return { kind: 'offline' };
  const command = createTerminalCommand(action, data, { transactionId: randomUUID() });
  let outcome: CommandOutcome;
  try {
    outcome = await link.client.sendCommand({
      lockerUuid: locker.terminalId,
      action,
      data: command.data,
      transactionId: command.transaction_id,
      timeoutMs: commandTimeoutMs(ctx),
      // The door this opening made: the snapshot the terminal publishes before its answer.
      watchDoors: action === 'open_compartment',
    });
  } catch (error) {
    ctx.log.warn({ err: error, eboxId: locker.id, action }, 'terminal command could not be published');
    return { kind: 'offline' };
  }
  if (outcome.status === 'timeout') return { kind: 'timeout', transactionId: outcome.transactionId };
  const response = outcome.response;
  return {
    kind: 'answered',
    transactionId: outcome.transactionId,
    response: outcome.response,
    ...(outcome.reportedDoors ? { reportedDoors: outcome.reportedDoors } : {}),
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

/** A command the terminal answered it did what was asked, under this transaction_id. */
type Done = { ok: true; transactionId: string };

/** The failure the caller sees, translated, or the command's transaction_id when it did what was asked. */
function resultOf(ctx: ServiceContext, sent: Sent, action: TerminalAction, compartmentNumber?: number): CommandFailure | Done {
  const t = translatorFor(ctx.language);
  if (sent.kind === 'offline') return { ok: false, outcome: 'offline', message: t('terminalCommands.couldNotCommunicate') };
  if (sent.kind === 'timeout')
    return { ok: false, outcome: 'unknown', message: t('terminalCommands.couldNotCommunicate'), transactionId: sent.transactionId };
  const { kind, errorCode, message } = sent.answer;
  if (kind === 'opened' || kind === 'done') return { ok: true, transactionId: sent.transactionId };
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
  if (changed) await auditLockerUpdate(ctx, locker, { unsupportedActions: changed.before }, { unsupportedActions: changed.after });
}

/** An update of the locker's record the console makes from a terminal's answer, audited with the locker's name and company. */
async function auditLockerUpdate(ctx: TxContext, locker: CommandLocker, before: object, after: object): Promise<void> {
  const record = { name: locker.name, company: locker.company };
  await writeAudit(ctx.tx, {
    entityName: 'ebox',
    entityId: locker.id,
    action: 'update',
    before: { ...record, ...before },
    after: { ...record, ...after },
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

/**
 * Why the console will not drive this locker's doors, translated, or null. Its terminal refused the
 * mapping (or was never sent one, the check found it wrong) and keeps an older or its legacy one:
 * an opening would pulse another door's relay while answering "opened".
 */
function misconfigurationOf(ctx: ServiceContext, locker: Pick<CommandLocker, 'configStatus' | 'configError'>): string | null {
  if (!EBOX_MISCONFIGURED_STATUSES.some((status) => status === locker.configStatus)) return null;
  return describeMisconfiguration(translatorFor(ctx.language), locker.configStatus, locker.configError);
}

export type OpenResult = {
  ok: true;
  status: 'opened';
  transactionId: string;
  /**
   * doorOpen: the door in the snapshot the terminal published for this opening (doorReported true),
   * else the door as last stored (doorReported false: no snapshot came before the answer).
   */
  compartiment: { id: string; number: number; doorOpen: boolean; doorReported: boolean };
};

/**
 * Opening "for an order" (the order page's button) names an order the caller may see that holds
 * this compartment: the audit then says which parcel the door was opened for, and a wrong or
 * foreign order id, or an order that no longer holds it (picked up, canceled), opens nothing rather than recording a door opened for a parcel that is not there.
 */
async function checkOrderInCompartment(ctx: ServiceContext, orderId: string, compartmentId: string, number: number): Promise<void> {
  const [order] = isUuid(orderId) ? await findRowsInScope(dbOf(ctx), orderResource(), [orderId], scopeOfContext(ctx)) : [];
  if (!order || order.compartiment !== compartmentId || !orderHoldsCompartment(order.status)) {
    throw badRequest('terminalCommands.orderNotInCompartment', { number });
  }
}

/** GET /compartiment/open/{id}?orderId: opens one compartment; 200 only when its terminal says it opened. */
export async function openCompartiment(ctx: ServiceContext, id: string, orderId?: string): Promise<OpenResult | CommandFailure> {
  authorize(ctx, TERMINAL_ACTION_PERMISSIONS.open_compartment);
  const compartment = await compartmentInScope(ctx, id);
  const number = Number(compartment.number);
  // The terminal knows a compartment only by its number on a locker.
  if (!compartment.ebox || !Number.isInteger(number) || number < 1) throw badRequest('terminalCommands.notOpenable');
  if (orderId !== undefined) await checkOrderInCompartment(ctx, orderId, compartment.id, number);
  const locker = await lockerOf(ctx, String(compartment.ebox));
  const misconfigured = misconfigurationOf(ctx, locker);
  if (misconfigured) return { ok: false, outcome: 'misconfigured', message: misconfigured };
  const sent = await send(ctx, locker, 'open_compartment', { compartment_number: number });
  const result = resultOf(ctx, sent, 'open_compartment', number);
  const audit: AuditEntry = {
    entityName: 'compartiment',
    entityId: compartment.id,
    action: 'open_compartment',
    after: { ebox: locker.id, number, ...(orderId ? { orderId } : {}), ...auditDetailsOf(sent) },
    by: auditByOf(principalOf(ctx.actor)),
    companyIds: companiesOfOwner(locker.company),
  };
  if (!result.ok) {
    const failure = doorFailureOf(sent, result);
    // A door that did not open counts on the dashboard and its alerts, with the command's audit.
    if (failure) {
      await inTransaction(ctx, async (tx) => {
        await writeAudit(tx.tx, audit);
        await publishEvent(tx, 'compartiment.openFailed', {
          eboxId: locker.id,
          compartimentId: compartment.id,
          number,
          outcome: failure,
          at: new Date().toISOString(),
        });
      });
    } else await writeAudit(dbOf(ctx), audit);
    return result;
  }
  // The audit row is this command's only write: one INSERT, a transaction of its own (or the caller's),
  // without BEGIN and COMMIT round trips while the operator waits.
  const audited = writeAudit(dbOf(ctx), audit);
  // Open-Locker publishes the snapshot with the door open before its answer: that snapshot is this
  // command's door. Only when none came is the stored door (an earlier reading) the answer, and it
  // is read beside the audit's transaction, so the operator does not wait for both in turn.
  const reported = sent.kind === 'answered' ? sent.reportedDoors?.get(number) : undefined;
  const [, storedDoor] = await Promise.all([audited, reported === undefined ? findDoor(dbOf(ctx), compartment.id) : undefined]);
  return {
    ok: true,
    status: 'opened',
    transactionId: result.transactionId,
    compartiment: {
      id: compartment.id,
      number,
      doorOpen: reported === undefined ? Boolean(storedDoor) : reported === 'open',
      doorReported: reported !== undefined,
    },
  };
}

/** An opening that did not open its door: the terminal answered jammed or failed, or never answered. */
function doorFailureOf(sent: Sent, result: CommandFailure): 'jammed' | 'failed' | 'unanswered' | null {
  if (sent.kind === 'timeout') return 'unanswered';
  if (result.outcome === 'jammed' || result.outcome === 'failed') return result.outcome;
  return null;
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
  const result = resultOf(ctx, sent, action);
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
  if (!result.ok) return result;
  return { ok: true, outcome: 'done', transactionId: result.transactionId };
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
    const previous: CompartimentStatus = COMPARTIMENT_STATUSES.find((known) => known === before.status) ?? 'AVAILABLE';
    let row = before;
    if (previous !== status) {
      // A door whose relay the terminal may not drive is neither put in use nor taken out by the console.
      const locker = before.ebox ? await findCommandLocker(tx.tx, String(before.ebox)) : undefined;
      if (locker && misconfigurationOf(tx, locker)) {
        const reason = describeConfigError(translatorFor(tx.language), locker.configStatus, locker.configError);
        throw conflict(locker.configStatus === 'invalid' ? 'terminalCommands.configInvalid' : 'terminalCommands.configRefused', { reason });
      }
      if (COMPARTIMENT_HOLDING_STATUSES.includes(previous)) {
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
    return presentRow(tx.tx, DECLARED_ENTITIES.compartiment, row, scopeOfContext(tx), tx.deps.modules);
  });
}

/** Queues apply_config for a locker in the caller's transaction (sent once it commits). */
export async function enqueueApplyConfig(ctx: TxContext, eboxId: string, reason: z.input<typeof applyConfigJob.payload>['reason']) {
  await enqueueJob(ctx, applyConfigJob, { eboxId, reason });
}

/**
 * Stores where the locker's relay mapping stands and audits it when status or reason changed (once
 * per change: a retry answered alike, or a check failing alike, writes nothing new).
 */
async function recordConfigState(
  ctx: TxContext,
  locker: CommandLocker,
  next: { status: EboxConfigStatus; error: string | null; hash: string | null },
): Promise<void> {
  const changed = await setConfigState(ctx.tx, locker.id, next);
  if (!changed) return;
  await auditLockerUpdate(ctx, locker, changed.before, changed.after);
  await publishEvent(ctx, 'ebox.configChanged', {
    eboxId: locker.id,
    configStatus: next.status,
    configError: next.error,
    at: new Date().toISOString(),
  });
}

/** What the terminal's answer to apply_config makes of the mapping; null: unknown (no answer), left as it was. */
function configStateOf(sent: Sent, configHash: string): { status: EboxConfigStatus; error: string | null } | null {
  if (sent.kind !== 'answered') return null;
  const { answer, response } = sent;
  // Applied only with the hash sent: a success naming another mapping means the device kept that one.
  const appliedHash = String(response.applied_config_hash ?? '').toLowerCase();
  if (answer.kind === 'done') {
    return appliedHash === configHash
      ? { status: 'applied', error: null }
      : { status: 'refused', error: `applied_config_hash ${appliedHash || '-'}` };
  }
  return { status: 'refused', error: [answer.errorCode, answer.message].filter(Boolean).join(': ') || answer.kind };
}

/**
 * Checks the mapping of a locker's compartments and sends it as apply_config, with the console's
 * heartbeat interval, to an online locker; audits the send and the answer. A mapping the check finds
 * wrong (a channel past the locker's relayChannels, two compartments on one board channel, an
 * enabled compartment unwired) is never sent: a device refuses it whole and keeps driving doors by
 * its previous or legacy mapping. The locker is then marked invalid, as it is marked refused when
 * its terminal says no, and applied once it answers with the hash sent. An offline locker, or one
 * without wired compartments, gets its mapping when it comes online, or once it has them.
 */
export async function applyConfig(ctx: ServiceContext, eboxId: string, reason: string): Promise<string | null> {
  const locker = await findCommandLocker(dbOf(ctx), eboxId);
  if (!locker) return null;
  const wiring = await findCompartmentWiring(dbOf(ctx), eboxId);
  const problem = checkCompartmentWiring(wiring, locker.relayChannels ?? DEFAULT_RELAY_CHANNELS);
  if (problem) {
    await inTransaction(ctx, (tx) => recordConfigState(tx, locker, { status: 'invalid', error: JSON.stringify(problem), hash: null }));
    return 'invalid';
  }
  // Fixed since it was found wrong: what the terminal holds is unknown until it answers.
  if (locker.configStatus === 'invalid') {
    await inTransaction(ctx, (tx) => recordConfigState(tx, locker, { status: 'pending', error: null, hash: null }));
  }
  if (!locker.terminalId || locker.status !== 'online') return null;
  // A worker process without the link (`npm run worker`): the retry may land on an API process.
  if (!ctx.deps.mqtt) throw new Error('apply_config needs a process that runs the terminal link (an API process)');
  const compartments = buildCompartmentMapping(
    wiring.flatMap((c) =>
      c.boardNumber !== null && c.comNumber !== null ? [{ ...c, boardNumber: c.boardNumber, comNumber: c.comNumber }] : [],
    ),
  );
  if (!compartments.length) return null;
  const configHash = await hashCompartmentMapping(compartments);
  const sent = await send(ctx, locker, 'apply_config', {
    config_hash: configHash,
    heartbeat_interval_seconds: heartbeatSecondsOf(ctx),
    compartments,
  });
  const state = configStateOf(sent, configHash);
  await inTransaction(ctx, async (tx) => {
    if (state) await recordConfigState(tx, locker, { ...state, hash: configHash });
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

/** The lockers whose codes a transaction (by its afterCommit list) has asked for already. */
const requestedAccessCodes = new WeakMap<TxContext['afterCommit'], Set<string>>();

/**
 * Asks for the locker's access codes to be sent once the caller's transaction commits (an order of
 * the locker changed). At most one such job waits per locker, so a burst of changes is one send.
 */
export async function requestAccessCodes(ctx: TxContext, eboxId: string | null | undefined): Promise<void> {
  if (!eboxId) return;
  const requested = requestedAccessCodes.get(ctx.afterCommit) ?? new Set<string>();
  if (requested.has(eboxId)) return;
  requestedAccessCodes.set(ctx.afterCommit, requested.add(eboxId));
  const request = (on: EnqueueContext) => enqueueJob(on, applyAccessCodesJob, { eboxId }, { singletonKey: eboxId });
  // In the transaction, so the request outlives a crash right after the commit...
  await request(ctx);
  // ...and again once committed: a waiting job of the locker taken by a worker before this commit
  // read the orders without this change, and the request above was dropped in favour of that job.
  ctx.afterCommit.push(async () => {
    await request({ deps: ctx.deps });
  });
}

/**
 * Sends apply_access_codes to an online locker: every live order's code with what it allows now
 * (the lifecycle machine's answer, lockerAccessOf) and the couriers' runs through it with what is
 * left to do there (issue 30), the full lists so a terminal is right at once.
 * A locker that answered INVALID_COMMAND before (a plain Open-Locker device) is not asked again.
 * The audit keeps how many codes went and the answer, never the codes (they are the customers').
 */
export async function applyAccessCodes(ctx: ServiceContext, eboxId: string, reason: string): Promise<string | null> {
  const locker = await findCommandLocker(dbOf(ctx), eboxId);
  if (!locker?.terminalId || locker.status !== 'online') return null;
  if (locker.unsupportedActions.includes('apply_access_codes')) return null;
  if (!ctx.deps.mqtt) throw new Error('apply_access_codes needs a process that runs the terminal link (an API process)');
  const live = await findLiveAccessCodes(dbOf(ctx), eboxId, ORDER_LIVE_STATUSES);
  const codes = live.codes.flatMap((order) => {
    const allows = lockerAccessOf({ type: order.type, status: order.status, allowCollectExpiredOrder: order.allowCollectExpiredOrder });
    // A compartment the terminal cannot name would be no compartment at all: it would open any free one.
    if (!allows || (order.booked && order.number === null)) return [];
    return [
      {
        ...(order.number !== null ? { compartment_number: order.number } : {}),
        access_code: order.accessCode,
        allows,
        order_id: order.orderId,
        ...(order.trackingCode ? { tracking_code: order.trackingCode } : {}),
      },
    ];
  });
  const runs = await findLockerRuns(dbOf(ctx), eboxId, live.asOf);
  const sent = await send(ctx, locker, 'apply_access_codes', { as_of: live.asOf.toISOString(), codes, ...(runs.length ? { runs } : {}) });
  await inTransaction(ctx, async (tx) => {
    await writeAudit(tx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action: 'apply_access_codes',
      after: { name: locker.name, company: locker.company, reason, codes: codes.length, runs: runs.length, ...auditDetailsOf(sent) },
      by: auditByOf(principalOf(tx.actor)),
    });
    await recordSupport(tx, locker, 'apply_access_codes', sent);
  });
  return recordedOutcome(sent);
}

export async function runApplyAccessCodesJob(ctx: ServiceContext, payload: { eboxId: string }): Promise<void> {
  await applyAccessCodes(ctx, payload.eboxId, 'orderChanged');
}

export async function applyAccessCodesOnStatusChange(ctx: ServiceContext, payload: EventPayload<'ebox.statusChanged'>): Promise<void> {
  if (payload.status === 'online') await applyAccessCodes(ctx, payload.eboxId, 'online');
}

/** How a software_update command went (modules/terminal-release decides what it means for the release). */
export type SoftwareUpdateSent = {
  outcome: 'offline' | 'unknown' | 'done' | 'unsupported' | 'refused' | 'failed';
  transactionId: string | null;
  /** The terminal's error code and words, when it refused. */
  reason: string | null;
};

/**
 * Sends software_update to a locker through the command path every command takes (online check,
 * the contract's builder, one transaction_id, the answer awaited): the release module has already
 * taken the locker's row from waiting to sent, so this runs once per locker and attempt. An answer
 * INVALID_COMMAND records the extension as unsupported (audited), as for any extension.
 */
export async function sendSoftwareUpdate(
  ctx: ServiceContext,
  eboxId: string,
  data: TerminalCommandOf<'software_update'>['data'],
): Promise<SoftwareUpdateSent> {
  const locker = await findCommandLocker(dbOf(ctx), eboxId);
  if (!locker) return { outcome: 'offline', transactionId: null, reason: null };
  const sent = await send(ctx, locker, 'software_update', data);
  if (sent.kind === 'answered') await inTransaction(ctx, (tx) => recordSupport(tx, locker, 'software_update', sent));
  if (sent.kind === 'offline') return { outcome: 'offline', transactionId: null, reason: null };
  if (sent.kind === 'timeout') return { outcome: 'unknown', transactionId: sent.transactionId, reason: null };
  const { kind, errorCode, message } = sent.answer;
  const reason = [errorCode, message].filter(Boolean).join(': ') || null;
  if (kind === 'done' || kind === 'opened') return { outcome: 'done', transactionId: sent.transactionId, reason: null };
  if (kind === 'unsupported' || kind === 'refused') return { outcome: kind, transactionId: sent.transactionId, reason };
  return { outcome: 'failed', transactionId: sent.transactionId, reason };
}
