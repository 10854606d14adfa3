import { randomUUID } from 'node:crypto';
import { toMosquittoAcls } from '@ebox/domain';
import type { MqttClient } from 'mqtt';
import { type BrokerAdmin, type MqttCredentials, newMqttPassword } from './broker-admin';
import { PROVISIONING_REPLY_PREFIX } from './topic-rights';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
const TIMEOUT_MS = 10_000;

export const BOOTSTRAP_ROLE = 'ebox-bootstrap';
export const SERVICE_ROLE = 'ebox-api';
export const terminalRoleOf = (username: string) => `ebox-terminal-${username}`;

type Acl = {
  acltype: 'publishClientSend' | 'publishClientReceive' | 'subscribePattern' | 'subscribeLiteral';
  topic: string;
  allow: boolean;
  priority?: number;
};
type DynsecCommand = { command: string; [key: string]: unknown };
type DynsecReply = { command: string; error?: string; data?: unknown; correlationData?: string };

/**
 * The domain's topic rights (packages/domain/src/terminal/topic-rights.ts, the same the embedded
 * broker enforces) written as dynamic-security roles that Mosquitto checks itself: one role per
 * terminal naming its own `locker/{uuid}/` topics (no `%u` before Mosquitto 2.1), one shared role
 * for the bootstrap user (`%c` is Mosquitto's substitution of the connecting client's id), and one
 * for the API's user, which must already hold the plugin's admin role to send these commands.
 */
export function terminalAcls(username: string): Acl[] {
  return toMosquittoAcls('terminal', username);
}

const BOOTSTRAP_ACLS: Acl[] = toMosquittoAcls('bootstrap');

/**
 * Mosquitto before 2.1 has no `%c` in dynamic-security ACLs (eclipse-mosquitto/mosquitto#2222,
 * #3191), so "its own reply only" cannot be said. The nearest: any single reply topic named
 * literally, no wildcard (a client must know another's id to read its reply). Used only when a
 * probe shows the `%c` rule does not work, and said in the log.
 */
const BOOTSTRAP_ACLS_WITHOUT_SUBSTITUTION: Acl[] = [
  { acltype: 'subscribeLiteral', topic: `${PROVISIONING_REPLY_PREFIX}+`, allow: false, priority: 10 },
  { acltype: 'subscribeLiteral', topic: `${PROVISIONING_REPLY_PREFIX}#`, allow: false, priority: 10 },
  { acltype: 'subscribePattern', topic: `${PROVISIONING_REPLY_PREFIX}+`, allow: true },
];

/**
 * The API's user may use every locker topic, as on the embedded broker (where the service user is
 * refused nothing), directly or through a shared subscription.
 */
const SERVICE_ACLS: Acl[] = [
  { acltype: 'publishClientSend', topic: 'locker/#', allow: true },
  { acltype: 'subscribePattern', topic: 'locker/#', allow: true },
  { acltype: 'subscribePattern', topic: '$share/+/locker/#', allow: true },
];

/**
 * BrokerAdmin over Mosquitto's dynamic security plugin (MQTT_URL): commands on
 * `$CONTROL/dynamic-security/v1`, answered on `…/response` to the sender only. Commands are sent
 * one batch at a time and matched by correlationData. Deleting a client disconnects it at once.
 */
