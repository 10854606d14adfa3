import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { hostname } from 'node:os';
import { isPlainObject } from '@ebox/domain';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { MqttCredentials } from './broker-admin';
import { topicMatches } from './topic-rights';

/** The group of the API processes' shared subscriptions: one of them handles each terminal message. */
export const API_SHARE_GROUP = 'ebox-api';
/** Every API process hears every response (not shared), so whichever sent the command gets its answer. */
export const RESPONSE_FILTER = 'locker/+/response';
export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000;

/** Connects as an API process (MQTT 3.1.1, clean session, QoS 1), and resolves once connected. */
export async function connectMqtt(url: string, credentials: MqttCredentials, options: Partial<IClientOptions> = {}): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 4,
    clean: true,
    clientId: `ebox-api-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    username: credentials.username,
    password: credentials.password,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    ...options,
  });
  // No Nagle on commands and answers (see embedded-broker.ts); again after every reconnection (a new socket).
  // (A TLS socket is a TCP socket too; MQTT over WebSocket has no such setting.)
  const noDelay = () => {
    if (client.stream instanceof Socket) client.stream.setNoDelay(true);
  };
  noDelay();
  client.on('connect', noDelay);
  return client;
}

export type MqttHandler = (topic: string, payload: Buffer) => void | Promise<void>;

export type CommandOutcome =
  | {
      status: 'answered';
      transactionId: string;
      response: Record<string, unknown>;
      /**
       * With watchDoors: door_state by compartment_number of the last snapshot the terminal published
       * between the command and its answer; absent when none came.
       */
      reportedDoors?: Map<number, string>;
    }
  /** No answer in time: whether the terminal acted is unknown, and the command must not be re-sent under a new id. */
  | { status: 'timeout'; transactionId: string };

export type TerminalCommand = {
  /** The locker's UUID (its MQTT user name, `terminalId`). */
  lockerUuid: string;
  action: string;
  data?: Record<string, unknown>;
  /** Given by the caller when it must be stored before sending; a new one otherwise. */
  transactionId?: string;
  /** Further envelope fields (our extensions); message_id, timestamp and transaction_id are set here. */
  extra?: Record<string, unknown>;
  timeoutMs?: number;
  /**
   * Also listen to the locker's door snapshots while waiting (open_compartment: Open-Locker publishes
   * the snapshot with the door open, then its answer), and return the doors of the last one.
   */
  watchDoors?: boolean;
};

export type MqttLinkClient = {
  readonly client: MqttClient;
  /**
   * Handles the messages of `filter` once across every API process on the broker: subscribes to
   * `$share/ebox-api/{filter}`, so the broker hands each message to one process only. `qos` 0
   * takes them without acknowledging each (for messages whose loss the next one repairs).
   */
  handleShared(filter: string, handler: MqttHandler, options?: { qos?: 0 | 1 }): Promise<void>;
  /** Publishes a JSON message (QoS 1). */
  publishJson(topic: string, message: unknown, options?: { retain?: boolean }): Promise<void>;
  /**
   * Sends a command on `locker/{uuid}/command` (Open-Locker's envelope) and awaits the response
   * carrying the same transaction_id on `locker/{uuid}/response`, or times out.
   */
  sendCommand(command: TerminalCommand): Promise<CommandOutcome>;
  close(): Promise<void>;
};

/**
 * The API's side of the terminal link over one MQTT connection, the same for the embedded broker
 * and an external one.
 *
 * Several API processes, one broker: terminal events are taken through shared subscriptions, so
 * each is handled by one process. Responses are not shared: every process subscribes to
 * `locker/+/response` and keeps the transaction ids of the commands it sent itself, so the process
 * waiting for an answer always receives it and the others drop it. Responses come at the rate of
 * commands (people and orders), not of heartbeats, so each process reading all of them is cheap;
 * it needs no database round trip (a NOTIFY relay would) and no per-process reply topic (which an
 * Open-Locker device, answering only on its fixed response topic, could not use).
 */
export async function createMqttLinkClient(client: MqttClient, options: { watcher?: MqttClient } = {}): Promise<MqttLinkClient> {
  const handlers: { filter: string; handler: MqttHandler }[] = [];
  const pending = new Map<string, Pending>();
  const watcher = options.watcher;
  const doorWatches = watcher ? createDoorWatches(watcher, settle) : undefined;

  client.on('message', (topic, payload) => {
    if (topicMatches(RESPONSE_FILTER, topic)) {
      settleResponse(topic, payload, 'link');
      return;
    }
    for (const { filter, handler } of handlers) {
      if (!topicMatches(filter, topic)) continue;
      Promise.resolve()
        .then(() => handler(topic, payload))
        .catch((error: unknown) => client.emit('error', error instanceof Error ? error : new Error(String(error))));
    }
  });

  function settleResponse(topic: string, payload: Buffer, via: 'link' | 'watcher'): void {
    const message = parseJson(payload);
    if (!message) return;
    const id = typeof message.transaction_id === 'string' ? message.transaction_id : undefined;
    const waiting = id ? pending.get(id) : undefined;
    // An answer for a command another process sent, or one already timed out, is not ours to settle.
    if (!id || !waiting || waiting.topic !== topic) return;
    // A watched command is settled by the watcher's copy: on that connection the snapshot the
    // terminal published before its answer is delivered before it (one connection keeps the order,
    // two do not). The link's copy settles it only if the watcher's connection is down.
    if (waiting.watch && via === 'link' && watcher?.connected) return;
    settle(id, message);
  }

  function settle(id: string, message: Record<string, unknown>): void {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    clearTimeout(waiting.timer);
    waiting.watch?.release();
    const doors = waiting.watch?.doors;
    waiting.resolve({ status: 'answered', transactionId: id, response: message, ...(doors ? { reportedDoors: doors } : {}) });
  }

  await subscribeOrSay(client, RESPONSE_FILTER);

  return {
    client,
    async handleShared(filter, handler, options = {}) {
      const shared = `$share/${API_SHARE_GROUP}/${filter}`;
      // One subscription per filter: subscribing again would not add a second delivery, only a handler.
      const subscribed = handlers.some((entry) => entry.filter === filter);
      handlers.push({ filter, handler });
      if (!subscribed) await subscribeOrSay(client, shared, options.qos ?? 1);
    },
    async publishJson(topic, message, options = {}) {
      await client.publishAsync(topic, JSON.stringify(message), { qos: 1, retain: options.retain ?? false });
    },
    async sendCommand(command) {
      const transactionId = command.transactionId ?? randomUUID();
      const base = `locker/${command.lockerUuid}`;
      // This process's own (not shared) subscription, made before the command leaves: whichever API
      // process sends the command hears the terminal's snapshot and answer itself.
      const watch = command.watchDoors && doorWatches ? await doorWatches.watch(command.lockerUuid, transactionId) : undefined;
      const outcome = new Promise<CommandOutcome>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(transactionId);
          watch?.release();
          resolve({ status: 'timeout', transactionId });
        }, command.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
        pending.set(transactionId, { topic: `${base}/response`, resolve, timer, ...(watch ? { watch } : {}) });
      });
      const message = {
        ...command.extra,
        message_id: randomUUID(),
        timestamp: new Date().toISOString(),
        transaction_id: transactionId,
        action: command.action,
        data: command.data ?? {},
      };
      // Snapshots count from here: one received before the command left is an earlier reading.
      watch?.arm();
      try {
        await client.publishAsync(`${base}/command`, JSON.stringify(message), { qos: 1 });
      } catch (error) {
        const waiting = pending.get(transactionId);
        if (waiting) clearTimeout(waiting.timer);
        pending.delete(transactionId);
        watch?.release();
        throw error;
      }
      return outcome;
    },
    async close() {
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.resolve({ status: 'timeout', transactionId: id });
      }
      pending.clear();
      await client.endAsync();
      await watcher?.endAsync();
    },
  };
}

type Pending = { topic: string; resolve: (outcome: CommandOutcome) => void; timer: NodeJS.Timeout; watch?: DoorWatch };

/** One command's listening to its locker's snapshots. */
type DoorWatch = {
  lockerUuid: string;
  armed: boolean;
  /** The last snapshot's doors since arm(). */
  doors?: Map<number, string>;
  arm(): void;
  release(): void;
};

function parseJson(payload: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const WATCHED_TOPIC = /^locker\/([^/]+)\/(state\/compartments|response)$/;

/**
 * Per-command subscriptions on the watcher connection (this process's own, not shared) to a locker's
 * snapshot and response topics, counted per locker so that commands to one locker share them. A
 * second connection, because the link's own holds the shared subscription to every snapshot: a
 * second subscription there would deliver each snapshot twice, and the two copies cannot be told
 * apart in MQTT 3.1.1 (one must go to the shared handlers, the other to the command only).
 */
function createDoorWatches(watcher: MqttClient, settle: (transactionId: string, message: Record<string, unknown>) => void) {
  const byLocker = new Map<string, { watches: Set<DoorWatch & { transactionId: string }>; subscribed: Promise<boolean> }>();
  const topicsOf = (lockerUuid: string) => [`locker/${lockerUuid}/state/compartments`, `locker/${lockerUuid}/response`];

  watcher.on('message', (topic, payload, packet) => {
    // The retained snapshot a subscription is handed at once is an earlier reading, not this command's.
    if (packet.retain) return;
    const match = WATCHED_TOPIC.exec(topic);
    const lockerUuid = match?.[1];
    const entry = lockerUuid ? byLocker.get(lockerUuid) : undefined;
    if (!match || !entry) return;
    const message = parseJson(payload);
    if (!message) return;
    if (match[2] === 'response') {
      const id = message.transaction_id;
      if (typeof id === 'string' && [...entry.watches].some((w) => w.transactionId === id)) settle(id, message);
      return;
    }
    const list: unknown[] = Array.isArray(message.compartments) ? message.compartments : [];
    const doors = new Map<number, string>();
    for (const c of list) {
      if (isPlainObject(c) && typeof c.compartment_number === 'number' && typeof c.door_state === 'string')
        doors.set(c.compartment_number, c.door_state);
    }
    for (const watch of entry.watches) if (watch.armed) watch.doors = doors;
  });

  return {
    /** Resolves once subscribed (undefined when the broker refused: the command goes unwatched). */
    async watch(lockerUuid: string, transactionId: string): Promise<DoorWatch | undefined> {
      let entry = byLocker.get(lockerUuid);
      if (!entry) {
        const subscribed = watcher
          .subscribeAsync(topicsOf(lockerUuid), { qos: 1 })
          .then((grants) => grants.every((grant) => grant.qos !== 128))
          .catch(() => false);
        entry = { watches: new Set(), subscribed };
        byLocker.set(lockerUuid, entry);
      }
      const own = entry;
      const watch: DoorWatch & { transactionId: string } = {
        lockerUuid,
        transactionId,
        armed: false,
        arm() {
          watch.armed = true;
        },
        release() {
          if (!own.watches.delete(watch) || own.watches.size > 0 || byLocker.get(lockerUuid) !== own) return;
          byLocker.delete(lockerUuid);
          void watcher.unsubscribeAsync(topicsOf(lockerUuid)).catch(() => {});
        },
      };
      own.watches.add(watch);
      if (await own.subscribed) return watch;
      watch.release();
      return undefined;
    },
  };
}

/** Subscribes (QoS 1 unless said); a refusal (SUBACK 0x80, which mqtt.js reports as "Unspecified error") names the filter. */
async function subscribeOrSay(client: MqttClient, filter: string, qos: 0 | 1 = 1): Promise<void> {
  let refused = false;
  try {
    const grants = await client.subscribeAsync(filter, { qos });
    refused = grants.some((grant) => grant.qos === 128);
  } catch {
    refused = true;
  }
  if (refused) throw new Error(`the MQTT broker refused this API process the subscription to ${filter}`);
}
