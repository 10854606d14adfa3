import { ENTITIES, groupImportRows } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Routes (issue 30, items 5 and 6), over HTTP against a real PostgreSQL: the stops kept in the order
 * given (create, read, reorder), a locker refused as a second stop, the import by route name and
 * locker code (one row per stop, or several codes in a cell), who may operate a route, and what is
 * specific to routes in permissions and company scope (the entity contract covers the generic
 * denials).
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let operatorA: TestUser;
/** Lockers of company A by code, with coordinates along Copacabana. */
const lockers: Record<string, string> = {};
let lockerB: string;
const routeEntity = ENTITIES.route!;

const CODES = ['RT-LEME-01', 'RT-COPA-02', 'RT-ARPO-03', 'RT-LEBL-04'];

async function createLocker(code: string, company: string, latitude: number, longitude: number): Promise<string> {
  return ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, coordinates: { latitude, longitude } } })).id;
}

const stopIds = (record: { ebox: { id: string }[] }) => record.ebox.map((stop) => stop.id);
const ids = (...codes: string[]) => codes.map((code) => lockers[code] as string);

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Transportadora Rotas', type: 'carrier' },
    { name: 'Loja Sem Rotas', type: 'shipper' },
  ));
  for (const [index, code] of CODES.entries())
    lockers[code] = await createLocker(code, companyA, -22.96 - index * 0.01, -43.17 - index * 0.01);
  lockerB = await createLocker('RT-OUTRA-01', companyB, -22.9, -43.2);
  operatorA = await t.createUser({ roles: ['operator'], allowedCompanies: [companyA], firstName: 'Otto', lastName: 'Motorista' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the stops keep the order given', () => {
  it('creates a route, reads it back in order, reorders it by PUT', async () => {
    const order = ids('RT-ARPO-03', 'RT-LEME-01', 'RT-LEBL-04', 'RT-COPA-02');
    const created = ok(await owner.api.post('/route', { data: { name: 'Zona Sul manhã', company: companyA, ebox: order } }));
    expect(stopIds(created)).toEqual(order);
    expect(created.ebox[0].label).toBe('Armário RT-ARPO-03');
    expect(stopIds(ok(await owner.api.get(`/route/${created.id}`)))).toEqual(order);
    const listed = ok(await owner.api.get('/route', { filter: { id: created.id } }));
    expect(stopIds(listed.rows[0])).toEqual(order);

    const reordered = [...order].reverse();
    ok(await owner.api.put(`/route/${created.id}`, { data: { ebox: reordered } }));
    expect(stopIds(ok(await owner.api.get(`/route/${created.id}`)))).toEqual(reordered);
  });

  it('refuses a locker as a second stop, naming both stops, in the caller’s language', async () => {
    const data = { name: 'Rota repetida', company: companyA, ebox: ids('RT-LEME-01', 'RT-COPA-02', 'RT-LEME-01') };
    const refused = await owner.api.post('/route', { data });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([
      expect.objectContaining({
        path: 'ebox',
        message: 'Um armário entra uma só vez na rota: as paradas 1 e 3 são o mesmo armário',
      }),
    ]);
    const en = await t.client(owner.token, 'en').post('/route', { data });
    expect(en.body.error.fields[0].message).toBe('A locker is visited once on a route: stops 1 and 3 are the same locker');
    // A PUT that repeats a stop is refused too, and leaves the route as it was.
    const kept = ok(await owner.api.post('/route', { data: { name: 'Rota mantida', company: companyA, ebox: ids('RT-LEME-01') } }));
    expect((await owner.api.put(`/route/${kept.id}`, { data: { ebox: ids('RT-LEME-01', 'RT-LEME-01') } })).status).toBe(400);
    expect(stopIds(ok(await owner.api.get(`/route/${kept.id}`)))).toEqual(ids('RT-LEME-01'));
  });
});

describe('the import by route name and locker code', () => {
  const importRoute = (data: Record<string, unknown>, hash: string) => owner.api.post('/route/import', { data, importHash: hash });

  it('builds one route per name from one row per stop, its stops in row order', async () => {
    // The rows of a spreadsheet, as the console's importer reads them, joined as it joins them.
    const rows = [
      { line: 2, values: { name: 'Orla', ebox: 'RT-LEBL-04', company: 'Transportadora Rotas' } },
      { line: 3, values: { name: 'Centro', ebox: 'RT-COPA-02', company: 'Transportadora Rotas' } },
      { line: 4, values: { name: 'orla ', ebox: 'RT-LEME-01', company: null } },
      { line: 5, values: { name: 'Orla', ebox: 'rt-arpo-03', notes: 'Começa pelo Leblon' } },
    ];
    const groups = groupImportRows(routeEntity, rows);
    expect(groups.map((group) => group.rows.map((row) => row.line))).toEqual([[2, 4, 5], [3]]);
    for (const [index, group] of groups.entries()) ok(await importRoute(group.values, `route-import-rows-${index}`));
    const orla = ok(await owner.api.get('/route', { filter: { name: 'Orla' } })).rows;
    expect(orla).toHaveLength(1);
    expect(stopIds(orla[0])).toEqual(ids('RT-LEBL-04', 'RT-LEME-01', 'RT-ARPO-03'));
    expect(orla[0]).toMatchObject({ notes: 'Começa pelo Leblon', company: { id: companyA } });
    expect(stopIds(ok(await owner.api.get('/route', { filter: { name: 'Centro' } })).rows[0])).toEqual(ids('RT-COPA-02'));
  });

  it('takes several codes in one cell, in their order, and names a code it does not know', async () => {
    const imported = ok(
      await importRoute({ name: 'Uma linha', company: companyA, ebox: 'RT-COPA-02, RT-LEBL-04; RT-LEME-01' }, 'route-import-cell'),
    );
    expect(stopIds(imported)).toEqual(ids('RT-COPA-02', 'RT-LEBL-04', 'RT-LEME-01'));
    const unknown = await importRoute({ name: 'Código errado', company: companyA, ebox: 'RT-COPA-02, RT-NADA-99' }, 'route-import-unknown');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.error)).toContain('RT-NADA-99');
  });

  it('refuses rows of one route that disagree on its company', () => {
    const groups = groupImportRows(routeEntity, [
      { values: { name: 'Dividida', ebox: 'RT-LEME-01', company: 'Transportadora Rotas' } },
      { values: { name: 'Dividida', ebox: 'RT-COPA-02', company: 'Loja Sem Rotas' } },
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.disagreeingColumn).toBe('company');
  });
});

