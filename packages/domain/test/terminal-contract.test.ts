import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../src/permissions';
import {
  buildChannelFilter,
  buildCompartmentMapping,
  CONSOLE_HEARTBEAT_INTERVAL_SECONDS,
  canonicalizeCompartmentMapping,
  classifyTerminalResponse,
  createEnvelope,
  createTerminalCommand,
  createTerminalResponse,
  createUnknownActionResponse,
  EBOX_ACTIONS,
  EXAMPLE_LOCKER_UUID,
  hashCompartmentMapping,
  isHeartbeatOverdue,
  OPEN_LOCKER_ACTIONS,
  OPEN_LOCKER_ERROR_CODES,
  parseTerminalMessage,
  parseTerminalTopic,
  TERMINAL_ACTION_PERMISSIONS,
  TERMINAL_CHANNELS,
  TERMINAL_MESSAGE_EXAMPLES,
  type TerminalChannel,
  terminalContract,
  terminalTopics,
  validateTerminalMessage,
} from '../src/terminal/index';

const UUID = EXAMPLE_LOCKER_UUID;
const example = (name: string) => structuredClone(TERMINAL_MESSAGE_EXAMPLES[name]!);
const channelOf = (messageName: string) =>
  (Object.keys(terminalContract.channels) as TerminalChannel[]).find((c) => messageName in terminalContract.channels[c].messages)!;

describe('the terminal contract, declared once', () => {
  it('covers every channel with its topic, direction, retain flag and QoS, and every message says whose it is', () => {
    expect(Object.keys(terminalContract.channels).sort()).toEqual([...TERMINAL_CHANNELS].sort());
    for (const channel of Object.values(terminalContract.channels)) {
      expect(channel.origin).toBe('open-locker'); // every topic is Open-Locker's; our extensions are messages
      expect(channel.qos).toBe(1);
      for (const message of Object.values(channel.messages)) expect(['open-locker', 'ebox']).toContain(message.origin);
    }
    expect(terminalContract.channels.lockerStateCompartments.retained).toBe(true);
    expect(Object.values(terminalContract.channels).filter((c) => c.retained)).toHaveLength(1);
    expect(terminalContract.channels.lockerCommand).toMatchObject({
      direction: 'to-terminal',
      publisher: 'console',
      subscriber: 'terminal',
    });
    expect(terminalContract.channels.lockerStateConnection).toMatchObject({ publisher: 'broker', subscriber: 'console' });
    expect(terminalContract.channels.provisioningReply).toMatchObject({ publisher: 'console', subscriber: 'bootstrap' });
  });

  it("marks Open-Locker's actions and enrolment as theirs and our actions and events as extensions", () => {
    const { messages } = terminalContract.channels.lockerCommand;
    expect(messages.openCompartmentCommand.origin).toBe('open-locker');
    expect(messages.applyConfigCommand.origin).toBe('open-locker');
    for (const name of ['rebootCommand', 'restartAppCommand', 'syncCommand', 'softwareUpdateCommand', 'applyAccessCodesCommand'] as const)
      expect(messages[name].origin).toBe('ebox');
    const events = terminalContract.channels.lockerEvent.messages;
    expect(events.deviceEvent.origin).toBe('open-locker');
    for (const [name, m] of Object.entries(events)) if (name !== 'deviceEvent') expect(m.origin, name).toBe('ebox');
    expect(terminalContract.channels.provisioningReply.messages.provisioningSuccessReply.origin).toBe('open-locker');
    expect([...OPEN_LOCKER_ACTIONS]).toEqual(['open_compartment', 'apply_config']);
    expect([...EBOX_ACTIONS]).toEqual(['reboot', 'restart_app', 'sync', 'software_update', 'apply_access_codes']);
  });

  it('accepts the example of every message on its channel, and every message has one', () => {
    for (const channel of TERMINAL_CHANNELS) {
      for (const name of Object.keys(terminalContract.channels[channel].messages)) {
        const result = validateTerminalMessage(channel, example(name));
        expect(result, `${channel}/${name}`).toMatchObject({ ok: true, message: name });
      }
    }
  });

  it('keeps extra properties a newer peer adds, as Open-Locker allows', () => {
    const response = { ...example('commandSuccessResponse'), type: 'command_response' };
    const result = validateTerminalMessage('lockerResponse', response);
    expect(result.ok && result.data.type).toBe('command_response');
  });
});

