import { DECLARED_ENTITIES } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRowsInScope, resourceOf } from '../src/kit/repository';
import { run as expireOverdueOrders } from '../src/modules/order/expire-overdue';
import { expireOverdueOrdersJob } from '../src/modules/order/jobs';
import { moveOrder } from '../src/modules/order/lifecycle-service';
import { applyParcelEvent } from '../src/modules/order/parcel-events';
import { findOrderByAccessCode } from '../src/modules/order/repository';
import { contextOf, inTransaction, type ServiceContext, systemContext } from '../src/platform/context';
import { onEvent } from '../src/platform/events';
import { enqueueJob } from '../src/platform/jobs/queue';
import { ok, orderDataFor } from './support/answers';
import { eventually, waitUntilBlocking } from './support/eventually';
import { startTestApp, startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * The order's lifecycle around the machine (issue 15, second part), over HTTP against a real
 * PostgreSQL: each change and each refused trigger in the order's history, the after-commit event,
 * the console's status and overdue updates, booking a compartment (full locker, two creations at
 * once), access codes unique per locker, expiry by the job with two API processes on one database,
 * tracking-code search, the 31-day period, and permission and company scope on every new call.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let lockerA: string;
let lockerB: string;
const events: { name: string; payload: any }[] = [];

const DAY = 24 * 60 * 60 * 1000;

const orderData = (extra: Record<string, unknown> = {}) => orderDataFor(companyA, extra, 'LC');

async function addCompartiment(ebox: string, number: number, size: string): Promise<string> {
  const data = { ebox, number, boardNumber: 1, numberInColumn: 1, comNumber: number, size, width: 1, height: 1, depth: 1 };
  return ok(await owner.api.post('/compartiment', { data })).id;
}

const en = () => t.client(owner.token, 'en');

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Loja Ciclo', type: 'shipper', maxDaysOverdueDateDelivery: 3 },
    { name: 'Loja Outra', type: 'shipper' },
  ));
  lockerA = ok(await owner.api.post('/ebox', { data: { name: 'Armário Ciclo', code: 'CIC01', company: companyA, enable: true } })).id;
  lockerB = ok(await owner.api.post('/ebox', { data: { name: 'Armário Outro', code: 'OUT01', company: companyB, enable: true } })).id;
  for (let n = 1; n <= 8; n++) await addCompartiment(lockerA, n, 'P');
  await addCompartiment(lockerA, 10, 'M');
  onEvent(t.app.deps, (event) => void events.push(event as { name: string; payload: any }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('booking a compartment', () => {
  it('books a free compartment of the size, BOOKED, and dates the expiry from the company setting', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, compartimentSize: 'P' }) }));
    expect(order.compartiment?.id).toBeTruthy();
    expect(order.compartimentNumber).toBe(1);
    expect(ok(await owner.api.get(`/compartiment/${order.compartiment.id}`)).status).toBe('BOOKED');
    const days = (new Date(order.overdueDate).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
  });

  it('answers 409 naming the locker and the size when no compartment of that size is free', async () => {
    ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, compartimentSize: 'M' }) }));
    const full = await en().post('/order', { data: orderData({ ebox: lockerA, compartimentSize: 'M' }) });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe('E-box CIC01 has no free compartment of size M');
    const pt = await owner.api.post('/order', { data: orderData({ ebox: lockerA, compartimentSize: 'M' }) });
    expect(pt.status).toBe(409);
    expect(pt.body.error.message).toBe('O e-box CIC01 não tem compartimento livre do tamanho M');
  });

  it('never gives one compartment to two creations at once: three at once for two free ones', async () => {
    const locker = ok(
      await owner.api.post('/ebox', { data: { name: 'Armário Corrida', code: 'RACE1', company: companyA, enable: true } }),
    ).id;
    await addCompartiment(locker, 1, 'G');
    await addCompartiment(locker, 2, 'G');
    const answers = await Promise.all(
      [1, 2, 3].map(() => owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'G' }) })),
    );
    const created = answers.filter((a) => a.status === 200);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    const taken = created.map((a) => a.body.compartiment.id);
    expect(new Set(taken).size).toBe(2);
  });

  it('books a free compartment while the locker is reporting its doors (its compartments locked a moment), not "no compartment free"', async () => {
    const locker = ok(
      await owner.api.post('/ebox', { data: { name: 'Armário Portas', code: 'DOOR1', company: companyA, enable: true } }),
    ).id;
    await addCompartiment(locker, 1, 'P');
    await addCompartiment(locker, 2, 'P');
    // The rows a door report locks (terminal-link applyDoorStates: FOR UPDATE of every reported door).
    const report = new pg.Client({ connectionString: t.databaseUrl });
    await report.connect();
    try {
      await report.query('BEGIN');
      await report.query('SELECT id FROM compartiment WHERE ebox_id = $1 FOR UPDATE', [locker]);
      const creating = owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'P' }) });
      // The creation has reached the held rows and waits on them before the report lets go.
      await waitUntilBlocking(report, t.database.pool);
      await report.query('COMMIT');
      const created = await creating;
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.compartimentNumber).toBe(1);
    } finally {
      await report.end();
    }
  });
});

