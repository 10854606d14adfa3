import type { Permission } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Spec 5.5 around the direct checks: a user limited to one company must learn nothing about the
 * records of another company through the reads that reach them sideways (audit log, relation
 * labels, relation filters, import hashes, error answers). The limited user is invited through
 * IAM and signs in with the invitation link, as a real one would.
 */

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let companyA: string;
let companyB: string;
/** A user limited to company A, holding the permissions below. */
let scoped: TestUser['api'];
let scopedEn: TestUser['api'];
/** The role the limited user holds (grantable by them, since they hold all of it). */
let scopedRoleId: string;

const SCOPED_PERMISSIONS: Permission[] = [
  'customerRead',
  'customerCreate',
  'customerEdit',
  'customerDestroy',
  'customerImport',
  'customerAutocomplete',
  'buildingLevel2Read',
  'buildingLevel2Create',
  'buildingLevel2Edit',
  'roleRead',
  'companyRead',
  'companyEdit',
  'companyAutocomplete',
  'auditLogRead',
  'iamRead',
  'iamEdit',
  'iamImport',
];

async function inviteLimitedUser(companies: string[]): Promise<string> {
  const role = await owner.api.post('/role', { data: { name: `Operador limitado ${Math.random()}`, permissions: SCOPED_PERMISSIONS } });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  scopedRoleId = role.body.id;
  const email = `limitado.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const invited = await owner.api.post('/iam', { data: { emails: [email], roles: [role.body.id], allowedCompanies: companies } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  const { token } = linkIn(mail, '/auth/password-reset');
  const signedIn = await t.api.put('/auth/password-reset', { token, password: 'Limit3d-pass' });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn.body as string;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url });
  owner = await t.createUser({ roles: ['owner'] });
  companyA = (await owner.api.post('/company', { data: { name: 'Transportadora Alfa', type: 'carrier' } })).body.id;
  companyB = (await owner.api.post('/company', { data: { name: 'Loja Beta Sigilosa', type: 'shipper' } })).body.id;
  const token = await inviteLimitedUser([companyA]);
  scoped = t.client(token);
  scopedEn = t.client(token, 'en');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function createCustomer(name: string, company: string): Promise<string> {
  const response = await owner.api.post('/customer', { data: { name, company } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.id;
}

describe('audit log', () => {
  it("shows a limited user the history of their company's records only", async () => {
    const theirs = await createCustomer('Bruna Sigilo', companyB);
    const mine = await createCustomer('Ana Visível', companyA);
    await owner.api.put(`/customer/${theirs}`, { data: { name: 'Bruna Sigilo Editada' } });
    const role = await owner.api.post('/role', { data: { name: 'Perfil do sistema', permissions: ['customerRead'] } });

    expect((await scoped.get('/auditLog', { filter: { entityId: theirs } })).body).toEqual({ rows: [], count: 0 });
    expect((await scoped.get('/auditLog', { filter: { entityId: role.body.id } })).body.count).toBe(0);
    const all = await scoped.get('/auditLog', { limit: 1000 });
    expect(all.status).toBe(200);
    expect(JSON.stringify(all.body)).not.toContain('Bruna Sigilo');
    expect(JSON.stringify(all.body)).not.toContain('Beta Sigilosa');
    const own = await scoped.get('/auditLog', { filter: { entityId: mine } });
    expect(own.body.rows.map((row: { action: string }) => row.action)).toEqual(['create']);
    expect(own.body.rows[0].values.after.name).toBe('Ana Visível');
    // A caller with no company limit still sees everything.
    expect((await owner.api.get('/auditLog', { filter: { entityId: theirs } })).body.count).toBe(2);
  });

  it('keeps the history of a record that moved in from another company hidden', async () => {
    const moved = await createCustomer('Caio Mudou', companyB);
    await owner.api.put(`/customer/${moved}`, { data: { company: companyA } });
    expect((await scoped.get(`/customer/${moved}`)).status).toBe(200);
    expect((await scoped.get('/auditLog', { filter: { entityId: moved } })).body.count).toBe(0);
  });
});

describe('relation labels', () => {
  it("does not show the name of another company's customer in a building unit", async () => {
    const theirs = await createCustomer('Bernardo Oculto', companyB);
    const mine = await createCustomer('Alice Moradora', companyA);
    const unit = await owner.api.post('/building-level2', { data: { name: 'Apto 202 Misto', customers: [mine, theirs] } });
    expect(unit.status).toBe(200);

    const found = await scoped.get(`/building-level2/${unit.body.id}`);
    expect(found.status).toBe(200);
    expect(found.body.customers).toContainEqual({ id: mine, label: 'Alice Moradora' });
    expect(JSON.stringify(found.body)).not.toContain('Bernardo Oculto');
    const list = await scoped.get('/building-level2', { filter: { name: 'Apto 202 Misto' } });
    expect(JSON.stringify(list.body)).not.toContain('Bernardo Oculto');
    // Keeping the reference the unit already has is allowed; it reveals and changes nothing.
    const kept = await scoped.put(`/building-level2/${unit.body.id}`, {
      data: { name: 'Apto 202 Misto', customers: found.body.customers.map((c: { id: string }) => c.id) },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it("does not show another company's name on a role", async () => {
    const role = await owner.api.post('/role', { data: { name: 'Perfil da Beta', permissions: ['customerRead'], company: companyB } });
    expect(role.status).toBe(200);
    const found = await scoped.get(`/role/${role.body.id}`);
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).not.toContain('Beta Sigilosa');
    const list = await scoped.get('/role', { filter: { name: 'Perfil da Beta' } });
    expect(JSON.stringify(list.body)).not.toContain('Beta Sigilosa');
  });

  it("does not show the name of a parent company outside the caller's companies", async () => {
    const hiddenParent = await owner.api.post('/company', { data: { name: 'AAA Matriz Oculta', type: 'shipper' } });
    const child = await owner.api.put(`/company/${companyA}`, { data: { parent: hiddenParent.body.id } });
    expect(child.status).toBe(200);
    const found = await scoped.get(`/company/${companyA}`);
    expect(found.body.parent.id).toBe(hiddenParent.body.id);
    expect(JSON.stringify(found.body)).not.toContain('Matriz Oculta');
  });
});

describe('relation filters', () => {
  it("answers a filter by another company's customer as one by an unknown id", async () => {
    const theirs = await createCustomer('Bianca Filtrada', companyB);
    await owner.api.post('/building-level2', { data: { name: 'Apto 303 Beta', customers: [theirs] } });
    expect((await owner.api.get('/building-level2', { filter: { customers: theirs } })).body.count).toBe(1);
    const byTheirs = await scoped.get('/building-level2', { filter: { customers: theirs } });
    const byUnknown = await scoped.get('/building-level2', { filter: { customers: crypto.randomUUID() } });
    expect(byTheirs.status).toBe(200);
    expect(byTheirs.body).toEqual(byUnknown.body);
    expect(byTheirs.body.count).toBe(0);
  });
});

describe('import hash', () => {
  it("imports a row whose hash another company used as a fresh import, and refuses the caller's own repeat", async () => {
    const hash = `hash-compartilhado-${Math.random()}`;
    const first = await owner.api.post('/customer/import', { data: { name: 'Importado Beta', company: companyB }, importHash: hash });
    expect(first.status).toBe(200);
    const mine = await scoped.post('/customer/import', { data: { name: 'Importado Alfa', company: companyA }, importHash: hash });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const again = await scoped.post('/customer/import', { data: { name: 'Importado Alfa', company: companyA }, importHash: hash });
    expect(again.status).toBe(409);
  });
});

describe('"not yours" answers as "does not exist"', () => {
  it('answers 404 for a record id of another company, as for an unknown id', async () => {
    const theirs = await createCustomer('Bento Inexistente', companyB);
    const unknown = crypto.randomUUID();
    for (const id of [theirs, unknown]) {
      const found = await scopedEn.get(`/customer/${id}`);
      expect(found.status, id).toBe(404);
      expect((await scopedEn.put(`/customer/${id}`, { data: { name: 'Tentativa' } })).status).toBe(404);
      expect((await scopedEn.delete('/customer', { ids: [id] })).status).toBe(404);
    }
    expect((await scopedEn.get(`/customer/${theirs}`)).body).toEqual((await scopedEn.get(`/customer/${unknown}`)).body);
    expect((await owner.api.get(`/customer/${theirs}`)).body.name).toBe('Bento Inexistente');
  });

  it('answers 400 relationNotFound for a related id of another company, as for an unknown id', async () => {
    const theirs = await createCustomer('Bela Relacionada', companyB);
    const unknown = crypto.randomUUID();
    const viaTheirs = await scopedEn.post('/building-level2', { data: { name: 'Apto 404', customers: [theirs] } });
    const viaUnknown = await scopedEn.post('/building-level2', { data: { name: 'Apto 404', customers: [unknown] } });
    expect(viaTheirs.status).toBe(400);
    expect(viaTheirs.body).toEqual(viaUnknown.body);
    expect(viaTheirs.body.error.fields[0].path).toBe('customers');

    const companyTheirs = await scopedEn.post('/customer', { data: { name: 'Cliente Cruzado', company: companyB } });
    const companyUnknown = await scopedEn.post('/customer', { data: { name: 'Cliente Cruzado', company: unknown } });
    expect(companyTheirs.status).toBe(400);
    expect(companyTheirs.body).toEqual(companyUnknown.body);
    expect(companyTheirs.body.error.fields[0].path).toBe('company');
  });
});

describe('IAM', () => {
  it('shows the companies of a shared user without naming the other company, and keeps them on edit', async () => {
    const shared = await t.createUser({ allowedCompanies: [companyA, companyB], roles: ['auditLogViewer'], firstName: 'Sara' });
    const found = await scoped.get(`/iam/${shared.id}`);
    expect(found.status).toBe(200);
    expect(found.body.allowedCompanies).toContainEqual({ id: companyA, label: 'Transportadora Alfa' });
    expect(JSON.stringify(found.body)).not.toContain('Beta Sigilosa');
    const edited = await scoped.put('/iam', {
      data: {
        id: shared.id,
        firstName: 'Sara Editada',
        roles: found.body.roles.map((r: { id: string }) => r.id),
        allowedCompanies: found.body.allowedCompanies.map((c: { id: string }) => c.id),
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.allowedCompanies.map((c: { id: string }) => c.id).sort()).toEqual([companyA, companyB].sort());
  });

  it('answers a user of another company as an unknown one, and another company as an unknown company', async () => {
    const theirs = await t.createUser({ allowedCompanies: [companyB] });
    const mine = await t.createUser({ allowedCompanies: [companyA] });
    const unknown = crypto.randomUUID();
    const userTheirs = await scopedEn.get(`/iam/${theirs.id}`);
    expect(userTheirs.status).toBe(404);
    expect(userTheirs.body).toEqual((await scopedEn.get(`/iam/${unknown}`)).body);
    const statusTheirs = await scopedEn.put('/iam/status', { ids: [theirs.id], disabled: true });
    expect(statusTheirs.status).toBe(404);
    expect(statusTheirs.body).toEqual((await scopedEn.put('/iam/status', { ids: [unknown], disabled: true })).body);

    const edit = (company: string) =>
      scopedEn.put('/iam', { data: { id: mine.id, roles: [scopedRoleId], allowedCompanies: [companyA, company] } });
    const addTheirs = await edit(companyB);
    expect(addTheirs.status).toBe(400);
    expect(addTheirs.body).toEqual((await edit(unknown)).body);
  });

  it("imports a user whose import hash another company's administrator used as a fresh import", async () => {
    const hash = `hash-usuario-${Math.random()}`;
    const first = await owner.api.post('/iam/import', {
      data: { email: `beta.${Math.random().toString(36).slice(2, 7)}@example.com`, roles: [scopedRoleId] },
      importHash: hash,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const row = { email: `alfa.${Math.random().toString(36).slice(2, 7)}@example.com`, roles: [scopedRoleId] };
    const mine = await scoped.post('/iam/import', { data: row, importHash: hash });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect((await scoped.post('/iam/import', { data: row, importHash: hash })).status).toBe(409);
  });
});
