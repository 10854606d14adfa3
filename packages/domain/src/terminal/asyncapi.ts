import { z } from 'zod';
import { type TerminalContractChannel, type TerminalParty, terminalContract } from './contract';
import { OPEN_LOCKER_CONTRACT_VERSION, TERMINAL_CONTRACT_VERSION } from './envelope';
import { TERMINAL_MESSAGE_EXAMPLES } from './examples';
import type { TerminalChannel } from './topics';

/**
 * Builds the AsyncAPI 3 document of the terminal link from terminalContract, so the published
 * document cannot drift from the schemas the API and the simulator validate with. Rendered to
 * docs/terminal-contract.asyncapi.yaml by `npm run contract:docs`; a domain test fails when the
 * committed file differs from what this builds.
 */

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  locker_uuid: "The locker's UUID: its MQTT user name, its topics' namespace and the ebox's terminalId.",
  provisioning_token: 'One-time enrolment token from POST /ebox/createToken.',
  client_id: "The enrolling device's MQTT client id; only that client may read the reply.",
};

/** A payload's JSON Schema (draft-07, which every AsyncAPI 3 tool reads), trimmed of noise. */
export function toPayloadSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    target: 'draft-07',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      // zod spells out its date-time regex; the format says the same, readably.
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
      // z.int() bounds every integer by the largest safe one; that says nothing on the wire.
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      // An open object reads better as `true` than as an empty schema.
      if (jsonSchema.additionalProperties && Object.keys(jsonSchema.additionalProperties).length === 0)
        jsonSchema.additionalProperties = true;
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The operations of one side of a channel, one per origin so each carries a single x-origin. */
function buildOperations(channelName: TerminalChannel, channel: TerminalContractChannel, side: 'console' | 'terminal') {
  const consolePublishes = channel.publisher === 'console';
  const action = (side === 'console') === consolePublishes ? 'send' : 'receive';
  const operations: Record<string, unknown> = {};
  for (const origin of ['open-locker', 'ebox'] as const) {
    const names = Object.entries(channel.messages)
      .filter(([, m]) => m.origin === origin)
      .map(([name]) => name);
    if (names.length === 0) continue;
    const id = `${side}${pascal(action)}${pascal(channelName)}${origin === 'ebox' ? 'EboxExtensions' : ''}`;
    const party: Record<TerminalParty, string> = {
      console: 'The console',
      terminal: 'The terminal',
      bootstrap: 'The enrolling device',
      broker: 'The broker',
    };
    const actor = side === 'console' ? party.console : party[consolePublishes ? channel.subscriber : channel.publisher];
    operations[id] = {
      action,
      channel: { $ref: `#/channels/${channelName}` },
      summary: `${actor} ${action === 'send' ? 'publishes' : 'receives'} ${origin === 'ebox' ? 'ebox extension' : 'Open-Locker'} messages on ${channel.address}.`,
      messages: names.map((name) => ({ $ref: `#/channels/${channelName}/messages/${name}` })),
      bindings: { mqtt: { qos: channel.qos, retain: channel.retained, bindingVersion: '0.2.0' } },
      'x-origin': origin,
    };
  }
  return operations;
}

export function buildTerminalAsyncApi(): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const [channelName, channel] of Object.entries(terminalContract.channels) as [TerminalChannel, TerminalContractChannel][]) {
    const parameters = Object.fromEntries(
      [...channel.address.matchAll(/\{([a-z_]+)\}/g)].map(([, name]) => [name, { description: PARAMETER_DESCRIPTIONS[name] }]),
    );
    channels[channelName] = {
      address: channel.address,
      description: channel.description,
      parameters,
      messages: Object.fromEntries(Object.keys(channel.messages).map((name) => [name, { $ref: `#/components/messages/${name}` }])),
      'x-origin': channel.origin,
      'x-publisher': channel.publisher,
      'x-subscriber': channel.subscriber,
      'x-retained': channel.retained,
      'x-qos': channel.qos,
    };
    Object.assign(operations, buildOperations(channelName, channel, 'console'), buildOperations(channelName, channel, 'terminal'));
    for (const [name, entry] of Object.entries(channel.messages)) {
      const meta = entry.schema.meta() ?? {};
      const example = TERMINAL_MESSAGE_EXAMPLES[name];
      messages[name] = {
        name,
        title: entry.title,
        ...(meta.description ? { summary: meta.description } : {}),
        contentType: 'application/json',
        payload: toPayloadSchema(entry.schema),
        ...(example ? { examples: [{ name: `${name}Example`, payload: example }] } : {}),
        'x-origin': entry.origin,
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Ebox Console terminal link',
      version: TERMINAL_CONTRACT_VERSION,
      description: [
        'MQTT contract between the Ebox Console and the terminal computer inside every locker.',
        `A superset of Open-Locker's device contract ${OPEN_LOCKER_CONTRACT_VERSION}: its topics, envelope, actions and enrolment are used as they are,`,
        "and our extensions travel in the same envelope. Every channel, operation and message says whose it is in x-origin ('open-locker' or 'ebox').",
        'Generated from packages/domain/src/terminal by `npm run contract:docs`; do not edit by hand. See docs/terminal-link.md.',
      ].join('\n'),
      'x-open-locker-version': OPEN_LOCKER_CONTRACT_VERSION,
    },
    defaultContentType: 'application/json',
    servers: {
      embedded: {
        host: 'localhost:1883',
        protocol: 'mqtt',
        description: "The console's embedded broker (MQTT_PORT); an external Mosquitto 2 or EMQX with MQTT_URL.",
      },
    },
    channels,
    operations,
    components: { messages },
  };
}