describe('access codes', () => {
  it('keeps a code unique among the live orders of a locker; the terminal link finds the order by it', async () => {
    const first = ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, accessCode: '424242' }) }));
    const again = await en().post('/order', { data: orderData({ ebox: lockerA, accessCode: '424242' }) });
    expect(again.status).toBe(409);
    // Issue 25: the refusal names no code and no order (access-codes.test.ts checks it reveals nothing).
    expect(again.body.error.message).toBe('This code cannot be used; generate a new one');
    const found = await findOrderByAccessCode(t.database.db, lockerA, '424242');
    expect(found?.id).toBe(first.id);
    expect(await findOrderByAccessCode(t.database.db, lockerB, '424242')).toBeNull();

    // Once the first order is no longer live (canceled), its code may be given again.
    ok(await owner.api.delete('/order', { ids: [first.id] }));
    const next = ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, accessCode: '424242' }) }));
    expect((await findOrderByAccessCode(t.database.db, lockerA, '424242'))?.id).toBe(next.id);
  });

  it('refuses a code typed into an edit: "new code" is the way to change one (issue 25)', async () => {
    const other = ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, accessCode: '525252' }) }));
    const edit = await en().put(`/order/${other.id}`, { id: other.id, data: { accessCode: '535353' } });
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields?.[0]?.path).toBe('accessCode');
    expect(ok(await owner.api.get(`/order/${other.id}`)).accessCode).toBe('525252');
    // The record sent back whole, with the code it was shown (or null when hidden), is no change.
    ok(await owner.api.put(`/order/${other.id}`, { id: other.id, data: { accessCode: '525252', customerName: 'Cliente Novo' } }));
    ok(await owner.api.put(`/order/${other.id}`, { id: other.id, data: { accessCode: null } }));
    expect(ok(await owner.api.get(`/order/${other.id}`)).accessCode).toBe('525252');
  });

  it('generates codes no live order of the locker holds', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add(ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA }) })).accessCode);
    expect(codes.size).toBe(5);
  });
});