describe('malformed messages are refused with the field at fault', () => {
  const cases: Array<[string, (m: Record<string, any>) => unknown, RegExp]> = [
    ['openCompartmentCommand', (m) => delete m.transaction_id, /transaction_id/],
    [
      'openCompartmentCommand',
      (m) => (m.data.compartment_number = 0),
      /compartment_number must be an integer ≥ 1[\s\S]*data\.compartment_number/,
    ],
    ['openCompartmentCommand', (m) => (m.message_id = ''), /message_id must be a non-empty string/],
    ['openCompartmentCommand', (m) => (m.timestamp = 'yesterday'), /timestamp must be an ISO 8601/],
    ['applyConfigCommand', (m) => (m.data.config_hash = 'abc'), /config_hash must be 64 hexadecimal/],
    ['applyConfigCommand', (m) => (m.data.compartments[0].relay = 3), /Unrecognized key[\s\S]*relay/],
    ['applyConfigCommand', (m) => (m.data.compartments[1].address = -1), /address \(the relay channel, our comNumber\)/],
    ['softwareUpdateCommand', (m) => (m.data.url = 'ftp://x/y'), /url must be an http\(s\) address/],
    ['commandErrorResponse', (m) => delete m.error_code, /error_code/],
    ['applyConfigSuccessResponse', (m) => delete m.applied_config_hash, /applied_config_hash/],
    ['snapshotState', (m) => (m.compartments[0].door_state = 'ajar'), /door_state must be open, closed or unknown/],
    ['snapshotState', (m) => (m.compartments[0].since = 'now'), /Unrecognized key[\s\S]*since/],
    ['heartbeatState', (m) => (m.uptime_seconds = -5), /uptime_seconds must be an integer ≥ 0/],
    ['connectionLostState', (m) => (m.status = 'online'), /status/],
    ['parcelDepositedEvent', (m) => delete m.data.access_code, /access_code/],
    ['versionsEvent', (m) => (m.data.os = 'android'), /os must be windows, linux or mac/],
    ['provisioningRequest', (m) => (m.client_id = 'a/#'), /client_id must be one MQTT topic level/],
    ['provisioningSuccessReply', (m) => delete m.data.mqtt_password, /mqtt_password/],
  ];
  it.each(cases)('%s: %s', (name, breakIt, reason) => {
    const payload = example(name) as Record<string, any>;
    breakIt(payload);
    const result = validateTerminalMessage(channelOf(name), payload);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('says which actions, results and statuses exist when a message names none of them', () => {
    expect(validateTerminalMessage('lockerCommand', { ...example('rebootCommand'), action: 'self_destruct' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/"self_destruct" is not a command of this contract.*INVALID_COMMAND/),
    });
    expect(validateTerminalMessage('lockerResponse', { ...example('commandSuccessResponse'), result: 'ok' })).toMatchObject({
      reason: expect.stringMatching(/result must be "success" or "error"/),
    });
    expect(validateTerminalMessage('lockerHeartbeat' as TerminalChannel, [])).toMatchObject({
      ok: false,
      reason: 'a message must be a JSON object',
    });
  });

  it('checks each event inside an offline batch and their order', () => {
    const batch = example('offlineBatchEvent') as Record<string, any>;
    batch.data.events.reverse();
    expect(validateTerminalMessage('lockerEvent', batch)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/in the order they happened[\s\S]*data\.events\[1\]\.timestamp/),
    });
    const broken = example('offlineBatchEvent') as Record<string, any>;
    delete broken.data.events[0].data.access_code;
    expect(validateTerminalMessage('lockerEvent', broken)).toMatchObject({ ok: false, reason: expect.stringMatching(/access_code/) });
    const empty = example('offlineBatchEvent') as Record<string, any>;
    empty.data.events = [];
    expect(validateTerminalMessage('lockerEvent', empty)).toMatchObject({ ok: false, reason: expect.stringMatching(/at least one event/) });
  });

  it('accepts an event this contract does not define as a generic device event, but not a malformed one of ours', () => {
    expect(validateTerminalMessage('lockerEvent', example('deviceEvent'))).toMatchObject({
      ok: true,
      message: 'deviceEvent',
      origin: 'open-locker',
    });
    const door = example('doorOpenedEvent') as Record<string, any>;
    door.data.compartment_number = 'seven';
    expect(validateTerminalMessage('lockerEvent', door)).toMatchObject({ ok: false, message: 'doorOpenedEvent' });
  });
});

