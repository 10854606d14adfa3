import { EventEmitter } from 'node:events';
import {
  type AccessCodeEntry,
  type AccessCodeInput,
  accessCodeOfQrPayload,
  buildLockerTopic,
  type CompartmentMappingEntry,
  type CourierRunEntry,
  createEnvelope,
  createTerminalResponse,
  createUnknownActionResponse,
  type DoorState,
  type EboxSingleEvent,
  hashCompartmentMapping,
  LOCKER_ACCESS_AFTER_USE,
  type LockerAccess,
  type LockerChannel,
  OPERATOR_ACTION_PERMISSIONS,
  type OperatorAction,
  type OperatorSessionReply,
  type TerminalAnswer,
  type TerminalCommand,
  type TerminalResponse,
  terminalTopics,
  validateTerminalMessage,
} from '@ebox/domain';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { type SoftwareUpdateRun, SoftwareUpdater, type SoftwareUpdaterOptions } from './software-updater';

/** A compartment as the terminal's relay boards see it: its number, board (slaveId) and channel (address). */
export interface VirtualCompartment {
  number: number;
  boardNumber: number;
  channel: number;
}

export interface TerminalVersions {
  application: string;
  application_version: string;
  os: 'windows' | 'linux' | 'mac';
  os_version: string;
  /** The terminal UI build running (its identification), once one was installed. */
  ui_version?: string;
}

export interface VirtualTerminalOptions extends SoftwareUpdaterOptions {
  /** The locker's UUID: its topics' namespace and, by default, its MQTT user name. */
  lockerUuid: string;
  brokerUrl: string;
  /** Defaults to the locker UUID (Open-Locker's rule: the user name is the UUID). */
  username?: string;
  password?: string;
  /** Defaults to `sim-{uuid}`; after enrolment, pass the client id used to enrol (Open-Locker keeps it). */
  clientId?: string;
  /** Before apply_config the terminal knows these; Open-Locker's default is 8 on board 1, channels 0-7. */
  compartments?: VirtualCompartment[];
  /** Until apply_config says otherwise (Open-Locker's device defaults to 15 s). */
  heartbeatIntervalSeconds?: number;
  /** How long a door stays open after it was opened before the user shuts it. */
  doorCloseAfterMs?: number;
  /** Probability (0 to 1) that open_compartment finds the door jammed (DOOR_JAMMED, door stays shut). */
  failureRate?: number;
  /** Time the terminal takes before answering any command. */
  latencyMs?: number;
  /** How long reboot and restart_app keep the terminal off the network. */
  rebootMs?: number;
  restartMs?: number;
  /**
   * A command repeated with a transaction_id already run is never run again. 'answer-again'
   * (default) publishes the stored answer again, unchanged (same message_id, so a console that
   * saw it drops it); 'drop' stays silent like Open-Locker's device.
   */
  repeatedCommand?: 'answer-again' | 'drop';
  versions?: TerminalVersions;
  /** Source of randomness for the failure rate, for reproducible runs. */
  random?: () => number;
  /** Passed to mqtt.js (e.g. reconnectPeriod). */
  mqttOptions?: Partial<IClientOptions>;
  /**
   * Whether a code typed at the keypad is checked against the list the console sent
   * (apply_access_codes), as our terminal does (default). false plays an older terminal application
   * that reports whatever code was typed, leaving the console's own checks as the only ones.
   */
  checksAccessCodes?: boolean;
  /** The terminal's clock for its maintenance window (default: the real time); setClock changes it later. */
  clock?: () => Date;
}

/** A parcel opening at the keypad: done, or refused at the terminal (no door opened, nothing reported). */
export type KeypadOutcome =
  | { ok: true; compartmentNumber: number }
  | {
      ok: false;
      /** unknownCode: no such code; notAllowed: the code is not for this (a pickup before the deposit...); wrongCompartment: it opens another one. */
      reason: 'unknownCode' | 'notAllowed' | 'wrongCompartment';
    };

/** A code given at the terminal: typed at the keypad (`via` absent or 'keypad') or read from a QR code. */
export type ParcelAccess = { compartmentNumber?: number; accessCode: string; trackingCode?: string; via?: AccessCodeInput };

/** A scan: what the code did, or notOurQrCode when the text is not an order's QR code (nothing opened). */
export type ScanOutcome = KeypadOutcome | { ok: false; reason: 'notOurQrCode' };

export interface SentMessage {
  channel: LockerChannel;
  topic: string;
  payload: Record<string, unknown>;
}

interface VirtualTerminalEvents {
  /** A message went out to the broker (already validated against the contract). */
  sent: [SentMessage];
  /** A command arrived (before de-duplication). */
  command: [Record<string, unknown>];
  /** A code typed at the keypad was refused here: no door opened. */
  refused: [{ accessCode: string; use: LockerAccess; compartmentNumber?: number; reason: string }];
  connected: [];
  disconnected: [];
  error: [Error];
}

/** Open-Locker's device starts with one board of 8 channels. */
export function defaultCompartments(count = 8, boardNumber = 1): VirtualCompartment[] {
  return Array.from({ length: count }, (_, index) => ({ number: index + 1, boardNumber, channel: index }));
}

export const DEFAULT_VERSIONS: TerminalVersions = {
  application: 'ebox-terminal-sim',
  application_version: '1.0.0',
  os: 'linux',
  os_version: 'Debian 13 (simulated)',
};

