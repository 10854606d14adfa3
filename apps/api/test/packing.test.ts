import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app';
import { ok, orderDataFor } from './support/answers';
import { readTagPdf } from './support/read-tag-pdf';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Packing (issue 30, items 2 and 4), over HTTP against a real PostgreSQL: each step lists exactly
 * the orders of its rule, the delivery proposal never offers more than a locker's free compartments
 * (also when one fills between planning and printing), an order sits in one open packing (two
 * racing saves: one wins), finish one and many, the denials and company scope, and the romaneio PDF
 * read back.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let warehouseA: string;
let lockerSeq = 0;

type Order = { id: string; trackingCode: string };

const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

/** A locker of `company` with compartments of the sizes given (number → size), all free and enabled. */
async function createLocker(sizes: string[], company = companyA, extra: Record<string, unknown> = {}) {
  lockerSeq += 1;
  const code = `PK-${Date.now().toString(36).toUpperCase()}-${lockerSeq}`;
  const locker = ok(
    await owner.api.post('/ebox', {
      data: {
        name: `Armário ${code}`,
        code,
        company,
        street: 'Rua das Laranjeiras',
        number: '100',
        neighborhood: 'Laranjeiras',
        city: 'Rio de Janeiro',
        state: 'RJ',
        postalCode: '22240-000',
        workingHours: 'Seg a Sex 08:00-22:00',
        relayChannels: 32,
        ...extra,
      },
    }),
  );
  const compartments: string[] = [];
  for (const [i, size] of sizes.entries()) {
    const number = i + 1;
    const created = ok(
      await owner.api.post('/compartiment', {
        data: {
          ebox: locker.id,
          number,
          boardNumber: Math.ceil(number / 32),
          numberInColumn: number,
          comNumber: ((number - 1) % 32) + 1,
          size,
          width: 1,
          height: 1,
          depth: 1,
          enable: true,
        },
      }),
    );
    compartments.push(created.id);
  }
  return { id: locker.id as string, code, compartments };
}

/** An order at the locker, put in `status` (the step rules are what is tested, not the way there). */
async function createOrder(
  locker: string | null,
  status: string,
  type = 'DELIVERY',
  extra: Record<string, unknown> = {},
  company = companyA,
): Promise<Order> {
  const order = ok(
    await owner.api.post('/order', {
      data: orderDataFor(company, { ...(locker ? { ebox: locker } : {}), compartimentSize: 'P', bookOrder: false, ...extra }, 'PK'),
    }),
  );
  await sql(`UPDATE "order" SET status = $1, type = $2, inbound_at = now() WHERE id = $3`, [status, type, order.id]);
  return { id: order.id, trackingCode: order.trackingCode };
}

async function createOrders(locker: string, status: string, count: number, type = 'DELIVERY'): Promise<Order[]> {
  const orders: Order[] = [];
  for (let start = 0; start < count; start += 20) {
    orders.push(...(await Promise.all(Array.from({ length: Math.min(20, count - start) }, () => createOrder(locker, status, type)))));
  }
  return orders;
}

const save = (user: TestUser, orders: string[], extra: Record<string, unknown> = {}) =>
  user.api.post('/packing', { data: { company: companyA, warehouse: warehouseA, picking: 'collectDelivery', orders, ...extra } });

const stepIds = async (step: string, locker: string, user = owner) =>
  ok(await user.api.get(`/packing/steps/${step}`, { filter: { ebox: locker }, limit: 200 })).rows.map((row: { id: string }) => row.id);

