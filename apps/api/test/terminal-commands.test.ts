import { randomUUID } from 'node:crypto';
import { type EventName, terminalTopics, validateTerminalMessage } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal, type VirtualTerminalOptions } from '../../terminal-sim/src';
import { onEvent } from '../src/platform/events';
import type { MqttLink } from '../src/platform/mqtt';
import { ok, orderDataFor } from './support/answers';
import { brokerBackends } from './support/broker-backends';
import { eventually } from './support/eventually';
import { OpenLockerDevice } from './support/open-locker-device';
import type { TestApp, TestUser } from './support/test-app';

/**
 * Issue 14, items 5 and 6 (doors): commands from the console as an operator and a terminal see
 * them, over the embedded broker and a real Mosquitto with dynamic security. A command gets an
 * answer or times out (outcome unknown, never re-sent), each is audited with who sent it, its
 * transaction id and the answer; apply_config follows a locker coming online; doors follow the
 * terminal's reports; permissions and company scope hold.
 */

const HEARTBEAT_SECONDS = 1.5;
const COMMAND_TIMEOUT_SECONDS = 3;
const env = {
  TERMINAL_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
  TERMINAL_COMMAND_TIMEOUT_SECONDS: String(COMMAND_TIMEOUT_SECONDS),
};

const backends = brokerBackends(env);

