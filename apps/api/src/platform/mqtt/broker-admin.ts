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
   * A one-time enrolment user for one createToken: it may connect only with `clientId` (and only
   * until `expiresAt` on the embedded broker; Mosquitto's is deleted by the enrolment sweep), publish
   * only on `locker/register/{token}` and subscribe only to `locker/provisioning/reply/{clientId}`.
   * The password is stored hashed by either broker.
   */
  createEnrolmentUser(input: EnrolmentUser): Promise<void>;
  /** Deletes a one-time enrolment user (used or expired); a client connected with it is disconnected. */
  removeEnrolmentUser(username: string): Promise<void>;
  /**
   * Deletes the shared bootstrap user of earlier versions (MQTT_BOOTSTRAP_USERNAME) and its role:
   * whoever held its password could read any reply topic named literally on Mosquitto 2.0.
   */
  retireSharedBootstrapUser(username: string): Promise<void>;
};

export type MqttCredentials = { username: string; password: string };

export type EnrolmentUser = MqttCredentials & { clientId: string; token: string; expiresAt: Date };

export function newMqttPassword(): string {
  return randomBytes(24).toString('base64url');
}

export type { MqttRole };