const DEFAULT_HEARTBEAT_SECONDS = 15;
const REMEMBERED_IDS = 1_000;
/** An offline batch never grows past this; a longer absence is sent as several batches, in order. */
const BATCH_SIZE = 100;

type StoredEvent = EboxSingleEvent;

/**
 * One simulated locker terminal speaking the terminal contract (Open-Locker's plus our
 * extensions): heartbeats, a retained door snapshot, its last will, answers to every command,
 * local deposits and pickups, and events held while offline and sent later in one batch.
 * Every message it sends is validated against the contract first: a message the contract would
 * refuse is a bug and throws here instead of reaching the console.
 */
export class VirtualTerminal extends EventEmitter<VirtualTerminalEvents> {
  readonly lockerUuid: string;
  private readonly options: VirtualTerminalOptions;
  private client: MqttClient | undefined;
  private wiring = new Map<number, CompartmentMappingEntry>();
  private doors = new Map<number, DoorState>();
  private doorTimers = new Map<number, NodeJS.Timeout>();
  private doorWaiters = new Map<number, (() => void)[]>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private pendingTimers = new Set<NodeJS.Timeout>();
  private seenMessageIds = new Map<string, true>();
  private answers = new Map<string, TerminalResponse | 'running'>();
  private held: StoredEvent[] = [];
  private lastBatch: StoredEvent[] = [];
  private startedAt = Date.now();
  private stopped = true;
  private versionsState: TerminalVersions;
  /** Parcels the simulator put in, by compartment, so a pickup can use the code of the deposit. */
  readonly parcels = new Map<number, { accessCode: string; trackingCode?: string }>();
  /** The live orders' codes the console sent (apply_access_codes), by code; kept while offline. */
  private codes = new Map<string, AccessCodeEntry>();
  /** The couriers' runs through this locker the console sent with the codes, by run code. */
  private runCodes = new Map<string, CourierRunEntry>();
  private readonly visitedRuns = new Set<string>();
  /** When the console read the list held (its as_of): an older list arriving late is not applied. */
  private codesAsOf = Number.NEGATIVE_INFINITY;
  /** See VirtualTerminalOptions.checksAccessCodes; a test may switch it. */
  checksAccessCodes: boolean;
  /** How many times each action actually ran (a repeated transaction_id does not count). */
  readonly runs: Record<string, number> = {};
  heartbeatIntervalSeconds: number;
  configHash: string | undefined;
  private clock: () => Date;
  /** Openings at the keypad under way (a deposit, a pickup, a courier's run): the terminal is not idle. */
  private localOperations = 0;
  private readonly updater: SoftwareUpdater;

  constructor(options: VirtualTerminalOptions) {
    super();
    this.options = options;
    this.lockerUuid = options.lockerUuid;
    terminalTopics.command(options.lockerUuid); // throws now on a UUID that could not be a topic level
    this.heartbeatIntervalSeconds = options.heartbeatIntervalSeconds ?? DEFAULT_HEARTBEAT_SECONDS;
    this.versionsState = { ...(options.versions ?? DEFAULT_VERSIONS) };
    this.checksAccessCodes = options.checksAccessCodes ?? true;
    this.clock = options.clock ?? (() => new Date());
    this.updater = new SoftwareUpdater(
      options.lockerUuid,
      {
        now: () => this.clock(),
        busyReason: () => this.busyReason(),
        versionOf: (kind) => (kind === 'application' ? this.versionsState.application_version : this.versionsState.ui_version),
        install: (kind, version) => {
          if (kind === 'application') this.versionsState.application_version = version;
          else this.versionsState.ui_version = version;
        },
        publishVersions: () => this.publishVersions(),
        report: (data) => this.recordEvent({ event: 'software_update_progress', data }),
        stopped: () => this.stopped,
        later: (ms) => this.later(ms),
      },
      options,
    );
    for (const c of options.compartments ?? defaultCompartments()) {
      this.wiring.set(c.number, { compartment_number: c.number, slaveId: c.boardNumber, address: c.channel });
      this.doors.set(c.number, 'closed');
    }
  }

  /** Running (since start(), until stop()), online or not: its keypad serves the codes it holds. */
  get started(): boolean {
    return !this.stopped;
  }

  get online(): boolean {
    return this.client?.connected ?? false;
  }

  get versions(): TerminalVersions {
    return { ...this.versionsState };
  }

  /** The door of every compartment, by number, as the next snapshot would show it. */
  doorStates(): Record<number, DoorState> {
    return Object.fromEntries([...this.doors].sort(([a], [b]) => a - b));
  }

  /** The compartment mapping in force (from the constructor or the last apply_config). */
  mapping(): CompartmentMappingEntry[] {
    return [...this.wiring.values()].sort((a, b) => a.compartment_number - b.compartment_number);
  }

  /** The codes held, as the console sent them and as local use changed them since (by compartment number). */
  accessCodes(): AccessCodeEntry[] {
    return [...this.codes.values()].sort((a, b) => (a.compartment_number ?? 0) - (b.compartment_number ?? 0));
  }

  /** The couriers' runs held (apply_access_codes `runs`), as the console last sent them. */
  courierRuns(): CourierRunEntry[] {
    return [...this.runCodes.values()];
  }

