import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 14 items 1, 2 and 7 (cluster status, metrics): lockers, their compartments and clusters on
 * the kit, company and locker-group scope, clone, compartments generated from the modules.
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;
let small: string;
let large: string;
let narrow: string;
let wide: string;

async function createLocker(data: Record<string, unknown>, user = owner): Promise<string> {
  return ok(await user.api.post('/ebox', { data: { enable: true, ...data } })).id;
}

async function compartimentsOf(eboxId: string, user = owner) {
  const body = ok(await user.api.get('/compartiment', { filter: { ebox: eboxId }, orderBy: 'number_ASC', limit: 100 }));
  return body.rows as {
    id: string;
    number: number;
    boardNumber: number;
    comNumber: number;
    numberInColumn: number;
    size: string;
    status: string;
    height: number;
  }[];
}

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Armários Alfa', type: 'carrier' },
    { name: 'Loja Beta', type: 'shipper' },
  ));
  const layout = async (code: string, height: number) =>
    ok(await owner.api.post('/compartimentLayout', { data: { code, name: `Layout ${code}`, width: 40, height, depth: 50 } })).id as string;
  small = await layout('P', 10);
  large = await layout('G', 40);
  // A narrow module: positions 1 (top, P) and 2 (bottom, G); a wide one on board 2: three P.
  narrow = ok(await owner.api.post('/eboxModule', { data: { name: 'Coluna estreita', code: 'CE' } })).id;
  wide = ok(await owner.api.post('/eboxModule', { data: { name: 'Coluna larga', code: 'CL', defaultBoardNumber: 2 } })).id;
  const position = async (module: string, staticNumber: number, compartimentLayout: string) =>
    ok(await owner.api.post('/eboxModuleCompartiment', { data: { eboxModule: module, staticNumber, compartimentLayout } }));
  await position(narrow, 2, large);
  await position(narrow, 1, small);
  for (const n of [1, 2, 3]) await position(wide, n, small);
});
afterAll(() => t?.close());

describe('lockers on the kit', () => {
  it('keeps status, heartbeat and versions out of writes, and starts a locker offline', async () => {
    const id = await createLocker({
      name: 'Shopping Centro',
      code: 'SHC1',
      company: companyA,
      boardNumber: 3,
      status: 'online',
      osVersion: 'x',
      os: 'windows',
    });
    const locker = ok(await owner.api.get(`/ebox/${id}`));
    expect(locker.status).toBe('offline');
    expect(locker.osVersion).toBeNull();
    expect(locker.os).toBeNull();
    expect(locker.boardNumber).toBe(3);
    const refused = await owner.api.post('/ebox', { data: { name: 'Placa errada', code: 'PL11', boardNumber: 11 } });
    expect(refused.status).toBe(400);
  });

  it('refuses a cluster sequence that is neither a letter A-Z nor a number 1-9999', async () => {
    for (const sequence of ['A', 'Z', '1', '9999']) {
      ok(await owner.api.post('/cluster', { data: { name: `Cluster ${sequence}`, sequence, company: companyA } }));
    }
    for (const sequence of ['AA', 'a', '0', '10000']) {
      const response = await owner.api.post('/cluster', { data: { name: `Ruim ${sequence}`, sequence } });
      expect(response.status, sequence).toBe(400);
    }
  });
});