describe('topics', () => {
  it("builds Open-Locker's topics and reads them back", () => {
    expect(terminalTopics.command(UUID)).toBe(`locker/${UUID}/command`);
    expect(terminalTopics.compartments(UUID)).toBe(`locker/${UUID}/state/compartments`);
    expect(terminalTopics.register('tok-1')).toBe('locker/register/tok-1');
    expect(terminalTopics.provisioningReply('client-9')).toBe('locker/provisioning/reply/client-9');
    expect(parseTerminalTopic(`locker/${UUID}/state/heartbeat`)).toEqual({ channel: 'lockerStateHeartbeat', lockerUuid: UUID });
    expect(parseTerminalTopic(`locker/${UUID}/state/connection`)).toEqual({ channel: 'lockerStateConnection', lockerUuid: UUID });
    expect(parseTerminalTopic('locker/register/event')).toEqual({ channel: 'provisioningRegister', provisioningToken: 'event' });
    expect(parseTerminalTopic('locker/provisioning/reply/c1')).toEqual({ channel: 'provisioningReply', clientId: 'c1' });
    for (const outside of [`locker/${UUID}/state`, `locker/${UUID}/command/x`, 'locker/not-a-uuid/command', 'other/x', `locker/${UUID}`])
      expect(parseTerminalTopic(outside), outside).toBeUndefined();
  });

  it('refuses ids that would widen a topic', () => {
    expect(() => terminalTopics.command('+')).toThrow(/locker UUID/);
    expect(() => terminalTopics.register('a/b')).toThrow(/provisioning token/);
    expect(() => terminalTopics.provisioningReply('#')).toThrow(/client id/);
  });

  it("gives the console's filters, shared so each event reaches one replica", () => {
    expect(buildChannelFilter('lockerEvent')).toBe('locker/+/event');
    expect(buildChannelFilter('lockerStateHeartbeat', 'ebox-api')).toBe('$share/ebox-api/locker/+/state/heartbeat');
    expect(buildChannelFilter('provisioningRegister')).toBe('locker/register/+');
  });

  it('parses a raw MQTT message into a validated one, or says why not', () => {
    const raw = new TextEncoder().encode(JSON.stringify(example('heartbeatState')));
    expect(parseTerminalMessage(terminalTopics.heartbeat(UUID), raw)).toMatchObject({
      ok: true,
      message: 'heartbeatState',
      topic: { lockerUuid: UUID },
    });
    expect(parseTerminalMessage(terminalTopics.heartbeat(UUID), '{oops')).toMatchObject({
      ok: false,
      reason: 'the payload is not valid JSON',
    });
    expect(parseTerminalMessage('other/topic', '{}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not part of the terminal contract/),
    });
  });
});