  /** Whether a courier has already worked this run here (playCourierRun). */
  visitedRun(runCode: string): boolean {
    return this.visitedRuns.has(runCode);
  }

  /**
   * A courier types the run code at the keypad (issue 30): within the run's window, the terminal
   * opens each compartment of the run at this locker in turn, the courier puts each parcel to
   * deposit in its planned compartment (or a free one when none is planned) and takes out each
   * parcel to collect; every opening is reported as a deposit or a pickup under the run code with
   * the parcel's tracking code. Offline too: the events wait. A code held for no run opens nothing.
   */
  async playCourierRun(
    runCode: string,
  ): Promise<{ ok: true; deposited: string[]; collected: string[] } | { ok: false; reason: 'unknownCode' | 'outsideWindow' }> {
    const run = this.runCodes.get(runCode);
    if (!run) return { ok: false, reason: 'unknownCode' };
    const now = this.eventClock().getTime();
    if (now < Date.parse(run.valid_from) || now > Date.parse(run.valid_until)) return { ok: false, reason: 'outsideWindow' };
    const collected: string[] = [];
    for (const parcel of run.collections) {
      this.requireCompartment(parcel.compartment_number);
      this.parcels.delete(parcel.compartment_number);
      await this.playLocalOpening(parcel.compartment_number, {
        event: 'parcel_taken',
        data: { compartment_number: parcel.compartment_number, access_code: runCode, tracking_code: parcel.tracking_code },
      });
      collected.push(parcel.tracking_code);
    }
    const deposited: string[] = [];
    for (const parcel of run.deposits) {
      const where = parcel.compartment_number ?? this.freeCompartmentNumber();
      if (where === undefined) break;
      this.requireCompartment(where);
      this.parcels.set(where, { accessCode: runCode, trackingCode: parcel.tracking_code });
      await this.playLocalOpening(where, {
        event: 'parcel_deposited',
        data: { compartment_number: where, access_code: runCode, tracking_code: parcel.tracking_code },
      });
      deposited.push(parcel.tracking_code);
    }
    // One visit per run: what it left (a parcel with no free compartment) waits for a person.
    this.visitedRuns.add(runCode);
    return { ok: true, deposited, collected };
  }

  /** A compartment no held code names and no parcel fills. */
  freeCompartmentNumber(): number | undefined {
    const taken = new Set<number | undefined>([
      ...this.parcels.keys(),
      ...[...this.codes.values()].map((entry) => entry.compartment_number),
    ]);
    for (const run of this.runCodes.values()) for (const parcel of run.deposits) taken.add(parcel.compartment_number);
    return [...this.doors.keys()].sort((a, b) => a - b).find((number) => !taken.has(number));
  }

  /** How many events wait for the connection to come back. */
  get heldEvents(): number {
    return this.held.length;
  }

  /** Connects (with the last will) and resolves on the first connection. */
  async start(): Promise<void> {
    this.stopped = false;
    this.startedAt = Date.now();
    await this.connect();
  }

  /** A clean stop: DISCONNECT is sent, so the broker does NOT publish the last will (as Open-Locker). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync();
  }

  /**
   * Loses the network: the socket is dropped without DISCONNECT, so the broker publishes the last
   * will. Local activity goes on and its events are held until goOnline().
   */
  async goOffline(): Promise<void> {
    this.stopHeartbeats();
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync(true);
    this.emit('disconnected');
  }

  /** The time a deposit, pickup or door event carries: the terminal's own clock. */
  private eventClock: () => Date = () => new Date();

  /**
   * Sets the clock the terminal's events carry (none: the real time): a test puts it days behind while
   * the terminal is offline, so its batch replays a parcel deposited on a past day.
   */
  setEventClock(clock?: () => Date): void {
    this.eventClock = clock ?? (() => new Date());
  }

  /**
   * Sets the clock the maintenance window is read with (none: the real time); a software update
   * waiting for its window looks again at once.
   */
  setClock(clock?: () => Date): void {
    this.clock = clock ?? (() => new Date());
    this.updater.wake();
  }

  /** The software releases this terminal holds (software_update), by release id, with where each stands. */
  softwareUpdates(): Record<string, SoftwareUpdateRun> {
    return this.updater.runs();
  }

  /** Why the terminal is not idle (an install waits for it), or undefined when it is. */
  busyReason(): string | undefined {
    const open = [...this.doors].find(([, state]) => state === 'open');
    if (open) return `door of compartment ${open[0]} open`;
    if (this.localOperations > 0) return 'a deposit or pickup under way';
    return undefined;
  }

  /** Comes back: heartbeat, snapshot, versions, then what happened meanwhile as an offline batch. */
  async goOnline(): Promise<void> {
    if (this.online) return;
    this.stopped = false;
    await this.connect();
  }

