import { randomUUID } from 'node:crypto';
import {
  type AccessCodeEntry,
  buildCompartmentMapping,
  classifyTerminalResponse,
  createTerminalCommand,
  hashCompartmentMapping,
} from '@ebox/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type VirtualTerminal as Terminal, VirtualTerminal, type VirtualTerminalOptions } from '../src/virtual-terminal';
import { type BareBroker, startBareBroker } from './support/bare-broker';
import { type HeardMessage, TestConsole } from './support/test-console';

let broker: BareBroker;
let testConsole: TestConsole;
const running: Terminal[] = [];

beforeAll(async () => {
  broker = await startBareBroker();
  testConsole = await TestConsole.connect(broker.url);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((terminal) => terminal.stop()));
});

afterAll(async () => {
  // Everything any terminal sent in this file, as the console heard it, is a message of the contract.
  expect(testConsole.heard.filter((m) => m.invalid).map((m) => `${m.topic}: ${m.invalid}`)).toEqual([]);
  await testConsole.close();
  await broker.close();
});

async function startTerminal(options: Partial<VirtualTerminalOptions> = {}): Promise<VirtualTerminal> {
  const terminal = new VirtualTerminal({ lockerUuid: randomUUID(), brokerUrl: broker.url, doorCloseAfterMs: 300, ...options });
  running.push(terminal);
  await terminal.start();
  return terminal;
}

/** The console's list of codes for the terminal (apply_access_codes), as it sends it. */
async function giveCodes(terminal: VirtualTerminal, codes: AccessCodeEntry[], asOf = new Date()) {
  const { response } = await testConsole.command(terminal.lockerUuid, 'apply_access_codes', { as_of: asOf.toISOString(), codes });
  return response;
}
const order = (n: number) => `0b6f2c1e-7a4d-4e8b-9c3f-00000000000${n}`;

const onChannel = (uuid: string, channel: HeardMessage['channel']) => (m: HeardMessage) => m.lockerUuid === uuid && m.channel === channel;
const snapshotShows = (uuid: string, number: number, state: string) => (m: HeardMessage) =>
  onChannel(uuid, 'lockerStateCompartments')(m) &&
  (m.payload.compartments as { compartment_number: number; door_state: string }[]).some(
    (c) => c.compartment_number === number && c.door_state === state,
  );