export async function createDynsecBrokerAdmin(
  client: MqttClient,
  options: {
    serviceUsername: string;
    canConnect?: (credentials: MqttCredentials) => Promise<boolean>;
    /** Connects as `credentials` with a new client id and says whether it may subscribe to its own reply topic. */
    mayReadOwnReply?: (credentials: MqttCredentials) => Promise<boolean>;
    warn?: (message: string) => void;
  },
): Promise<BrokerAdmin> {
  const waiting = new Map<string, { resolve: (replies: DynsecReply[]) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let queue: Promise<unknown> = Promise.resolve();

  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    let replies: DynsecReply[];
    try {
      replies = (JSON.parse(payload.toString('utf8')) as { responses?: DynsecReply[] }).responses ?? [];
    } catch {
      return;
    }
    const id = replies.find((reply) => reply.correlationData)?.correlationData;
    const entry = id ? waiting.get(id) : undefined;
    if (!id || !entry) return;
    waiting.delete(id);
    clearTimeout(entry.timer);
    entry.resolve(replies);
  });
  const grants = await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
  if (grants.some((grant) => grant.qos === 128)) {
    throw new Error(`MQTT_USERNAME ${options.serviceUsername} may not use Mosquitto's dynamic security (give it the plugin's admin role)`);
  }

  /**
   * Sends commands in one message and answers their replies, in order; `tolerate` lists errors that
   * mean "already so". With `mayKick`, Mosquitto may disconnect this very client while applying them
   * (2.0 kicks every client whose roles change, to apply them): the reply is then lost, and the
   * caller waits for the reconnection and checks the result itself.
   */
  function run(commands: DynsecCommand[], tolerate: RegExp = /^$/, mayKick = false): Promise<DynsecReply[]> {
    const next = queue.then(async () => {
      const id = randomUUID();
      const replies = await new Promise<DynsecReply[]>((resolve, reject) => {
        const kicked = () => {
          if (!mayKick) return;
          settle();
          client.once('connect', () => resolve([]));
        };
        const settle = () => {
          clearTimeout(timer);
          waiting.delete(id);
          client.off('close', kicked);
        };
        const timer = setTimeout(() => {
          settle();
          reject(new Error(`Mosquitto's dynamic security did not answer ${commands.map((c) => c.command).join(', ')}`));
        }, TIMEOUT_MS);
        client.on('close', kicked);
        waiting.set(id, {
          resolve: (value) => {
            settle();
            resolve(value);
          },
          reject,
          timer,
        });
        client
          .publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: commands.map((c) => ({ ...c, correlationData: id })) }), { qos: 1 })
          .catch((error: Error) => {
            if (mayKick) return;
            settle();
            reject(error);
          });
      });
      const failed = replies.find((reply) => reply.error && !tolerate.test(reply.error));
      if (failed) throw new Error(`Mosquitto dynamic security: ${failed.command} failed: ${failed.error}`);
      return replies;
    });
    queue = next.catch(() => {});
    return next;
  }

  const ALREADY = /already exists|already has|not found/i;

  async function roleAcls(rolename: string): Promise<Acl[] | null> {
    const [reply] = await run([{ command: 'getRole', rolename }], /not found/i);
    if (!reply || reply.error) return null;
    return ((reply.data as { role?: { acls?: Acl[] } }).role?.acls ?? []) as Acl[];
  }

  async function clientRoles(username: string): Promise<string[] | null> {
    const [reply] = await run([{ command: 'getClient', username }], /not found/i);
    if (!reply || reply.error) return null;
    return ((reply.data as { client?: { roles?: { rolename: string }[] } }).client?.roles ?? []).map((role) => role.rolename);
  }

  /** Makes the role hold these ACLs (and the user hold the role); changes only what is missing, as a change kicks the role's clients. */
  async function ensureRole(rolename: string, acls: Acl[], holder?: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const present = await roleAcls(rolename);
      const missing = acls.filter(
        (acl) => !present?.some((p) => p.acltype === acl.acltype && p.topic === acl.topic && p.allow === acl.allow),
      );
      const held = holder ? await clientRoles(holder) : [rolename];
      const commands: DynsecCommand[] = [];
      if (!present) commands.push({ command: 'createRole', rolename });
      for (const acl of missing) commands.push({ command: 'addRoleACL', rolename, ...acl });
      if (holder && !held?.includes(rolename)) commands.push({ command: 'addClientRole', username: holder, rolename });
      if (commands.length === 0) return;
      await run(commands, ALREADY, true);
    }
    throw new Error(`could not give the dynamic-security role ${rolename} its rights`);
  }

  let bootstrapReplyIsolation: 'own' | 'literal' = 'own';

  // The API's own user: the locker topics and the shared subscriptions the link uses.
  await ensureRole(SERVICE_ROLE, SERVICE_ACLS, options.serviceUsername);

  return {
    kind: 'mosquitto-dynsec',
    async createTerminalCredentials({ lockerId, username = lockerId }) {
      const password = newMqttPassword();
      const rolename = terminalRoleOf(username);
      // Re-enrolment: the old client goes (and is disconnected) before the new one is made.
      await run(
        [
          { command: 'deleteClient', username },
          { command: 'deleteRole', rolename },
        ],
        ALREADY,
      );
      await run([
        { command: 'createRole', rolename, acls: terminalAcls(username) },
        { command: 'createClient', username, password, roles: [{ rolename }] },
      ]);
      return { username, password };
    },
    async revoke(username) {
      await run(
        [
          { command: 'deleteClient', username },
          { command: 'deleteRole', rolename: terminalRoleOf(username) },
        ],
        ALREADY,
      );
    },
    get bootstrapReplyIsolation() {
      return bootstrapReplyIsolation;
    },
    async ensureBootstrapUser(credentials) {
      const { username, password } = credentials;
      await ensureRole(BOOTSTRAP_ROLE, BOOTSTRAP_ACLS);
      const [created] = await run([{ command: 'createClient', username, password, roles: [{ rolename: BOOTSTRAP_ROLE }] }], ALREADY);
      // It existed: setting its password would kick terminals enrolling now, so only when it differs.
      if (created?.error) {
        const hasRole = (await clientRoles(username))?.includes(BOOTSTRAP_ROLE) ?? false;
        // Another replica started with a different password: take ours. Mosquitto 2.0 answers adding a
        // role the client already holds with "Internal error", so the role is added only when missing.
        if (!hasRole || !(await options.canConnect?.(credentials))) {
          await run(
            [
              { command: 'setClientPassword', username, password },
              ...(hasRole ? [] : [{ command: 'addClientRole', username, rolename: BOOTSTRAP_ROLE }]),
            ],
            ALREADY,
          );
        }
      }
      if (!options.mayReadOwnReply || (await options.mayReadOwnReply(credentials))) return;
      await ensureRole(BOOTSTRAP_ROLE, BOOTSTRAP_ACLS_WITHOUT_SUBSTITUTION);
      bootstrapReplyIsolation = 'literal';
      options.warn?.(
        'This Mosquitto has no %c in dynamic-security ACLs (it needs 2.1): the bootstrap user may subscribe to any single ' +
          'locker/provisioning/reply/{client id} it names, not only its own (wildcards stay refused). Upgrade Mosquitto to 2.1 to close this.',
      );
    },
  };
}