describe('who operates a route', () => {
  it('accepts a user holding an operator role in the route’s company', async () => {
    const created = ok(
      await owner.api.post('/route', {
        data: { name: 'Com operador', company: companyA, ebox: ids('RT-LEME-01'), operatedBy: operatorA.id },
      }),
    );
    expect(created.operatedBy).toEqual({ id: operatorA.id, label: 'Otto Motorista' });
  });

  it('refuses a user without an operator role (a viewer reads operations too), or an operator of another company', async () => {
    const clerk = await t.createUser({ roles: ['viewer'], allowedCompanies: [companyA] });
    const operatorB = await t.createUser({ roles: ['operatorAdmin'], allowedCompanies: [companyB] });
    for (const user of [clerk, operatorB]) {
      const refused = await owner.api.post('/route', {
        data: { name: 'Sem operador', company: companyA, ebox: ids('RT-LEME-01'), operatedBy: user.id },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual([
        expect.objectContaining({ path: 'operatedBy', message: 'Escolha um usuário com papel de operador na empresa da rota' }),
      ]);
    }
  });

  it('answers a user the caller may not see as one that does not exist', async () => {
    const editorA = await t.createUser({ roles: ['editor'], allowedCompanies: [companyA] });
    const stranger = await t.createUser({ roles: ['operator'], allowedCompanies: [companyB] });
    const refused = await editorA.api.post('/route', {
      data: { name: 'Operador alheio', company: companyA, ebox: ids('RT-LEME-01'), operatedBy: stranger.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[0]).toMatchObject({ path: 'operatedBy' });
    expect(refused.body.error.fields[0].message).not.toMatch(/operador/);
  });
});

describe('permissions and company scope', () => {
  it('an operator reads routes but does not change them; an operator administrator does', async () => {
    const route = ok(await owner.api.post('/route', { data: { name: 'Leitura', company: companyA, ebox: ids('RT-COPA-02') } }));
    expect(ok(await operatorA.api.get(`/route/${route.id}`)).name).toBe('Leitura');
    expect((await operatorA.api.put(`/route/${route.id}`, { data: { notes: 'mudou' } })).status).toBe(403);
    expect((await operatorA.api.post('/route', { data: { name: 'Nova', company: companyA, ebox: ids('RT-COPA-02') } })).status).toBe(403);
    const admin = await t.createUser({ roles: ['operatorAdmin'], allowedCompanies: [companyA] });
    ok(await admin.api.put(`/route/${route.id}`, { data: { ebox: ids('RT-LEBL-04', 'RT-COPA-02'), operatedBy: operatorA.id } }));
    expect(ok(await admin.api.get('/iam/user/autocomplete', { query: 'Otto' })).map((user: { id: string }) => user.id)).toContain(
      operatorA.id,
    );
  });

  it('a company sees its own routes, and its stops are its own lockers', async () => {
    const routeB = ok(await owner.api.post('/route', { data: { name: 'Rota da B', company: companyB, ebox: [lockerB] } }));
    const readerA = await t.createUser({ roles: ['operator'], allowedCompanies: [companyA] });
    const listed = ok(await readerA.api.get('/route', { limit: 100 })).rows.map((row: { id: string }) => row.id);
    expect(listed).not.toContain(routeB.id);
    expect(listed.length).toBeGreaterThan(0);
    expect((await readerA.api.get(`/route/${routeB.id}`)).status).toBe(404);
    const editorA = await t.createUser({ roles: ['editor'], allowedCompanies: [companyA] });
    // Another company's locker is answered as an unknown one.
    const foreignStop = await editorA.api.post('/route', {
      data: { name: 'Parada alheia', company: companyA, ebox: [lockers['RT-LEME-01'], lockerB] },
    });
    expect(foreignStop.status).toBe(400);
    expect(foreignStop.body.error.fields[0]).toMatchObject({ path: 'ebox' });
  });
});
