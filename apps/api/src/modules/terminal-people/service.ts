import { createHash, randomBytes } from 'node:crypto';
import {
  COMPARTIMENT_HOLDING_STATUSES,
  COMPARTIMENT_STATUSES,
  type CompartimentStatus,
  createEnvelope,
  isTerminalPermission,
  OPERATOR_ACTION_PERMISSIONS,
  OPERATOR_PARCEL_PERMISSIONS,
  OPERATOR_PIN_PATTERN,
  OPERATOR_QR_TOKEN_MINUTES,
  OPERATOR_SESSION_MINUTES,
  OPERATOR_SIGN_IN_LIMITS,
  type OperatorActionEvent,
  type OperatorRefusal,
  type OperatorSignInEvent,
  type OperatorSignOutEvent,
  terminalTopics,
  validateTerminalMessage,
} from '@ebox/domain';
import { jwtVerify, SignJWT } from 'jose';
import { type AuditEntry, auditByOf, companiesOfOwner, writeAudit } from '../../platform/audit';
import { type CurrentUser, findUserByEmail, loadCurrentUser } from '../../platform/auth/current-user';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { inTransaction, principalOf, type ServiceContext, type TxContext, userOf } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import type { LockerRow } from '../terminal-link/repository';
import {
  countFailures,
  endSession,
  findCompartmentForUpdate,
  findCredential,
  findLiveSession,
  insertRefusal,
  insertSession,
  storeCredential,
  updateCompartmentStatus,
} from './repository';

/**
 * The people at a locker's screen (issue 33 item 1, docs/terminal-people.md): a person signs in at
 * a terminal with their PIN or their profile's QR code, gets their terminal rights for that locker
 * and a session, and what the terminal reports under that session is audited under their name.
 * The MQTT side runs in the terminal link's transaction for the message (handle-message.ts).
 */

const QR_AUDIENCE = 'ebox:terminal-sign-in';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function qrKey(ctx: ServiceContext): Uint8Array {
  // A key of its own, derived from the console's secret: a QR token is never a session token.
  return createHash('sha256').update(`terminal-qr:${ctx.deps.config.jwtSecret}`).digest();
}

/** Which QR secret a token was drawn with (a short digest: the secret itself never leaves the table). */
function qrSecretTag(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 16);
}

// --- the profile: a person's PIN and QR code -------------------------------------------------

/** PUT /auth/terminal-pin: the signed-in person chooses their PIN (argon2id); their earlier QR codes stop working. */
export async function setTerminalPin(ctx: ServiceContext, pin: string): Promise<{ hasPin: true }> {
  const user = userOf(ctx);
  if (!OPERATOR_PIN_PATTERN.test(pin)) throw badRequest('terminalCommands.pinFormat');
  const pinHash = await hashPassword(pin);
  await inTransaction(ctx, async (tx) => {
    await storeCredential(tx.tx, user.id, { pinHash, qrSecret: randomBytes(24).toString('base64url') });
    await writeAudit(tx.tx, {
      entityName: 'user',
      entityId: user.id,
      action: 'terminalPinChange',
      // Only that a PIN was set, on the person's record (named): never the PIN nor its hash.
      after: { fullName: displayNameOf(user), email: user.email },
      by: auditByOf(principalOf(tx.actor)),
    });
  });
  return { hasPin: true };
}

/** GET /auth/terminal-pin: whether the signed-in person has chosen a PIN. */
export async function readTerminalPin(ctx: ServiceContext): Promise<{ hasPin: boolean }> {
  const user = userOf(ctx);
  return inTransaction(ctx, async (tx) => ({ hasPin: Boolean((await findCredential(tx.tx, user.id))?.pinHash) }));
}

/**
 * POST /auth/terminal-qr: a token for the QR code on the person's profile, signed and good for
 * OPERATOR_QR_TOKEN_MINUTES; the terminal's scanner reads it and signs them in with it.
 */
