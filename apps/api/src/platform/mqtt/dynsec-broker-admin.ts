import { randomUUID } from 'node:crypto';
import { toMosquittoAcls } from '@ebox/domain';
import type { MqttClient } from 'mqtt';
import { z } from 'zod';
import { type BrokerAdmin, type EnrolmentUser, type MqttCredentials, newMqttPassword } from './broker-admin';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
const TIMEOUT_MS = 10_000;

/** The shared bootstrap user's role of earlier versions: deleted at start (retireSharedBootstrapUser). */
export const BOOTSTRAP_ROLE = 'ebox-bootstrap';
export const SERVICE_ROLE = 'ebox-api';
export const terminalRoleOf = (username: string) => `ebox-terminal-${username}`;
export const enrolmentRoleOf = (username: string) => `ebox-enrolment-${username}`;

type Acl = {
  acltype: 'publishClientSend' | 'publishClientReceive' | 'subscribePattern' | 'subscribeLiteral';
  topic: string;
  allow: boolean;
  priority?: number;
};
type DynsecCommand = { command: string; [key: string]: unknown };

/** What Mosquitto answers on the response topic; anything else there is not ours and is ignored. */
const dynsecResponse = z.object({
  responses: z
    .array(
      z.object({ command: z.string(), error: z.string().optional(), data: z.unknown().optional(), correlationData: z.string().optional() }),
    )
    .optional(),
});
type DynsecReply = NonNullable<z.infer<typeof dynsecResponse>['responses']>[number];
/** An ACL as getRole lists it: any type Mosquitto knows, ours among them. */
const presentAcl = z.object({ acltype: z.string(), topic: z.string(), allow: z.boolean() });
const roleData = z.object({ role: z.object({ acls: z.array(presentAcl).optional() }).optional() });
const clientData = z.object({ client: z.object({ roles: z.array(z.object({ rolename: z.string() })).optional() }).optional() });

/**
 * The domain's topic rights (packages/domain/src/terminal/topic-rights.ts, the same the embedded
 * broker enforces) written as dynamic-security roles that Mosquitto checks itself: one role per
 * terminal naming its own `locker/{uuid}/` topics (no `%u` before Mosquitto 2.1), one role per
 * one-time enrolment user naming its token's register topic and its own client id's reply topic
 * (no `%c` before 2.1 either: eclipse-mosquitto/mosquitto#2222, #3191), and one for the API's
 * user, which must already hold the plugin's admin role to send these commands.
 */
export function terminalAcls(username: string): Acl[] {
  return toMosquittoAcls('terminal', username);
}

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
  },
): Promise<BrokerAdmin> {
  const channel = new DynsecChannel(client);
  const grants = await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
  if (grants.some((grant) => grant.qos === 128)) {
    throw new Error(`MQTT_USERNAME ${options.serviceUsername} may not use Mosquitto's dynamic security (give it the plugin's admin role)`);
  }
  // The API's own user: the locker topics and the shared subscriptions the link uses.
  await channel.ensureRole(SERVICE_ROLE, SERVICE_ACLS, options.serviceUsername);
  return new DynsecBrokerAdmin(channel);
}

const ALREADY = /already exists|already has|not found/i;

