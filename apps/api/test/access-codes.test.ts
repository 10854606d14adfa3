import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { auditLogEntity, defineEntity, exportColumnsOf, PREDEFINED_ROLES } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualTerminal } from '../../terminal-sim/src';
import type { MqttLink } from '../src/platform/mqtt';
import { ok } from './support/answers';
import { eventually } from './support/eventually';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 25 item 3: an order's access code is a secret. For every predefined role it is in no list,
 * export, audit entry or log line; the order record shows it only to who may resend it or edit the
 * order, and to nobody once the order is finished. A supplied code that clashes is refused with one
 * answer whether the clash is the caller's own order or another company's; "new code" is the way to
 * change one (throttled per user, audited without the value) and the locker's terminal gets it.
 */

const THROTTLE_MAX = 4;

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let companyA: string;
let companyB: string;
let link: MqttLink;
let lockerId: string;
let terminal: VirtualTerminal;
const logLines: string[] = [];
/** Every code an order of this file held: none may show where a secret must not. */
const codes = new Set<string>();

let sequence = 0;
async function createOrder(company: string, extra: Record<string, unknown> = {}) {
  sequence += 1;
  const order = ok(
    await owner.api.post('/order', {
      data: {
        type: 'DELIVERY',
        trackingCode: `AC${Date.now().toString(36).toUpperCase()}${sequence}`,
        shipper: company,
        company,
        customerName: 'Joana Lima',
        ebox: lockerId,
        ...extra,
      },
    }),
  );
  codes.add(order.accessCode);
  return order as { id: string; accessCode: string; trackingCode: string };
}

/** A code as JSON writes a value: how it would show in an answer, an audit value or a log line. */
function findCodeIn(text: string): string | undefined {
  return [...codes].find((code) => text.includes(`"${code}"`) || text.includes(`:${code},`) || text.includes(` ${code}`));
}

/** The creation period of today's orders, as the order export requires one (at most 31 days). */
const today = () => ({ createdAt: [new Date(Date.now() - 86_400_000).toISOString(), new Date(Date.now() + 3_600_000).toISOString()] });

const revealsTo = (permissions: readonly string[]) => permissions.includes('orderResendSMS') || permissions.includes('orderEdit');

let live: { id: string; accessCode: string; trackingCode: string };
let finished: { id: string; accessCode: string; trackingCode: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Segredo', type: 'shipper' },
    { name: 'Loja Vizinha', type: 'shipper' },
    undefined,
    {
      smtpUrl: smtp.url,
      logStream,
      mqtt: true,
      env: { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', TERMINAL_HEARTBEAT_SECONDS: '1.5', ACCESS_CODE_THROTTLE_MAX: String(THROTTLE_MAX) },
    },
  ));
  link = t.app.deps.mqtt as MqttLink;
  const terminalId = randomUUID();
  lockerId = ok(
    await owner.api.post('/ebox', { data: { name: 'Armário Segredo', code: 'SEG01', company: companyA, enable: true, terminalId } }),
  ).id;
  const credentials = await link.admin.createTerminalCredentials({ lockerId, username: terminalId });
  terminal = new VirtualTerminal({
    brokerUrl: link.url,
    lockerUuid: terminalId,
    username: credentials.username,
    password: credentials.password,
    compartments: [],
    heartbeatIntervalSeconds: 1,
  });
  await terminal.start();
  await eventually(
    async () => ok(await owner.api.get(`/ebox/${lockerId}`)).status,
    (status) => status === 'online',
  );
  live = await createOrder(companyA);
  finished = await createOrder(companyA);
  ok(await owner.api.delete('/order', { ids: [finished.id] }));
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await t?.close();
  await smtp?.close();
});

describe('the access code is declared a secret', () => {
  it('an export never offers a secret field, whatever the declaration lists', () => {
    const declared = defineEntity({
      name: 'vault',
      path: 'vault',
      table: 'vault',
      labelField: 'name',
      scope: { kind: 'none' },
      fields: { name: { type: 'text' }, pin: { type: 'text', secret: true } },
      listColumns: ['name'],
      filters: [],
      importColumns: ['name'],
      exportColumns: ['name', 'pin'],
    });
    expect(exportColumnsOf(declared)).toEqual(['name']);
  });
});

