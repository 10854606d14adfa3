import {
  buildChannelFilter,
  createTerminalCommand,
  parseTerminalMessage,
  type TerminalAction,
  type TerminalChannel,
  type TerminalCommandOf,
  terminalTopics,
} from '@ebox/domain';
import mqtt, { type MqttClient } from 'mqtt';

export interface HeardMessage {
  topic: string;
  channel: TerminalChannel | undefined;
  lockerUuid: string | undefined;
  payload: Record<string, unknown>;
  /** What the contract said of it: undefined when it validated. */
  invalid: string | undefined;
  retain: boolean;
}

const HEARD_CHANNELS: TerminalChannel[] = [
  'lockerResponse',
  'lockerEvent',
  'lockerStateHeartbeat',
  'lockerStateCompartments',
  'lockerStateConnection',
  'provisioningRegister',
];

/**
 * A minimal console for the tests, written with mqtt.js and the contract only: it hears every
 * terminal channel of every locker, validates each message with parseTerminalMessage, and sends
 * commands built with createTerminalCommand.
 */
export class TestConsole {
  readonly heard: HeardMessage[] = [];
  private waiters = new Set<{ accept: (m: HeardMessage) => boolean; resolve: (m: HeardMessage) => void }>();

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, bytes, packet) => {
      const parsed = parseTerminalMessage(topic, bytes);
      let payload: Record<string, unknown> = {};
      try {
        payload = JSON.parse(bytes.toString('utf8'));
      } catch {}
      const message: HeardMessage = {
        topic,
        channel: parsed.topic?.channel,
        lockerUuid: parsed.topic && 'lockerUuid' in parsed.topic ? parsed.topic.lockerUuid : undefined,
        payload,
        invalid: parsed.ok ? undefined : parsed.reason,
        retain: packet.retain,
      };
      this.heard.push(message);
      for (const waiter of this.waiters) {
        if (waiter.accept(message)) {
          this.waiters.delete(waiter);
          waiter.resolve(message);
        }
      }
    });
  }

  static async connect(url: string): Promise<TestConsole> {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      clientId: `test-console-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    });
    const testConsole = new TestConsole(client);
    await client.subscribeAsync(
      HEARD_CHANNELS.map((channel) => buildChannelFilter(channel)),
      { qos: 1 },
    );
    return testConsole;
  }

  /** Messages of one locker on one channel, in the order heard. */
  of(lockerUuid: string, channel: TerminalChannel): HeardMessage[] {
    return this.heard.filter((m) => m.lockerUuid === lockerUuid && m.channel === channel);
  }

  /** Resolves with the first message (already heard or coming) that `accept` takes. */
  waitFor(accept: (m: HeardMessage) => boolean, timeoutMs = 5_000, description = 'a message'): Promise<HeardMessage> {
    const already = this.heard.find(accept);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const waiter = {
        accept,
        resolve: (m: HeardMessage) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${description}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Publishes a command as the console would (contract builder, QoS 1). */
  async send<A extends TerminalAction>(lockerUuid: string, command: TerminalCommandOf<A>): Promise<void> {
    await this.client.publishAsync(terminalTopics.command(lockerUuid), JSON.stringify(command), { qos: 1 });
  }

  /** Sends a command and waits for the response with its transaction_id. */
  async command<A extends TerminalAction>(
    lockerUuid: string,
    action: A,
    data: TerminalCommandOf<A>['data'],
    timeoutMs = 5_000,
  ): Promise<{ command: TerminalCommandOf<A>; response: Record<string, unknown> }> {
    const command = createTerminalCommand(action, data);
    const answer = this.waitFor(
      (m) => m.channel === 'lockerResponse' && m.lockerUuid === lockerUuid && m.payload.transaction_id === command.transaction_id,
      timeoutMs,
      `the answer to ${action}`,
    );
    await this.send(lockerUuid, command);
    return { command, response: (await answer).payload };
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
