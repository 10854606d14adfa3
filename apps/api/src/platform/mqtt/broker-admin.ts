import { randomBytes } from 'node:crypto';
import type { MqttRole } from './topic-rights';

/**
 * Credentials and topic rights of the terminal link, whichever broker holds them: the embedded
 * broker's PostgreSQL store (database-broker-admin.ts) or Mosquitto's dynamic security plugin
 * (dynsec-broker-admin.ts). Topic rights follow from the role (topic-rights.ts).
 */
export type BrokerAdmin = {
  /** `embedded` (aedes, table terminal_credential) or `mosquitto-dynsec` (MQTT_URL). */
  readonly kind: 'embedded' | 'mosquitto-dynsec';
  /**
   * New credentials for a locker's terminal: user name = `username` (by default the locker's id),
   * a new random password. Credentials the user name had before stop working (re-enrolment).
   */
  createTerminalCredentials(input: { lockerId: string; username?: string }): Promise<MqttCredentials>;
  /** Revokes the user name's credentials; a client connected with them is disconnected at once. */
  revoke(username: string): Promise<void>;
  /**
   * What the bootstrap user may read: `own`, only its own `locker/provisioning/reply/{client id}`;
   * `literal`, any reply topic it names exactly (Mosquitto before 2.1, which cannot say "own").
   */
  readonly bootstrapReplyIsolation: 'own' | 'literal';
  /** Creates the shared bootstrap user, or sets its password; idempotent. */
  ensureBootstrapUser(credentials: MqttCredentials): Promise<void>;
};

export type MqttCredentials = { username: string; password: string };

export function newMqttPassword(): string {
  return randomBytes(24).toString('base64url');
}

export type { MqttRole };