describe('what a terminal answers, as the console shows it', () => {
  const answer = (action: string, error_code?: string) =>
    classifyTerminalResponse(error_code ? { action, result: 'error', error_code, message: 'device words' } : { action, result: 'success' });

  it('reads opened, done, jammed, refused and error', () => {
    expect(answer('open_compartment')).toEqual({ kind: 'opened' });
    expect(answer('reboot')).toEqual({ kind: 'done' });
    expect(answer('open_compartment', 'DOOR_JAMMED')).toEqual({ kind: 'jammed', errorCode: 'DOOR_JAMMED', message: 'device words' });
    expect(answer('open_compartment', 'COMPARTMENT_NOT_FOUND').kind).toBe('refused');
    expect(answer('apply_config', 'INVALID_CONFIG').kind).toBe('refused');
    expect(answer('open_compartment', 'REFUSED').kind).toBe('refused');
    for (const code of ['MODBUS_ERROR', 'HARDWARE_ERROR', 'TIMEOUT', 'UNKNOWN_ERROR', 'SOMETHING_NEW'])
      expect(answer('open_compartment', code).kind).toBe('error');
  });

  it('shows INVALID_COMMAND to one of our extensions as "not supported", not as a broken terminal', () => {
    for (const action of EBOX_ACTIONS) expect(answer(action, 'INVALID_COMMAND').kind, action).toBe('unsupported');
    // To Open-Locker's own actions it means we sent something malformed: a real error.
    expect(answer('open_compartment', 'INVALID_COMMAND').kind).toBe('error');
    expect(OPEN_LOCKER_ERROR_CODES).toContain('INVALID_COMMAND');
  });

  it('classifies the example answers', () => {
    const result = validateTerminalMessage('lockerResponse', example('commandErrorResponse'));
    expect(result.ok && classifyTerminalResponse(result.data as never).kind).toBe('unsupported');
  });
});

describe('apply_config', () => {
  const wiring = [
    { number: 2, boardNumber: 1, comNumber: 2 },
    { number: 1, boardNumber: 1, comNumber: 1 },
  ];

  it('maps compartment numbers to board (slaveId) and channel (address = printed channel − 1), sorted by number', () => {
    expect(buildCompartmentMapping(wiring)).toEqual([
      { compartment_number: 1, slaveId: 1, address: 0 },
      { compartment_number: 2, slaveId: 1, address: 1 },
    ]);
  });

  it('hashes the mapping as the device does: compact JSON, sorted, keys in Open-Locker order', async () => {
    const mapping = buildCompartmentMapping(wiring);
    expect(canonicalizeCompartmentMapping([...mapping].reverse())).toBe(
      '[{"compartment_number":1,"slaveId":1,"address":0},{"compartment_number":2,"slaveId":1,"address":1}]',
    );
    const hash = await hashCompartmentMapping(mapping);
    expect(hash).toBe((TERMINAL_MESSAGE_EXAMPLES.applyConfigCommand.data as { config_hash: string }).config_hash);
    const command = {
      ...createEnvelope(),
      transaction_id: 't',
      action: 'apply_config',
      data: { config_hash: hash, heartbeat_interval_seconds: CONSOLE_HEARTBEAT_INTERVAL_SECONDS, compartments: mapping },
    };
    expect(validateTerminalMessage('lockerCommand', command).ok).toBe(true);
    expect(CONSOLE_HEARTBEAT_INTERVAL_SECONDS).toBe(10);
  });
});