describe('virtual terminal', () => {
  it('heartbeats at once and then at the interval apply_config gives, and reports its versions and doors', async () => {
    const terminal = await startTerminal();
    const uuid = terminal.lockerUuid;
    const first = await testConsole.waitFor(onChannel(uuid, 'lockerStateHeartbeat'), 5_000, 'the first heartbeat');
    expect(first.invalid).toBeUndefined();
    expect(first.payload.uptime_seconds).toBe(0);

    const snapshot = await testConsole.waitFor(onChannel(uuid, 'lockerStateCompartments'));
    expect(snapshot.payload.compartments).toHaveLength(8);
    // Retained: a console that subscribes later still gets the doors at once.
    const late = await TestConsole.connect(broker.url);
    const retained = await late.waitFor(onChannel(uuid, 'lockerStateCompartments'), 5_000, 'the retained snapshot');
    expect(retained.retain).toBe(true);
    await late.close();
    const versions = await testConsole.waitFor((m) => onChannel(uuid, 'lockerEvent')(m) && m.payload.event === 'versions');
    expect(versions.payload.data).toMatchObject({ application: 'ebox-terminal-sim', os: 'linux' });

    const mapping = buildCompartmentMapping([
      { number: 1, boardNumber: 1, comNumber: 1 },
      { number: 2, boardNumber: 2, comNumber: 6 },
    ]);
    const { response } = await testConsole.command(uuid, 'apply_config', {
      config_hash: await hashCompartmentMapping(mapping),
      heartbeat_interval_seconds: 1,
      compartments: mapping,
    });
    expect(response).toMatchObject({ result: 'success', applied_config_hash: await hashCompartmentMapping(mapping) });
    // A fresh snapshot with exactly the configured compartments.
    await testConsole.waitFor(
      (m) => onChannel(uuid, 'lockerStateCompartments')(m) && (m.payload.compartments as unknown[]).length === 2,
      5_000,
      'the snapshot after apply_config',
    );
    // Two more heartbeats within 2.3 s: the new interval (1 s) is in use.
    const before = testConsole.of(uuid, 'lockerStateHeartbeat').length;
    await testConsole.waitFor(
      (m) => onChannel(uuid, 'lockerStateHeartbeat')(m) && testConsole.of(uuid, 'lockerStateHeartbeat').length - before >= 2,
      2_300,
      'two heartbeats at the new interval',
    );
  });

  it('refuses a configuration whose hash does not match its list', async () => {
    const terminal = await startTerminal();
    const mapping = buildCompartmentMapping([{ number: 1, boardNumber: 1, comNumber: 1 }]);
    const { response } = await testConsole.command(terminal.lockerUuid, 'apply_config', {
      config_hash: 'a'.repeat(64),
      heartbeat_interval_seconds: 10,
      compartments: mapping,
    });
    expect(response).toMatchObject({ result: 'error', error_code: 'INVALID_CONFIG' });
    expect(terminal.mapping()).toHaveLength(8);
  });

  it('opens a compartment: answer, snapshot open, then closed again, with door events', async () => {
    const terminal = await startTerminal();
    const uuid = terminal.lockerUuid;
    const { command, response } = await testConsole.command(uuid, 'open_compartment', { compartment_number: 3 });
    expect(classifyTerminalResponse(response as never).kind).toBe('opened');
    await testConsole.waitFor(snapshotShows(uuid, 3, 'open'), 5_000, 'door 3 open in the snapshot');
    const opened = await testConsole.waitFor((m) => onChannel(uuid, 'lockerEvent')(m) && m.payload.event === 'door_opened');
    expect(opened.payload.data).toEqual({ compartment_number: 3, transaction_id: command.transaction_id });
    await testConsole.waitFor((m) => onChannel(uuid, 'lockerEvent')(m) && m.payload.event === 'door_closed', 5_000, 'door_closed');
    const last = testConsole.of(uuid, 'lockerStateCompartments').at(-1)!;
    expect(snapshotShows(uuid, 3, 'closed')(last)).toBe(true);
  });

  it('says when a compartment does not exist', async () => {
    const terminal = await startTerminal();
    const { response } = await testConsole.command(terminal.lockerUuid, 'open_compartment', { compartment_number: 99 });
    expect(classifyTerminalResponse(response as never)).toMatchObject({ kind: 'refused', errorCode: 'COMPARTMENT_NOT_FOUND' });
  });

  it('runs a repeated transaction_id once and repeats the same answer; a redelivered message_id is dropped', async () => {
    const terminal = await startTerminal({ latencyMs: 50 });
    const uuid = terminal.lockerUuid;
    const first = createTerminalCommand('open_compartment', { compartment_number: 2 });
    await testConsole.send(uuid, first);
    await testConsole.waitFor((m) => onChannel(uuid, 'lockerResponse')(m) && m.payload.transaction_id === first.transaction_id);
    // The same command again under the same transaction_id (a console retry), and a QoS 1 redelivery.
    await testConsole.send(
      uuid,
      createTerminalCommand('open_compartment', { compartment_number: 2 }, { transactionId: first.transaction_id }),
    );
    await testConsole.send(uuid, first);
    // Then another opening, run: the terminal takes its commands in order, and a second run of the
    // first would have reported its door before this one's.
    const later = await testConsole.command(uuid, 'open_compartment', { compartment_number: 3 });
    await testConsole.waitFor(
      (m) =>
        onChannel(uuid, 'lockerEvent')(m) &&
        m.payload.event === 'door_opened' &&
        (m.payload.data as { transaction_id?: string }).transaction_id === later.command.transaction_id,
      5_000,
      'the later door_opened',
    );

    expect(terminal.runs.open_compartment).toBe(2);
    const doorOpened = testConsole
      .of(uuid, 'lockerEvent')
      .filter(
        (m) => m.payload.event === 'door_opened' && (m.payload.data as { transaction_id?: string }).transaction_id === first.transaction_id,
      );
    expect(doorOpened).toHaveLength(1);
    const answers = testConsole.of(uuid, 'lockerResponse').filter((m) => m.payload.transaction_id === first.transaction_id);
    expect(answers).toHaveLength(2);
    // The same answer, message_id included: a console de-duplicating by message_id handles it once.
    expect(answers[1].payload).toEqual(answers[0].payload);
  });

  it('with a failure rate of 1 the door is jammed and stays shut', async () => {
    const terminal = await startTerminal({ failureRate: 1 });
    const uuid = terminal.lockerUuid;
    const { response } = await testConsole.command(uuid, 'open_compartment', { compartment_number: 1 });
    expect(response).toMatchObject({ result: 'error', error_code: 'DOOR_JAMMED' });
    expect(classifyTerminalResponse(response as never).kind).toBe('jammed');
    expect(terminal.doorStates()[1]).toBe('closed');
    expect(testConsole.heard.some(snapshotShows(uuid, 1, 'open'))).toBe(false);
  });

  it('waits latencyMs before answering', async () => {
    const terminal = await startTerminal({ latencyMs: 400 });
    const started = Date.now();
    await testConsole.command(terminal.lockerUuid, 'sync', {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('answers an action it does not know with INVALID_COMMAND', async () => {
    const terminal = await startTerminal();
    const uuid = terminal.lockerUuid;
    const transactionId = randomUUID();
    const answer = testConsole.waitFor((m) => onChannel(uuid, 'lockerResponse')(m) && m.payload.transaction_id === transactionId);
    await testConsole.client.publishAsync(
      `locker/${uuid}/command`,
      JSON.stringify({
        message_id: randomUUID(),
        timestamp: new Date().toISOString(),
        transaction_id: transactionId,
        action: 'dance',
        data: {},
      }),
      { qos: 1 },
    );
    expect((await answer).payload).toMatchObject({ action: 'dance', result: 'error', error_code: 'INVALID_COMMAND' });
  });

  it('plays a courier deposit and a customer pickup with the code the console gave, and opens nothing for any other code', async () => {
    const terminal = await startTerminal();
    const uuid = terminal.lockerUuid;
    const response = await giveCodes(terminal, [
      { compartment_number: 4, access_code: 'C-1234', allows: 'deposit', order_id: order(1), tracking_code: 'BR123' },
      { compartment_number: 5, access_code: '555555', allows: 'deposit', order_id: order(2) },
    ]);
    expect(response).toMatchObject({ result: 'success', message: '2 access codes held' });
    const refused: string[] = [];
    terminal.on('refused', (r) => refused.push(`${r.use} ${r.accessCode}: ${r.reason}`));
    // A code it does not hold, a pickup before the deposit, a code typed for another compartment: no door opens.
    expect(await terminal.depositParcel({ compartmentNumber: 4, accessCode: '987654' })).toEqual({ ok: false, reason: 'unknownCode' });
    expect(await terminal.takeParcel({ accessCode: 'C-1234' })).toEqual({ ok: false, reason: 'notAllowed' });
    expect(await terminal.depositParcel({ compartmentNumber: 5, accessCode: 'C-1234' })).toEqual({ ok: false, reason: 'wrongCompartment' });
    expect(refused).toEqual(['deposit 987654: unknownCode', 'pickup C-1234: notAllowed', 'deposit C-1234: wrongCompartment']);
    expect(terminal.doorStates()[4]).toBe('closed');

    expect(await terminal.depositParcel({ accessCode: 'C-1234' })).toEqual({ ok: true, compartmentNumber: 4 });
    // The parcel is in: the same code now takes it out, and once taken it opens nothing more.
    expect(terminal.accessCodes().find((c) => c.access_code === 'C-1234')).toMatchObject({ allows: 'pickup' });
    expect(await terminal.takeParcel({ compartmentNumber: 4, accessCode: 'C-1234' })).toEqual({ ok: true, compartmentNumber: 4 });
    expect(terminal.accessCodes().map((c) => c.access_code)).toEqual(['555555']);
    await testConsole.waitFor(
      (m) =>
        onChannel(uuid, 'lockerEvent')(m) &&
        testConsole.of(uuid, 'lockerEvent').filter((e) => e.payload.event === 'door_closed').length === 2,
      5_000,
      'the second door_closed',
    );
    const events = testConsole.of(uuid, 'lockerEvent').filter((m) => m.payload.event !== 'versions');
    expect(events.map((m) => [m.payload.event, m.payload.data])).toEqual([
      ['door_opened', { compartment_number: 4 }],
      ['parcel_deposited', { compartment_number: 4, access_code: 'C-1234', tracking_code: 'BR123' }],
      ['door_closed', { compartment_number: 4 }],
      ['door_opened', { compartment_number: 4 }],
      ['parcel_taken', { compartment_number: 4, access_code: 'C-1234', tracking_code: 'BR123' }],
      ['door_closed', { compartment_number: 4 }],
    ]);
  });

  it('works a courier’s run with its code inside the run’s window only: collections out, deposits in, each reported under the run code', async () => {
    const terminal = await startTerminal({ doorCloseAfterMs: 20 });
    const uuid = terminal.lockerUuid;
    const now = Date.now();
    const run = {
      run_code: '73019248',
      packing_id: 'packing-1',
      valid_from: new Date(now - 60_000).toISOString(),
      valid_until: new Date(now + 3_600_000).toISOString(),
      deposits: [
        { order_id: order(1), tracking_code: 'BR-DEP-1', compartment_number: 2 },
        { order_id: order(2), tracking_code: 'BR-DEP-2' },
      ],
      collections: [{ order_id: order(3), tracking_code: 'BR-EXP-3', compartment_number: 6 }],
    };
    const { response } = await testConsole.command(uuid, 'apply_access_codes', {
      as_of: new Date().toISOString(),
      codes: [{ compartment_number: 1, access_code: '111222', allows: 'pickup', order_id: order(4) }],
      runs: [run],
    });
    expect(response).toMatchObject({ result: 'success', message: '1 access codes held, 1 courier runs' });
    expect(await terminal.playCourierRun('00000000')).toEqual({ ok: false, reason: 'unknownCode' });
    // The terminal's clock past the window: the code opens nothing.
    terminal.setEventClock(() => new Date(now + 7_200_000));
    expect(await terminal.playCourierRun(run.run_code)).toEqual({ ok: false, reason: 'outsideWindow' });
    terminal.setEventClock();

    expect(await terminal.playCourierRun(run.run_code)).toEqual({ ok: true, deposited: ['BR-DEP-1', 'BR-DEP-2'], collected: ['BR-EXP-3'] });
    expect(terminal.visitedRun(run.run_code)).toBe(true);
    await testConsole.waitFor(
      () => testConsole.of(uuid, 'lockerEvent').filter((e) => e.payload.event === 'door_closed').length === 3,
      5_000,
      'three doors closed again',
    );
    const parcels = testConsole.of(uuid, 'lockerEvent').filter((m) => String(m.payload.event).startsWith('parcel_'));
    // The parcel without a planned compartment goes to the first free one: 1 is an order's, 2 the run's planned one.
    expect(parcels.map((m) => [m.payload.event, m.payload.data])).toEqual([
      ['parcel_taken', { compartment_number: 6, access_code: run.run_code, tracking_code: 'BR-EXP-3' }],
      ['parcel_deposited', { compartment_number: 2, access_code: run.run_code, tracking_code: 'BR-DEP-1' }],
      ['parcel_deposited', { compartment_number: 3, access_code: run.run_code, tracking_code: 'BR-DEP-2' }],
    ]);
    expect(parcels.every((m) => m.invalid === undefined)).toBe(true);
  });

  it('holds events while offline and sends them after reconnecting as one batch, oldest first with their times', async () => {
    const terminal = await startTerminal({ doorCloseAfterMs: 50 });
    const uuid = terminal.lockerUuid;
    await giveCodes(terminal, [{ compartment_number: 5, access_code: '111222', allows: 'pickup', order_id: order(3) }]);
    await terminal.goOffline();
    const will = await testConsole.waitFor(onChannel(uuid, 'lockerStateConnection'), 5_000, 'the last will');
    expect(will.payload).toMatchObject({ status: 'offline', reason: 'mqtt_last_will' });

    // Offline, it still serves the code it holds.
    expect(await terminal.takeParcel({ compartmentNumber: 5, accessCode: '111222' })).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await terminal.forceDoor(6);
    expect(terminal.heldEvents).toBe(5);
    const backAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await terminal.goOnline();

    const batch = await testConsole.waitFor(
      (m) => onChannel(uuid, 'lockerEvent')(m) && m.payload.event === 'offline_batch',
      5_000,
      'the offline batch',
    );
    const inner = (batch.payload.data as { events: { event: string; timestamp: string; message_id: string }[] }).events;
    expect(inner.map((e) => e.event)).toEqual(['door_opened', 'parcel_taken', 'door_closed', 'door_opened_without_command', 'door_closed']);
    // Original times: all before the reconnection, in order; each event keeps its own id.
    const times = inner.map((e) => Date.parse(e.timestamp));
    expect(times.every((t) => t <= backAt)).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(inner.map((e) => e.message_id)).size).toBe(inner.length);
    expect(terminal.heldEvents).toBe(0);
    // Nothing of that time was sent live while offline.
    expect(testConsole.of(uuid, 'lockerEvent').filter((m) => m.payload.event === 'parcel_taken')).toHaveLength(0);
  });

  it('sync publishes the snapshot and versions again, and resends the last offline batch with the same inner ids', async () => {
    const terminal = await startTerminal({ doorCloseAfterMs: 20 });
    const uuid = terminal.lockerUuid;
    await giveCodes(terminal, [{ compartment_number: 2, access_code: '424242', allows: 'deposit', order_id: order(4) }]);
    await terminal.goOffline();
    await terminal.depositParcel({ compartmentNumber: 2, accessCode: '424242' });
    await terminal.goOnline();
    const isBatch = (m: HeardMessage) => onChannel(uuid, 'lockerEvent')(m) && m.payload.event === 'offline_batch';
    const first = await testConsole.waitFor(isBatch, 5_000, 'the offline batch');
    const counts = () => ({
      snapshots: testConsole.of(uuid, 'lockerStateCompartments').length,
      versions: testConsole.of(uuid, 'lockerEvent').filter((m) => m.payload.event === 'versions').length,
    });
    const before = counts();
    const { response } = await testConsole.command(uuid, 'sync', {});
    expect(response.result).toBe('success');
    const again = await testConsole.waitFor((m) => isBatch(m) && m !== first, 5_000, 'the batch again');
    const ids = (m: HeardMessage) => (m.payload.data as { events: { message_id: string }[] }).events.map((e) => e.message_id);
    expect(ids(again)).toEqual(ids(first));
    expect(again.payload.message_id).not.toBe(first.payload.message_id);
    expect(counts().snapshots).toBe(before.snapshots + 1);
    expect(counts().versions).toBe(before.versions + 1);
  });

  it('keeps the newest list of codes: one the console read earlier, arriving late, is not applied', async () => {
    const terminal = await startTerminal();
    const now = Date.now();
    await giveCodes(terminal, [{ compartment_number: 1, access_code: '222222', allows: 'pickup', order_id: order(5) }], new Date(now));
    const late = await giveCodes(
      terminal,
      [{ compartment_number: 1, access_code: '111111', allows: 'deposit', order_id: order(5) }],
      new Date(now - 1_000),
    );
    expect(late.result).toBe('success');
    expect(terminal.accessCodes().map((c) => c.access_code)).toEqual(['222222']);
    // The full list replaces what was held: an empty one leaves no code at all.
    await giveCodes(terminal, [], new Date(now + 1_000));
    expect(terminal.accessCodes()).toEqual([]);
    // A terminal application that does not check codes (an older one) opens and reports what was typed.
    terminal.checksAccessCodes = false;
    expect(await terminal.depositParcel({ compartmentNumber: 3, accessCode: '999999' })).toEqual({ ok: true, compartmentNumber: 3 });
  });

  it('restart_app answers, then the application comes back', async () => {
    const terminal = await startTerminal({ restartMs: 100 });
    const { response } = await testConsole.command(terminal.lockerUuid, 'restart_app', {});
    expect(classifyTerminalResponse(response as never).kind).toBe('done');
    await new Promise<void>((resolve) => terminal.once('connected', () => resolve()));
    expect(terminal.online).toBe(true);
  });

  it('reboots: answers, goes away cleanly and comes back with its uptime from zero', async () => {
    const terminal = await startTerminal({ rebootMs: 200 });
    const uuid = terminal.lockerUuid;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { response } = await testConsole.command(uuid, 'reboot', {});
    expect(classifyTerminalResponse(response as never).kind).toBe('done');
    const heartbeats = testConsole.of(uuid, 'lockerStateHeartbeat').length;
    await testConsole.waitFor(
      (m) => onChannel(uuid, 'lockerStateHeartbeat')(m) && testConsole.of(uuid, 'lockerStateHeartbeat').indexOf(m) >= heartbeats,
      5_000,
      'a heartbeat after the reboot',
    );
    expect(testConsole.of(uuid, 'lockerStateHeartbeat').at(-1)!.payload.uptime_seconds).toBe(0);
    // A clean shutdown: no last will.
    expect(testConsole.of(uuid, 'lockerStateConnection')).toHaveLength(0);
  });
});