describe.each(Object.keys(PREDEFINED_ROLES))('the predefined role %s', (role) => {
  const permissions = PREDEFINED_ROLES[role] as readonly string[];

  it('reads no code in lists or the audit log; the live record shows it only to who may resend or edit; a finished one to nobody', async () => {
    const user = await t.createUser({ roles: [role] });
    const list = await user.api.get('/order', { limit: 100 });
    if (list.status === 200) {
      expect(list.body.rows.length).toBeGreaterThan(0);
      expect(list.body.rows.every((row: { accessCode: unknown }) => row.accessCode === null)).toBe(true);
      expect(findCodeIn(JSON.stringify(list.body))).toBeUndefined();
    }
    // Sorted by the code, a list (and its page keys) would tell how hidden codes compare.
    if (list.status === 200) expect((await user.api.get('/order', { orderBy: 'accessCode_ASC' })).status).toBe(400);
    const record = await user.api.get(`/order/${live.id}`);
    if (record.status === 200) expect(record.body.accessCode).toBe(revealsTo(permissions) ? live.accessCode : null);
    const done = await user.api.get(`/order/${finished.id}`);
    if (done.status === 200) expect(done.body.accessCode).toBeNull();
    for (const entityName of ['order', 'compartiment', 'ebox']) {
      const audit = await user.api.get('/auditLog', { filter: { entityName }, limit: 1000 });
      if (audit.status !== 200) continue;
      if (entityName === 'order') expect(audit.body.rows.length).toBeGreaterThan(0);
      expect(findCodeIn(JSON.stringify(audit.body))).toBeUndefined();
    }
    const auditExport = await user.api.get('/auditLog/export', { fields: exportColumnsOf(auditLogEntity), format: 'csv' });
    if (auditExport.status === 200) expect(findCodeIn(String(auditExport.body))).toBeUndefined();
    // The order export offers no code, and refuses one asked for.
    const asked = await user.api.get('/order/export', {
      filter: today(),
      fields: ['trackingCode', 'accessCode'],
    });
    if (permissions.includes('orderExport')) {
      expect(asked.status).toBe(400);
      expect(JSON.stringify(asked.body)).toContain('accessCode');
    }
  });
});

describe('exports and logs', () => {
  it("the order export's spreadsheet, with every column it offers, holds no code", async () => {
    const answer = await owner.api.get('/order/export', {
      filter: today(),
      format: 'csv',
    });
    expect(answer.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email), 60_000);
    const url = /(https?:\/\/\S+\/order\/export\/file\/\S+)/.exec(mail.text)?.[1];
    if (!url) throw new Error(`no export link in ${mail.text}`);
    const file = await (await fetch(url)).text();
    expect(file).toContain(live.trackingCode);
    expect(findCodeIn(file)).toBeUndefined();
  }, 90_000);
});

describe('a refused code', () => {
  it('reads the same whether the clash is an order of the caller, of another company, or no order at all of theirs', async () => {
    const foreign = await createOrder(companyB);
    const own = await createOrder(companyA);
    const editor = await t.createUser({ roles: ['orderEditor'], allowedCompanies: [companyA] });
    const api = t.client(editor.token, 'pt-BR');
    const attempt = (accessCode: string) =>
      api.post('/order', {
        data: {
          type: 'DELIVERY',
          trackingCode: `CL${randomUUID().slice(0, 8)}`,
          shipper: companyA,
          company: companyA,
          customerName: 'Joana Lima',
          ebox: lockerId,
          accessCode,
        },
      });
    const onForeign = await attempt(foreign.accessCode);
    const onOwn = await attempt(own.accessCode);
    expect(onForeign.status).toBe(409);
    expect(onOwn.status).toBe(409);
    expect(onForeign.body).toEqual(onOwn.body);
    expect(onForeign.body.error.message).toBe('Este código não pode ser usado; gere um novo');
    expect(findCodeIn(JSON.stringify(onForeign.body))).toBeUndefined();
    // A finished order's code opens nothing: it is free again.
    const reused = ok(await attempt(finished.accessCode));
    codes.add(reused.accessCode);
  });
});