describe('history, update status and the statusChanged event', () => {
  it('records each change with who and why, keeps refused triggers, and publishes after commit', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, compartimentSize: 'P' }) }));
    events.length = 0;

    const moved = ok(
      await owner.api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'Chegou ao armazém' } }),
    );
    expect(moved.status).toBe('INBOUND');

    // Again: the machine refuses inbound from INBOUND; nothing changes, the refusal is kept.
    const refused = await en().post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'De novo' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^A Delivery order in status .+ does not accept "Receive at the hub"$/);

    // A status no console action of this type reaches: 400, translated.
    const unreachable = await en().post('/order/update-status', { data: { id: order.id, status: 'STORED', reason: 'x' } });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error.message).toContain('cannot move');

    // A reason is required.
    const noReason = await en().post('/order/update-status', { data: { id: order.id, status: 'IN_TRANSIT_TO_STORE' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Say why the status changes');

    // A locker's event the machine refuses (a pickup before any deposit) is kept too.
    const terminal = contextOf(t.app.deps, { kind: 'terminal', eboxId: lockerA, terminalId: 'term-cic01', companyId: companyA });
    const lockedAt = new Date();
    await expect(
      inTransaction(terminal, async (tx) => {
        const [row] = await findRowsInScope(
          tx.tx,
          resourceOf(DECLARED_ENTITIES.order),
          [order.id],
          { companyIds: [companyA] },
          { lock: true },
        );
        await moveOrder(tx, row as never, { kind: 'terminal', code: 'CUSTOMER_TAKEN' }, { at: lockedAt });
      }),
    ).rejects.toMatchObject({ key: 'entities.order.lifecycle.refusals.notAllowed' });

    // The courier's deposit from the locker, at the locker's own time.
    const depositAt = new Date(Date.now() + 1);
    await inTransaction(terminal, async (tx) => {
      const [row] = await findRowsInScope(
        tx.tx,
        resourceOf(DECLARED_ENTITIES.order),
        [order.id],
        { companyIds: [companyA] },
        { lock: true },
      );
      await moveOrder(tx, row as never, { kind: 'terminal', code: 'COURIER' }, { at: depositAt });
    });
    const stored = ok(await owner.api.get(`/order/${order.id}`));
    expect(stored.status).toBe('STORED');
    expect(ok(await owner.api.get(`/compartiment/${order.compartiment.id}`)).status).toBe('OCCUPIED');

    const history = ok(await owner.api.get(`/order/${order.id}/history`));
    const summary = history.map((h: any) => [h.from, h.to, h.trigger, h.refused, h.actor.kind]);
    expect(summary).toEqual([
      [null, 'CREATED', 'create', false, 'user'],
      ['CREATED', 'INBOUND', 'console.inbound', false, 'user'],
      ['INBOUND', null, 'console.inbound', true, 'user'],
      ['INBOUND', null, 'terminal.CUSTOMER_TAKEN', true, 'terminal'],
      ['INBOUND', 'STORED', 'terminal.COURIER', false, 'terminal'],
    ]);
    expect(history[0]).toMatchObject({ reason: null, actor: { id: owner.id, label: owner.email }, at: order.createdAt });
    expect(history[1]).toMatchObject({ reason: 'Chegou ao armazém', actor: { id: owner.id, label: owner.email } });
    expect(history[3]).toMatchObject({ at: lockedAt.toISOString(), refusal: 'notAllowed', actor: { id: lockerA, label: 'CIC01' } });
    expect(history[4].at).toBe(depositAt.toISOString());

    // Only the committed changes were published, after their commit.
    const changes = events.filter((e) => e.name === 'order.statusChanged' && e.payload.orderId === order.id).map((e) => e.payload);
    expect(changes).toEqual([
      expect.objectContaining({
        from: 'CREATED',
        to: 'INBOUND',
        trigger: 'console.inbound',
        companyId: companyA,
        eboxId: lockerA,
        type: 'DELIVERY',
      }),
      expect.objectContaining({
        from: 'INBOUND',
        to: 'STORED',
        trigger: 'terminal.COURIER',
        compartimentId: order.compartiment.id,
        at: depositAt.toISOString(),
      }),
    ]);

    // The console's change is in the audit log under its own action.
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityId: order.id, action: 'updateStatus' } }));
    expect(audit.count).toBe(1);
  });

  it('refuses history and status updates without the permission or outside the company', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    const noPermission = await t.createUser({ permissions: ['orderRead'] });
    expect((await noPermission.api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'x' } })).status).toBe(
      403,
    );
    expect(
      (
        await noPermission.api.post('/order/update-overdue', {
          data: { ids: [order.id], overdueDate: new Date(Date.now() + DAY).toISOString() },
        })
      ).status,
    ).toBe(403);
    const nobody = await t.createUser({ permissions: ['customerRead'] });
    expect((await nobody.api.get(`/order/${order.id}/history`)).status).toBe(403);

    const otherCompany = await t.createUser({
      permissions: ['orderRead', 'orderUpdateStatus', 'orderUpdateOverdue'],
      allowedCompanies: [companyB],
    });
    expect((await otherCompany.api.get(`/order/${order.id}/history`)).status).toBe(404);
    expect((await otherCompany.api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'x' } })).status).toBe(
      404,
    );
    expect(
      (
        await otherCompany.api.post('/order/update-overdue', {
          data: { ids: [order.id], overdueDate: new Date(Date.now() + DAY).toISOString() },
        })
      ).status,
    ).toBe(404);
    expect(ok(await owner.api.get(`/order/${order.id}`)).status).toBe('CREATED');

    const sameCompany = await t.createUser({ permissions: ['orderRead', 'orderUpdateStatus'], allowedCompanies: [companyA] });
    ok(await sameCompany.api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'Recebido' } }));
    expect(ok(await sameCompany.api.get(`/order/${order.id}/history`))).toHaveLength(2);
  });

  it("audits the compartment's status change a move makes: the locker's deposit and the console's cancel (issue 26)", async () => {
    const locker = ok(
      await owner.api.post('/ebox', { data: { name: 'Armário Auditoria', code: 'AUD01', company: companyA, enable: true } }),
    ).id;
    await addCompartiment(locker, 1, 'P');
    await addCompartiment(locker, 2, 'P');
    const deposited = ok(await owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'P' }) }));
    const canceled = ok(await owner.api.post('/order', { data: orderData({ ebox: locker, compartimentSize: 'P' }) }));
    /** The compartment's status changes in its audit log, oldest first. */
    const statusChangesOf = async (compartiment: string) => {
      const log = ok(await owner.api.get('/auditLog', { filter: { entityName: 'compartiment', entityId: compartiment }, limit: 100 }));
      return (log.rows as { action: string; actorLabel: string; values: { before?: any; after?: any } }[])
        .filter((row) => row.action === 'update' && row.values.before?.status !== row.values.after?.status)
        .map((row) => ({ from: row.values.before?.status, to: row.values.after?.status, by: row.actorLabel }))
        .reverse();
    };
    const depositedBefore = (await statusChangesOf(deposited.compartiment.id)).length;
    const canceledBefore = (await statusChangesOf(canceled.compartiment.id)).length;

    // The courier's deposit from the locker: BOOKED becomes OCCUPIED, by the locker.
    ok(await owner.api.post('/order/update-status', { data: { id: deposited.id, status: 'INBOUND', reason: 'No armazém' } }));
    const terminal = contextOf(t.app.deps, { kind: 'terminal', eboxId: locker, terminalId: 'term-aud01', companyId: companyA });
    await inTransaction(terminal, async (tx) => {
      const [row] = await findRowsInScope(
        tx.tx,
        resourceOf(DECLARED_ENTITIES.order),
        [deposited.id],
        { companyIds: [companyA] },
        { lock: true },
      );
      await moveOrder(tx, row as never, { kind: 'terminal', code: 'COURIER' });
    });
    expect(ok(await owner.api.get(`/compartiment/${deposited.compartiment.id}`)).status).toBe('OCCUPIED');
    const afterDeposit = await statusChangesOf(deposited.compartiment.id);
    expect(afterDeposit.slice(depositedBefore)).toEqual([{ from: 'BOOKED', to: 'OCCUPIED', by: 'terminal:term-aud01' }]);

    // The console's cancel frees the booked compartment, by the owner.
    ok(await owner.api.delete('/order', { ids: [canceled.id] }));
    expect(ok(await owner.api.get(`/compartiment/${canceled.compartiment.id}`)).status).toBe('AVAILABLE');
    const afterCancel = await statusChangesOf(canceled.compartiment.id);
    expect(afterCancel.slice(canceledBefore)).toEqual([{ from: 'BOOKED', to: 'AVAILABLE', by: owner.email }]);
  });
});

