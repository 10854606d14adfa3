import { createHash, randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * A plain Open-Locker device, played by a test client. It uses ONLY the facts of
 * ../shared/contracts/open-locker-mqtt.md (Open-Locker contract 0.1.0-alpha): every payload is
 * written here by hand, nothing comes from our own schemas or builders, and it knows none of our
 * extensions (it answers them INVALID_COMMAND, "Unknown action"). A console that works with it
 * works with Open-Locker's real device software; a test that validates what it sends with our
 * contract proves our contract is a superset of Open-Locker's.
 */

export interface OpenLockerMapping {
  compartment_number: number;
  slaveId: number;
  address: number;
}

export interface OpenLockerDeviceOptions {
  brokerUrl: string;
  /** The locker UUID the console gave at enrolment (its MQTT user name). */
  lockerUuid: string;
  password?: string;
  /** The client id used to enrol: the device reconnects with the same one. */
  clientId?: string;
  /** Before apply_config: 15 s, the device's default. */
  heartbeatIntervalSeconds?: number;
  /** The device polls its doors every 5 s and publishes a snapshot when one changed. */
  doorPollMs?: number;
  /** The pause between the door-open snapshot and the answer (about 50 ms on the device). */
  answerDelayMs?: number;
  /** Channels of its relay boards: an address must be 0 to this − 1 (8 on Waveshare's board). */
  boardChannels?: number;
}

/** One relay pulse: the compartment asked for and the board channel the device's mapping drove. */
export interface OpenLockerPulse {
  compartmentNumber: number;
  slaveId: number;
  address: number;
}

export interface ReceivedMessage {
  topic: string;
  payload: Record<string, unknown>;
}

const OPEN_LOCKER_DEFAULT_MAPPING: OpenLockerMapping[] = Array.from({ length: 8 }, (_, i) => ({
  compartment_number: i + 1,
  slaveId: 1,
  address: i,
}));

const isoNow = () => new Date().toISOString();

/** SHA-256 hex of the mapping sorted by number, keys compartment_number, slaveId, address, compact JSON. */
export function openLockerConfigHash(compartments: readonly OpenLockerMapping[]): string {
  const sorted = [...compartments]
    .sort((a, b) => a.compartment_number - b.compartment_number)
    .map((c) => ({ compartment_number: c.compartment_number, slaveId: c.slaveId, address: c.address }));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export type OpenLockerEnrolment =
  | { status: 'success'; clientId: string; mqttUser: string; mqttPassword: string }
  | { status: 'error'; clientId: string; message: string }
  | { status: 'timeout'; clientId: string };

/**
 * Enrolment as the device does it: bootstrap user, subscribe to the reply topic of its client id,
 * publish `{message_id, client_id, timestamp}` on `locker/register/{token}`, wait for the answer.
 */
export async function enrolOpenLockerDevice(options: {
  brokerUrl: string;
  token: string;
  bootstrapUsername?: string;
  bootstrapPassword?: string;
  clientId?: string;
  timeoutMs?: number;
}): Promise<OpenLockerEnrolment> {
  const clientId = options.clientId ?? `locker-client-${randomUUID().slice(0, 8)}`;
  const client = await mqtt.connectAsync(options.brokerUrl, {
    protocolVersion: 4,
    clientId,
    username: options.bootstrapUsername,
    password: options.bootstrapPassword,
    reconnectPeriod: 0,
  });
  try {
    const replyTopic = `locker/provisioning/reply/${clientId}`;
    const answer = new Promise<OpenLockerEnrolment>((resolve) => {
      const timer = setTimeout(() => resolve({ status: 'timeout', clientId }), options.timeoutMs ?? 10_000);
      client.on('message', (topic, bytes) => {
        if (topic !== replyTopic) return;
        clearTimeout(timer);
        const reply = JSON.parse(bytes.toString('utf8'));
        if (reply.status === 'success') {
          resolve({ status: 'success', clientId, mqttUser: reply.data.mqtt_user, mqttPassword: reply.data.mqtt_password });
        } else {
          resolve({ status: 'error', clientId, message: String(reply.message) });
        }
      });
    });
    await client.subscribeAsync(replyTopic, { qos: 1 });
    await client.publishAsync(
      `locker/register/${options.token}`,
      JSON.stringify({ message_id: randomUUID(), client_id: clientId, timestamp: isoNow() }),
      { qos: 1 },
    );
    return await answer;
  } finally {
    await client.endAsync();
  }
}

/**
 * The device once enrolled: connects as its locker with the last will, subscribes to its command
 * topic, heartbeats (first one at once), publishes the retained door snapshot after its first
 * poll and whenever a door changes, and answers open_compartment and apply_config as Open-Locker's
 * locker-client does. Doors open when the relay is pulsed and stay open until `closeDoor`.
 */
export class OpenLockerDevice {
  readonly lockerUuid: string;
  /** Everything the console sent it (commands), in order, for the test to validate. */
  readonly received: ReceivedMessage[] = [];
  /** Everything it published, in order. */
  readonly sent: ReceivedMessage[] = [];
  /** Compartments whose door will not open: open_compartment answers DOOR_JAMMED. */
  readonly jammed = new Set<number>();
  /** While true, commands are taken in but never answered (a silent terminal, for time-outs). */
  silent = false;
  /** Every relay pulse, in order: which board and channel each opening drove. */
  readonly pulses: OpenLockerPulse[] = [];
  /** Added to its clock for the timestamps it publishes (a terminal whose clock lags: its reports look old). */
  clockOffsetMs = 0;
  /** Channels of its relay boards: apply_config with an address past them is refused (INVALID_CONFIG). */
  boardChannels: number;
  /** False: a pulse whose door sensor saw no change, so no snapshot comes before the answer. */
  snapshotOnOpen = true;
  /** Set: apply_config answers success naming this hash instead of the mapping's (a device that kept another). */
  answeredConfigHash: string | undefined;
  mapping: OpenLockerMapping[] = OPEN_LOCKER_DEFAULT_MAPPING;
  heartbeatIntervalSeconds: number;
  private readonly options: OpenLockerDeviceOptions;
  private client: MqttClient | undefined;
  private doors = new Map<number, 'open' | 'closed'>();
  private published = new Map<number, 'open' | 'closed'>();
  private seenTransactions = new Set<string>();
  private seenMessages = new Set<string>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private startedAt = Date.now();

  constructor(options: OpenLockerDeviceOptions) {
    this.options = options;
    this.lockerUuid = options.lockerUuid;
    this.heartbeatIntervalSeconds = options.heartbeatIntervalSeconds ?? 15;
    this.boardChannels = options.boardChannels ?? 8;
    for (const entry of this.mapping) this.doors.set(entry.compartment_number, 'closed');
  }

  private topic(suffix: string): string {
    return `locker/${this.lockerUuid}/${suffix}`;
  }

  get online(): boolean {
    return this.client?.connected ?? false;
  }

  doorState(compartmentNumber: number): 'open' | 'closed' | undefined {
    return this.doors.get(compartmentNumber);
  }

  async start(): Promise<void> {
    const connectedAt = isoNow();
    this.client = await mqtt.connectAsync(this.options.brokerUrl, {
      protocolVersion: 4,
      clean: false,
      keepalive: 60,
      clientId: this.options.clientId ?? `locker-client-${this.lockerUuid}`,
      username: this.lockerUuid,
      password: this.options.password,
      reconnectPeriod: 0,
      will: {
        topic: this.topic('state/connection'),
        // Its timestamp is the time it connected, as the real device's.
        payload: Buffer.from(
          JSON.stringify({ message_id: randomUUID(), timestamp: connectedAt, status: 'offline', reason: 'mqtt_last_will' }),
        ),
        qos: 1,
        retain: false,
      },
    });
    this.client.on('message', (topic, bytes) => this.onMessage(topic, bytes));
    await this.client.subscribeAsync(this.topic('command'), { qos: 1 });
    await this.heartbeat();
    this.heartbeatTimer = setInterval(() => void this.heartbeat().catch(() => {}), this.heartbeatIntervalSeconds * 1000);
    // The first poll publishes the first snapshot (the default 8 compartments before apply_config).
    await this.publishSnapshot();
    this.pollTimer = setInterval(() => void this.pollDoors().catch(() => {}), this.options.doorPollMs ?? 5_000);
  }

  /** A clean stop: no last will (the console learns it only from the missing heartbeats). */
  async stop(): Promise<void> {
    this.clearTimers();
    await this.client?.endAsync();
    this.client = undefined;
  }

  /** Crash or network loss: the socket drops without DISCONNECT and the broker sends the last will. */
  async crash(): Promise<void> {
    this.clearTimers();
    await this.client?.endAsync(true);
    this.client = undefined;
  }

  /** Resolves with the first command of `action` received (already or later), e.g. the console's apply_config. */
  async waitForCommand(action: string, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((m) => m.payload.action === action);
      if (found) return found.payload;
      if (Date.now() > deadline) throw new Error(`no ${action} command reached locker ${this.lockerUuid} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Someone shuts the door; the next poll publishes the snapshot. */
  closeDoor(compartmentNumber: number): void {
    if (this.doors.has(compartmentNumber)) this.doors.set(compartmentNumber, 'closed');
  }

  private clearTimers(): void {
    clearInterval(this.heartbeatTimer);
    clearInterval(this.pollTimer);
  }

  private now(): string {
    return new Date(Date.now() + this.clockOffsetMs).toISOString();
  }

  private async publish(suffix: string, payload: Record<string, unknown>, retain = false): Promise<void> {
    const topic = this.topic(suffix);
    this.sent.push({ topic, payload });
    await this.client?.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
  }

  private heartbeat(): Promise<void> {
    return this.publish('state/heartbeat', {
      message_id: randomUUID(),
      timestamp: this.now(),
      uptime_seconds: Math.floor((Date.now() - this.startedAt) / 1000),
    });
  }

  private async publishSnapshot(): Promise<void> {
    this.published = new Map(this.doors);
    const compartments = [...this.doors]
      .sort(([a], [b]) => a - b)
      .map(([compartment_number, door_state]) => ({ compartment_number, door_state }));
    await this.publish('state/compartments', { message_id: randomUUID(), timestamp: this.now(), compartments }, true);
  }

  private async pollDoors(): Promise<void> {
    const changed = [...this.doors].some(([n, state]) => this.published.get(n) !== state) || this.doors.size !== this.published.size;
    if (changed) await this.publishSnapshot();
  }

  private respond(command: Record<string, unknown>, answer: Record<string, unknown>): Promise<void> {
    return this.publish('response', {
      message_id: randomUUID(),
      timestamp: this.now(),
      transaction_id: command.transaction_id,
      action: command.action,
      // The real device still adds this legacy field; extra fields are allowed.
      type: 'command_response',
      ...answer,
    });
  }

  private onMessage(topic: string, bytes: Buffer): void {
    if (topic !== this.topic('command')) return;
    let command: Record<string, unknown>;
    try {
      command = JSON.parse(bytes.toString('utf8'));
    } catch {
      return;
    }
    this.received.push({ topic, payload: command });
    const transactionId = command.transaction_id;
    const messageId = command.message_id;
    // Seen before (by transaction_id or message_id), or no transaction_id: dropped silently.
    if (typeof transactionId !== 'string' || transactionId === '') return;
    if (this.seenTransactions.has(transactionId) || (typeof messageId === 'string' && this.seenMessages.has(messageId))) return;
    this.seenTransactions.add(transactionId);
    if (typeof messageId === 'string') this.seenMessages.add(messageId);
    if (this.silent) return;
    void this.handle(command).catch(() => {});
  }

  private async handle(command: Record<string, unknown>): Promise<void> {
    const data = (command.data ?? {}) as Record<string, unknown>;
    if (command.action === 'open_compartment') {
      const number = data.compartment_number;
      if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
        return this.respond(command, { result: 'error', error_code: 'COMPARTMENT_NOT_FOUND', message: 'Invalid compartment number' });
      }
      const wired = this.mapping.find((entry) => entry.compartment_number === number);
      if (!wired) {
        return this.respond(command, { result: 'error', error_code: 'HARDWARE_ERROR', message: `No mapping for compartment ${number}` });
      }
      if (this.jammed.has(number)) {
        return this.respond(command, { result: 'error', error_code: 'DOOR_JAMMED', message: `Door ${number} did not open` });
      }
      // Relay pulsed: the snapshot shows the door open, then the answer follows.
      this.pulses.push({ compartmentNumber: number, slaveId: wired.slaveId, address: wired.address });
      if (this.snapshotOnOpen) {
        this.doors.set(number, 'open');
        await this.publishSnapshot();
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.answerDelayMs ?? 50));
      return this.respond(command, { result: 'success', message: `Compartment ${number} opened` });
    }
    if (command.action === 'apply_config') {
      const compartments = data.compartments as OpenLockerMapping[] | undefined;
      const interval = data.heartbeat_interval_seconds;
      if (
        !Array.isArray(compartments) ||
        typeof interval !== 'number' ||
        openLockerConfigHash(compartments) !== String(data.config_hash).toLowerCase()
      ) {
        return this.respond(command, { result: 'error', error_code: 'INVALID_CONFIG', message: 'Config hash mismatch' });
      }
      // The device's own check: refused whole, and the previous mapping stays.
      const refusal = this.checkMapping(compartments);
      if (refusal) return this.respond(command, { result: 'error', error_code: 'INVALID_CONFIG', message: refusal });
      this.mapping = compartments.map((c) => ({ compartment_number: c.compartment_number, slaveId: c.slaveId, address: c.address }));
      this.doors = new Map(this.mapping.map((c) => [c.compartment_number, this.doors.get(c.compartment_number) ?? 'closed']));
      this.heartbeatIntervalSeconds = interval;
      clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = setInterval(() => void this.heartbeat().catch(() => {}), interval * 1000);
      await this.respond(command, {
        result: 'success',
        message: 'Config applied',
        applied_config_hash: this.answeredConfigHash ?? openLockerConfigHash(this.mapping),
      });
      return this.publishSnapshot();
    }
    return this.respond(command, { result: 'error', error_code: 'INVALID_COMMAND', message: 'Unknown action' });
  }

  /** slaveId a positive integer, address 0 to channels − 1, no two compartments on one slaveId and address. */
  private checkMapping(compartments: readonly OpenLockerMapping[]): string | null {
    const channels = this.boardChannels;
    const seen = new Set<string>();
    for (const c of compartments) {
      if (!Number.isInteger(c.slaveId) || c.slaveId < 1) return `Invalid slaveId ${c.slaveId} for compartment ${c.compartment_number}`;
      if (!Number.isInteger(c.address) || c.address < 0 || c.address > channels - 1) {
        return `Invalid address ${c.address} for compartment ${c.compartment_number} (0-${channels - 1})`;
      }
      const place = `${c.slaveId}:${c.address}`;
      if (seen.has(place)) return `Duplicate slaveId ${c.slaveId} address ${c.address}`;
      seen.add(place);
    }
    return null;
  }
}