type Waiting = { resolve: (replies: DynsecReply[]) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** The command topic of one client: batches sent one at a time, each answered by its correlationData. */
class DynsecChannel {
  private readonly waiting = new Map<string, Waiting>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      if (topic === RESPONSE_TOPIC) this.receive(payload);
    });
  }

  private receive(payload: Buffer): void {
    let replies: DynsecReply[];
    try {
      const parsed = dynsecResponse.safeParse(JSON.parse(payload.toString('utf8')));
      if (!parsed.success) return;
      replies = parsed.data.responses ?? [];
    } catch {
      return;
    }
    const id = replies.find((reply) => reply.correlationData)?.correlationData;
    const entry = id ? this.waiting.get(id) : undefined;
    if (!id || !entry) return;
    this.waiting.delete(id);
    clearTimeout(entry.timer);
    entry.resolve(replies);
  }

  /**
   * Sends commands in one message and answers their replies, in order; `tolerate` lists errors that
   * mean "already so". With `mayKick`, Mosquitto may disconnect this very client while applying them
   * (2.0 kicks every client whose roles change, to apply them): the reply is then lost, and the
   * caller waits for the reconnection and checks the result itself.
   */
  run(commands: DynsecCommand[], tolerate: RegExp = /^$/, mayKick = false): Promise<DynsecReply[]> {
    const next = this.queue.then(async () => {
      const replies = await this.exchange(commands, mayKick);
      const failed = replies.find((reply) => reply.error && !tolerate.test(reply.error));
      if (failed) throw new Error(`Mosquitto dynamic security: ${failed.command} failed: ${failed.error}`);
      return replies;
    });
    this.queue = next.catch(() => {});
    return next;
  }

  private exchange(commands: DynsecCommand[], mayKick: boolean): Promise<DynsecReply[]> {
    const { client, waiting } = this;
    const id = randomUUID();
    return new Promise<DynsecReply[]>((resolve, reject) => {
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
  }

  private async roleAcls(rolename: string): Promise<z.infer<typeof presentAcl>[] | null> {
    const [reply] = await this.run([{ command: 'getRole', rolename }], /not found/i);
    if (!reply || reply.error) return null;
    return roleData.parse(reply.data).role?.acls ?? [];
  }

  private async clientRoles(username: string): Promise<string[] | null> {
    const [reply] = await this.run([{ command: 'getClient', username }], /not found/i);
    if (!reply || reply.error) return null;
    return (clientData.parse(reply.data).client?.roles ?? []).map((role) => role.rolename);
  }

  /** Makes the role hold these ACLs (and the user hold the role); changes only what is missing, as a change kicks the role's clients. */
  async ensureRole(rolename: string, acls: Acl[], holder?: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const present = await this.roleAcls(rolename);
      const missing = acls.filter(
        (acl) => !present?.some((p) => p.acltype === acl.acltype && p.topic === acl.topic && p.allow === acl.allow),
      );
      const held = holder ? await this.clientRoles(holder) : [rolename];
      const commands: DynsecCommand[] = [];
      if (!present) commands.push({ command: 'createRole', rolename });
      for (const acl of missing) commands.push({ command: 'addRoleACL', rolename, ...acl });
      if (holder && !held?.includes(rolename)) commands.push({ command: 'addClientRole', username: holder, rolename });
      if (commands.length === 0) return;
      await this.run(commands, ALREADY, true);
    }
    throw new Error(`could not give the dynamic-security role ${rolename} its rights`);
  }
}

class DynsecBrokerAdmin implements BrokerAdmin {
  readonly kind = 'mosquitto-dynsec';

  constructor(private readonly channel: DynsecChannel) {}

  async createTerminalCredentials({ lockerId, username = lockerId }: { lockerId: string; username?: string }): Promise<MqttCredentials> {
    const password = newMqttPassword();
    const rolename = terminalRoleOf(username);
    // Re-enrolment: the old client goes (and is disconnected) before the new one is made.
    await this.removeClient(username, rolename);
    await this.channel.run([
      { command: 'createRole', rolename, acls: terminalAcls(username) },
      { command: 'createClient', username, password, roles: [{ rolename }] },
    ]);
    return { username, password };
  }

  async revoke(username: string): Promise<void> {
    await this.removeClient(username, terminalRoleOf(username));
  }

  async createEnrolmentUser({ username, password, clientId, token }: EnrolmentUser): Promise<void> {
    const rolename = enrolmentRoleOf(username);
    const acls = toMosquittoAcls('bootstrap', { clientId, token });
    // Both rights or none: an identity that is not one safe topic level each names nothing.
    if (acls.length !== 2) throw new Error('an enrolment user needs a client id and a token of one topic level each');
    // Mosquitto keeps the client's password hashed (PBKDF2) and lets it connect with `clientid` only.
    await this.channel.run([
      { command: 'createRole', rolename, acls },
      { command: 'createClient', username, password, clientid: clientId, roles: [{ rolename }] },
    ]);
  }

  async removeEnrolmentUser(username: string): Promise<void> {
    await this.removeClient(username, enrolmentRoleOf(username));
  }

  async retireSharedBootstrapUser(username: string): Promise<void> {
    await this.removeClient(username, BOOTSTRAP_ROLE);
  }

  /** Deletes the client (disconnecting it) and its role; either already gone is fine. */
  private async removeClient(username: string, rolename: string): Promise<void> {
    await this.channel.run(
      [
        { command: 'deleteClient', username },
        { command: 'deleteRole', rolename },
      ],
      ALREADY,
    );
  }
}