describe('guessing codes', () => {
  it('counts each refused code against the user: past the budget even a free code is refused (429)', async () => {
    const held = await createOrder(companyB);
    const guesser = await t.createUser({ roles: ['orderEditor'], allowedCompanies: [companyA] });
    const api = t.client(guesser.token, 'en');
    const attempt = (accessCode: string) =>
      api.post('/order', {
        data: {
          type: 'DELIVERY',
          trackingCode: `GS${randomUUID().slice(0, 8)}`,
          shipper: companyA,
          company: companyA,
          customerName: 'Joana Lima',
          ebox: lockerId,
          accessCode,
        },
      });
    for (let i = 0; i < THROTTLE_MAX; i++) expect((await attempt(held.accessCode)).status).toBe(409);
    const next = await attempt(held.accessCode === '000000' ? '000001' : '000000');
    expect(next.status).toBe(429);
    expect(next.body.error.message).toBe('Too many access code changes: wait a few minutes and try again');
  });
});

describe('"new code"', () => {
  it('gives a fresh code the terminal gets, audited without the value, and is throttled per user', async () => {
    const order = await createOrder(companyA);
    const editor = await t.createUser({ roles: ['orderEditor'] });
    await eventually(
      async () => terminal.accessCodes().some((entry) => entry.access_code === order.accessCode),
      (held) => held,
    );
    let current = order.accessCode;
    for (let i = 0; i < THROTTLE_MAX; i++) {
      const renewed = ok(await editor.api.post(`/order/${order.id}/newAccessCode`, {}));
      expect(renewed.accessCode).toMatch(/^\d{6}$/);
      expect(renewed.accessCode).not.toBe(current);
      current = renewed.accessCode;
      codes.add(current);
    }
    const refused = await t.client(editor.token, 'en').post(`/order/${order.id}/newAccessCode`, {});
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Too many access code changes: wait a few minutes and try again');
    // Another user's budget is their own.
    const other = await t.createUser({ roles: ['orderEditor'] });
    current = ok(await other.api.post(`/order/${order.id}/newAccessCode`, {})).accessCode;
    codes.add(current);
    // The terminal holds the last code, and none of the earlier ones.
    const held = await eventually(
      async () => terminal.accessCodes().map((entry) => entry.access_code),
      (list) => list.includes(current),
    );
    expect(held).not.toContain(order.accessCode);
    // Each change audited under its name, that it changed and not to what.
    const audit = ok(
      await owner.api.get('/auditLog', { filter: { entityName: 'order', entityId: order.id, action: 'newAccessCode' }, limit: 100 }),
    );
    expect(audit.rows.length).toBe(THROTTLE_MAX + 1);
    for (const row of audit.rows) {
      expect(row.values.after.accessCode).toBe('[changed]');
      expect(row.values.before.accessCode).toBe('[secret]');
    }
    expect(findCodeIn(JSON.stringify(audit))).toBeUndefined();
    // Nobody types a code into an edit.
    const typed = await t.client(owner.token, 'en').put(`/order/${order.id}`, { id: order.id, data: { accessCode: '123123' } });
    expect(typed.status).toBe(400);
    expect(typed.body.error.message).toBe('An access code is not typed: use "New code" on the order page');
    // A finished order's code is not renewed.
    const ended = await editor.api.post(`/order/${finished.id}/newAccessCode`, {});
    expect(ended.status).toBe(400);
  }, 60_000);

  it('is not offered to who may only resend the code', async () => {
    const resender = await t.createUser({ roles: ['orderSmsResender'] });
    expect((await resender.api.post(`/order/${live.id}/newAccessCode`, {})).status).toBe(403);
  });
});

describe('the log', () => {
  // Last: every call of this file above has written its lines by now (each answered before this runs).
  it('holds no code in any line', async () => {
    expect(logLines.length).toBeGreaterThan(0);
    const leaking = logLines.filter((line) => findCodeIn(line));
    expect(leaking).toEqual([]);
  });
});