  /**
   * A courier (or customer) leaves a parcel with an access code: door opens, parcel_deposited, door
   * closes. The code must be one the terminal holds for a deposit (in its compartment, when given);
   * otherwise nothing opens. Offline too: the code then allows a pickup, the events wait.
   */
  async depositParcel(input: ParcelAccess): Promise<KeypadOutcome> {
    const checked = this.checkCode(input.accessCode, 'deposit', input.compartmentNumber);
    if (!checked.ok) return checked;
    const { compartmentNumber } = checked;
    const trackingCode = input.trackingCode ?? this.codes.get(input.accessCode)?.tracking_code;
    this.parcels.set(compartmentNumber, { accessCode: input.accessCode, trackingCode });
    this.useCode(input.accessCode, 'deposit', compartmentNumber);
    await this.playLocalOpening(compartmentNumber, {
      event: 'parcel_deposited',
      data: {
        compartment_number: compartmentNumber,
        access_code: input.accessCode,
        ...(trackingCode ? { tracking_code: trackingCode } : {}),
        ...(input.via ? { input: input.via } : {}),
        // The person signed in at the screen did it (docs/terminal-people.md).
        ...(this.operator ? { session_id: this.operator.sessionId } : {}),
      },
    });
    return checked;
  }

  /** A customer (or carrier) takes a parcel with its access code: door opens, parcel_taken, door closes; refused as a deposit is. */
  async takeParcel(input: ParcelAccess): Promise<KeypadOutcome> {
    const checked = this.checkCode(input.accessCode, 'pickup', input.compartmentNumber);
    if (!checked.ok) return checked;
    const { compartmentNumber } = checked;
    const trackingCode =
      input.trackingCode ?? this.codes.get(input.accessCode)?.tracking_code ?? this.parcels.get(compartmentNumber)?.trackingCode;
    this.parcels.delete(compartmentNumber);
    this.useCode(input.accessCode, 'pickup', compartmentNumber);
    await this.playLocalOpening(compartmentNumber, {
      event: 'parcel_taken',
      data: {
        compartment_number: compartmentNumber,
        access_code: input.accessCode,
        ...(trackingCode ? { tracking_code: trackingCode } : {}),
        ...(input.via ? { input: input.via } : {}),
        // The person signed in at the screen did it (docs/terminal-people.md).
        ...(this.operator ? { session_id: this.operator.sessionId } : {}),
      },
    });
    return checked;
  }

  /**
   * An order's QR code held to the scanner: its payload (`EBOX1:<code>`, accessCodeOfQrPayload) gives
   * the code a keypad would have, used exactly as typed: a deposit or a pickup, whichever the held
   * list allows it now, the events saying `input: 'qr'`. Any other QR code opens nothing.
   */
  async scanQrCode(scan: { compartmentNumber?: number; text: string }): Promise<ScanOutcome> {
    const accessCode = accessCodeOfQrPayload(scan.text);
    if (accessCode === null) return { ok: false, reason: 'notOurQrCode' };
    const use = this.codes.get(accessCode)?.allows ?? 'deposit';
    const access = {
      accessCode,
      via: 'qr' as const,
      ...(scan.compartmentNumber !== undefined ? { compartmentNumber: scan.compartmentNumber } : {}),
    };
    return use === 'pickup' ? this.takeParcel(access) : this.depositParcel(access);
  }

  /**
   * The keypad's check of a code against the list held: which compartment it opens for this use, or
   * why nothing opens. A terminal that does not check (checksAccessCodes false) opens the one asked.
   */
  private checkCode(accessCode: string, use: LockerAccess, compartmentNumber?: number): KeypadOutcome {
    const entry = this.codes.get(accessCode);
    const target = compartmentNumber ?? entry?.compartment_number;
    let outcome: KeypadOutcome;
    if (!entry) outcome = { ok: false, reason: 'unknownCode' };
    else if (entry.allows !== use) outcome = { ok: false, reason: 'notAllowed' };
    else if (target === undefined || (entry.compartment_number !== undefined && entry.compartment_number !== target))
      outcome = { ok: false, reason: 'wrongCompartment' };
    else outcome = { ok: true, compartmentNumber: target };
    if (!outcome.ok && !this.checksAccessCodes && target !== undefined) outcome = { ok: true, compartmentNumber: target };
    if (outcome.ok) this.requireCompartment(outcome.compartmentNumber);
    else this.emit('refused', { accessCode, use, ...(target !== undefined ? { compartmentNumber: target } : {}), reason: outcome.reason });
    return outcome;
  }

  /** What the code allows once used, until the console's next list says otherwise (LOCKER_ACCESS_AFTER_USE). */
  private useCode(accessCode: string, use: LockerAccess, compartmentNumber: number): void {
    const entry = this.codes.get(accessCode);
    if (!entry) return;
    const next = LOCKER_ACCESS_AFTER_USE[use];
    if (next) this.codes.set(accessCode, { ...entry, compartment_number: compartmentNumber, allows: next });
    else this.codes.delete(accessCode);
  }

  /**
   * The door opens with nothing behind it (forced, faulty lock): door_opened_without_command. Settles
   * when the door has closed again (doorCloseAfterMs) or the terminal stopped.
   */
  async forceDoor(compartmentNumber: number): Promise<void> {
    this.requireCompartment(compartmentNumber);
    await this.setDoor(compartmentNumber, 'open');
    await this.recordEvent({ event: 'door_opened_without_command', data: { compartment_number: compartmentNumber } });
    await this.scheduleDoorClose(compartmentNumber);
  }

  // --- connection ---------------------------------------------------------------------------

