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
  /** The shared bootstrap user of earlier versions: deleted at start (each enrolment has its own user now). */
  readonly bootstrap: MqttCredentials;
  close(): Promise<void>;
};

/**
 * Starts the terminal link: the embedded broker and a client of it, or a client of MQTT_URL whose
 * user manages Mosquitto's dynamic security. Either way the shared bootstrap user of earlier
 * versions is gone afterwards: each createToken makes its own one-time enrolment user.
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
      const admin = await createDynsecBrokerAdmin(raw, { serviceUsername: service.username });
      await admin.retireSharedBootstrapUser(config.bootstrap.username);
      // A second connection of this process for commands that watch a locker's snapshots (mqtt-client.ts).
      const client = await createMqttLinkClient(raw, { watcher: await connectMqtt(config.url, service) });
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
  const broker = await startEmbeddedBroker({
    db,
    port: config.port,
    host: config.host,
    topicRights,
    service,
    log,
    maxPacketBytes: config.maxPacketBytes,
  });
  try {
    const admin = createDatabaseBrokerAdmin({
      db,
      onRevoked: (username) => void broker.recheck(username).catch((error: unknown) => log.warn({ err: error }, 'mqtt: recheck failed')),
    });
    await admin.retireSharedBootstrapUser(config.bootstrap.username);
    const url = `mqtt://127.0.0.1:${broker.port}`;
    // A second connection of this process for commands that watch a locker's snapshots (mqtt-client.ts).
    const client = await createMqttLinkClient(await connectMqtt(url, service), { watcher: await connectMqtt(url, service) });
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