describe('generateCompartiments', () => {
  let locker: string;

  beforeAll(async () => {
    // Left to right: narrow (board 5, the locker's), wide (board 2, its module's).
    locker = await createLocker({
      name: 'Gerado',
      code: 'GER1',
      company: companyA,
      eboxModule: [narrow, wide],
      startNumber: 10,
      boardNumber: 5,
    });
  });

  const cases: [string, number[]][] = [
    // Physical order (module, position from the top): N1 N2 W1 W2 W3. The numbers each gets:
    ['LR-TB', [10, 11, 12, 13, 14]],
    ['LR-BT', [11, 10, 14, 13, 12]],
    ['RL-TB', [13, 14, 10, 11, 12]],
    ['RL-BT', [14, 13, 12, 11, 10]],
  ];
  for (const [sequence, numbers] of cases) {
    it(`numbers ${sequence} from the start number`, async () => {
      const answer = ok(await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker, sequenceCompartiments: sequence } }));
      expect(answer).toEqual({ count: 5, sequenceCompartiments: sequence });
      const rows = await compartimentsOf(locker);
      const byPlace = (board: number, inColumn: number) => rows.find((r) => r.boardNumber === board && r.numberInColumn === inColumn);
      const physical = [byPlace(5, 1), byPlace(5, 2), byPlace(2, 1), byPlace(2, 2), byPlace(2, 3)];
      expect(physical.map((r) => r?.number)).toEqual(numbers);
      // Wiring follows the boards, not the numbering; sizes and dimensions come from the layouts.
      expect(physical.map((r) => r?.comNumber)).toEqual([1, 2, 1, 2, 3]);
      expect(physical.map((r) => r?.size)).toEqual(['P', 'G', 'P', 'P', 'P']);
      expect(physical.map((r) => r?.height)).toEqual([10, 40, 10, 10, 10]);
      expect(rows.every((r) => r.status === 'AVAILABLE')).toBe(true);
    });
  }

  it("uses the cluster link's sequence when none is given, and audits every change", async () => {
    const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Sul', company: companyA } })).id;
    ok(
      await owner.api.post('/clusterEbox', {
        data: { cluster, ebox: locker, sequenceCompartiments: 'RL-BT', clusterPosition: 1, enable: true },
      }),
    );
    const answer = ok(await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker } }));
    expect(answer.sequenceCompartiments).toBe('RL-BT');
    const log = ok(await owner.api.get('/auditLog', { filter: { entityName: 'ebox', entityId: locker, action: 'generateCompartiments' } }));
    expect(log.count).toBeGreaterThan(0);
    const created = ok(await owner.api.get('/auditLog', { filter: { entityName: 'compartiment', action: 'create' } }));
    expect(created.count).toBeGreaterThanOrEqual(5);
  });

  it('refuses while a compartment holds a parcel, in the reader language, and changes nothing', async () => {
    const before = await compartimentsOf(locker);
    const held = before[2];
    ok(await owner.api.put(`/compartiment/${held?.id}`, { id: held?.id, data: { status: 'OCCUPIED' } }));
    const refused = await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('ocupados ou reservados');
    expect(refused.body.error.message).toContain(String(held?.number));
    const english = await t.client(owner.token, 'en').post('/ebox/generateCompartiments', { data: { ebox: locker } });
    expect(english.body.error.message).toContain('occupied or booked');
    expect((await compartimentsOf(locker)).map((r) => r.id)).toEqual(before.map((r) => r.id));
    ok(await owner.api.put(`/compartiment/${held?.id}`, { id: held?.id, data: { status: 'AVAILABLE' } }));
  });

  it('refuses a locker without modules', async () => {
    const empty = await createLocker({ name: 'Sem módulos', code: 'SEM1', company: companyA });
    const refused = await owner.api.post('/ebox/generateCompartiments', { data: { ebox: empty } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('não tem módulos');
  });

  it('clones a locker with its compartments, all available', async () => {
    const clone = ok(
      await owner.api.put(`/ebox/clone/${locker}`, {
        data: { name: 'Gerado cópia', code: 'GER2', company: companyA, eboxModule: [narrow, wide] },
      }),
    );
    expect(clone.code).toBe('GER2');
    const copied = await compartimentsOf(clone.id);
    const source = await compartimentsOf(locker);
    expect(copied.map((r) => [r.number, r.boardNumber, r.comNumber, r.size])).toEqual(
      source.map((r) => [r.number, r.boardNumber, r.comNumber, r.size]),
    );
    expect(copied.every((r) => r.status === 'AVAILABLE')).toBe(true);
  });

  it('answers metrics and cluster status counts', async () => {
    const rows = await compartimentsOf(locker);
    ok(await owner.api.put(`/compartiment/${rows[0]?.id}`, { id: rows[0]?.id, data: { status: 'DAMAGE' } }));
    const metrics = ok(await owner.api.get('/ebox/metrics', { eboxId: locker }));
    expect(metrics.orders).toEqual([]);
    expect(metrics.statusCompartiments).toEqual({ AVAILABLE: 4, OCCUPIED: 0, DAMAGE: 1, DIRTY: 0, BOOKED: 0 });
    const clusters = ok(await owner.api.get('/cluster', { filter: { name: 'Cluster Sul' } }));
    const status = ok(await owner.api.get(`/cluster/${clusters.rows[0].id}/status`));
    const damagedSize = rows[0]?.size as string;
    const total = Object.values(status as Record<string, { total: number }>).reduce((sum, s) => sum + s.total, 0);
    expect(total).toBe(5);
    expect(status[damagedSize].damaged).toBe(1);
    expect(status.P.total_compartiments).toBe(4);
    const picker = ok(await owner.api.get('/clusterEbox/autocompleteEbox', { clusterId: clusters.rows[0].id }));
    expect(picker).toEqual([{ id: locker, label: 'Gerado' }]);
  });
});