describe('one entry moves an order, whoever acts (issue 26)', () => {
  const orderRowOf = async (ctx: ServiceContext, id: string) =>
    inTransaction(ctx, async (tx) => {
      const [row] = await findRowsInScope(tx.tx, resourceOf(DECLARED_ENTITIES.order), [id], { companyIds: null }, { lock: true });
      if (!row) throw new Error(`order ${id} not found`);
      return row;
    });
  const orderAudit = async (id: string) =>
    (
      ok(await owner.api.get('/auditLog', { filter: { entityName: 'order', entityId: id }, limit: 100 })).rows as {
        action: string;
        actorLabel: string;
      }[]
    )
      .filter((row) => row.action !== 'create')
      .map((row) => ({ action: row.action, by: row.actorLabel }))
      .reverse();

  it("writes one order audit row for a person's action, a locker's deposit and the job's expiry alike", async () => {
    const order = ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, compartimentSize: 'P' }) }));
    // A person, through HTTP.
    ok(await owner.api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'No armazém' } }));
    // A locker, through what its terminal reports (the MQTT handler's call).
    const terminal = contextOf(t.app.deps, { kind: 'terminal', eboxId: lockerA, terminalId: 'term-one-entry', companyId: companyA });
    const { accessCode } = await orderRowOf(terminal, order.id);
    const outcome = await inTransaction(terminal, (tx) =>
      applyParcelEvent(tx, {
        event: 'parcel_deposited',
        eboxId: lockerA,
        compartimentId: order.compartiment.id,
        accessCode: String(accessCode),
        at: new Date(),
      }),
    );
    expect(outcome).toEqual({ ok: true, orderId: order.id, status: 'STORED' });
    // The expiry job, once the order is past its date.
    await t.database.db.execute(sql`UPDATE "order" SET overdue_date = now() - interval '1 hour' WHERE id = ${order.id}`);
    await expireOverdueOrders(systemContext(t.app.deps, 'orderExpiry'));
    expect(ok(await owner.api.get(`/order/${order.id}`)).status).toBe('EXPIRED');
    expect(await orderAudit(order.id)).toEqual([
      { action: 'updateStatus', by: owner.email },
      { action: 'parcelEvent', by: 'terminal:term-one-entry' },
      { action: 'expireOverdue', by: 'system:orderExpiry' },
    ]);
  });

  it("refuses an actor without the order rights its declaration names, and a locker moving another locker's order, writing nothing", async () => {
    const order = ok(await owner.api.post('/order', { data: orderData({ ebox: lockerA, compartimentSize: 'P' }) }));
    ok(await owner.api.post('/order/update-status', { data: { id: order.id, status: 'INBOUND', reason: 'No armazém' } }));
    const historyBefore = ok(await owner.api.get(`/order/${order.id}/history`)).length;
    const deposit = { kind: 'terminal', code: 'COURIER' } as const;
    // The terminal link's own actor declares no order right (packages/domain/src/actors.ts).
    const link = systemContext(t.app.deps, 'terminalLink');
    await expect(inTransaction(link, async (tx) => moveOrder(tx, await orderRowOf(tx, order.id), deposit))).rejects.toMatchObject({
      kind: 'forbidden',
    });
    // Another locker's terminal holds the rights, but not for this locker's orders.
    const other = contextOf(t.app.deps, { kind: 'terminal', eboxId: lockerB, terminalId: 'term-other', companyId: companyB });
    await expect(inTransaction(other, async (tx) => moveOrder(tx, await orderRowOf(tx, order.id), deposit))).rejects.toMatchObject({
      kind: 'notFound',
    });
    expect(ok(await owner.api.get(`/order/${order.id}`)).status).toBe('INBOUND');
    expect(ok(await owner.api.get(`/order/${order.id}/history`))).toHaveLength(historyBefore);
    expect(await orderAudit(order.id)).toEqual([{ action: 'updateStatus', by: owner.email }]);
  });
});

