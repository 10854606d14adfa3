import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  buildChannelFilter,
  createEnvelope,
  ENROLMENT_REFUSALS,
  ENROLMENT_TOKEN_TTL_HOURS,
  ENTITIES,
  type EnrolmentRefusal,
  type EnrolmentTokenData,
  isSafeTopicLevel,
  parseTerminalMessage,
  terminalTopics,
  validateTerminalMessage,
} from '@ebox/domain';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { findRowsInScope, type Row, resourceOf, updateRow } from '../../kit/repository';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, dbOf, inTransaction, principalOf, type ServiceContext, systemContext } from '../../platform/context';
import { badRequest, notFound, unavailable } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { createDatabaseBrokerAdmin, MQTT_WEBSOCKET_PATH, type MqttCredentials, type MqttLink } from '../../platform/mqtt';
import { expireUnusedTokens, findTokenForUpdate, insertToken, markTokenUsed } from './repository';

/**
 * Enrolment and broker security (issue 14, item 4), Open-Locker's way:
 *
 * - `createToken` gives a one-time token for a locker (random, 256 bits; only its SHA-256 is
 *   stored) that expires after ENROLMENT_TOKEN_TTL_HOURS. A new token ends the locker's unused ones.
 * - The device publishes on `locker/register/{token}` as the shared bootstrap user; one API
 *   replica takes it (shared subscription), consumes the token in one transaction (the token row
 *   is locked, so a token races once), makes the locker's own broker credentials (user name = the
 *   locker UUID, `terminalId`) and answers on `locker/provisioning/reply/{client_id}`.
 * - `disenrol` revokes the credentials at once (the broker drops the connection).
 *
 * Creating a token changes who can reach the locker, so it needs `eboxEdit` and the locker in the
 * caller's scope (spec 6 names no permission of its own for it).
 */

const ebox = () => resourceOf(ENTITIES.ebox as never);

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
  return inTransaction(ctx, async (tx) => {
    const locker = await lockerInScope(tx, input.locker);
    if (!link) throw unavailable('enrolment.errors.linkOff');
    let terminalId = (locker.terminalId as string | null) ?? null;
    // The terminal's user name and topics are its UUID: the broker gives any other name no rights.
    if (terminalId && !z.uuid().safeParse(terminalId).success) throw badRequest('enrolment.errors.terminalIdNotUuid', { terminalId });
    const principal = principalOf(tx.actor);
    let after = locker;
    if (!terminalId) {
      terminalId = randomUUID();
      after = await updateRow(tx.tx, ebox(), locker.id, { terminalId, updatedById: principal.userId });
    }
    await expireUnusedTokens(tx.tx, locker.id);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ENROLMENT_TOKEN_TTL_HOURS * 3600_000);
    const stored = await insertToken(tx.tx, {
      eboxId: locker.id,
      tokenHash: hashEnrolmentToken(token),
      config: input.config ?? {},
      expiresAt,
      createdBy: principal.userId,
    });
    // The token itself is never written anywhere but the answer.
    await writeAudit(tx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action: 'createToken',
      before: locker,
      after: { ...after, tokenId: stored.id, tokenExpiresAt: expiresAt.toISOString() },
      by: auditByOf(principal),
    });
    return {
      tokenData: {
        token,
        expiresAt: expiresAt.toISOString(),
        eboxId: locker.id,
        terminalId,
        ...brokerAddressesOf(ctx.deps, link),
        bootstrapUsername: link.bootstrap.username,
        bootstrapPassword: link.bootstrap.password,
        heartbeatIntervalSeconds: ctx.deps.config.mqtt.heartbeatIntervalSeconds,
      },
    };
  });
}

/** POST /ebox/disenrol/{id}: the terminal's credentials revoked at once, the locker offline and not enrolled. */
export async function disenrolLocker(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  authorize(ctx, 'eboxEdit');
  return inTransaction(ctx, async (tx) => {
    const locker = await lockerInScope(tx, id);
    const terminalId = (locker.terminalId as string | null) ?? null;
    // Without the link in this process the embedded store is still the database's (the broker hears by NOTIFY).
    const admin = ctx.deps.mqtt?.admin ?? createDatabaseBrokerAdmin({ db: ctx.deps.db });
    if (terminalId) await admin.revoke(terminalId);
    await expireUnusedTokens(tx.tx, locker.id);
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

type Registration = { ok: true; credentials: MqttCredentials } | { ok: false; refusal: EnrolmentRefusal };

/**
 * Takes `locker/register/+` once across API replicas and answers each device on its reply topic.
 * A request without a usable client_id cannot be answered (there is nowhere to answer): logged only.
 */
export async function startEnrolment(deps: AppDeps, link: MqttLink): Promise<void> {
  const log = deps.log.child({ module: 'enrolment' });

  async function reply(clientId: string, body: Record<string, unknown>): Promise<void> {
    const message = { ...createEnvelope(), ...body };
    const check = validateTerminalMessage('provisioningReply', message);
    if (!check.ok) throw new Error(`enrolment reply breaks the contract: ${check.reason}`);
    await link.client.publishJson(terminalTopics.provisioningReply(clientId), message);
  }

  async function register(token: string, clientId: string): Promise<Registration> {
    let created: MqttCredentials | null = null;
    try {
      return await inTransaction(systemContext(deps, 'terminalLink', { log }), async (tx) => {
        const stored = await findTokenForUpdate(tx.tx, hashEnrolmentToken(token));
        if (!stored) return { ok: false, refusal: 'unknown' } as const;
        if (stored.usedAt) return { ok: false, refusal: 'used' } as const;
        if (stored.expired) return { ok: false, refusal: 'expired' } as const;
        const [locker] = await findRowsInScope(tx.tx, ebox(), [stored.eboxId], { companyIds: null });
        const terminalId = (locker?.terminalId as string | null | undefined) ?? null;
        if (!locker || !terminalId) return { ok: false, refusal: 'failed' } as const;
        await markTokenUsed(tx.tx, stored.id, clientId);
        // Before the locker row is written: the credential store's foreign key reads it (no lock wait).
        created = await link.admin.createTerminalCredentials({ lockerId: locker.id, username: terminalId });
        const after = await updateRow(tx.tx, ebox(), locker.id, { enrolledAt: new Date().toISOString() });
        // The device proved itself with the token: it is the actor of its own enrolment.
        const actor = { kind: 'terminal', eboxId: locker.id, terminalId, companyId: (locker.company as string | null) ?? null } as const;
        await writeAudit(tx.tx, {
          entityName: 'ebox',
          entityId: locker.id,
          action: 'enrol',
          before: locker,
          after: { ...after, clientId, tokenId: stored.id },
          by: auditByOf(principalOf(actor)),
        });
        return { ok: true, credentials: created };
      });
    } catch (error) {
      log.error({ err: error }, 'enrolment failed');
      // Credentials made for a registration that did not commit must not stay usable.
      const orphan = created as MqttCredentials | null;
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
  }

  await link.client.handleShared(buildChannelFilter('provisioningRegister'), (topic, payload) =>
    handle(topic, payload).catch((error: unknown) => log.error({ err: error, topic }, 'registration not answered')),
  );
}

function clientIdOf(payload: Buffer): string | undefined {
  try {
    const json = JSON.parse(payload.toString('utf8')) as { client_id?: unknown };
    return typeof json.client_id === 'string' && isSafeTopicLevel(json.client_id) ? json.client_id : undefined;
  } catch {
    return undefined;
  }
}
