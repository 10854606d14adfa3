import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  buildChannelFilter,
  createEnvelope,
  ENROLMENT_REFUSALS,
  ENROLMENT_TOKEN_TTL_HOURS,
  ENTITIES,
  type EnrolmentRefusal,
  type EnrolmentTokenData,
  isPlainObject,
  isSafeTopicLevel,
  parseTerminalMessage,
  terminalTopics,
  textOf,
  validateTerminalMessage,
} from '@ebox/domain';
import { z } from 'zod';
import { findRowsInScope, type Row, resourceOf, updateRow } from '../../kit/repository';
import type { AppDeps } from '../../platform/app-deps';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext, systemContext } from '../../platform/context';
import { badRequest, notFound, unavailable } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import {
  type BrokerAdmin,
  createDatabaseBrokerAdmin,
  MQTT_WEBSOCKET_PATH,
  type MqttCredentials,
  type MqttLink,
  newMqttPassword,
} from '../../platform/mqtt';
import {
  expireUnusedTokens,
  findSpentBootstrapUsers,
  findTokenForUpdate,
  insertToken,
  markBootstrapUserRemoved,
  markTokenUsed,
} from './repository';

/**
 * Enrolment and broker security (issue 14, item 4), Open-Locker's way:
 *
 * - `createToken` gives a one-time token for a locker (random, 256 bits; only its SHA-256 is
 *   stored) that expires after ENROLMENT_TOKEN_TTL_HOURS, with a broker user made for that token
 *   alone (issue 25): it connects only with the client id made with it, publishes only on
 *   `locker/register/{token}` and reads only `locker/provisioning/reply/{client id}`. A shared
 *   bootstrap user could read any reply it named on Mosquitto 2.0 (no `%c` in dynamic security).
 *   A new token ends the locker's unused ones and deletes their users.
 * - The device publishes on `locker/register/{token}` as that user; one API
 *   replica takes it (shared subscription), consumes the token in one transaction (the token row
 *   is locked, so a token races once), makes the locker's own broker credentials (user name = the
 *   locker UUID, `terminalId`) and answers on `locker/provisioning/reply/{client_id}`.
 * - The token's user is deleted once the reply is published, or by the sweep (every
 *   SWEEP_EVERY_MS) once the token expired: Mosquitto has no expiry of its own.
 * - `disenrol` revokes the credentials at once (the broker drops the connection).
 *
 * Creating a token changes who can reach the locker, so it needs `eboxEdit` and the locker in the
 * caller's scope (spec 6 names no permission of its own for it).
 */

const ebox = () => resourceOf(ENTITIES.ebox);

/** How often spent one-time bootstrap users (expired tokens) are deleted from the broker. */
export const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 100;

export function hashEnrolmentToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function lockerInScope(ctx: ServiceContext, id: string): Promise<Row> {
  const [row] = await findRowsInScope(dbOf(ctx), ebox(), [id], { companyIds: principalOf(ctx.actor).companyIds }, { lock: true });
  if (!row) throw notFound();
  return row;
}

/** What a terminal dials: the configured broker, or this console's own (TCP and WebSocket on its port). */
function brokerAddressesOf(deps: AppDeps, link: MqttLink): { mqttUrl: string; websocketUrl: string | null } {
  if (link.mode === 'external') return { mqttUrl: deps.config.mqtt.url ?? link.url, websocketUrl: null };
  const app = new URL(deps.config.appUrl);
  const listening = deps.config.mqtt.host;
  // A broker bound to every interface is reached by the console's public host name.
  const host = listening && listening !== '0.0.0.0' && listening !== '::' ? listening : app.hostname;
  const port = link.broker?.port ?? new URL(link.url).port;
  const websocket = new URL(MQTT_WEBSOCKET_PATH, app);
  websocket.protocol = app.protocol === 'https:' ? 'wss:' : 'ws:';
  return { mqttUrl: `mqtt://${host.includes(':') ? `[${host}]` : host}:${port}`, websocketUrl: websocket.toString() };
}