describe('deleting a locker', () => {
  it('takes its compartments and cluster links with it, unless one holds a parcel', async () => {
    const locker = await createLocker({ name: 'Para excluir', code: 'DEL1', company: companyA, eboxModule: [narrow] });
    ok(await owner.api.post('/ebox/generateCompartiments', { data: { ebox: locker } }));
    const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Cluster exclusão', company: companyA } })).id;
    ok(await owner.api.post('/clusterEbox', { data: { cluster, ebox: locker, sequenceCompartiments: 'LR-TB' } }));
    const [held] = await compartimentsOf(locker);
    ok(await owner.api.put(`/compartiment/${held?.id}`, { id: held?.id, data: { status: 'BOOKED' } }));
    const refused = await owner.api.delete('/ebox', { ids: [locker] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('Não é possível excluir o e-box');
    ok(await owner.api.put(`/compartiment/${held?.id}`, { id: held?.id, data: { status: 'AVAILABLE' } }));
    ok(await owner.api.delete('/ebox', { ids: [locker] }));
    expect((await owner.api.get(`/compartiment/${held?.id}`)).status).toBe(404);
    expect(ok(await owner.api.get('/clusterEbox', { filter: { cluster } })).count).toBe(0);
  });
});

describe('scope', () => {
  let lockerA: string;
  let lockerB: string;
  let compartimentB: string;

  beforeAll(async () => {
    lockerA = await createLocker({ name: 'Armário A', code: 'ESCA', company: companyA });
    lockerB = await createLocker({ name: 'Armário B', code: 'ESCB', company: companyB });
    compartimentB = ok(
      await owner.api.post('/compartiment', {
        data: { ebox: lockerB, number: 1, boardNumber: 1, numberInColumn: 1, comNumber: 1, size: 'P', width: 1, height: 1, depth: 1 },
      }),
    ).id;
  });

  it("keeps company A from B's lockers and their compartments", async () => {
    const userA = await t.createUser({ roles: ['eboxEditor', 'compartimentEditor', 'clusterEditor'], allowedCompanies: [companyA] });
    const lockers = ok(await userA.api.get('/ebox', { limit: 100 }));
    const ids = lockers.rows.map((r: { id: string }) => r.id);
    expect(ids).toContain(lockerA);
    expect(ids).not.toContain(lockerB);
    expect((await userA.api.get(`/ebox/${lockerB}`)).status).toBe(404);
    expect((await userA.api.get(`/compartiment/${compartimentB}`)).status).toBe(404);
    expect((await userA.api.get('/ebox/metrics', { eboxId: lockerB })).status).toBe(404);
    expect((await userA.api.post('/ebox/generateCompartiments', { data: { ebox: lockerB } })).status).toBe(404);
    expect((await userA.api.put(`/ebox/clone/${lockerB}`, { data: { name: 'x', code: 'XXXX' } })).status).toBe(404);
    const compartiments = ok(await userA.api.get('/compartiment', { limit: 100 }));
    expect(compartiments.rows.map((r: { id: string }) => r.id)).not.toContain(compartimentB);
    // A compartment cannot be put in a locker the user does not see.
    const placed = await userA.api.post('/compartiment', {
      data: { ebox: lockerB, number: 2, boardNumber: 1, numberInColumn: 1, comNumber: 2, size: 'P', width: 1, height: 1, depth: 1 },
    });
    expect(placed.status).toBe(400);
  });

  it("limits a company with a locker group to that group's lockers", async () => {
    const group = ok(await owner.api.post('/group', { data: { name: 'Rede Beta', ebox: [lockerB] } })).id;
    const limited = ok(await owner.api.post('/company', { data: { name: 'Parceira limitada', type: 'shipper', group } })).id;
    await createLocker({ name: 'Próprio fora do grupo', code: 'PROP', company: limited });
    const user = await t.createUser({ roles: ['eboxViewer', 'compartimentViewer', 'groupViewer'], allowedCompanies: [limited] });
    const lockers = ok(await user.api.get('/ebox', { limit: 100 }));
    expect(lockers.rows.map((r: { id: string }) => r.id)).toEqual([lockerB]);
    expect(lockers.count).toBe(1);
    expect((await user.api.get(`/ebox/${lockerA}`)).status).toBe(404);
    const compartiments = ok(await user.api.get('/compartiment', { limit: 100 }));
    expect(compartiments.rows.map((r: { id: string }) => r.id)).toEqual([compartimentB]);
    const groups = ok(await user.api.get(`/group/${group}`));
    expect(groups.ebox.map((r: { id: string }) => r.id)).toEqual([lockerB]);
  });

  it("shows a company the history of its lockers' compartments, and not of others'", async () => {
    const mine = ok(
      await owner.api.post('/compartiment', {
        data: { ebox: lockerA, number: 7, boardNumber: 1, numberInColumn: 1, comNumber: 7, size: 'P', width: 1, height: 1, depth: 1 },
      }),
    ).id;
    const reader = await t.createUser({ roles: ['compartimentViewer', 'auditLogViewer'], allowedCompanies: [companyA] });
    const history = (id: string) => reader.api.get('/auditLog', { filter: { entityName: 'compartiment', entityId: id } });
    expect(ok(await history(mine)).count).toBe(1);
    expect(ok(await history(compartimentB)).count).toBe(0);
  });

  it('refuses each operation without its permission', async () => {
    const viewer = await t.createUser({ roles: ['eboxViewer'] });
    expect((await viewer.api.post('/ebox', { data: { name: 'Nope', code: 'NOPE' } })).status).toBe(403);
    expect((await viewer.api.post('/ebox/generateCompartiments', { data: { ebox: lockerA } })).status).toBe(403);
    expect((await viewer.api.put(`/ebox/clone/${lockerA}`, { data: { name: 'Nope', code: 'NOPE' } })).status).toBe(403);
    expect((await viewer.api.get('/compartiment')).status).toBe(403);
    expect((await viewer.api.get('/cluster')).status).toBe(403);
    const nobody = await t.createUser({ roles: ['customerViewer'] });
    expect((await nobody.api.get('/ebox')).status).toBe(403);
    expect((await nobody.api.get('/ebox/metrics', { eboxId: lockerA })).status).toBe(403);
    const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Cluster negado' } })).id;
    expect((await nobody.api.get(`/cluster/${cluster}/status`)).status).toBe(403);
    expect((await nobody.api.get('/clusterEbox/autocompleteEbox', { clusterId: cluster })).status).toBe(403);
  });
});

describe('cluster links', () => {
  it('imports a link by clusterName and eboxCode and keeps both from the linked records', async () => {
    const cluster = ok(await owner.api.post('/cluster', { data: { name: 'Cluster Importado', company: companyA } })).id;
    const locker = await createLocker({ name: 'Importado', code: 'IMP1', company: companyA });
    const link = ok(
      await owner.api.post('/clusterEbox/import', {
        data: { clusterName: 'cluster importado', eboxCode: 'imp1', sequenceCompartiments: 'LR-BT', clusterPosition: 2 },
        importHash: 'link-1',
      }),
    );
    expect(link.cluster.id).toBe(cluster);
    expect(link.ebox.id).toBe(locker);
    expect(link.clusterName).toBe('Cluster Importado');
    expect(link.eboxCode).toBe('IMP1');
    const unknown = await owner.api.post('/clusterEbox/import', {
      data: { clusterName: 'Cluster Importado', eboxCode: 'NADA', sequenceCompartiments: 'LR-BT' },
      importHash: 'link-2',
    });
    expect(unknown.status).toBe(400);
  });
});