describe('apply_access_codes', () => {
  const codes = () => structuredClone((TERMINAL_MESSAGE_EXAMPLES.applyAccessCodesCommand.data as { codes: unknown[] }).codes);

  it('carries the full list, each code with its compartment, what it allows and its order', () => {
    const command = createTerminalCommand('apply_access_codes', { as_of: new Date().toISOString(), codes: codes() as never });
    expect(validateTerminalMessage('lockerCommand', command)).toMatchObject({ ok: true, message: 'applyAccessCodesCommand' });
    // An empty list is a list: the terminal then holds no code at all.
    expect(validateTerminalMessage('lockerCommand', { ...command, data: { as_of: command.data.as_of, codes: [] } }).ok).toBe(true);
  });

  it('refuses a code listed twice (it would open two compartments), an unknown use, and any extra field of an entry', () => {
    const command = example('applyAccessCodesCommand');
    const twice = codes();
    (twice[1] as { access_code: string }).access_code = (twice[0] as { access_code: string }).access_code;
    const refused = validateTerminalMessage('lockerCommand', { ...command, data: { ...(command.data as object), codes: twice } });
    expect(refused.ok === false && refused.reason).toMatch(/appears once/);
    const wrongUse = codes();
    (wrongUse[0] as { allows: string }).allows = 'open';
    expect(validateTerminalMessage('lockerCommand', { ...command, data: { ...(command.data as object), codes: wrongUse } }).ok).toBe(false);
    const chatty = codes();
    (chatty[0] as Record<string, unknown>).customer_phone = '+5521987654321';
    expect(validateTerminalMessage('lockerCommand', { ...command, data: { ...(command.data as object), codes: chatty } }).ok).toBe(false);
  });

  it('carries the couriers’ runs through the locker, each code naming one thing at the keypad', () => {
    const command = example('applyAccessCodesCommand');
    const data = command.data as { codes: { access_code: string }[]; runs: { run_code: string; collections: object[] }[] };
    expect(data.runs).toHaveLength(1);
    expect(validateTerminalMessage('lockerCommand', command).ok).toBe(true);
    // A run code equal to an order's code would open two things with one code.
    const clash = structuredClone(data);
    clash.runs[0] = { ...clash.runs[0], run_code: clash.codes[0]?.access_code ?? '' } as (typeof clash.runs)[number];
    const refused = validateTerminalMessage('lockerCommand', { ...command, data: clash });
    expect(refused.ok === false && refused.reason).toMatch(/run code names one run/);
    // A collection is always in a compartment; no customer's details ride along.
    const vague = structuredClone(data);
    vague.runs[0] = { ...vague.runs[0], collections: [{ order_id: 'x', tracking_code: 'BR1' }] } as (typeof vague.runs)[number];
    expect(validateTerminalMessage('lockerCommand', { ...command, data: vague }).ok).toBe(false);
    const chatty = structuredClone(data);
    chatty.runs[0] = { ...chatty.runs[0], courier_name: 'Ana' } as (typeof chatty.runs)[number];
    expect(validateTerminalMessage('lockerCommand', { ...command, data: chatty }).ok).toBe(false);
  });
});

describe('heartbeats', () => {
  it('calls a locker offline after three missed heartbeats, not before', () => {
    const last = new Date('2026-11-24T10:00:00Z');
    expect(isHeartbeatOverdue(last, new Date('2026-11-24T10:00:30Z'), 10)).toBe(false);
    expect(isHeartbeatOverdue(last, new Date('2026-11-24T10:00:30.001Z'), 10)).toBe(true);
    expect(isHeartbeatOverdue(undefined, last, 10)).toBe(true);
  });
});

describe('building messages to send', () => {
  it('makes commands with a fresh envelope that pass the contract, keeping a given transaction id', () => {
    const first = createTerminalCommand('open_compartment', { compartment_number: 4 });
    const second = createTerminalCommand('open_compartment', { compartment_number: 4 });
    expect(first.message_id).not.toBe(second.message_id);
    expect(first.transaction_id).not.toBe(second.transaction_id);
    expect(createTerminalCommand('reboot', {}, { transactionId: 'again' }).transaction_id).toBe('again');
    expect(validateTerminalMessage('lockerCommand', first).ok).toBe(true);
    expect(() => createTerminalCommand('open_compartment', { compartment_number: 0 })).toThrow(/compartment_number/);
  });

  it("answers a command the way a terminal does, and an unknown action with Open-Locker's INVALID_COMMAND", () => {
    const command = createTerminalCommand('sync', {});
    const done = createTerminalResponse(command, { result: 'success' });
    expect(done).toMatchObject({ transaction_id: command.transaction_id, action: 'sync', result: 'success' });
    const unknown = createUnknownActionResponse(command);
    expect(validateTerminalMessage('lockerResponse', unknown)).toMatchObject({ ok: true, message: 'commandErrorResponse' });
    expect(classifyTerminalResponse(unknown).kind).toBe('unsupported');
  });
});

describe('who may send what', () => {
  it('ties the actions a person sends to the permissions of spec 6', () => {
    expect(TERMINAL_ACTION_PERMISSIONS).toEqual({
      open_compartment: 'compartimentOpen',
      reboot: 'eboxReboot',
      restart_app: 'eboxRestartApp',
      sync: 'eboxSync',
    });
    for (const permission of Object.values(TERMINAL_ACTION_PERMISSIONS)) expect(PERMISSIONS).toContain(permission);
  });
});