  private connect(): Promise<void> {
    const { lockerUuid } = this;
    const connectedAt = new Date();
    const client = mqtt.connect(this.options.brokerUrl, {
      // Open-Locker's device: MQTT 3.1.1, persistent session, keep-alive 60 s, same client id.
      protocolVersion: 4,
      clean: false,
      keepalive: 60,
      clientId: this.options.clientId ?? `sim-${lockerUuid}`,
      username: this.options.username ?? lockerUuid,
      password: this.options.password,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      will: {
        topic: terminalTopics.connection(lockerUuid),
        // Its timestamp is the time it connected (as Open-Locker's); the console uses its own clock.
        payload: Buffer.from(
          JSON.stringify(
            this.checked('lockerStateConnection', { ...createEnvelope(connectedAt), status: 'offline', reason: 'mqtt_last_will' }),
          ),
        ),
        qos: 1,
        retain: false,
      },
      ...this.options.mqttOptions,
    });
    this.client = client;
    // Small MQTT packets both ways (a command, its PUBACK, the answer): with Nagle's algorithm on, each
    // waits for the peer's delayed ACK, ~40 ms a hop. A real terminal's round trip has no such wait.
    client.on('connect', () => (client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true));
    client.on('message', (topic, payload) => {
      if (topic === terminalTopics.command(lockerUuid)) this.receiveCommand(payload);
    });
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const first = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    client.on('connect', () => {
      if (this.client !== client) return;
      this.onConnected(client).then(
        () => {
          settle?.resolve();
          settle = undefined;
          this.emit('connected');
        },
        (error: Error) => {
          settle?.reject(error);
          settle = undefined;
          this.report(error);
        },
      );
    });
    client.on('close', () => {
      if (this.client === client) {
        this.stopHeartbeats();
        this.emit('disconnected');
      }
    });
    client.on('error', (error) => {
      if (settle) {
        // The first connection failed (refused credentials, no broker): the caller learns why.
        settle.reject(error);
        settle = undefined;
        client.end(true);
        if (this.client === client) this.client = undefined;
        return;
      }
      // Later errors: mqtt.js reconnects on its own; they are reported, never thrown.
      this.report(error);
    });
    return first;
  }

  /** Errors of the background work (timers, reconnections) go to 'error' listeners, or to stderr. */
  private report(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
    else console.error(`virtual terminal ${this.lockerUuid}: ${error.message}`);
  }

  private async onConnected(client: MqttClient): Promise<void> {
    await client.subscribeAsync(terminalTopics.command(this.lockerUuid), { qos: 1 });
    await this.sendHeartbeat();
    this.startHeartbeats();
    await this.publishSnapshot();
    await this.publishVersions();
    await this.flushHeld();
  }

  private startHeartbeats(): void {
    this.stopHeartbeats();
    this.heartbeatTimer = setInterval(() => {
      this.sendHeartbeat().catch((error: Error) => this.report(error));
    }, this.heartbeatIntervalSeconds * 1000);
  }

