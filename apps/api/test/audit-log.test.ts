import { randomUUID } from 'node:crypto';
import { ROUTINE_TERMINAL_ACTIONS, TERMINAL_LINK_ACTOR_LABEL, translatorFor } from '@ebox/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, writeAudit } from '../src/platform/audit';
import { ok } from './support/answers';
import { startWithTwoCompanies, type TestApp, type TestUser } from './support/test-app';

/**
 * The audit log in words (issue 8): each entry names its record and its author, a record's history
 * is the log filtered by entity and id within the reader's companies, and the log exports as xlsx
 * with the same filters and scope, its changes written as "Field: before → after".
 */

let t: TestApp;
let owner: TestUser;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  ({ t, owner, companyA, companyB } = await startWithTwoCompanies(
    { name: 'Transportadora Auditoria A', type: 'carrier' },
    { name: 'Loja Auditoria B', type: 'shipper' },
    { firstName: 'Olga', lastName: 'Dona' },
  ));
});
afterAll(async () => {
  await t?.close();
});

async function renamedCustomer(company: string, from: string, to: string): Promise<string> {
  const created = await owner.api.post('/customer', { data: { name: from, company, enable: true } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const updated = await owner.api.put(`/customer/${created.body.id}`, { data: { name: to, enable: false } });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return created.body.id;
}

/** The export's sheet as rows of cell texts, the header first. */
async function exportedRows(token: string, query: string, language: string): Promise<{ status: number; rows: string[][] }> {
  const response = await fetch(`${t.baseUrl}/io/api/v1/auditLog/export?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  if (response.status !== 200) return { status: response.status, rows: [] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: string[][] = [];
  workbook.getWorksheet('data')?.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value instanceof Date ? value.toISOString() : String(value ?? ''))));
  });
  return { status: response.status, rows };
}

const ptT = translatorFor('pt-BR');
const enT = translatorFor('en');

const FIELDS = ['timestamp', 'authorName', 'entityName', 'entityLabel', 'action', 'changes'].map((f) => `fields[]=${f}`).join('&');

describe('the audit log in words', () => {
  it('names the record, its author and the related records of each entry', async () => {
    const id = await renamedCustomer(companyA, 'Ana Antes', 'Ana Depois');
    const log = await owner.api.get('/auditLog', { filter: { entityName: 'customer', entityId: id } });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.rows.map((row: { action: string }) => row.action)).toEqual(['update', 'create']);
    const [update, create] = log.body.rows;
    expect(update.entityLabel).toBe('Ana Depois');
    expect(update.authorName).toBe('Olga Dona');
    expect(create.entityLabel).toBe('Ana Antes');
    expect(create.references).toEqual({ [companyA]: 'Transportadora Auditoria A' });
    // The record is found by its name too.
    const byName = await owner.api.get('/auditLog', { filter: { entityLabel: 'ana depois' } });
    expect(byName.body.rows.map((row: { entityId: string }) => row.entityId)).toContain(id);
  });

  it('filters by entity exactly: buildings are not building units', async () => {
    const building = await owner.api.post('/building', { data: { name: 'Prédio Auditado', company: companyA } });
    expect(building.status, JSON.stringify(building.body)).toBe(200);
    const log = await owner.api.get('/auditLog', { filter: { entityName: 'building' }, limit: 1000 });
    expect(log.body.count).toBeGreaterThan(0);
    expect(new Set(log.body.rows.map((row: { entityName: string }) => row.entityName))).toEqual(new Set(['building']));
  });

  it('exports the filtered log as xlsx in the reader’s words, in both languages', async () => {
    const id = await renamedCustomer(companyA, 'Bruno Antes', 'Bruno Depois');
    const filter = `filter[entityName]=customer&filter[entityId]=${id}&orderBy=timestamp_ASC`;
    const pt = await exportedRows(owner.token, `${FIELDS}&${filter}&timezone=America/Sao_Paulo`, 'pt-BR');
    expect(pt.status).toBe(200);
    const header = (tr: typeof ptT) =>
      ['timestamp', 'authorName', 'entityName', 'entityLabel', 'action', 'changes'].map((f) => tr(`entities.auditLog.fields.${f}`));
    expect(pt.rows[0]).toEqual(header(ptT));
    expect(pt.rows).toHaveLength(3);
    const [, created, updated] = pt.rows;
    expect(created?.slice(1, 5)).toEqual(['Olga Dona', ptT('entities.customer.label'), 'Bruno Antes', ptT('auditLog.actions.create')]);
    expect(created?.[5]).toContain(`${ptT('entities.customer.fields.company')}: — → Transportadora Auditoria A`);
    expect(updated?.slice(1, 5)).toEqual(['Olga Dona', ptT('entities.customer.label'), 'Bruno Depois', ptT('auditLog.actions.update')]);
    // Only what changed, in words.
    expect(updated?.[5]?.split('\n').sort()).toEqual(
      [
        `${ptT('entities.customer.fields.enable')}: Sim → Não`,
        `${ptT('entities.customer.fields.name')}: Bruno Antes → Bruno Depois`,
      ].sort(),
    );

    const en = await exportedRows(owner.token, `${FIELDS}&${filter}`, 'en');
    expect(en.rows[0]).toEqual(header(enT));
    expect(en.rows[2]?.[5]?.split('\n').sort()).toEqual(
      [`${enT('entities.customer.fields.enable')}: Yes → No`, `${enT('entities.customer.fields.name')}: Bruno Antes → Bruno Depois`].sort(),
    );
  });

  it('keeps a limited reader to the history of records of their companies, in the list and the export', async () => {
    const mine = await renamedCustomer(companyA, 'Carla Minha', 'Carla Minha 2');
    const theirs = await renamedCustomer(companyB, 'Davi Alheio', 'Davi Alheio 2');
    const reader = await t.createUser({ permissions: ['auditLogRead', 'customerRead'], allowedCompanies: [companyA] });
    const history = (id: string) => reader.api.get('/auditLog', { filter: { entityName: 'customer', entityId: id } });

    expect((await history(mine)).body.count).toBe(2);
    expect((await history(theirs)).body).toEqual({ rows: [], count: 0 });
    const exported = await exportedRows(reader.token, `${FIELDS}&filter[entityId]=${theirs}`, 'pt-BR');
    expect(exported.status).toBe(200);
    expect(exported.rows).toHaveLength(1);
    const everything = await exportedRows(reader.token, FIELDS, 'pt-BR');
    expect(JSON.stringify(everything.rows)).not.toContain('Davi Alheio');
    expect(JSON.stringify(everything.rows)).toContain('Carla Minha 2');

    // Without auditLogRead there is no history at all.
    const other = await t.createUser({ permissions: ['customerRead'], allowedCompanies: [companyA] });
    expect((await other.api.get('/auditLog', { filter: { entityName: 'customer', entityId: mine } })).status).toBe(403);
    expect((await exportedRows(other.token, FIELDS, 'pt-BR')).status).toBe(403);
  });
});

describe('the audit log as a reader looks for things', () => {
  it('sorts the entity column by the entity’s name in the reader’s language, not by its key', async () => {
    await renamedCustomer(companyA, 'Elisa Ordem', 'Elisa Ordem 2');
    const sorted = async (language: string, direction: string) => {
      const answer = await t
        .client(owner.token, language)
        .get('/auditLog', { filter: { entityName: ['company', 'customer'] }, orderBy: `entityName_${direction}`, limit: 1000 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return [...new Set(answer.body.rows.map((row: { entityName: string }) => row.entityName))];
    };
    // "Cliente" comes before "Empresa"; "Company" before "Customer".
    expect(await sorted('pt-BR', 'ASC')).toEqual(['customer', 'company']);
    expect(await sorted('pt-BR', 'DESC')).toEqual(['company', 'customer']);
    expect(await sorted('en', 'ASC')).toEqual(['company', 'customer']);
  });

  it('finds a record by its name or its id in the record filter', async () => {
    const id = await renamedCustomer(companyA, 'Fábio Registro', 'Fábio Registro Novo');
    const byName = await owner.api.get('/auditLog', { filter: { entityLabel: 'fábio registro' } });
    expect(byName.body.rows.map((row: { entityId: string }) => row.entityId)).toEqual([id, id]);
    const byId = await owner.api.get('/auditLog', { filter: { entityLabel: id } });
    expect(byId.body.count).toBe(2);
    expect(byId.body.rows.every((row: { entityId: string }) => row.entityId === id)).toBe(true);
  });

  it('filters by author: a person by their id, a system actor by its label', async () => {
    const author = await t.createUser({ roles: ['owner'], firstName: 'Paula', lastName: 'Autora' });
    const company = await author.api.post('/company', { data: { name: 'Empresa da Paula', type: 'shipper' } });
    expect(company.status).toBe(200);
    const byPerson = await owner.api.get('/auditLog', { filter: { actorLabel: author.id }, limit: 1000 });
    expect(byPerson.status, JSON.stringify(byPerson.body)).toBe(200);
    expect(byPerson.body.count).toBeGreaterThan(0);
    expect(new Set(byPerson.body.rows.map((row: { createdByEmail: string }) => row.createdByEmail))).toEqual(new Set([author.email]));
    expect(byPerson.body.rows.map((row: { entityId: string }) => row.entityId)).toContain(company.body.id);
    const bySystem = await owner.api.get('/auditLog', { filter: { actorLabel: 'system:messageSender' }, limit: 1000 });
    expect(bySystem.status).toBe(200);
    expect(bySystem.body.rows.every((row: { actorLabel: string }) => row.actorLabel === 'system:messageSender')).toBe(true);
  });
});

/**
 * Issue 29, item 6: a terminal's entries name it by its locker's code (within the reader's scope),
 * and `filter[routine]=false` leaves out the terminals' routine reports (online and offline, door
 * states, versions), written by the terminal or by the link for it, so what people did stands out.
 */
describe("the terminals' entries", () => {
  type Entry = { action: string; authorName: string | null; lockerCode: string | null; routine: boolean; entityId: string };

  async function lockerOf(company: string, code: string): Promise<{ id: string; terminalId: string }> {
    const terminalId = randomUUID();
    const { id } = ok(await owner.api.post('/ebox', { data: { name: `Armário ${code}`, code, company, enable: true, terminalId } }));
    return { id, terminalId };
  }

  function written(action: AuditAction, by: string, record: { entityName: string; entityId: string; company: string; after: object }) {
    return writeAudit(t.database.db, {
      entityName: record.entityName,
      entityId: record.entityId,
      action,
      after: record.after,
      companyIds: [record.company],
      by: { id: null, email: null, label: by },
    });
  }

  it('names a terminal by its locker’s code, hides its routine reports on request, and keeps people’s and parcel entries', async () => {
    const locker = await lockerOf(companyA, 'AUD-RJ-01');
    const terminal = `terminal:${locker.terminalId}`;
    const door = randomUUID();
    const onDoor = { entityName: 'compartiment', entityId: door, company: companyA, after: { ebox: locker.id, number: 4 } };
    const onLocker = { entityName: 'ebox', entityId: locker.id, company: companyA, after: { name: 'Armário AUD-RJ-01', status: 'online' } };
    await written('online', terminal, onLocker);
    await written('door_opened', terminal, onDoor);
    await written('parcel_deposited', terminal, { ...onDoor, after: { ...onDoor.after, orderStatus: 'COURIER_STORED' } });
    await written('door_closed', terminal, onDoor);
    await written('offline', TERMINAL_LINK_ACTOR_LABEL, onLocker);

    const all = ok(await owner.api.get('/auditLog', { filter: { actorLabel: terminal } }));
    expect(all.rows.map((row: Entry) => [row.action, row.routine])).toEqual([
      ['door_closed', true],
      ['parcel_deposited', false],
      ['door_opened', true],
      ['online', true],
    ]);
    // The terminal by its locker's code, and each entry by the locker it happened at.
    expect(new Set(all.rows.map((row: Entry) => row.authorName))).toEqual(new Set(['AUD-RJ-01']));
    expect(new Set(all.rows.map((row: Entry) => row.lockerCode))).toEqual(new Set(['AUD-RJ-01']));

    const people = ok(await owner.api.get('/auditLog', { filter: { actorLabel: terminal, routine: 'false' } }));
    expect(people.rows.map((row: Entry) => row.action)).toEqual(['parcel_deposited']);
    expect(people.count).toBe(1);
    const routine = ok(await owner.api.get('/auditLog', { filter: { actorLabel: terminal, routine: 'true' } }));
    expect(routine.rows.map((row: Entry) => row.action)).toEqual(['door_closed', 'door_opened', 'online']);

    // On the locker's own history: the person who created it stays, the terminal's and the link's status reports go.
    const history = ok(await owner.api.get('/auditLog', { filter: { entityId: locker.id, routine: 'false' } }));
    expect(history.rows.map((row: Entry) => row.action)).toEqual(['create']);
    const everything = ok(await owner.api.get('/auditLog', { filter: { entityId: locker.id } }));
    expect(everything.rows.map((row: Entry) => row.action)).toEqual(['offline', 'online', 'create']);
    // Going offline and coming back read as what happened to the locker, not as a status field edited.
    const statusQuery = `${FIELDS}&filter[entityId]=${locker.id}&filter[routine]=true`;
    const inPortuguese = await exportedRows(owner.token, statusQuery, 'pt-BR');
    expect(inPortuguese.rows.slice(1).map((row) => row[5])).toEqual(['AUD-RJ-01 ficou offline', 'AUD-RJ-01 ficou online']);
    const inEnglish = await exportedRows(owner.token, statusQuery, 'en');
    expect(inEnglish.rows.slice(1).map((row) => row[5])).toEqual(['AUD-RJ-01 went offline', 'AUD-RJ-01 came online']);

    expect((await owner.api.get('/auditLog', { filter: { routine: 'sometimes' } })).status).toBe(400);
  });

  it('exports a parcel event as a sentence by "Terminal <code>", without the routine reports when asked', async () => {
    const locker = await lockerOf(companyA, 'AUD-RJ-02');
    const terminal = `terminal:${locker.terminalId}`;
    const onDoor = { entityName: 'compartiment', entityId: randomUUID(), company: companyA, after: { ebox: locker.id, number: 7 } };
    await written('door_opened', terminal, onDoor);
    await written('parcel_taken', terminal, { ...onDoor, after: { ...onDoor.after, orderStatus: 'CUSTOMER_TAKEN' } });
    const query = `${FIELDS}&filter[actorLabel]=${encodeURIComponent(terminal)}&filter[routine]=false`;
    const { status, rows } = await exportedRows(owner.token, query, 'pt-BR');
    expect(status).toBe(200);
    expect(rows).toHaveLength(2);
    const [, entry] = rows;
    expect(entry?.[1]).toBe('Terminal AUD-RJ-02');
    expect(entry?.[4]).toBe(ptT('auditLog.actions.parcel_taken'));
    expect(entry?.[5]).toBe('Encomenda retirada da porta 7 de AUD-RJ-02 · pedido agora Retirado pelo cliente');
  });

  it("never shows another company's terminal entries, nor names a locker the reader may not see", async () => {
    const lockerA = await lockerOf(companyA, 'AUD-RJ-03');
    const terminalA = `terminal:${lockerA.terminalId}`;
    const onDoor = { entityName: 'compartiment', entityId: randomUUID(), company: companyA, after: { ebox: lockerA.id, number: 1 } };
    await written('parcel_deposited', terminalA, onDoor);
    // Company B's order moved by A's terminal (B's parcel in A's shared locker): B reads the entry, not A's locker.
    const order = randomUUID();
    await written('parcelEvent', terminalA, {
      entityName: 'order',
      entityId: order,
      company: companyB,
      after: { status: 'COURIER_STORED' },
    });

    const readerB = await t.createUser({ permissions: ['auditLogRead'], allowedCompanies: [companyB] });
    const seenByB = ok(await readerB.api.get('/auditLog', { filter: { actorLabel: terminalA } }));
    expect(seenByB.rows.map((row: Entry) => row.entityId)).toEqual([order]);
    expect(seenByB.rows[0]).toMatchObject({ authorName: null, lockerCode: null });
    expect(JSON.stringify(seenByB)).not.toContain('AUD-RJ-03');
    const routineHiddenB = ok(await readerB.api.get('/auditLog', { filter: { actorLabel: terminalA, routine: 'false' } }));
    expect(routineHiddenB.rows.map((row: Entry) => row.entityId)).toEqual([order]);

    const readerA = await t.createUser({ permissions: ['auditLogRead'], allowedCompanies: [companyA] });
    const seenByA = ok(await readerA.api.get('/auditLog', { filter: { actorLabel: terminalA, routine: 'false' } }));
    expect(seenByA.rows.map((row: Entry) => [row.entityId, row.authorName])).toEqual([[onDoor.entityId, 'AUD-RJ-03']]);
  });

  it('filters by the predicate of its partial index, which lists the domain’s routine actions', async () => {
    const { rows } = await t.database.pool.query<{ definition: string }>(
      `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indexrelid = 'audit_log_not_routine_timestamp_idx'::regclass`,
    );
    const definition = rows[0]?.definition ?? '';
    for (const action of ROUTINE_TERMINAL_ACTIONS) expect(definition).toContain(`'${action}'`);
    expect(definition).toContain(`'${TERMINAL_LINK_ACTOR_LABEL}'`);
    expect(definition).toContain(`'terminal:%'`);
  });
});