async function romaneio(user: TestUser, id: string, language = 'pt-BR') {
  const response = await fetch(`${t.baseUrl}${API_PREFIX}/packing/${id}/romaneio`, {
    headers: { authorization: `Bearer ${user.token}`, 'accept-language': language },
  });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Distribuidora Romaneio', type: 'carrier' },
    { name: 'Loja Vizinha', type: 'shipper' },
    {},
    {
      logStream: new Writable({
        write(chunk, _e, done) {
          if (String(chunk).includes('"level":50')) console.error(String(chunk).slice(0, 3000));
          done();
        },
      }),
    },
  ));
  warehouseA = ok(await owner.api.post('/warehouse', { data: { name: 'CD Romaneio', company: companyA } })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the steps', () => {
  it('list exactly the orders of their rule, keyed by locker, 25 a page', async () => {
    const locker = await createLocker(['P', 'P', 'P']);
    const storedReturn = await createOrder(locker.id, 'STORED', 'RETURN');
    const storedSend = await createOrder(locker.id, 'STORED', 'SEND');
    const expired = await createOrder(locker.id, 'EXPIRED', 'DELIVERY');
    const inbound = await createOrder(locker.id, 'INBOUND', 'DELIVERY');
    // None of these is in a step.
    await createOrder(locker.id, 'STORED', 'DELIVERY');
    await createOrder(locker.id, 'EXPIRED', 'RETURN');
    await createOrder(locker.id, 'INBOUND', 'RETURN');
    await createOrder(locker.id, 'CREATED', 'DELIVERY');
    await createOrder(locker.id, 'STORED', 'STORAGE');
    expect((await stepIds('reverseCollection', locker.id)).sort()).toEqual([storedReturn.id, storedSend.id].sort());
    expect(await stepIds('expiredCollection', locker.id)).toEqual([expired.id]);
    expect(await stepIds('delivery', locker.id)).toEqual([inbound.id]);
    const [row] = ok(await owner.api.get('/packing/steps/delivery', { filter: { ebox: locker.id } })).rows;
    expect(row).toMatchObject({ step: 'delivery', trackingCode: inbound.trackingCode, compartimentSize: 'P', hasChange: false });
    expect(row.ebox).toEqual({ id: locker.id, code: locker.code, name: `Armário ${locker.code}` });
    expect((await owner.api.get('/packing/steps/nothing')).status).toBe(400);

    const busy = await createLocker([]);
    await createOrders(busy.id, 'STORED', 30, 'RETURN');
    const first = ok(await owner.api.get('/packing/steps/reverseCollection', { filter: { ebox: busy.id } }));
    expect(first.rows).toHaveLength(25);
    expect(first.count).toBe(30);
    const second = ok(await owner.api.get('/packing/steps/reverseCollection', { filter: { ebox: busy.id }, offset: 25 }));
    expect(second.rows).toHaveLength(5);

    const metrics = ok(await owner.api.get('/packing/metrics', { filter: { ebox: [locker.id, busy.id] } }));
    const of = (step: string) => metrics.steps.find((s: { step: string }) => s.step === step);
    expect(of('reverseCollection').total).toBe(32);
    expect(of('reverseCollection').lockers.map((l: { ebox: { code: string }; count: number }) => [l.ebox.code, l.count])).toEqual(
      [
        [locker.code, 2],
        [busy.code, 30],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(of('delivery').lockers).toEqual([{ ebox: expect.objectContaining({ id: locker.id }), count: 1, fits: 1, notFitting: 0 }]);
  }, 60_000);
});

describe('the delivery proposal', () => {
  it('offers only what fits the free compartments of each size, says why the rest does not, and re-checks at save and at print', async () => {
    // Two free P, one damaged P, one disabled P, one free M.
    const locker = await createLocker(['P', 'P', 'P', 'P', 'M']);
    const [, , damaged, disabled] = locker.compartments;
    await sql(`UPDATE compartiment SET status = 'DAMAGE' WHERE id = $1`, [damaged]);
    await sql(`UPDATE compartiment SET enable = false WHERE id = $1`, [disabled]);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await createOrder(locker.id, 'INBOUND'));
    const large = await createOrder(locker.id, 'INBOUND', 'DELIVERY', { compartimentSize: 'G' });
    const rows = ok(await owner.api.get('/packing/steps/delivery', { filter: { ebox: locker.id } })).rows;
    const fitting = rows.filter((row: { target: unknown }) => row.target);
    expect(fitting.map((row: { id: string }) => row.id)).toEqual([orders[0]?.id, orders[1]?.id]);
    expect(new Set(fitting.map((row: { target: { number: number } }) => row.target.number))).toEqual(new Set([1, 2]));
    const refused = rows.filter((row: { target: unknown }) => !row.target);
    expect(refused.map((row: { id: string; notFitting: string }) => [row.id, row.notFitting])).toEqual([
      [orders[2]?.id, `Nenhum compartimento livre de tamanho P em ${locker.code}`],
      [large.id, `Nenhum compartimento livre de tamanho G em ${locker.code}`],
    ]);
    const en = ok(await t.client(owner.token, 'en').get('/packing/steps/delivery', { filter: { ebox: locker.id } }));
    expect(en.rows.at(-1).notFitting).toBe(`No free compartment of size G at ${locker.code}`);

    // The save checks again: what does not fit is refused by name, nothing written.
    const tooMany = await save(
      owner,
      orders.map((order) => order.id),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(
      `Estes volumes não cabem mais nos armários: ${orders[2]?.trackingCode} (Nenhum compartimento livre de tamanho P em ${locker.code})`,
    );
    expect(tooMany.body.error.fields).toEqual([
      { path: 'orders.2', message: `${orders[2]?.trackingCode}: Nenhum compartimento livre de tamanho P em ${locker.code}` },
    ]);
    const saved = await save(owner, [orders[0]?.id as string, orders[1]?.id as string]);
    const packing = ok(saved);
    expect(packing).toMatchObject({ totalOrders: 2, packingOrders: 2, picking: 'collectDelivery', createdBy: owner.email });
    expect(packing.eboxes.map((e: { id: string }) => e.id)).toEqual([locker.id]);
    const packed = ok(await owner.api.get(`/packing/${packing.id}/orders`)).rows;
    expect(packed.map((row: { target: { number: number } }) => row.target.number).sort()).toEqual([1, 2]);
    // The planned targets are no longer free for another plan: the third order still does not fit.
    expect(ok(await owner.api.get('/packing/steps/delivery', { filter: { ebox: locker.id } })).rows[0].notFitting).toContain('P');

    // A compartment fills between planning and printing: the print moves the parcel to a free one, and says so.
    const target1 = packed.find((row: { target: { number: number } }) => row.target.number === 1);
    await sql(`UPDATE compartiment SET status = 'OCCUPIED' WHERE ebox_id = $1 AND number = 1`, [locker.id]);
    await sql(`UPDATE compartiment SET status = 'AVAILABLE' WHERE id = $1`, [damaged]);
    const first = await romaneio(owner, packing.id);
    expect(first.status).toBe(200);
    const moved = ok(await owner.api.get(`/packing/${packing.id}/orders`)).rows.find((row: { id: string }) => row.id === target1.id);
    expect(moved).toMatchObject({ target: { number: 3 }, previousCompartimentNumber: 1, notFitting: null });
    expect(
      readTagPdf(first.bytes)
        .pages.map((page) => page.text)
        .join('\n'),
    ).toContain('O compartimento 1 foi ocupado desde o planejamento: agora 3');
    // Filled again with nothing free left: listed as not fitting, in the PDF too; never two parcels for one door.
    await sql(`UPDATE compartiment SET status = 'BOOKED' WHERE id = $1`, [damaged]);
    const second = await romaneio(owner, packing.id);
    const lost = ok(await owner.api.get(`/packing/${packing.id}/orders`)).rows.find((row: { id: string }) => row.id === target1.id);
    expect(lost).toMatchObject({ target: null, notFitting: `Nenhum compartimento livre de tamanho P em ${locker.code}` });
    const text = readTagPdf(second.bytes)
      .pages.map((page) => page.text)
      .join('\n');
    expect(text).toContain('O compartimento 3 foi ocupado desde o planejamento e nenhum outro está livre');
    expect(text).toContain('Não cabem: 1');
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityName: 'packing', entityId: packing.id, action: 'retarget' } }));
    expect(audit.count).toBe(2);
  }, 60_000);

  it('answers 200 lockers and 10,000 received orders in under a second', async () => {
    const { rows } = await sql(
      `INSERT INTO ebox (name, code, company_id, enable) SELECT 'Bench ' || g, 'PKB-' || g, $1, true FROM generate_series(1, 200) g RETURNING id`,
      [companyA],
    );
    const lockers = rows.map((row: { id: string }) => row.id);
    await sql(
      `INSERT INTO compartiment (ebox_id, number, board_number, number_in_column, com_number, size, status, enable, width, height, depth)
       SELECT l, n, 1, n, n, CASE WHEN n % 3 = 0 THEN 'M' ELSE 'P' END, 'AVAILABLE', true, 1, 1, 1
         FROM unnest($1::uuid[]) l, generate_series(1, 40) n`,
      [lockers],
    );
    await sql(
      `INSERT INTO "order" (type, status, tracking_code, company_id, shipper_id, ebox_id, compartiment_size, inbound_at)
       SELECT 'DELIVERY', 'INBOUND', 'PKBENCH' || g, $1, $1, ($2::uuid[])[1 + g % 200], CASE WHEN g % 4 = 0 THEN 'M' ELSE 'P' END, now()
         FROM generate_series(1, 10000) g`,
      [companyA, lockers],
    );
    await sql('ANALYZE "order"; ANALYZE compartiment');
    let started = performance.now();
    const metrics = ok(await owner.api.get('/packing/metrics', { filter: { ebox: lockers } }));
    const metricsTook = performance.now() - started;
    const delivery = metrics.steps.find((s: { step: string }) => s.step === 'delivery');
    expect(delivery.total).toBe(10_000);
    expect(delivery.lockers).toHaveLength(200);
    // Each locker: 50 orders (37-38 P, 12-13 M) for 27 P and 13 M free: never more than fits.
    for (const row of delivery.lockers) {
      expect(row.fits).toBeLessThanOrEqual(40);
      expect(row.fits + row.notFitting).toBe(row.count);
    }
    started = performance.now();
    const page = ok(await owner.api.get('/packing/steps/delivery', { filter: { ebox: lockers } }));
    const pageTook = performance.now() - started;
    expect(page.count).toBe(10_000);
    console.info(
      `packing proposal, 200 lockers and 10,000 orders: metrics ${metricsTook.toFixed(0)} ms, a step page ${pageTook.toFixed(0)} ms`,
    );
    expect(metricsTook).toBeLessThan(1000);
    expect(pageTook).toBeLessThan(1000);
    await sql(`UPDATE "order" SET status = 'CANCELED' WHERE tracking_code LIKE 'PKBENCH%'`);
  }, 120_000);
});