export async function issueTerminalQrToken(ctx: ServiceContext): Promise<{ token: string; expiresAt: string }> {
  const user = userOf(ctx);
  const secret = await inTransaction(ctx, async (tx) => {
    const stored = await findCredential(tx.tx, user.id);
    if (stored) return stored.qrSecret;
    const fresh = randomBytes(24).toString('base64url');
    await storeCredential(tx.tx, user.id, { qrSecret: fresh });
    return fresh;
  });
  const expiresAt = new Date(Date.now() + OPERATOR_QR_TOKEN_MINUTES * 60_000);
  const token = await new SignJWT({ qs: qrSecretTag(secret) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setAudience(QR_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(qrKey(ctx));
  return { token, expiresAt: expiresAt.toISOString() };
}

// --- the terminal: sign-in, actions, sign-out -------------------------------------------------

type SignInOutcome =
  | { ok: true; user: CurrentUser; permissions: string[] }
  | { ok: false; reason: OperatorRefusal; user: CurrentUser | null; userKey: string; retryAfterSeconds?: number };

/** Who a sign-in names, before any secret is checked: the key the throttle counts it under. */
async function namedUser(ctx: TxContext, data: OperatorSignInEvent['data']): Promise<{ userId: string | null; userKey: string }> {
  if (data.method === 'qr') {
    try {
      const { payload } = await jwtVerify(data.qr_token ?? '', qrKey(ctx), { audience: QR_AUDIENCE, algorithms: ['HS256'] });
      return typeof payload.sub === 'string' ? { userId: payload.sub, userKey: payload.sub } : { userId: null, userKey: 'qr:invalid' };
    } catch {
      // A QR code expired, forged or of another console: counted against the locker only.
      return { userId: null, userKey: 'qr:invalid' };
    }
  }
  const login = (data.user ?? '').trim();
  if (UUID.test(login)) return { userId: login.toLowerCase(), userKey: login.toLowerCase() };
  const found = await findUserByEmail(ctx.tx, login);
  return found ? { userId: found.id, userKey: found.id } : { userId: null, userKey: `email:${login.toLowerCase()}` };
}

async function checkSecret(ctx: TxContext, data: OperatorSignInEvent['data'], userId: string): Promise<boolean> {
  const stored = await findCredential(ctx.tx, userId);
  if (!stored) return false;
  if (data.method === 'pin') return verifyPassword(stored.pinHash, data.pin ?? '');
  const { payload } = await jwtVerify(data.qr_token ?? '', qrKey(ctx), { audience: QR_AUDIENCE, algorithms: ['HS256'] });
  return payload.qs === qrSecretTag(stored.qrSecret);
}

async function decideSignIn(ctx: TxContext, locker: LockerRow, data: OperatorSignInEvent['data'], now: Date): Promise<SignInOutcome> {
  const { userId, userKey } = await namedUser(ctx, data);
  const since = new Date(now.getTime() - OPERATOR_SIGN_IN_LIMITS.windowMinutes * 60_000);
  const failures = await countFailures(ctx.tx, userKey, locker.id, since);
  const windowMs = OPERATOR_SIGN_IN_LIMITS.windowMinutes * 60_000;
  const retryAfter = (oldest: Date | null) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));
  // Refused before the secret is checked: past the limit even the right PIN waits.
  if (failures.byUser >= OPERATOR_SIGN_IN_LIMITS.perUser) {
    return { ok: false, reason: 'throttled', user: null, userKey, retryAfterSeconds: retryAfter(failures.oldestUser) };
  }
  if (failures.byLocker >= OPERATOR_SIGN_IN_LIMITS.perLocker) {
    return { ok: false, reason: 'throttled', user: null, userKey, retryAfterSeconds: retryAfter(failures.oldestLocker) };
  }
  const user = userId ? await loadCurrentUser(ctx.tx, userId) : null;
  if (!user || !(await checkSecret(ctx, data, user.id).catch(() => false))) {
    return { ok: false, reason: 'wrong_credentials', user: null, userKey };
  }
  if (user.disabled) return { ok: false, reason: 'disabled', user, userKey };
  // Spec 5.5's company scope: no allowed companies means every company.
  const inScope = user.allowedCompanyIds.length === 0 || (locker.company !== null && user.allowedCompanyIds.includes(locker.company));
  if (!inScope) return { ok: false, reason: 'not_allowed_here', user, userKey };
  const permissions = user.permissions.filter(isTerminalPermission);
  if (!permissions.length) return { ok: false, reason: 'no_rights', user, userKey };
  return { ok: true, user, permissions };
}

function displayNameOf(user: CurrentUser): string {
  return user.fullName || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** Publishes the answer once the transaction (the session, or the refusal's record) has committed. */
function answerAfterCommit(ctx: TxContext, locker: LockerRow, requestId: string, data: Record<string, unknown>): void {
  const link = ctx.deps.mqtt;
  if (!link) return;
  const message = { ...createEnvelope(), transaction_id: requestId, action: 'operator_session', data };
  const check = validateTerminalMessage('lockerCommand', message);
  if (!check.ok) throw new Error(`operator_session breaks the contract: ${check.reason}`);
  ctx.afterCommit.push(async () => {
    await link.client.publishJson(terminalTopics.command(locker.terminalId), message).catch((error: unknown) => {
      ctx.log.warn({ err: error, locker: locker.id }, 'terminal people: the sign-in answer could not be published');
    });
  });
}

/**
 * An operator_sign_in from a locker (the message's transaction, the terminal as actor): a session
 * with the person's terminal rights there, audited under their name, or a refusal recorded (and
 * audited under the terminal) that counts against the next attempts.
 */
export async function signInAtTerminal(ctx: TxContext, locker: LockerRow, event: OperatorSignInEvent, now = new Date()): Promise<void> {
  const { data } = event;
  const outcome = await decideSignIn(ctx, locker, data, now);
  const companyIds = companiesOfOwner(locker.company);
  if (!outcome.ok) {
    await insertRefusal(ctx.tx, {
      eboxId: locker.id,
      userId: outcome.user?.id ?? null,
      userKey: outcome.userKey,
      method: data.method,
      reason: outcome.reason,
    });
    await writeAudit(ctx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action: 'operatorSignInRefused',
      companyIds,
      // Who was named only when they exist; never the PIN or the QR token.
      after: { name: locker.name, method: data.method, reason: outcome.reason, ...(outcome.user ? { user: outcome.user.email } : {}) },
      by: auditByOf(principalOf(ctx.actor)),
    });
    answerAfterCommit(ctx, locker, data.request_id, {
      result: 'refused',
      reason: outcome.reason,
      ...(outcome.retryAfterSeconds ? { retry_after_seconds: outcome.retryAfterSeconds } : {}),
    });
    return;
  }
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MINUTES * 60_000);
  const sessionId = await insertSession(ctx.tx, {
    userId: outcome.user.id,
    eboxId: locker.id,
    permissions: outcome.permissions,
    method: data.method,
    expiresAt,
  });
  await writeAudit(ctx.tx, {
    entityName: 'ebox',
    entityId: locker.id,
    action: 'operatorSignIn',
    companyIds,
    after: { name: locker.name, method: data.method, session: sessionId, permissions: outcome.permissions, terminal: locker.terminalId },
    by: auditByOf(principalOf({ kind: 'user', user: outcome.user })),
  });
  answerAfterCommit(ctx, locker, data.request_id, {
    result: 'granted',
    session_id: sessionId,
    expires_at: expiresAt.toISOString(),
    user: { id: outcome.user.id, name: displayNameOf(outcome.user) },
    permissions: outcome.permissions,
  });
}

export type OperatorActionResult = { ok: true } | { ok: false; reason: string };

/**
 * The person behind a parcel event's session at this locker, when they hold a right that event
 * needs (OPERATOR_PARCEL_PERMISSIONS): the terminal-link records the event under their name.
 */
export async function findParcelOperator(
  ctx: TxContext,
  locker: LockerRow,
  event: 'parcel_deposited' | 'parcel_taken',
  sessionId: string,
  now = new Date(),
): Promise<{ ok: true; operator: { id: string; email: string } } | { ok: false; reason: string }> {
  const person = await personOfSession(ctx, locker, sessionId, now);
  if (!person.ok) return person;
  const needed: readonly string[] = OPERATOR_PARCEL_PERMISSIONS[event];
  if (!needed.some((right) => person.session.permissions.includes(right)))
    return { ok: false, reason: `${event} needs ${needed.join(' or ')}` };
  return { ok: true, operator: { id: person.user.id, email: person.user.email } };
}

/** The person behind a live session of this locker, still enabled, or why not. */
async function personOfSession(ctx: TxContext, locker: LockerRow, sessionId: string, now: Date) {
  const session = await findLiveSession(ctx.tx, sessionId, locker.id, now);
  if (!session) return { ok: false as const, reason: `no live session ${sessionId} at this locker` };
  const user = await loadCurrentUser(ctx.tx, session.userId);
  if (!user || user.disabled) return { ok: false as const, reason: `the person of session ${sessionId} is disabled` };
  return { ok: true as const, session, user };
}

/**
 * An operator_action: allowed only by the right its session holds, and audited with the person as
 * the actor (the terminal is named in the entry). A compartment locked as damaged or released
 * changes its status as the console's own lock does (refused while it holds a parcel).
 */
export async function applyOperatorAction(
  ctx: TxContext,
  locker: LockerRow,
  event: OperatorActionEvent,
  now = new Date(),
): Promise<OperatorActionResult> {
  const { data } = event;
  const person = await personOfSession(ctx, locker, data.session_id, now);
  if (!person.ok) return person;
  const needed = OPERATOR_ACTION_PERMISSIONS[data.action];
  if (!person.session.permissions.includes(needed)) return { ok: false, reason: `${data.action} needs ${needed}` };
  const by = auditByOf(principalOf({ kind: 'user', user: person.user }));
  const at = { occurredAt: event.timestamp, terminal: locker.terminalId, session: person.session.id };
  if (data.compartment_number === undefined) {
    // maintenance_start, reboot, restart_app, update_version: about the locker itself.
    const action = data.action === 'compartment_test' || data.action === 'compartment_open' ? 'open_compartment' : data.action;
    if (action === 'compartment_lock' || action === 'compartment_release') return { ok: false, reason: `${action} names a compartment` };
    await writeAudit(ctx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action,
      companyIds: companiesOfOwner(locker.company),
      after: { name: locker.name, ...at },
      by,
    });
    return { ok: true };
  }
  const compartment = await findCompartmentForUpdate(ctx.tx, locker.id, data.compartment_number);
  if (!compartment) return { ok: false, reason: `locker ${locker.id} has no compartment ${data.compartment_number}` };
  const previous: CompartimentStatus = COMPARTIMENT_STATUSES.find((known) => known === compartment.status) ?? 'AVAILABLE';
  const entry: Omit<AuditEntry, 'action'> = {
    entityName: 'compartiment',
    entityId: compartment.id,
    companyIds: companiesOfOwner(locker.company),
    by,
  };
  if (data.action === 'compartment_lock' || data.action === 'compartment_release') {
    const status: CompartimentStatus = data.action === 'compartment_lock' ? 'DAMAGE' : 'AVAILABLE';
    if (COMPARTIMENT_HOLDING_STATUSES.includes(previous)) return { ok: false, reason: `compartment ${compartment.number} holds a parcel` };
    if (previous === status) return { ok: true };
    await updateCompartmentStatus(ctx.tx, compartment.id, status, person.user.id);
    await writeAudit(ctx.tx, {
      ...entry,
      action: status === 'DAMAGE' ? 'lock' : 'release',
      before: { ebox: locker.id, number: compartment.number, status: previous },
      after: { ebox: locker.id, number: compartment.number, status, ...at },
    });
    await publishEvent(ctx, 'compartiment.statusChanged', {
      eboxId: locker.id,
      compartimentId: compartment.id,
      number: compartment.number,
      status,
      previousStatus: previous,
      at: now.toISOString(),
    });
    return { ok: true };
  }
  await writeAudit(ctx.tx, {
    ...entry,
    action: data.action === 'compartment_test' ? 'compartment_test' : 'open_compartment',
    after: { ebox: locker.id, number: compartment.number, ...at },
  });
  return { ok: true };
}

/** An operator_sign_out: the session ends, audited under the person. */
export async function signOutAtTerminal(ctx: TxContext, locker: LockerRow, event: OperatorSignOutEvent, now = new Date()) {
  const person = await personOfSession(ctx, locker, event.data.session_id, now);
  if (!person.ok) return person;
  await endSession(ctx.tx, person.session.id, now);
  await writeAudit(ctx.tx, {
    entityName: 'ebox',
    entityId: locker.id,
    action: 'operatorSignOut',
    companyIds: companiesOfOwner(locker.company),
    after: { name: locker.name, session: person.session.id, terminal: locker.terminalId },
    by: auditByOf(principalOf({ kind: 'user', user: person.user })),
  });
  return { ok: true as const };
}
