import { readFileSync } from 'node:fs';
// ajv comes with Fastify (the API's); here it reads the generated document as any AsyncAPI tool would.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ASYNCAPI_PATH, renderTerminalAsyncApi } from '../scripts/terminal-contract-docs';
import { TERMINAL_MESSAGE_EXAMPLES } from '../src/terminal/index';

const committed = readFileSync(ASYNCAPI_PATH, 'utf8');
const doc = parse(committed) as Record<string, any>;

function resolveRef(ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((node, key) => node?.[key], doc);
}

/** Follows references until a node that is not one (an operation's message points at a channel's, which points at a component). */
function deref(node: any): any {
  return node?.$ref ? deref(resolveRef(node.$ref)) : node;
}

describe('docs/terminal-contract.asyncapi.yaml', () => {
  it('is what the zod schemas generate (run `npm run contract:docs` after changing them)', () => {
    expect(committed).toBe(renderTerminalAsyncApi());
  });

  it('is an AsyncAPI 3 document whose references all resolve', () => {
    expect(doc.asyncapi).toMatch(/^3\./);
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) key === '$ref' ? refs.push(value as string) : walk(value);
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(40);
    for (const ref of refs) expect(resolveRef(ref), ref).toBeDefined();
    for (const [name, channel] of Object.entries<any>(doc.channels))
      for (const param of channel.address.matchAll(/\{([a-z_]+)\}/g))
        expect(channel.parameters?.[param[1]], `${name} ${param[1]}`).toBeDefined();
  });

  it('says on every channel, operation and message whether it is Open-Locker’s or ours', () => {
    const sections = [doc.channels, doc.operations, doc.components.messages];
    for (const section of sections)
      for (const [name, item] of Object.entries<any>(section)) expect(['open-locker', 'ebox'], name).toContain(item['x-origin']);
    expect(doc.components.messages.openCompartmentCommand['x-origin']).toBe('open-locker');
    expect(doc.components.messages.rebootCommand['x-origin']).toBe('ebox');
    expect(doc.operations.consoleSendLockerCommand['x-origin']).toBe('open-locker');
    expect(doc.operations.consoleSendLockerCommandEboxExtensions['x-origin']).toBe('ebox');
    // An operation holds messages of its own origin only.
    for (const [name, op] of Object.entries<any>(doc.operations))
      for (const m of op.messages) expect(deref(m)['x-origin'], `${name} ${m.$ref}`).toBe(op['x-origin']);
  });

  it('marks the retained snapshot and QoS 1 in the MQTT bindings', () => {
    expect(doc.operations.terminalSendLockerStateCompartments.bindings.mqtt).toMatchObject({ qos: 1, retain: true });
    expect(doc.operations.terminalSendLockerStateHeartbeat.bindings.mqtt).toMatchObject({ qos: 1, retain: false });
  });

  it('accepts its own examples with a JSON Schema validator, and refuses a broken one', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    for (const [name, message] of Object.entries<any>(doc.components.messages)) {
      const validate = ajv.compile(message.payload);
      expect(message.examples?.[0]?.payload, name).toEqual(TERMINAL_MESSAGE_EXAMPLES[name]);
      expect(validate(message.examples[0].payload), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    const open = ajv.compile(doc.components.messages.openCompartmentCommand.payload);
    expect(open({ ...TERMINAL_MESSAGE_EXAMPLES.openCompartmentCommand, data: { compartment_number: 0 } })).toBe(false);
    expect(ajv.errorsText(open.errors)).toMatch(/compartment_number must be >= 1/);
  });
});