/** POST /ebox/createToken {locker, config}: a one-time token and everything a terminal needs to enrol with it. */
export async function createEnrolmentToken(
  ctx: ServiceContext,
  input: { locker: string; config?: Record<string, unknown> },
): Promise<{ tokenData: EnrolmentTokenData }> {
  authorize(ctx, 'eboxEdit');
  const link = ctx.deps.mqtt;
  let made: string | null = null;
  try {
    return await makeToken();
  } catch (error) {
    // A broker user made for a token that did not commit must not stay usable.
    if (made && link) await removeBootstrapUsers(ctx.deps, link.admin, [made]);
    throw error;
  }

  function makeToken() {
    return inTransaction(ctx, async (tx) => {
      const locker = await lockerInScope(tx, input.locker);
      if (!link) throw unavailable('enrolment.errors.linkOff');
      let terminalId = textOf(locker.terminalId);
      // The terminal's user name and topics are its UUID: the broker gives any other name no rights.
      if (terminalId && !z.uuid().safeParse(terminalId).success) throw badRequest('enrolment.errors.terminalIdNotUuid', { terminalId });
      const principal = principalOf(tx.actor);
      let after = locker;
      if (!terminalId) {
        terminalId = randomUUID();
        after = await updateRow(tx.tx, ebox(), locker.id, { terminalId, updatedById: principal.userId });
      }
      const ended = await expireUnusedTokens(tx.tx, locker.id);
      tx.afterCommit.push(() => removeBootstrapUsers(ctx.deps, link.admin, ended));
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ENROLMENT_TOKEN_TTL_HOURS * 3600_000);
      const bootstrap = { username: `enrol-${randomUUID()}`, password: newMqttPassword() };
      const clientId = `enrol-${randomBytes(12).toString('base64url')}`;
      const stored = await insertToken(tx.tx, {
        eboxId: locker.id,
        tokenHash: hashEnrolmentToken(token),
        config: input.config ?? {},
        expiresAt,
        createdBy: principal.userId,
        bootstrapUsername: bootstrap.username,
        clientId,
      });
      // The token and the bootstrap password are never written anywhere but the answer (and, hashed, the broker).
      await writeAudit(tx.tx, {
        entityName: 'ebox',
        entityId: locker.id,
        action: 'createToken',
        before: locker,
        after: { ...after, tokenId: stored.id, tokenExpiresAt: expiresAt.toISOString(), bootstrapUsername: bootstrap.username, clientId },
        by: auditByOf(principal),
      });
      // Last, so a failure before it leaves no user behind; a commit that fails after it deletes it.
      await link.admin.createEnrolmentUser({ ...bootstrap, clientId, token, expiresAt });
      made = bootstrap.username;
      return {
        tokenData: {
          token,
          expiresAt: expiresAt.toISOString(),
          eboxId: locker.id,
          terminalId,
          ...brokerAddressesOf(ctx.deps, link),
          bootstrapUsername: bootstrap.username,
          bootstrapPassword: bootstrap.password,
          clientId,
          heartbeatIntervalSeconds: ctx.deps.config.mqtt.heartbeatIntervalSeconds,
        },
      };
    });
  }
}

/** POST /ebox/disenrol/{id}: the terminal's credentials revoked at once, the locker offline and not enrolled. */
export async function disenrolLocker(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  authorize(ctx, 'eboxEdit');
  return inTransaction(ctx, async (tx) => {
    const locker = await lockerInScope(tx, id);
    const terminalId = textOf(locker.terminalId);
    // Without the link in this process the embedded store is still the database's (the broker hears by NOTIFY).
    const admin = ctx.deps.mqtt?.admin ?? createDatabaseBrokerAdmin({ db: ctx.deps.db });
    if (terminalId) await admin.revoke(terminalId);
    const ended = await expireUnusedTokens(tx.tx, locker.id);
    tx.afterCommit.push(() => removeBootstrapUsers(ctx.deps, admin, ended));
    const principal = principalOf(tx.actor);
    const after = await updateRow(tx.tx, ebox(), locker.id, { enrolledAt: null, status: 'offline', updatedById: principal.userId });
    await writeAudit(tx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action: 'disenrol',
      before: locker,
      after,
      by: auditByOf(principal),
    });
    if (locker.status !== 'offline' && terminalId) {
      await publishEvent(tx, 'ebox.statusChanged', {
        eboxId: locker.id,
        terminalId,
        status: 'offline',
        reason: 'disenrolled',
        at: new Date().toISOString(),
      });
    }
    return { id: locker.id };
  });
}

type Registration = { ok: true; credentials: MqttCredentials; bootstrapUsername: string | null } | { ok: false; refusal: EnrolmentRefusal };

/**
 * Deletes one-time bootstrap users from the broker and records it. One the broker could not delete
 * now stays recorded as not deleted, and the sweep tries it again.
 */
async function removeBootstrapUsers(deps: AppDeps, admin: BrokerAdmin, usernames: string[]): Promise<void> {
  for (const username of usernames) {
    try {
      await admin.removeEnrolmentUser(username);
      await markBootstrapUserRemoved(deps.db, username);
    } catch (error) {
      deps.log.warn({ err: error, username }, 'enrolment: bootstrap user not deleted yet, the sweep will try again');
    }
  }
}

/**
 * Deletes the one-time bootstrap users whose token was used or has expired (a used one is normally
 * deleted as soon as its reply is published: this catches one that was not). Answers how many.
 * Each replica may run it; rows another replica is sweeping are skipped.
 */
export async function sweepBootstrapUsers(deps: AppDeps, admin: BrokerAdmin): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const spent = await findSpentBootstrapUsers(tx, SWEEP_BATCH);
    for (const { bootstrapUsername } of spent) {
      await admin.removeEnrolmentUser(bootstrapUsername);
      await markBootstrapUserRemoved(tx, bootstrapUsername);
    }
    return spent.length;
  });
}

/**
 * Takes `locker/register/+` once across API replicas and answers each device on its reply topic.
 * A request without a usable client_id cannot be answered (there is nowhere to answer): logged only.
 */