  private stopHeartbeats(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  private clearTimers(): void {
    this.stopHeartbeats();
    for (const timer of this.doorTimers.values()) clearTimeout(timer);
    this.doorTimers.clear();
    for (const number of [...this.doorWaiters.keys()]) this.releaseDoorWaiters(number);
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
  }

  private later(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pendingTimers.delete(timer);
        resolve();
      }, ms);
      this.pendingTimers.add(timer);
    });
  }

  // --- publishing ---------------------------------------------------------------------------

  private checked<T extends Record<string, unknown>>(channel: LockerChannel, payload: T): T {
    const result = validateTerminalMessage(channel, payload);
    if (!result.ok) throw new Error(`virtual terminal ${this.lockerUuid} built a message the contract refuses: ${result.reason}`);
    return payload;
  }

  /** Validates and publishes (QoS 1); false when offline (the caller decides whether to hold it). */
  private async publish(channel: LockerChannel, payload: Record<string, unknown>, retain = false): Promise<boolean> {
    this.checked(channel, payload);
    const client = this.client;
    if (!client?.connected) return false;
    const topic = buildLockerTopic(channel, this.lockerUuid);
    await client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
    this.emit('sent', { channel, topic, payload });
    return true;
  }

  private async sendHeartbeat(): Promise<void> {
    const uptime = Math.floor((Date.now() - this.startedAt) / 1000);
    await this.publish('lockerStateHeartbeat', { ...createEnvelope(), uptime_seconds: uptime });
  }

  /** The full retained snapshot, never a delta; when offline the next connection publishes it. */
  private async publishSnapshot(): Promise<void> {
    const compartments = [...this.doors]
      .sort(([a], [b]) => a - b)
      .map(([compartment_number, door_state]) => ({ compartment_number, door_state }));
    await this.publish('lockerStateCompartments', { ...createEnvelope(), compartments }, true);
  }

  private async publishVersions(): Promise<void> {
    await this.publish('lockerEvent', { ...createEnvelope(), event: 'versions', data: { ...this.versionsState } });
  }

  /** Sends an event now, or holds it (with its original id and time) until the connection is back. */
  private async recordEvent(event: { event: StoredEvent['event']; data: Record<string, unknown> }): Promise<void> {
    const message = this.checked('lockerEvent', { ...createEnvelope(this.eventClock()), ...event }) as StoredEvent;
    if (this.held.length > 0 || !(await this.publish('lockerEvent', message))) this.held.push(message);
  }

  private async flushHeld(): Promise<void> {
    while (this.held.length > 0 && this.online) {
      const events = this.held.slice(0, BATCH_SIZE);
      const sent = await this.publish('lockerEvent', { ...createEnvelope(), event: 'offline_batch', data: { events } });
      if (!sent) return;
      this.held.splice(0, events.length);
      this.lastBatch = events;
    }
  }

  // --- doors --------------------------------------------------------------------------------

  private requireCompartment(compartmentNumber: number): void {
    if (!this.doors.has(compartmentNumber)) throw new Error(`locker ${this.lockerUuid} has no compartment ${compartmentNumber}`);
  }

  private async setDoor(compartmentNumber: number, state: DoorState): Promise<void> {
    if (this.doors.get(compartmentNumber) === state) return;
    this.doors.set(compartmentNumber, state);
    await this.publishSnapshot();
    if (state === 'closed') this.updater.wake();
  }

  /**
   * Has the door's user shut it again after doorCloseAfterMs (fresh snapshot, door_closed). A
   * second opening before then restarts the wait; everyone waiting is released when it closes.
   */
  private scheduleDoorClose(compartmentNumber: number): Promise<void> {
    const previous = this.doorTimers.get(compartmentNumber);
    if (previous) clearTimeout(previous);
    const closed = new Promise<void>((resolve) => {
      const waiters = this.doorWaiters.get(compartmentNumber) ?? [];
      waiters.push(resolve);
      this.doorWaiters.set(compartmentNumber, waiters);
    });
    const timer = setTimeout(() => {
      this.doorTimers.delete(compartmentNumber);
      const release = () => this.releaseDoorWaiters(compartmentNumber);
      if (this.stopped || !this.doors.has(compartmentNumber)) return release();
      this.setDoor(compartmentNumber, 'closed')
        .then(() => this.recordEvent({ event: 'door_closed', data: { compartment_number: compartmentNumber } }))
        .catch((error: Error) => this.report(error))
        .finally(release);
    }, this.options.doorCloseAfterMs ?? 5_000);
    this.doorTimers.set(compartmentNumber, timer);
    return closed;
  }

  private releaseDoorWaiters(compartmentNumber: number): void {
    const waiters = this.doorWaiters.get(compartmentNumber) ?? [];
    this.doorWaiters.delete(compartmentNumber);
    for (const resolve of waiters) resolve();
  }

  private async playLocalOpening(
    compartmentNumber: number,
    event: { event: 'parcel_deposited' | 'parcel_taken'; data: Record<string, unknown> },
  ) {
    this.localOperations += 1;
    try {
      await this.setDoor(compartmentNumber, 'open');
      await this.recordEvent({ event: 'door_opened', data: { compartment_number: compartmentNumber } });
      await this.recordEvent(event);
      await this.scheduleDoorClose(compartmentNumber);
    } finally {
      this.localOperations -= 1;
      this.updater.wake();
    }
  }

  // --- people at the screen (docs/terminal-people.md) ---------------------------------------

  private signInWaiters = new Map<string, (data: OperatorSessionReply['data']) => void>();
  /** The person signed in at the screen now, with what they may do here (the console's answer). */
  operator: { sessionId: string; userId: string; name: string; permissions: readonly string[]; expiresAt: string } | undefined;

  /**
   * A person signs in at the screen with their PIN (user id or e-mail) or their profile's QR token:
   * operator_sign_in, then the console's operator_session on the command topic. Granted, the
   * terminal keeps the session and shows only what its permissions allow.
   */
  async signIn(input: { user: string; pin: string } | { qrToken: string }, timeoutMs = 10_000): Promise<OperatorSessionReply['data']> {
    const requestId = `signin-${globalThis.crypto.randomUUID()}`;
    const data = 'qrToken' in input ? { method: 'qr', qr_token: input.qrToken } : { method: 'pin', user: input.user, pin: input.pin };
    const answer = new Promise<OperatorSessionReply['data']>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.signInWaiters.delete(requestId);
        reject(new Error(`virtual terminal ${this.lockerUuid}: no answer to the sign-in within ${timeoutMs} ms`));
      }, timeoutMs);
      this.signInWaiters.set(requestId, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
    const message = { ...createEnvelope(this.eventClock()), event: 'operator_sign_in', data: { request_id: requestId, ...data } };
    if (!(await this.publish('lockerEvent', message))) {
      this.signInWaiters.delete(requestId);
      throw new Error(`virtual terminal ${this.lockerUuid}: offline, nobody can sign in`);
    }
    const reply = await answer;
    this.operator =
      reply.result === 'granted'
        ? {
            sessionId: reply.session_id,
            userId: reply.user.id,
            name: reply.user.name,
            permissions: reply.permissions,
            expiresAt: reply.expires_at,
          }
        : undefined;
    return reply;
  }

  /** Whether the person at the screen may do this here (the terminal shows only those buttons). */
  operatorMay(action: OperatorAction): boolean {
    return Boolean(this.operator?.permissions.includes(OPERATOR_ACTION_PERMISSIONS[action]));
  }

  /**
   * The person at the screen does something under their session: a compartment test or opening
   * opens its door (door_opened, the closing follows), and each is reported as operator_action so
   * the console records it under their name. Refused here, reporting nothing, without the right.
   */
  async operatorAction(action: OperatorAction, compartmentNumber?: number): Promise<boolean> {
    const operator = this.operator;
    if (!operator || !this.operatorMay(action)) return false;
    const message = {
      ...createEnvelope(this.eventClock()),
      event: 'operator_action',
      data: {
        session_id: operator.sessionId,
        action,
        ...(compartmentNumber !== undefined ? { compartment_number: compartmentNumber } : {}),
      },
    };
    const opens = (action === 'compartment_test' || action === 'compartment_open') && compartmentNumber !== undefined;
    if (opens) {
      this.requireCompartment(compartmentNumber);
      this.localOperations += 1;
      try {
        await this.setDoor(compartmentNumber, 'open');
        await this.recordEvent({ event: 'door_opened', data: { compartment_number: compartmentNumber } });
        await this.publish('lockerEvent', message);
        await this.scheduleDoorClose(compartmentNumber);
      } finally {
        this.localOperations -= 1;
        this.updater.wake();
      }
      return true;
    }
    return this.publish('lockerEvent', message);
  }

  /** The person leaves the screen: operator_sign_out, and the terminal forgets the session. */
  async signOut(): Promise<void> {
    const operator = this.operator;
    this.operator = undefined;
    if (!operator) return;
    await this.publish('lockerEvent', {
      ...createEnvelope(this.eventClock()),
      event: 'operator_sign_out',
      data: { session_id: operator.sessionId },
    });
  }

  /**
   * A maintenance visit (issue 33): a technician signs in with their PIN, test-opens a compartment,
   * locks another as damaged and signs out. Answers the sign-in's answer and what was done.
   */
  async playMaintenanceVisit(visit: { user: string; pin: string; testCompartment: number; damagedCompartment: number }) {
    const session = await this.signIn({ user: visit.user, pin: visit.pin });
    if (session.result !== 'granted') return { session, tested: false, locked: false };
    const tested = await this.operatorAction('compartment_test', visit.testCompartment);
    const locked = await this.operatorAction('compartment_lock', visit.damagedCompartment);
    await this.signOut();
    return { session, tested, locked };
  }

  /** The console's answer to a sign-in: not a command, never answered on the response topic. */
  private receiveOperatorSession(command: Record<string, unknown>): void {
    const validation = validateTerminalMessage('lockerCommand', command);
    if (!validation.ok) return;
    const reply = validation.data as OperatorSessionReply;
    this.signInWaiters.get(reply.transaction_id)?.(reply.data);
    this.signInWaiters.delete(reply.transaction_id);
  }

  // --- commands -----------------------------------------------------------------------------

  private receiveCommand(bytes: Buffer): void {
    let payload: unknown;
    try {
      payload = JSON.parse(bytes.toString('utf8'));
    } catch {
      return; // not JSON: nothing to answer to
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
    const command = payload as Record<string, unknown>;
    this.emit('command', command);
    // Open-Locker's rules: a message_id seen before is a QoS 1 redelivery; no transaction_id, no answer.
    if (typeof command.message_id === 'string') {
      if (this.seenMessageIds.has(command.message_id)) return;
      remember(this.seenMessageIds, command.message_id, true);
    }
    if (command.action === 'operator_session') {
      this.receiveOperatorSession(command);
      return;
    }
    const transactionId = command.transaction_id;
    if (typeof transactionId !== 'string' || transactionId === '') return;
    const previous = this.answers.get(transactionId);
    if (previous) {
      // Never run twice; the answer, when there is one already, may be sent again unchanged.
      if (previous !== 'running' && (this.options.repeatedCommand ?? 'answer-again') === 'answer-again') {
        this.publish('lockerResponse', previous).catch((error: Error) => this.report(error));
      }
      return;
    }
    remember(this.answers, transactionId, 'running');
    this.runCommand(command, transactionId).catch((error: Error) => this.report(error));
  }

  private async runCommand(raw: Record<string, unknown>, transactionId: string): Promise<void> {
    if (this.options.latencyMs) await this.later(this.options.latencyMs);
    if (this.stopped) return;
    const action = typeof raw.action === 'string' && raw.action !== '' ? raw.action : 'unknown';
    const ref = { transaction_id: transactionId, action };
    const validation = validateTerminalMessage('lockerCommand', raw);
    let response: TerminalResponse;
    let after: (() => Promise<void>) | undefined;
    if (!validation.ok) {
      response = validation.message
        ? createTerminalResponse(ref, { result: 'error', error_code: 'INVALID_COMMAND', message: validation.reason })
        : createUnknownActionResponse(ref);
    } else {
      this.runs[action] = (this.runs[action] ?? 0) + 1;
      const outcome = await this.execute(validation.data as TerminalCommand);
      response = createTerminalResponse(ref, outcome.answer);
      after = outcome.after;
    }
    remember(this.answers, transactionId, response);
    await this.publish('lockerResponse', response);
    if (after) await after();
  }

  private async execute(command: TerminalCommand): Promise<{ answer: TerminalAnswer; after?: () => Promise<void> }> {
    switch (command.action) {
      case 'open_compartment':
        return { answer: await this.openCompartment(command.data.compartment_number, command.transaction_id) };
      case 'apply_config':
        return this.applyConfig(command.data);
      case 'reboot':
        return { answer: { result: 'success', message: 'Rebooting' }, after: () => this.goDownFor(this.options.rebootMs ?? 3_000) };
      case 'restart_app':
        return {
          answer: { result: 'success', message: 'Restarting the application' },
          after: () => this.goDownFor(this.options.restartMs ?? 1_000),
        };
      case 'sync':
        return { answer: { result: 'success', message: 'State published again' }, after: () => this.resync() };
      case 'software_update':
        return this.updater.accept(command.data);
      case 'apply_access_codes':
        return { answer: this.applyAccessCodes(command.data) };
    }
  }

  /** Replaces the codes held with the console's full list, unless a newer list is held already. */
  private applyAccessCodes(data: { as_of: string; codes: AccessCodeEntry[]; runs?: CourierRunEntry[] }): TerminalAnswer {
    const asOf = Date.parse(data.as_of);
    if (asOf < this.codesAsOf) return { result: 'success', message: 'A newer list of access codes is held: this one was not applied' };
    this.codesAsOf = asOf;
    this.codes = new Map(data.codes.map((entry) => [entry.access_code, { ...entry }]));
    this.runCodes = new Map((data.runs ?? []).map((run) => [run.run_code, structuredClone(run)]));
    const runs = this.runCodes.size ? `, ${this.runCodes.size} courier runs` : '';
    return { result: 'success', message: `${this.codes.size} access codes held${runs}` };
  }

  private async openCompartment(compartmentNumber: number, transactionId: string): Promise<TerminalAnswer> {
    if (!this.doors.has(compartmentNumber)) {
      return {
        result: 'error',
        error_code: 'COMPARTMENT_NOT_FOUND',
        message: `Compartment ${compartmentNumber} does not exist on this locker`,
      };
    }
    const failureRate = this.options.failureRate ?? 0;
    if (failureRate > 0 && (this.options.random ?? Math.random)() < failureRate) {
      return { result: 'error', error_code: 'DOOR_JAMMED', message: `Door of compartment ${compartmentNumber} is jammed` };
    }
    // As Open-Locker's device: the snapshot shows the door open before the answer goes out.
    await this.setDoor(compartmentNumber, 'open');
    await this.recordEvent({ event: 'door_opened', data: { compartment_number: compartmentNumber, transaction_id: transactionId } });
    this.scheduleDoorClose(compartmentNumber).catch(() => {});
    return { result: 'success', message: `Compartment ${compartmentNumber} opened` };
  }

  private async applyConfig(data: {
    config_hash: string;
    heartbeat_interval_seconds: number;
    compartments: CompartmentMappingEntry[];
  }): Promise<{ answer: TerminalAnswer; after?: () => Promise<void> }> {
    const hash = await hashCompartmentMapping(data.compartments);
    if (hash.toLowerCase() !== data.config_hash.toLowerCase()) {
      return { answer: { result: 'error', error_code: 'INVALID_CONFIG', message: 'config_hash does not match the compartment list' } };
    }
    // Open-Locker's own check (one 8-channel board per slaveId): refused whole, the previous mapping stays.
    const places = new Set<string>();
    for (const entry of data.compartments) {
      const place = `${entry.slaveId}:${entry.address}`;
      if (entry.slaveId < 1 || entry.address < 0 || entry.address > 7 || places.has(place)) {
        return {
          answer: {
            result: 'error',
            error_code: 'INVALID_CONFIG',
            message: `Invalid mapping for compartment ${entry.compartment_number}: slaveId ${entry.slaveId}, address ${entry.address}`,
          },
        };
      }
      places.add(place);
    }
    this.wiring = new Map(data.compartments.map((entry) => [entry.compartment_number, { ...entry }]));
    const doors = new Map<number, DoorState>();
    for (const entry of this.mapping()) doors.set(entry.compartment_number, this.doors.get(entry.compartment_number) ?? 'closed');
    for (const [number, timer] of this.doorTimers) {
      if (!doors.has(number)) {
        clearTimeout(timer);
        this.doorTimers.delete(number);
        this.releaseDoorWaiters(number);
      }
    }
    this.doors = doors;
    this.configHash = hash;
    const intervalChanged = this.heartbeatIntervalSeconds !== data.heartbeat_interval_seconds;
    this.heartbeatIntervalSeconds = data.heartbeat_interval_seconds;
    if (intervalChanged && this.heartbeatTimer) this.startHeartbeats();
    return {
      answer: { result: 'success', message: 'Configuration applied', applied_config_hash: hash },
      after: () => this.publishSnapshot(),
    };
  }

  /** reboot / restart_app: off the network for a while (a clean shutdown, so no last will), then back. */
  private async goDownFor(ms: number): Promise<void> {
    this.stopHeartbeats();
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync();
    this.emit('disconnected');
    await this.later(ms);
    if (this.stopped) return;
    this.startedAt = Date.now();
    await this.connect();
  }

  /** sync: snapshot and versions again, and the last offline batch again (its inner ids make it harmless). */
  private async resync(): Promise<void> {
    await this.publishSnapshot();
    await this.publishVersions();
    if (this.held.length === 0 && this.lastBatch.length > 0) {
      await this.publish('lockerEvent', { ...createEnvelope(), event: 'offline_batch', data: { events: this.lastBatch } });
    }
    await this.flushHeld();
  }
}

/** Remembers a key, forgetting the oldest past REMEMBERED_IDS so a long run does not grow without end. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_IDS) map.delete(map.keys().next().value as string);
}
