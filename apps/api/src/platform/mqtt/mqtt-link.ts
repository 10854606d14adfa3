import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttConfig } from '../../config';
import type { Db } from '../db/client';
import type { BrokerAdmin, MqttCredentials } from './broker-admin';
import { createDatabaseBrokerAdmin } from './database-broker-admin';
import { createDynsecBrokerAdmin } from './dynsec-broker-admin';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker';
import { connectMqtt, createMqttLinkClient, type MqttLinkClient } from './mqtt-client';
import { defaultTopicRights, type TopicRights } from './topic-rights';

/** The path of MQTT over WebSocket on the console's own port (embedded broker). */
export const MQTT_WEBSOCKET_PATH = '/mqtt';

export type MqttLink = {
  /** `embedded`: this process runs the broker; `external`: MQTT_URL. */
  readonly mode: 'embedded' | 'external';
  /** Terminal credentials and rights, kept by whichever broker is in use. */
  readonly admin: BrokerAdmin;
  /** This process's MQTT connection: shared handlers, commands with their answers. */
  readonly client: MqttLinkClient;
  /** The embedded broker (null with MQTT_URL). */
  readonly broker: EmbeddedBroker | null;
  /** Where terminals connect over TCP (mqtt://host:port) as this process sees it. */
  readonly url: string;
  /** The API's own MQTT user (another API process connects with it too). */
  readonly service: MqttCredentials;
  /** The shared bootstrap user that terminals enrol with. */
  readonly bootstrap: MqttCredentials;
  close(): Promise<void>;
};

/**
 * Starts the terminal link: the embedded broker and a client of it, or a client of MQTT_URL whose
 * user manages Mosquitto's dynamic security. Either way the bootstrap user exists afterwards.
 */
export async function startMqttLink(options: {
  db: Db;
  config: MqttConfig;
  log: FastifyBaseLogger;
  topicRights?: TopicRights;
}): Promise<MqttLink> {
  const { db, config, log } = options;
  const topicRights = options.topicRights ?? defaultTopicRights;

  if (config.url) {
    if (!config.username || !config.password) throw new Error('MQTT_URL needs MQTT_USERNAME and MQTT_PASSWORD (a dynamic-security admin)');
    const service = { username: config.username, password: config.password };
    const raw = await connectMqtt(config.url, service);
    try {
      // The admin grants the API's own user its rights before the link subscribes to locker topics.
      const url = config.url;
      const admin = await createDynsecBrokerAdmin(raw, {
        serviceUsername: service.username,
        canConnect: (credentials) =>
          connectMqtt(url, credentials, { reconnectPeriod: 0, clientId: `ebox-check-${process.pid}-${Date.now()}` }).then(
            (probe) => probe.endAsync().then(() => true),
            () => false,
          ),
        mayReadOwnReply: async (credentials) => {
          const clientId = `ebox-probe-${process.pid}-${Date.now()}`;
          const probe = await connectMqtt(url, credentials, { reconnectPeriod: 0, clientId });
          try {
            const [grant] = await probe.subscribeAsync(`locker/provisioning/reply/${clientId}`, { qos: 1 });
            return grant !== undefined && grant.qos !== 128;
          } catch {
            return false;
          } finally {
            await probe.endAsync(true).catch(() => {});
          }
        },
        warn: (message) => log.warn(message),
      });
      await admin.ensureBootstrapUser(config.bootstrap);
      const client = await createMqttLinkClient(raw);
      log.info({ url: redactUrl(config.url) }, 'terminal link connected to the external MQTT broker');
      return {
        mode: 'external',
        admin,
        client,
        broker: null,
        url: config.url,
        service,
        bootstrap: config.bootstrap,
        close: () => client.close(),
      };
    } catch (error) {
      await raw.endAsync(true).catch(() => {});
      throw error;
    }
  }

  // This process's own user on its own broker: in memory, never stored.
  const service = { username: config.username ?? 'ebox-api', password: config.password ?? randomBytes(24).toString('base64url') };
  const broker = await startEmbeddedBroker({ db, port: config.port, host: config.host, topicRights, service, log });
  try {
    const admin = createDatabaseBrokerAdmin({
      db,
      onRevoked: (username) => void broker.recheck(username).catch((error: unknown) => log.warn({ err: error }, 'mqtt: recheck failed')),
    });
    await admin.ensureBootstrapUser(config.bootstrap);
    const url = `mqtt://127.0.0.1:${broker.port}`;
    const client = await createMqttLinkClient(await connectMqtt(url, service));
    return {
      mode: 'embedded',
      admin,
      client,
      broker,
      url,
      service,
      bootstrap: config.bootstrap,
      async close() {
        await client.close();
        await broker.close();
      },
    };
  } catch (error) {
    await broker.close();
    throw error;
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'MQTT_URL';
  }
}
