import { z } from 'zod';

/**
 * Enrolling a locker's terminal (issue 14, item 4): what `POST /ebox/createToken` answers and the
 * configuration file a terminal is installed with. Declared once here for the API's answer, the
 * console's dialog and the simulator.
 */

/** How long a one-time enrolment token lives: long enough to carry it to the locker and install it the same day. */
export const ENROLMENT_TOKEN_TTL_HOURS = 24;

export const enrolmentTokenDataSchema = z.object({
  /** The one-time token: the last level of `locker/register/{token}`. Only its SHA-256 is stored. */
  token: z.string(),
  /** ISO 8601; after it the token is refused ("expired"). */
  expiresAt: z.string(),
  eboxId: z.uuid(),
  /** The locker's UUID: its MQTT user name after enrolment and its topics' namespace. */
  terminalId: z.string(),
  /** Where the terminal connects over TCP (mqtt://host:port). */
  mqttUrl: z.string(),
  /** MQTT over WebSocket on the console's own port (embedded broker); null with an external broker. */
  websocketUrl: z.string().nullable(),
  /**
   * A broker user made for this token alone (one-time): it may only publish on
   * `locker/register/{token}` and read `locker/provisioning/reply/{clientId}`, and is deleted once
   * the token is used or expired. Only the password's hash is kept.
   */
  bootstrapUsername: z.string(),
  bootstrapPassword: z.string(),
  /** The MQTT client id the terminal must enrol with: the bootstrap user connects with no other. */
  clientId: z.string(),
  /** The heartbeat interval the console will ask for in `apply_config`. */
  heartbeatIntervalSeconds: z.number(),
});
export type EnrolmentTokenData = z.infer<typeof enrolmentTokenDataSchema>;

export const ENROLMENT_CONFIG_FILE_FORMAT = 'ebox-terminal-config/1';

/**
 * The file a terminal is installed with: everything it needs to enrol once (token, broker, the
 * token's own bootstrap user and client id), the locker's own settings given to createToken, and the same values under the
 * environment names Open-Locker's device software reads, so either kind of terminal can use it.
 */
export function buildTerminalConfigFile(tokenData: EnrolmentTokenData, config: Record<string, unknown> = {}) {
  return {
    format: ENROLMENT_CONFIG_FILE_FORMAT,
    eboxId: tokenData.eboxId,
    lockerUuid: tokenData.terminalId,
    provisioningToken: tokenData.token,
    tokenExpiresAt: tokenData.expiresAt,
    mqtt: {
      url: tokenData.mqttUrl,
      websocketUrl: tokenData.websocketUrl,
      bootstrapUsername: tokenData.bootstrapUsername,
      bootstrapPassword: tokenData.bootstrapPassword,
      clientId: tokenData.clientId,
    },
    heartbeatIntervalSeconds: tokenData.heartbeatIntervalSeconds,
    config,
    openLockerEnv: {
      MQTT_BROKER_URL: tokenData.mqttUrl,
      MQTT_DEFAULT_USERNAME: tokenData.bootstrapUsername,
      MQTT_DEFAULT_PASSWORD: tokenData.bootstrapPassword,
      MQTT_CLIENT_ID: tokenData.clientId,
      PROVISIONING_TOKEN: tokenData.token,
    },
  };
}
export type TerminalConfigFile = ReturnType<typeof buildTerminalConfigFile>;

/** The answer a device gets on `locker/provisioning/reply/{client_id}` when its token is refused. */
export const ENROLMENT_REFUSALS = {
  unknown: 'Unknown provisioning token',
  used: 'Provisioning token already used',
  expired: 'Provisioning token expired',
  malformed: 'Malformed registration request',
  wrongClient: 'Registration from another client id than the token was made for',
  failed: 'Registration failed, try again with a new token',
} as const;
export type EnrolmentRefusal = keyof typeof ENROLMENT_REFUSALS;
