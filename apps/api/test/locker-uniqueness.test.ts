import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * A compartment's number names one door of its locker (orders, the terminal, people at the screen),
 * so two compartments of one locker cannot share it; another locker may. Likewise a locker is linked
 * to a cluster once. The refusal is a 409 on the field, in the reader's language, whether the record
 * is created, edited or imported, and the unique index decides between two writes racing.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let lockerA: string;
let lockerB: string;

const NUMBER_TAKEN_PT = 'Já existe um compartimento com o número 7 neste e-box';
const NUMBER_TAKEN_EN = 'This e-box already has a compartment number 7';

function compartimentData(ebox: string, number: number) {
  return { ebox, number, boardNumber: 1, numberInColumn: 1, comNumber: number, size: 'P', width: 40, height: 10, depth: 50, enable: true };
}

beforeAll(async () => {
  ({ t, owner, companyA } = await startWithTwoCompanies(
    { name: 'Armários Únicos', type: 'carrier' },
    { name: 'Loja Outra', type: 'shipper' },
  ));
  lockerA = ok(await owner.api.post('/ebox', { data: { name: 'Armário Norte', code: 'UNQA', company: companyA, enable: true } })).id;
  lockerB = ok(await owner.api.post('/ebox', { data: { name: 'Armário Sul', code: 'UNQB', company: companyA, enable: true } })).id;
}, 120_000);
afterAll(() => t?.close());

describe('a compartment number within its locker', () => {
  it('refuses a second compartment 7 in the same locker on create (pt-BR and en), and allows it in another locker', async () => {
    ok(await owner.api.post('/compartiment', { data: compartimentData(lockerA, 7) }));
    const again = await owner.api.post('/compartiment', { data: compartimentData(lockerA, 7) });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(NUMBER_TAKEN_PT);
    expect(again.body.error.fields).toEqual([{ path: 'number', message: NUMBER_TAKEN_PT }]);
    const en = await t.client(owner.token, 'en').post('/compartiment', { data: compartimentData(lockerA, 7) });
    expect(en.status).toBe(409);
    expect(en.body.error.fields).toEqual([{ path: 'number', message: NUMBER_TAKEN_EN }]);

    ok(await owner.api.post('/compartiment', { data: compartimentData(lockerB, 7) }));
  });

  it('refuses renumbering or moving a compartment onto a taken number, and keeps editing the holder', async () => {
    const eight = ok(await owner.api.post('/compartiment', { data: compartimentData(lockerA, 8) })).id;
    const renumbered = await owner.api.put(`/compartiment/${eight}`, { data: { number: 7 } });
    expect(renumbered.status).toBe(409);
    expect(renumbered.body.error.fields).toEqual([{ path: 'number', message: NUMBER_TAKEN_PT }]);

    const seven = ok(await owner.api.post('/compartiment', { data: compartimentData(lockerB, 9) })).id;
    ok(await owner.api.put(`/compartiment/${seven}`, { data: { number: 8 } }));
    const moved = await owner.api.put(`/compartiment/${seven}`, { data: { ebox: lockerA } });
    expect(moved.status).toBe(409);

    ok(await owner.api.put(`/compartiment/${eight}`, { data: { number: 8, size: 'G' } }));
  });

  it('refuses an imported row with a taken number, and imports one with a free number', async () => {
    const row = (number: number) => ({ ...compartimentData('UNQA', number), ebox: 'UNQA' });
    const imported = await owner.api.post('/compartiment/import', { data: row(7), importHash: 'unq-7' });
    expect(imported.status).toBe(409);
    expect(imported.body.error.message).toBe(NUMBER_TAKEN_PT);
    const en = await t.client(owner.token, 'en').post('/compartiment/import', { data: row(7), importHash: 'unq-7-en' });
    expect(en.status).toBe(409);
    expect(en.body.error.message).toBe(NUMBER_TAKEN_EN);
    ok(await owner.api.post('/compartiment/import', { data: row(20), importHash: 'unq-20' }));
  });

  it('lets one of two racing creates of the same number through and refuses the other with the same message', async () => {
    const answers = await Promise.all([1, 2].map(() => owner.api.post('/compartiment', { data: compartimentData(lockerA, 30) })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.error.message).toBe('Já existe um compartimento com o número 30 neste e-box');
  });
});

describe('a locker within a cluster', () => {
  it('links a locker to a cluster once (create, update, import), and to another cluster too', async () => {
    const linked = 'Este e-box já está vinculado a este cluster';
    const north = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Único Norte', company: companyA } })).id;
    const south = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Único Sul', company: companyA } })).id;
    const link = (cluster: string, ebox: string) => ({ cluster, ebox, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true });
    ok(await owner.api.post('/clusterEbox', { data: link(north, lockerA) }));

    const again = await owner.api.post('/clusterEbox', { data: link(north, lockerA) });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual([{ path: 'ebox', message: linked }]);
    const en = await t.client(owner.token, 'en').post('/clusterEbox', { data: link(north, lockerA) });
    expect(en.body.error.message).toBe('This e-box is already linked to this cluster');

    const other = ok(await owner.api.post('/clusterEbox', { data: link(north, lockerB) })).id;
    const relinked = await owner.api.put(`/clusterEbox/${other}`, { data: { ebox: lockerA } });
    expect(relinked.status).toBe(409);

    const imported = await owner.api.post('/clusterEbox/import', {
      data: { clusterName: 'Cluster Único Norte', eboxCode: 'UNQA', sequenceCompartiments: 'LR-TB' },
      importHash: 'unq-link',
    });
    expect(imported.status).toBe(409);
    expect(imported.body.error.message).toBe(linked);

    ok(await owner.api.post('/clusterEbox', { data: link(south, lockerA) }));
  });
});

describe('generateCompartiments', () => {
  it('still replaces a locker’s compartments by the same numbers in one go', async () => {
    const module = ok(await owner.api.post('/eboxModule', { data: { name: 'Coluna única', code: 'CU' } })).id;
    const layout = ok(
      await owner.api.post('/compartimentLayout', { data: { code: 'U', name: 'Layout U', width: 40, height: 10, depth: 50 } }),
    ).id;
    for (const staticNumber of [1, 2, 3]) {
      ok(await owner.api.post('/eboxModuleCompartiment', { data: { eboxModule: module, staticNumber, compartimentLayout: layout } }));
    }
    const locker = ok(
      await owner.api.post('/ebox', {
        data: { name: 'Armário Gerado', code: 'UNQG', company: companyA, eboxModule: [module], startNumber: 1 },
      }),
    ).id;
    for (let i = 0; i < 2; i++) {
      expect(
        ok(await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker, sequenceCompartiments: 'LR-TB' } })).count,
      ).toBe(3);
    }
    const rows = ok(await owner.api.get('/compartiment', { filter: { ebox: locker }, orderBy: 'number_ASC', limit: 10 })).rows;
    expect(rows.map((r: { number: number }) => r.number)).toEqual([1, 2, 3]);
  });
});