export async function startEnrolment(deps: AppDeps, link: MqttLink): Promise<{ stop(): void }> {
  const log = deps.log.child({ module: 'enrolment' });

  async function reply(clientId: string, body: Record<string, unknown>): Promise<void> {
    const message = { ...createEnvelope(), ...body };
    const check = validateTerminalMessage('provisioningReply', message);
    if (!check.ok) throw new Error(`enrolment reply breaks the contract: ${check.reason}`);
    await link.client.publishJson(terminalTopics.provisioningReply(clientId), message);
  }

  async function register(token: string, clientId: string): Promise<Registration> {
    // Held in an object: a local assigned inside the transaction's callback reads as still null after it.
    const made: { credentials: MqttCredentials | null } = { credentials: null };
    try {
      return await inTransaction(systemContext(deps, 'terminalLink', { log }), async (tx) => {
        const stored = await findTokenForUpdate(tx.tx, hashEnrolmentToken(token));
        if (!stored) return { ok: false, refusal: 'unknown' } as const;
        if (stored.usedAt) return { ok: false, refusal: 'used' } as const;
        if (stored.expired) return { ok: false, refusal: 'expired' } as const;
        // Only the token's own user may publish here, and it connects with this client id only.
        if (stored.clientId && stored.clientId !== clientId) return { ok: false, refusal: 'wrongClient' } as const;
        const [locker] = await findRowsInScope(tx.tx, ebox(), [stored.eboxId], { companyIds: null });
        const terminalId = textOf(locker?.terminalId);
        if (!locker || !terminalId) return { ok: false, refusal: 'failed' } as const;
        await markTokenUsed(tx.tx, stored.id, clientId);
        // Before the locker row is written: the credential store's foreign key reads it (no lock wait).
        const created = await link.admin.createTerminalCredentials({ lockerId: locker.id, username: terminalId });
        made.credentials = created;
        const after = await updateRow(tx.tx, ebox(), locker.id, { enrolledAt: new Date().toISOString() });
        // The device proved itself with the token: it is the actor of its own enrolment.
        const actor = { kind: 'terminal', eboxId: locker.id, terminalId, companyId: textOf(locker.company) } as const;
        await writeAudit(tx.tx, {
          entityName: 'ebox',
          entityId: locker.id,
          action: 'enrol',
          before: locker,
          after: { ...after, clientId, tokenId: stored.id },
          by: auditByOf(principalOf(actor)),
        });
        return { ok: true, credentials: created, bootstrapUsername: stored.bootstrapUsername };
      });
    } catch (error) {
      log.error({ err: error }, 'enrolment failed');
      // Credentials made for a registration that did not commit must not stay usable.
      const orphan = made.credentials;
      if (orphan) await link.admin.revoke(orphan.username).catch(() => {});
      return { ok: false, refusal: 'failed' };
    }
  }

  async function handle(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseTerminalMessage(topic, payload);
    if (!parsed.ok || parsed.topic?.channel !== 'provisioningRegister') {
      const clientId = clientIdOf(payload);
      log.warn({ topic, reason: parsed.ok ? 'not a registration' : parsed.reason }, 'registration refused: malformed');
      if (clientId) await reply(clientId, { status: 'error', message: ENROLMENT_REFUSALS.malformed });
      return;
    }
    const clientId = String(parsed.data.client_id);
    const result = await register(parsed.topic.provisioningToken, clientId);
    if (!result.ok) {
      log.warn({ clientId, refusal: result.refusal }, 'registration refused');
      await reply(clientId, { status: 'error', message: ENROLMENT_REFUSALS[result.refusal] });
      return;
    }
    log.info({ clientId, terminalId: result.credentials.username }, 'terminal enrolled');
    await reply(clientId, {
      status: 'success',
      data: { mqtt_user: result.credentials.username, mqtt_password: result.credentials.password },
    });
    // Used: its user goes once the reply is with the broker, which has already passed it on.
    if (result.bootstrapUsername) await removeBootstrapUsers(deps, link.admin, [result.bootstrapUsername]);
  }

  await link.client.handleShared(buildChannelFilter('provisioningRegister'), (topic, payload) =>
    handle(topic, payload).catch((error: unknown) => log.error({ err: error, topic }, 'registration not answered')),
  );

  let stopped = false;
  const sweepTimer = setInterval(
    () =>
      void sweepBootstrapUsers(deps, link.admin).catch((error: unknown) => {
        if (!stopped) log.warn({ err: error }, 'enrolment: sweep of bootstrap users failed');
      }),
    SWEEP_EVERY_MS,
  );
  sweepTimer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(sweepTimer);
    },
  };
}

function clientIdOf(payload: Buffer): string | undefined {
  try {
    const json: unknown = JSON.parse(payload.toString('utf8'));
    return isPlainObject(json) && typeof json.client_id === 'string' && isSafeTopicLevel(json.client_id) ? json.client_id : undefined;
  } catch {
    return undefined;
  }
}