describe('one open packing per order', () => {
  it('refuses an order already in an open packing, naming it, and lets one of two racing saves win', async () => {
    const locker = await createLocker(['P', 'P', 'P']);
    const [a, b] = [await createOrder(locker.id, 'STORED', 'RETURN'), await createOrder(locker.id, 'EXPIRED')];
    ok(await save(owner, [a.id]));
    const again = await save(owner, [b.id, a.id]);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(`Estes pedidos já estão em um romaneio aberto: ${a.trackingCode}`);
    // As data too: the refused order by its place in the orders sent, with its own reason.
    expect(again.body.error.fields).toEqual([{ path: 'orders.1', message: `${a.trackingCode}: já está em um romaneio aberto` }]);
    const en = await t
      .client(owner.token, 'en')
      .post('/packing', { data: { company: companyA, warehouse: warehouseA, picking: 'collectDelivery', orders: [a.id] } });
    expect(en.body.error.message).toBe(`These orders are already in an open packing list: ${a.trackingCode}`);
    // No longer offered by its step.
    expect(await stepIds('reverseCollection', locker.id)).toEqual([]);

    const raced = await createOrder(locker.id, 'INBOUND');
    const answers = await Promise.all([save(owner, [raced.id]), save(owner, [raced.id])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    // The loser is told which order, however far it got (the checks, or the unique index).
    expect(answers.find((answer) => answer.status === 400)?.body.error.fields).toEqual([
      { path: 'orders.0', message: `${raced.trackingCode}: já está em um romaneio aberto` },
    ]);
    // Two deliveries racing for the locker's last free compartments never get the same one.
    const [x, y] = [await createOrder(locker.id, 'INBOUND'), await createOrder(locker.id, 'INBOUND')];
    const both = await Promise.all([save(owner, [x.id]), save(owner, [y.id])]);
    const saved = both.filter((answer) => answer.status === 200);
    const targets = [];
    for (const answer of saved)
      targets.push(
        ...ok(await owner.api.get(`/packing/${answer.body.id}/orders`)).rows.map((r: { target: { id: string } }) => r.target.id),
      );
    expect(new Set(targets).size).toBe(targets.length);
    expect(saved.length).toBe(2);
  });

  it('refuses an order in no step of the picking', async () => {
    const locker = await createLocker(['P']);
    const created = await createOrder(locker.id, 'CREATED');
    const inbound = await createOrder(locker.id, 'INBOUND');
    const refused = await save(owner, [created.id]);
    expect(refused.body.error.message).toBe(`Estes pedidos não estão em nenhuma etapa desta coleta: ${created.trackingCode}`);
    // A return run deposits nothing.
    expect((await save(owner, [inbound.id], { picking: 'return' })).status).toBe(400);
  });
});

describe('finishing', () => {
  it('finishes one and many, frees their orders, refuses a second finish and a finished packing’s delete', async () => {
    const locker = await createLocker(['P', 'P']);
    const orders = [
      await createOrder(locker.id, 'EXPIRED'),
      await createOrder(locker.id, 'EXPIRED'),
      await createOrder(locker.id, 'EXPIRED'),
    ];
    const packings = [];
    for (const order of orders) packings.push(ok(await save(owner, [order.id], { name: `Rota ${order.trackingCode}` })));
    const finished = ok(await owner.api.put(`/packing/finish/${packings[0].id}`, { id: packings[0].id, data: {} }));
    expect(finished.finishedBy).toBe(owner.email);
    expect(finished.finishedAt).toBeTruthy();
    // Finish-all: finish for each id in turn.
    for (const packing of packings.slice(1)) ok(await owner.api.put(`/packing/finish/${packing.id}`, { id: packing.id, data: {} }));
    const twice = await owner.api.put(`/packing/finish/${packings[0].id}`, { id: packings[0].id, data: {} });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe(`O romaneio ${packings[0].name} já está finalizado`);
    const twiceEn = await t.client(owner.token, 'en').put(`/packing/finish/${packings[0].id}`, {});
    expect(twiceEn.body.error.message).toBe(`The packing list ${packings[0].name} is already finished`);
    // The orders are free for another run, and flagged when they changed since they were picked.
    await sql(`UPDATE "order" SET updated_at = now() + interval '1 minute' WHERE id = $1`, [orders[0]?.id]);
    const rows = ok(await owner.api.get('/packing/steps/expiredCollection', { filter: { ebox: locker.id } })).rows;
    expect(rows.map((row: { id: string; hasChange: boolean }) => [row.id, row.hasChange])).toEqual(
      expect.arrayContaining([
        [orders[0]?.id, true],
        [orders[1]?.id, false],
      ]),
    );
    ok(await save(owner, [orders[0]?.id as string]));
    const audit = ok(await owner.api.get('/auditLog', { filter: { entityName: 'packing', entityId: packings[0].id, action: 'finish' } }));
    expect(audit.count).toBe(1);
    // A finished packing is a record; an open one may be deleted, freeing its orders.
    const kept = await owner.api.delete('/packing', { ids: [packings[1].id] });
    expect(kept.status).toBe(400);
    const open = await createOrder(locker.id, 'EXPIRED');
    const deleted = ok(await save(owner, [open.id]));
    ok(await owner.api.delete('/packing', { ids: [deleted.id] }));
    expect(await stepIds('expiredCollection', locker.id)).toContain(open.id);
    // Never edited (spec 6: no packingEdit).
    expect((await owner.api.put(`/packing/${packings[1].id}`, { id: packings[1].id, data: { notes: 'x' } })).status).toBe(404);
  });
});

describe('who may pack', () => {
  it('refuses without packingCreate or packingRead, and keeps other companies’ orders and packings out of sight', async () => {
    const locker = await createLocker(['P']);
    const mine = await createOrder(locker.id, 'STORED', 'RETURN');
    const packing = ok(await save(owner, [mine.id]));
    const reader = await t.createUser({ permissions: ['packingRead', 'orderRead'] });
    const other = await createOrder(locker.id, 'STORED', 'RETURN');
    expect((await save(reader, [other.id])).status).toBe(403);
    expect((await reader.api.get(`/packing/steps/reverseCollection`)).status).toBe(403);
    expect((await reader.api.get('/packing/metrics')).status).toBe(403);
    expect(ok(await reader.api.get(`/packing/${packing.id}`)).id).toBe(packing.id);
    const readerPdf = await romaneio(reader, packing.id);
    expect(readerPdf.status, readerPdf.bytes.toString()).toBe(200);
    const blind = await t.createUser({ permissions: ['packingCreate', 'orderRead'] });
    expect((await blind.api.get(`/packing/${packing.id}`)).status).toBe(403);
    expect((await blind.api.get(`/packing/${packing.id}/orders`)).status).toBe(403);
    expect((await romaneio(blind, packing.id)).status).toBe(403);

    // Company B's packing and orders are unknown to a user of company A.
    const lockerB = await createLocker(['P'], companyB);
    const theirs = await createOrder(lockerB.id, 'STORED', 'RETURN', {}, companyB);
    const theirPacking = ok(
      await owner.api.post('/packing', {
        data: {
          company: companyB,
          warehouse: ok(await owner.api.post('/warehouse', { data: { name: 'CD B', company: companyB } })).id,
          picking: 'return',
          orders: [theirs.id],
        },
      }),
    );
    const insider = await t.createUser({ roles: ['editor'], allowedCompanies: [companyA] });
    expect((await insider.api.get(`/packing/${theirPacking.id}`)).status).toBe(404);
    expect((await insider.api.get(`/packing/${theirPacking.id}/orders`)).status).toBe(404);
    expect((await romaneio(insider, theirPacking.id)).status).toBe(404);
    expect((await insider.api.put(`/packing/finish/${theirPacking.id}`, {})).status).toBe(404);
    const other2 = await createOrder(lockerB.id, 'STORED', 'RETURN', {}, companyB);
    expect(ok(await insider.api.get('/packing/steps/reverseCollection', { filter: { ebox: lockerB.id } })).count).toBe(0);
    expect([400, 404]).toContain((await save(insider, [other2.id])).status);
    expect(ok(await insider.api.get('/packing', { limit: 100 })).rows.map((row: { id: string }) => row.id)).not.toContain(theirPacking.id);
  });
});

describe('the romaneio', () => {
  it('prints the header, each locker in route order with its parcels and collections, totals and signatures, 200 parcels over clean pages', async () => {
    const north = await createLocker(
      Array.from({ length: 120 }, () => 'P'),
      companyA,
      { workingHours: '24 horas' },
    );
    const south = await createLocker(Array.from({ length: 100 }, () => 'P'));
    const deposits = [...(await createOrders(north.id, 'INBOUND', 110)), ...(await createOrders(south.id, 'INBOUND', 90))];
    const collections = [await createOrder(north.id, 'EXPIRED'), await createOrder(south.id, 'STORED', 'SEND')];
    const route = ok(await owner.api.post('/route', { data: { name: 'Zona Sul', company: companyA, ebox: [south.id, north.id] } }));
    const courier = await t.createUser({ roles: ['viewer'], firstName: 'Carlos', lastName: 'Entregador' });
    const packing = ok(
      await save(
        owner,
        [...deposits, ...collections].map((order) => order.id),
        { route: route.id, operator: courier.id, name: 'Romaneio Zona Sul' },
      ),
    );
    expect(packing.eboxes.map((e: { id: string }) => e.id)).toEqual([south.id, north.id]);
    const started = performance.now();
    const pdf = await romaneio(owner, packing.id);
    const took = performance.now() - started;
    console.info(`romaneio of 202 orders at 2 lockers: ${took.toFixed(0)} ms, ${pdf.bytes.length} bytes`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const read = readTagPdf(pdf.bytes);
    expect(read.pageCount).toBeGreaterThan(10);
    expect(read.pages).toHaveLength(read.pageCount);
    const text = read.pages.map((page) => page.text).join('\n');
    expect(read.pages[0]?.barcode).toBe(packing.id);
    expect(text).toContain('Romaneio Romaneio Zona Sul');
    expect(text).toContain('Armazém: CD Romaneio');
    expect(text).toContain('Rota: Zona Sul');
    expect(text).toMatch(/Data: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(text).toContain('Horário de funcionamento: 24 horas');
    expect(text).toContain('Rua das Laranjeiras, 100');
    // Route order: the south locker is the first stop.
    expect(text.indexOf(`Parada 1 de 2 · ${south.code}`)).toBeGreaterThan(-1);
    expect(text.indexOf(`Parada 1 de 2 · ${south.code}`)).toBeLessThan(text.indexOf(`Parada 2 de 2 · ${north.code}`));
    for (const order of [...deposits, ...collections]) expect(text, order.trackingCode).toContain(order.trackingCode);
    expect(text).toContain('Volumes a depositar: 200');
    expect(text).toContain('Coletas: 2');
    expect(text).toContain('Entregador (nome e assinatura)');
    // Each page's first barcode is a parcel's (after the header's), and each page repeats the run's name.
    for (const page of read.pages) expect(page.text).toContain('Romaneio Romaneio Zona Sul · Página');
    const parcelBarcodes = read.pages.slice(1).flatMap((page) => (page.barcode ? [page.barcode] : []));
    expect(parcelBarcodes.length).toBeGreaterThanOrEqual(read.pageCount - 2);
    for (const code of parcelBarcodes) expect(deposits.map((order) => order.trackingCode)).toContain(code);
    // No deposit row is split between pages: a page's parcels are whole rows (its code follows its barcode).
    const en = readTagPdf((await romaneio(owner, packing.id, 'en')).bytes)
      .pages.map((page) => page.text)
      .join('\n');
    expect(en).toContain('Packing list Romaneio Zona Sul');
    expect(en).toContain('Courier (name and signature)');
    expect(en).toContain(`Stop 1 of 2 · ${south.code}`);
  }, 180_000);
});