describe('update overdue date', () => {
  it('sets a future expiry date on live orders and refuses a past date or an order that can no longer expire', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    const when = new Date(Date.now() + 10 * DAY).toISOString();
    ok(await owner.api.post('/order/update-overdue', { data: { ids: [order.id], overdueDate: when } }));
    expect(ok(await owner.api.get(`/order/${order.id}`)).overdueDate).toBe(when);

    const past = await en().post('/order/update-overdue', {
      data: { ids: [order.id], overdueDate: new Date(Date.now() - DAY).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('Choose an expiry date in the future');

    ok(await owner.api.delete('/order', { ids: [order.id] }));
    const canceled = await en().post('/order/update-overdue', { data: { ids: [order.id], overdueDate: when } });
    expect(canceled.status).toBe(400);
    expect(canceled.body.error.message).toBe(`Order overdue error on update: order ${order.trackingCode} can no longer expire`);
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityId: order.id, action: 'updateOverdue' } }));
    expect(audit.count).toBe(1);
  });
});

describe('tracking-code search and the 31-day period', () => {
  // Issue 29: the list finds what the command palette finds, the codes starting with what is typed.
  it('finds an order by its tracking code, whole or its first characters, never by the middle of it', async () => {
    const order = ok(await owner.api.post('/order', { data: orderData() }));
    const found = ok(await owner.api.get('/order', { filter: { trackingCode: order.trackingCode } }));
    expect(found.rows.map((r: { id: string }) => r.id)).toEqual([order.id]);
    const lower = ok(await owner.api.get('/order', { filter: { trackingCode: order.trackingCode.toLowerCase() } }));
    expect(lower.rows.map((r: { id: string }) => r.id)).toEqual([order.id]);
    const start = ok(await owner.api.get('/order', { filter: { trackingCode: order.trackingCode.slice(0, 6) } }));
    expect(start.rows.map((r: { id: string }) => r.id)).toContain(order.id);
    const middle = ok(await owner.api.get('/order', { filter: { trackingCode: order.trackingCode.slice(2, 8) } }));
    expect(middle.rows.map((r: { id: string }) => r.id)).not.toContain(order.id);
  });

  it('lists and exports a creation period of at most 31 days, and answers 400 beyond', async () => {
    const now = Date.now();
    const period = (days: number) => [new Date(now - days * DAY).toISOString(), new Date(now).toISOString()];
    ok(await owner.api.get('/order', { filter: { createdAt: period(31) } }));
    const beyond = await en().get('/order', { filter: { createdAt: period(32) } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.message).toBe('Choose a creation period of at most 31 days');
    const openEnd = await owner.api.get('/order', { filter: { createdAt: [new Date(now - 40 * DAY).toISOString(), ''] } });
    expect(openEnd.status).toBe(400);
    expect(openEnd.body.error.message).toBe('Escolha um período de criação de no máximo 31 dias');
    const exported = await en().get('/order/export', { filter: { createdAt: period(40) }, fields: ['trackingCode'] });
    expect(exported.status).toBe(400);
    expect(exported.body.error.message).toBe('Choose a creation period of at most 31 days');
  });
});

describe('expiry by the job', () => {
  it('expires overdue orders at their overdue date, each once, with two API processes running the jobs', async () => {
    const second = await startTestApp({ databaseUrl: t.databaseUrl });
    // What either process publishes after commit (what webhooks and live screens hear).
    onEvent(second.app.deps, (event) => void events.push(event as { name: string; payload: any }));
    try {
      const overdue = new Date(Date.now() - 60 * 60 * 1000);
      const expiring = [];
      for (let i = 0; i < 3; i++) {
        expiring.push(
          ok(
            await owner.api.post('/order', {
              data: orderData({ type: 'RETURN', ebox: lockerA, compartimentSize: 'P', overdueDate: overdue.toISOString() }),
            }),
          ),
        );
      }
      // Not expired: a delivery still at the hub, and an order whose date is ahead.
      const atHub = ok(await owner.api.post('/order', { data: orderData({ overdueDate: overdue.toISOString() }) }));
      const ahead = ok(
        await owner.api.post('/order', { data: orderData({ type: 'RETURN', overdueDate: new Date(Date.now() + DAY).toISOString() }) }),
      );

      for (const app of [t, second, t, second]) await enqueueJob({ deps: app.app.deps }, expireOverdueOrdersJob, {});
      for (const order of expiring) {
        const read = await eventually(
          async () => (await owner.api.get(`/order/${order.id}`)).body,
          (row) => row.status === 'EXPIRED',
          30_000,
        );
        expect(read.expiredAt).toBe(overdue.toISOString());
        expect(ok(await owner.api.get(`/compartiment/${order.compartiment.id}`)).status).toBe('AVAILABLE');
      }
      await eventually(
        async () =>
          (
            await t.database.db.execute<{ count: number }>(
              sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'orders.expire-overdue' AND state IN ('created', 'retry', 'active')`,
            )
          ).rows[0]?.count,
        (count) => count === 0,
        30_000,
      );
      for (const order of expiring) {
        const history = ok(await owner.api.get(`/order/${order.id}/history`));
        const expiries = history.filter((h: any) => h.trigger === 'job.expireOverdue');
        expect(expiries).toEqual([
          expect.objectContaining({
            from: 'CREATED',
            to: 'EXPIRED',
            refused: false,
            actor: expect.objectContaining({ kind: 'job', label: 'orderExpiry' }),
          }),
        ]);
        // Once in the audit log and once as an event, whichever process ran it.
        const audit = ok(await owner.api.get('/auditLog', { filter: { entityId: order.id, action: 'expireOverdue' } }));
        expect(audit.count).toBe(1);
        const expiredEvents = events.filter(
          (e) => e.name === 'order.statusChanged' && e.payload.orderId === order.id && e.payload.to === 'EXPIRED',
        );
        expect(expiredEvents).toHaveLength(1);
      }
      expect(ok(await owner.api.get(`/order/${atHub.id}`)).status).toBe('CREATED');
      expect(ok(await owner.api.get(`/order/${ahead.id}`)).status).toBe('CREATED');
      const failed = await t.database.db.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'orders.expire-overdue' AND state = 'failed'`,
      );
      expect(failed.rows[0]?.count).toBe(0);
      const schedules = await t.database.db.execute<{ name: string; cron: string }>(
        sql`SELECT name, cron FROM pgboss.schedule WHERE name = 'orders.expire-overdue'`,
      );
      expect(schedules.rows).toEqual([{ name: 'orders.expire-overdue', cron: '* * * * *' }]);
    } finally {
      await second.close();
    }
  }, 90_000);
});