describe.each(backends)('commands from the console: $name', (backend) => {
  let t: TestApp;
  let stop: () => Promise<void>;
  let link: MqttLink;
  let owner: TestUser;
  let company: string;
  const terminals: { stop(): Promise<void> }[] = [];
  const events: { name: EventName; payload: any }[] = [];

  beforeAll(async () => {
    ({ t, stop } = await backend.start());
    link = t.app.deps.mqtt as MqttLink;
    owner = await t.createUser({ roles: ['owner'] });
    company = ok(await owner.api.post('/company', { data: { name: `Empresa ${randomUUID().slice(0, 6)}`, type: 'carrier' } })).id;
    onEvent(t.app.deps, (event) => {
      events.push({ name: event.name, payload: event.payload });
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(terminals.map((terminal) => terminal.stop().catch(() => {})));
    await stop?.();
  });

  /** A locker made through the API with compartments 1..n (board 1, channel = number), and its terminal's credentials. */
  async function createLocker(compartments = 2) {
    const terminalId = randomUUID();
    const code = `CMD${randomUUID().slice(0, 6)}`;
    const id = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, enable: true, terminalId, company } }))
      .id as string;
    const compartmentIds: string[] = [];
    for (let number = 1; number <= compartments; number += 1) {
      compartmentIds.push(await addCompartment(id, number));
    }
    const credentials = await link.admin.createTerminalCredentials({ lockerId: id, username: terminalId });
    return { id, terminalId, compartmentIds, credentials };
  }

  async function addCompartment(ebox: string, number: number) {
    return ok(
      await owner.api.post('/compartiment', {
        data: { ebox, number, boardNumber: 1, numberInColumn: number, comNumber: number, size: 'P', width: 1, height: 1, depth: 1 },
      }),
    ).id as string;
  }

  type Locker = Awaited<ReturnType<typeof createLocker>>;

  async function connectTerminal(locker: Locker, options: Partial<VirtualTerminalOptions> = {}) {
    const terminal = new VirtualTerminal({
      brokerUrl: link.url,
      lockerUuid: locker.terminalId,
      username: locker.credentials.username,
      password: locker.credentials.password,
      heartbeatIntervalSeconds: HEARTBEAT_SECONDS,
      compartments: [{ number: 1, boardNumber: 1, channel: 1 }],
      doorCloseAfterMs: 60_000,
      rebootMs: 300,
      mqttOptions: { reconnectPeriod: 0 },
      ...options,
    });
    terminals.push(terminal);
    await terminal.start();
    await waitOnline(locker);
    return terminal;
  }

  const lockerOf = async (id: string) => ok(await owner.api.get(`/ebox/${id}`));
  const compartmentOf = async (id: string) => ok(await owner.api.get(`/compartiment/${id}`));
  const waitOnline = (locker: Locker) =>
    eventually(
      () => lockerOf(locker.id),
      (body) => body.status === 'online',
    );
  const auditOf = async (entityName: string, entityId: string) =>
    ok(await owner.api.get('/auditLog', { filter: { entityName, entityId }, orderBy: 'timestamp_ASC', limit: 100 })).rows as {
      action: string;
      actorLabel: string | null;
      values: { before: any; after: any };
    }[];

  it('sends apply_config with the mapping when a locker comes online, and opens a compartment: 200, the door shows open, audited', async () => {
    const locker = await createLocker(2);
    const terminal = await connectTerminal(locker);
    // The console's wiring (board, channel) replaces the terminal's own, with the heartbeat it asks for.
    await eventually(
      async () => terminal.mapping(),
      (mapping) => mapping.length === 2,
    );
    expect(terminal.mapping()).toEqual([
      { compartment_number: 1, slaveId: 1, address: 0 },
      { compartment_number: 2, slaveId: 1, address: 1 },
    ]);
    expect(terminal.heartbeatIntervalSeconds).toBe(1);
    const configured = await eventually(
      () => auditOf('ebox', locker.id),
      (rows) => rows.some((row) => row.action === 'apply_config'),
    );
    expect(configured.find((row) => row.action === 'apply_config')?.values.after).toMatchObject({ outcome: 'done', reason: 'online' });

    // Opened from an order's page: the order books one of the two compartments, and names it.
    const order = ok(await owner.api.post('/order', { data: orderDataFor(company, { ebox: locker.id, compartimentSize: 'P' }) }));
    const booked = order.compartiment.id as string;
    const other = locker.compartmentIds.find((id) => id !== booked) as string;
    const number = booked === locker.compartmentIds[0] ? 1 : 2;
    // An order that is not in that compartment, or no order at all, opens nothing.
    for (const orderId of [order.id, 'ORDER-1', randomUUID()]) {
      const wrong = await t.client(owner.token, 'en').get(`/compartiment/open/${orderId === order.id ? other : booked}`, { orderId });
      expect(wrong.status, orderId).toBe(400);
      expect(wrong.body.error.message).toMatch(/^This order is not in compartment \d: nothing was opened$/);
    }
    expect(Object.values(terminal.doorStates())).not.toContain('open');

    const opened = ok(await owner.api.get(`/compartiment/open/${booked}`, { orderId: order.id }));
    expect(opened).toMatchObject({ status: 'opened', compartiment: { id: booked, number } });
    expect(terminal.doorStates()[number]).toBe('open');
    const compartment = await eventually(
      () => compartmentOf(booked),
      (body) => body.doorOpen === true,
    );
    expect(Date.parse(compartment.doorChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    const audit = (await auditOf('compartiment', booked)).filter((row) => row.action === 'open_compartment');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorLabel).toBe(owner.email);
    expect(audit[0]?.values.after).toMatchObject({ transactionId: opened.transactionId, outcome: 'opened', orderId: order.id, number });
    // The door events reach live listeners, stored as the compartment's door.
    expect(events.some((e) => e.name === 'compartiment.doorEvent' && e.payload.compartimentId === booked)).toBe(true);

    // Once canceled the order no longer holds the compartment: its page's "open" opens nothing.
    ok(await owner.api.delete('/order', { ids: [order.id] }));
    const after = await t.client(owner.token, 'en').get(`/compartiment/open/${booked}`, { orderId: order.id });
    expect(after.status).toBe(400);
    expect(after.body.error.message).toBe(`This order is not in compartment ${number}: nothing was opened`);
  });

  it('sends the new mapping after generateCompartiments', async () => {
    const layout = ok(
      await owner.api.post('/compartimentLayout', {
        data: { code: `L${randomUUID().slice(0, 4)}`, name: 'Layout', width: 40, height: 10, depth: 50 },
      }),
    ).id;
    const module = ok(
      await owner.api.post('/eboxModule', { data: { name: 'Módulo', code: `M${randomUUID().slice(0, 4)}`, defaultBoardNumber: 2 } }),
    ).id;
    for (const staticNumber of [1, 2, 3]) {
      ok(await owner.api.post('/eboxModuleCompartiment', { data: { eboxModule: module, staticNumber, compartimentLayout: layout } }));
    }
    const locker = await createLocker(1);
    ok(await owner.api.put(`/ebox/${locker.id}`, { id: locker.id, data: { eboxModule: [module] } }));
    const terminal = await connectTerminal(locker);
    await eventually(
      async () => terminal.mapping().length,
      (length) => length === 1,
    );
    const answer = ok(await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker.id } }));
    expect(answer.count).toBe(3);
    const mapping = await eventually(
      async () => terminal.mapping(),
      (entries) => entries.length === 3,
    );
    const compartments = ok(await owner.api.get('/compartiment', { filter: { ebox: locker.id }, orderBy: 'number_ASC', limit: 10 })).rows;
    expect(mapping).toEqual(
      compartments.map((c: any) => ({ compartment_number: c.number, slaveId: c.boardNumber, address: c.comNumber - 1 })),
    );
    expect(mapping.every((entry) => entry.slaveId === 2)).toBe(true);
    // The terminal applies the mapping before it answers; the audit follows its answer.
    const configured = await eventually(
      () => auditOf('ebox', locker.id),
      (rows) => rows.filter((row) => row.action === 'apply_config').length === 2,
    );
    expect(configured.filter((row) => row.action === 'apply_config').map((row) => row.values.after.reason)).toEqual([
      'online',
      'generateCompartiments',
    ]);
  });

  it('does not run a repeated command message (same transaction_id) twice', async () => {
    const locker = await createLocker(1);
    const terminal = await connectTerminal(locker);
    const commands: Record<string, unknown>[] = [];
    terminal.on('command', (command) => commands.push(command));
    const opened = ok(await owner.api.get(`/compartiment/open/${locker.compartmentIds[0]}`));
    const original = commands.find((command) => command.transaction_id === opened.transactionId);
    expect(original).toBeTruthy();
    // The broker (QoS 1) or a replica delivers it again: same transaction, a new message id.
    await link.client.publishJson(terminalTopics.command(locker.terminalId), { ...original, message_id: randomUUID() });
    await eventually(
      async () => commands.filter((command) => command.transaction_id === opened.transactionId).length,
      (count) => count === 2,
    );
    // A later command, answered: the terminal takes its commands in order, so the repeat was dealt
    // with (and its answer, sent again, reached the console) before this one's answer.
    expect(ok(await owner.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'sync' } }))).toMatchObject({
      outcome: 'done',
    });
    expect(terminal.runs.sync).toBe(1);
    expect(terminal.runs.open_compartment).toBe(1);
    const audit = (await auditOf('compartiment', locker.compartmentIds[0] as string)).filter((row) => row.action === 'open_compartment');
    expect(audit).toHaveLength(1);
  });

  it("answers a jammed door and a terminal's refusal with their outcome and the terminal's reason", async () => {
    const locker = await createLocker(1);
    await connectTerminal(locker, { failureRate: 1 });
    const jammed = await owner.api.get(`/compartiment/open/${locker.compartmentIds[0]}`);
    expect(jammed.status).toBe(409);
    expect(jammed.body).toMatchObject({ outcome: 'jammed', errorCode: 'DOOR_JAMMED' });
    expect(jammed.body.message).toMatch(/jammed/);
    expect((await compartmentOf(locker.compartmentIds[0] as string)).doorOpen).toBe(false);

    // A compartment the console knows but the terminal was never configured with: refused.
    const extra = await addCompartment(locker.id, 7);
    const refused = await owner.api.get(`/compartiment/open/${extra}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ outcome: 'refused', errorCode: 'COMPARTMENT_NOT_FOUND' });
    const audit = (await auditOf('compartiment', locker.compartmentIds[0] as string)).find((row) => row.action === 'open_compartment');
    expect(audit?.values.after).toMatchObject({ outcome: 'jammed', errorCode: 'DOOR_JAMMED', transactionId: jammed.body.transactionId });
  });

  it('records a silent terminal as outcome unknown and never sends the command again', async () => {
    const locker = await createLocker(1);
    // It answers, but only after the console stopped waiting.
    const terminal = await connectTerminal(locker, { latencyMs: (COMMAND_TIMEOUT_SECONDS + 1) * 1000 });
    const commands: Record<string, unknown>[] = [];
    terminal.on('command', (command) => commands.push(command));
    // The answers the console hears (every process hears every answer).
    const answered: string[] = [];
    link.client.client.on('message', (topic, payload) => {
      if (topic === terminalTopics.response(locker.terminalId)) answered.push(JSON.parse(payload.toString()).transaction_id);
    });
    const started = Date.now();
    const silent = await t.client(owner.token, 'en').get(`/compartiment/open/${locker.compartmentIds[0]}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_SECONDS * 1000 - 100);
    expect(silent.status).toBe(424);
    expect(silent.body).toMatchObject({ outcome: 'unknown', message: 'Could not communicate with Locker' });
    const audit = await eventually(
      () => auditOf('compartiment', locker.compartmentIds[0] as string),
      (rows) => rows.some((row) => row.action === 'open_compartment'),
    );
    expect(audit.find((row) => row.action === 'open_compartment')?.values.after).toMatchObject({
      outcome: 'unknown',
      transactionId: silent.body.transactionId,
    });
    // The late answer comes; the console neither re-sends nor records a second outcome.
    await eventually(
      async () => answered,
      (ids) => ids.includes(silent.body.transactionId),
    );
    // Then a command of the console's own, after the late answer: a repeat the answer set off would
    // reach the terminal before it (one connection, in order). It times out too (the same latency),
    // and its outcome is written after whatever the late answer would have made the console write.
    const marker = owner.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'sync' } });
    await eventually(
      async () => commands.map((command) => command.action),
      (actions) => actions.includes('sync'),
    );
    expect(commands.filter((command) => command.action === 'open_compartment')).toHaveLength(1);
    expect((await marker).status).toBe(424);
    expect(terminal.runs.open_compartment).toBe(1);
    const after = (await auditOf('compartiment', locker.compartmentIds[0] as string)).filter((row) => row.action === 'open_compartment');
    expect(after).toHaveLength(1);
  });

  it('fails fast on an offline locker with the translated message', async () => {
    const locker = await createLocker(1);
    const started = Date.now();
    const pt = await owner.api.get(`/compartiment/open/${locker.compartmentIds[0]}`);
    expect(Date.now() - started).toBeLessThan(COMMAND_TIMEOUT_SECONDS * 1000);
    expect(pt.status).toBe(409);
    expect(pt.body).toEqual({ outcome: 'offline', message: 'Não foi possível se comunicar com o Armário' });
    const en = await t.client(owner.token, 'en').post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'sync' } });
    expect(en.status).toBe(409);
    expect(en.body).toEqual({ outcome: 'offline', message: 'Could not communicate with Locker' });
  });

  it('locks and releases a compartment, audited and published', async () => {
    const locker = await createLocker(1);
    const id = locker.compartmentIds[0] as string;
    const locked = ok(await owner.api.put(`/compartiment/lock/${id}`, { data: { status: 'DAMAGE' } }));
    expect(locked).toMatchObject({ id, status: 'DAMAGE' });
    const released = ok(await owner.api.put(`/compartiment/lock/${id}`, { data: { status: 'AVAILABLE' } }));
    expect(released).toMatchObject({ id, status: 'AVAILABLE' });
    const audit = (await auditOf('compartiment', id)).filter((row) => row.action === 'lock' || row.action === 'release');
    expect(audit.map((row) => [row.action, row.values.before.status, row.values.after.status])).toEqual([
      ['lock', 'AVAILABLE', 'DAMAGE'],
      ['release', 'DAMAGE', 'AVAILABLE'],
    ]);
    const published = events.filter((e) => e.name === 'compartiment.statusChanged' && e.payload.compartimentId === id);
    expect(published.map((e) => [e.payload.previousStatus, e.payload.status])).toEqual([
      ['AVAILABLE', 'DAMAGE'],
      ['DAMAGE', 'AVAILABLE'],
    ]);
    expect(published[0]?.payload).toMatchObject({ eboxId: locker.id, number: 1 });
  });

  it('reboots a terminal, which answers and comes back', async () => {
    const locker = await createLocker(1);
    const terminal = await connectTerminal(locker);
    const answer = ok(await owner.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'reboot' } }));
    expect(answer).toMatchObject({ outcome: 'done' });
    expect(terminal.runs.reboot).toBe(1);
    const audit = (await auditOf('ebox', locker.id)).filter((row) => row.action === 'reboot');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorLabel).toBe(owner.email);
    expect(audit[0]?.values.after).toMatchObject({ outcome: 'done', transactionId: answer.transactionId });
    await eventually(
      async () => terminal.online,
      (online) => online,
    );
  });

  it('works with a plain Open-Locker device: mapping, opening, doors from the snapshot, and reboot not supported', async () => {
    const locker = await createLocker(2);
    const device = new OpenLockerDevice({
      brokerUrl: link.url,
      lockerUuid: locker.terminalId,
      password: locker.credentials.password,
      heartbeatIntervalSeconds: 1,
      doorPollMs: 200,
    });
    terminals.push(device);
    await device.start();
    await waitOnline(locker);
    const config = await device.waitForCommand('apply_config');
    expect(validateTerminalMessage('lockerCommand', config).ok).toBe(true);
    expect((config.data as any).compartments).toEqual([
      { compartment_number: 1, slaveId: 1, address: 0 },
      { compartment_number: 2, slaveId: 1, address: 1 },
    ]);
    expect((config.data as any).heartbeat_interval_seconds).toBe(1);
    await eventually(
      async () => device.mapping.length,
      (length) => length === 2,
    );

    const opened = ok(await owner.api.get(`/compartiment/open/${locker.compartmentIds[0]}`));
    expect(opened.status).toBe('opened');
    await eventually(
      () => compartmentOf(locker.compartmentIds[0] as string),
      (body) => body.doorOpen === true,
    );
    device.closeDoor(1);
    await eventually(
      () => compartmentOf(locker.compartmentIds[0] as string),
      (body) => body.doorOpen === false,
    );
    // Its only door reports are snapshots: their changes are the compartment's history. The door's
    // opening and the command's answer come in two messages 50 ms apart, handled each in its own
    // transaction: on a loaded machine the answer's may be recorded first, so only the doors' order is fixed.
    const history = (await auditOf('compartiment', locker.compartmentIds[0] as string)).map((row) => row.action);
    const doorsAndOpening = history.filter((action) => action.startsWith('door_') || action === 'open_compartment');
    expect(doorsAndOpening.toSorted()).toEqual(['door_closed', 'door_opened', 'open_compartment']);
    expect(doorsAndOpening.filter((action) => action.startsWith('door_'))).toEqual(['door_opened', 'door_closed']);
    expect(
      events
        .filter((e) => e.name === 'compartiment.doorEvent' && e.payload.compartimentId === locker.compartmentIds[0])
        .map((e) => e.payload.event),
    ).toEqual(['door_opened', 'door_closed']);

    const reboot = await t.client(owner.token, 'en').post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'reboot' } });
    expect(reboot.status).toBe(422);
    expect(reboot.body).toMatchObject({
      outcome: 'unsupported',
      message: 'This terminal does not support reboot',
      errorCode: 'INVALID_COMMAND',
    });
    const pt = await owner.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'restart_app' } });
    expect(pt.body).toMatchObject({ outcome: 'unsupported', message: 'Este terminal não suporta reiniciar o aplicativo' });
    // The access codes the console sends every locker once online (orders-driven-by-lockers.test.ts) are ours too.
    const record = await eventually(
      () => lockerOf(locker.id),
      (body) => body.unsupportedActions.includes('apply_access_codes'),
    );
    expect([...record.unsupportedActions].sort()).toEqual(['apply_access_codes', 'reboot', 'restart_app']);
    expect(record.status).toBe('online');
    const audit = await auditOf('ebox', locker.id);
    expect(audit.filter((row) => row.action === 'reboot')[0]?.values.after).toMatchObject({ outcome: 'unsupported' });
    expect(audit.filter((row) => row.action === 'update' && row.values.after.unsupportedActions)).toHaveLength(3);
    // Every message the console sent it is the contract's.
    for (const message of device.received) expect(validateTerminalMessage('lockerCommand', message.payload).ok).toBe(true);
  });

  it('ignores a snapshot or door event older than the door state stored, and follows a later one', async () => {
    const locker = await createLocker(1);
    const terminal = await connectTerminal(locker);
    ok(await owner.api.get(`/compartiment/open/${locker.compartmentIds[0]}`));
    const open = await eventually(
      () => compartmentOf(locker.compartmentIds[0] as string),
      (body) => body.doorOpen === true,
    );
    // A snapshot from before the opening (out of order) says closed: the door stays open.
    await link.client.publishJson(terminalTopics.compartments(locker.terminalId), {
      message_id: randomUUID(),
      timestamp: new Date(Date.parse(open.doorChangedAt) - 10_000).toISOString(),
      compartments: [{ compartment_number: 1, door_state: 'closed' }],
    });
    // So does a door event from a time offline: recorded in the history, the door not moved back.
    const old = new Date(Date.parse(open.doorChangedAt) - 5_000).toISOString();
    await link.client.publishJson(terminalTopics.event(locker.terminalId), {
      message_id: randomUUID(),
      timestamp: old,
      event: 'door_closed',
      data: { compartment_number: 1 },
    });
    await eventually(
      () => auditOf('compartiment', locker.compartmentIds[0] as string),
      (rows) => rows.some((row) => row.action === 'door_closed' && row.values.after.occurredAt === old),
    );
    // A newer snapshot still saying open, after the old one on its topic: once it is stored, the old
    // one was weighed before it. Had that closed the door, this one would have opened it again at a
    // new time.
    const stillOpen = new Date().toISOString();
    await link.client.publishJson(terminalTopics.compartments(locker.terminalId), {
      message_id: randomUUID(),
      timestamp: stillOpen,
      compartments: [{ compartment_number: 1, door_state: 'open' }],
    });
    const kept = await eventually(
      () => compartmentOf(locker.compartmentIds[0] as string),
      (body) => Date.parse(body.doorReportedAt) === Date.parse(stillOpen),
    );
    expect(kept.doorOpen).toBe(true);
    expect(kept.doorChangedAt).toBe(open.doorChangedAt);
    // A later snapshot does close it.
    await link.client.publishJson(terminalTopics.compartments(locker.terminalId), {
      message_id: randomUUID(),
      timestamp: new Date(Date.now() + 1_000).toISOString(),
      compartments: [{ compartment_number: 1, door_state: 'closed' }],
    });
    await eventually(
      () => compartmentOf(locker.compartmentIds[0] as string),
      (body) => body.doorOpen === false,
    );
    await terminal.stop();
  });

  it('keeps the newest door report whatever order the reports arrive in (events and snapshots, as two API processes may take them)', async () => {
    const locker = await createLocker(1);
    await connectTerminal(locker);
    const id = locker.compartmentIds[0] as string;
    ok(await owner.api.get(`/compartiment/open/${id}`));
    const opened = await eventually(
      () => compartmentOf(id),
      (body) => body.doorOpen === true,
    );
    // The terminal's own reports of the opening are in (its snapshot goes before its door event).
    await eventually(
      () => auditOf('compartiment', id),
      (rows) => rows.some((row) => row.action === 'door_opened'),
    );
    const base = Date.now() + 5_000;
    const at = (seconds: number) => new Date(base + seconds * 1000).toISOString();
    const snapshot = (timestamp: string, door_state: 'open' | 'closed') =>
      link.client.publishJson(terminalTopics.compartments(locker.terminalId), {
        message_id: randomUUID(),
        timestamp,
        compartments: [{ compartment_number: 1, door_state }],
      });
    const doorEvent = (timestamp: string, event: 'door_opened' | 'door_closed') =>
      link.client.publishJson(terminalTopics.event(locker.terminalId), {
        message_id: randomUUID(),
        timestamp,
        event,
        data: { compartment_number: 1 },
      });
    // The newest report arrives first: the door is still open (nothing changes but the report's time).
    await snapshot(at(2), 'open');
    await eventually(
      () => compartmentOf(id),
      (body) => Date.parse(body.doorReportedAt) === Date.parse(at(2)),
    );
    // Then two older ones saying closed: a snapshot, then a door event (kept in the history only).
    await snapshot(at(1.5), 'closed');
    await doorEvent(at(1), 'door_closed');
    await eventually(
      () => auditOf('compartiment', id),
      (rows) => rows.some((row) => row.action === 'door_closed' && row.values.after.occurredAt === at(1)),
    );
    // A newer snapshot still saying open, after the old one on its topic: once it is stored, the old
    // one was weighed before it (had that closed the door, this one would have opened it at a new time).
    await snapshot(at(2.5), 'open');
    const kept = await eventually(
      () => compartmentOf(id),
      (body) => Date.parse(body.doorReportedAt) === Date.parse(at(2.5)),
    );
    expect(kept.doorOpen).toBe(true);
    expect(kept.doorChangedAt).toBe(opened.doorChangedAt);
    // A newer report still closes it.
    await doorEvent(at(3), 'door_closed');
    const closed = await eventually(
      () => compartmentOf(id),
      (body) => body.doorOpen === false,
    );
    expect(Date.parse(closed.doorChangedAt)).toBe(Date.parse(at(3)));
    expect(Date.parse(closed.doorReportedAt)).toBe(Date.parse(at(3)));
  });

  it('refuses each command without its permission, and outside the company scope', async () => {
    const locker = await createLocker(1);
    const id = locker.compartmentIds[0] as string;
    const reader = await t.createUser({ permissions: ['eboxRead', 'compartimentRead'] });
    expect((await reader.api.get(`/compartiment/open/${id}`)).status).toBe(403);
    expect((await reader.api.put(`/compartiment/lock/${id}`, { data: { status: 'DAMAGE' } })).status).toBe(403);
    for (const type_message of ['reboot', 'restart_app', 'sync']) {
      expect((await reader.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message } })).status).toBe(403);
    }
    // Each permission opens only its own command.
    const opener = await t.createUser({ permissions: ['compartimentRead', 'compartimentOpen', 'eboxRead', 'eboxSync'] });
    expect((await opener.api.put(`/compartiment/lock/${id}`, { data: { status: 'DAMAGE' } })).status).toBe(403);
    expect((await opener.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'reboot' } })).status).toBe(403);
    expect((await opener.api.get(`/compartiment/open/${id}`)).body.outcome).toBe('offline');
    const all = [
      'eboxRead',
      'compartimentRead',
      'compartimentOpen',
      'compartimentLock',
      'eboxReboot',
      'eboxRestartApp',
      'eboxSync',
    ] as const;
    const other = ok(await owner.api.post('/company', { data: { name: `Outra ${randomUUID().slice(0, 6)}`, type: 'carrier' } })).id;
    const outsider = await t.createUser({ permissions: [...all], allowedCompanies: [other] });
    expect((await outsider.api.get(`/compartiment/open/${id}`)).status).toBe(404);
    expect((await outsider.api.put(`/compartiment/lock/${id}`, { data: { status: 'DAMAGE' } })).status).toBe(404);
    expect((await outsider.api.post('/ebox/terminal/send', { data: { ebox: locker.id, type_message: 'sync' } })).status).toBe(404);
    expect((await compartmentOf(id)).status).toBe('AVAILABLE');
    expect(t.api).toBeTruthy();
  });
});
