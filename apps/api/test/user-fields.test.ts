import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/platform/db/schema';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Spec 3's remaining user fields over HTTP against a real PostgreSQL: username (unique whatever its
 * case, at most 100), the user's own company (within the caller's scope), authenticationUid (from an
 * external sign-in, never written through IAM) and useTemporaryToken, on the form's calls, the
 * import and the export.
 */

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let viewerRoleId: string;
let companyA: string;
let companyB: string;
let counter = 0;

function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url });
  owner = await t.createUser({ roles: ['owner'] });
  viewerRoleId = await t.roleId('viewer');
  companyA = (await owner.api.post('/company', { data: { name: unique('Condomínio Alfa '), type: 'building' } })).body.id;
  companyB = (await owner.api.post('/company', { data: { name: unique('Loja Beta '), type: 'shipper' } })).body.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function stored(id: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.id, id));
  return row;
}

async function roleIdsOf(id: string): Promise<string[]> {
  const found = await owner.api.get(`/iam/${id}`);
  return found.body.roles.map((role: { id: string }) => role.id);
}

describe('PUT /iam with the new fields', () => {
  it('saves username, own company and useTemporaryToken; the record, the list and /auth/me answer them', async () => {
    const ana = await t.createUser({ roles: ['viewer'] });
    const username = unique('ana.');
    const saved = await owner.api.put('/iam', {
      data: { id: ana.id, roles: [viewerRoleId], username, company: companyA, useTemporaryToken: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ username, company: { id: companyA, label: expect.stringContaining('Condomínio Alfa') } });
    expect(saved.body.useTemporaryToken).toBe(true);
    expect((await owner.api.get(`/iam/${ana.id}`)).body).toMatchObject({ username, company: { id: companyA }, useTemporaryToken: true });
    const listed = await owner.api.get('/iam/user', { filter: { username } });
    expect(listed.body).toMatchObject({ count: 1, rows: [{ id: ana.id, username, company: { id: companyA } }] });
    const byCompany = await owner.api.get('/iam/user', { filter: { company: companyA, username } });
    expect(byCompany.body.count).toBe(1);
    // The console reads the setting from the signed-in user's answer before it stores any token.
    expect((await ana.api.get('/auth/me')).body.useTemporaryToken).toBe(true);
    expect((await owner.api.get('/auth/me')).body.useTemporaryToken).toBe(false);
  });

  it('refuses a username another user holds, whatever its case, with a 409 on the field', async () => {
    const first = await t.createUser({ roles: ['viewer'] });
    const second = await t.createUser({ roles: ['viewer'] });
    const username = unique('Bruno.');
    expect((await owner.api.put('/iam', { data: { id: first.id, roles: [viewerRoleId], username } })).status).toBe(200);
    const taken = await t.client(owner.token, 'en').put('/iam', {
      data: { id: second.id, roles: [viewerRoleId], username: username.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'iam.errors.usernameTaken',
      message: `The username ${username.toUpperCase()} is already taken`,
      fields: [{ path: 'username', message: `The username ${username.toUpperCase()} is already taken` }],
    });
    const pt = await owner.api.put('/iam', { data: { id: second.id, roles: [viewerRoleId], username } });
    expect(pt.status).toBe(409);
    expect(pt.body.error.message).toBe(`O nome de usuário ${username} já está em uso`);
    expect((await stored(second.id))?.username).toBeNull();
    // Saving a user again with their own username is no conflict.
    expect((await owner.api.put('/iam', { data: { id: first.id, roles: [viewerRoleId], username } })).status).toBe(200);
  });

  it('validates the username length in the caller language', async () => {
    const someone = await t.createUser({ roles: ['viewer'] });
    const long = await owner.api.put('/iam', { data: { id: someone.id, roles: [viewerRoleId], username: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual([{ path: 'username', message: expect.stringContaining('Nome de usuário') }]);
    const en = await t
      .client(owner.token, 'en')
      .put('/iam', { data: { id: someone.id, roles: [viewerRoleId], username: 'x'.repeat(101) } });
    expect(en.body.error.fields).toEqual([{ path: 'username', message: expect.stringContaining('Username') }]);
    expect((await owner.api.put('/iam', { data: { id: someone.id, roles: [viewerRoleId], username: 'x'.repeat(100) } })).status).toBe(200);
  });

  it('never writes authenticationUid: it is shown as the external sign-in left it', async () => {
    const external = await t.createUser({ roles: ['viewer'] });
    const uid = unique('google-oauth2|');
    await t.database.db.update(user).set({ authenticationUid: uid }).where(eq(user.id, external.id));
    const edited = await owner.api.put('/iam', {
      data: { id: external.id, roles: [viewerRoleId], firstName: 'Eli', authenticationUid: 'forged' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ firstName: 'Eli', authenticationUid: uid });
    expect((await stored(external.id))?.authenticationUid).toBe(uid);
    expect((await owner.api.get(`/iam/${external.id}`)).body.authenticationUid).toBe(uid);
    const imported = await owner.api.post('/iam/import', {
      data: { email: external.email, roles: [viewerRoleId], authenticationUid: 'forged-too' },
      importHash: unique('uid-'),
    });
    expect(imported.status).toBe(200);
    expect((await stored(external.id))?.authenticationUid).toBe(uid);
  });
});

describe('the own company and the caller scope', () => {
  it('lets a caller limited to company A give only A; B and an unknown company answer as unknown', async () => {
    const manager = await t.createUser({ permissions: ['iamRead', 'iamEdit', 'iamCreate'], allowedCompanies: [companyA] });
    const member = await t.createUser({ permissions: ['iamRead'], allowedCompanies: [companyA] });
    const roles = await roleIdsOf(member.id);
    const api = t.client(manager.token, 'en');
    const outside = await api.put('/iam', { data: { id: member.id, roles, company: companyB } });
    expect(outside.status).toBe(400);
    expect(outside.body.error.fields).toEqual([{ path: 'company', message: 'Company not found' }]);
    const unknown = await api.put('/iam', { data: { id: member.id, roles, company: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(400);
    expect((await stored(member.id))?.company).toBeNull();
    const inside = await api.put('/iam', { data: { id: member.id, roles, company: companyA } });
    expect(inside.status).toBe(200);
    expect(inside.body.company).toMatchObject({ id: companyA });

    const invited = await api.post('/iam', { data: { emails: `${unique('convite')}@example.com`, roles, company: companyB } });
    expect(invited.status).toBe(400);
    expect(invited.body.error.fields).toEqual([{ path: 'company', message: 'Company not found' }]);
  });

  it('keeps a company the user already has when a limited caller saves them again', async () => {
    const member = await t.createUser({ permissions: ['iamRead'], allowedCompanies: [companyA, companyB] });
    await t.database.db.update(user).set({ company: companyB }).where(eq(user.id, member.id));
    const manager = await t.createUser({ permissions: ['iamRead', 'iamEdit'], allowedCompanies: [companyA] });
    const roles = await roleIdsOf(member.id);
    const saved = await manager.api.put('/iam', { data: { id: member.id, roles, company: companyB, firstName: 'Kai' } });
    expect(saved.status).toBe(200);
    // A company outside the caller's scope keeps its id and no name.
    expect(saved.body.company).toEqual({ id: companyB, label: companyB });
  });

  it('refuses the edit to whoever lacks iamEdit, and hides users of other companies', async () => {
    const target = await t.createUser({ roles: ['viewer'], allowedCompanies: [companyB] });
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.put('/iam', { data: { id: target.id, roles: [viewerRoleId], username: unique('v') } })).status).toBe(403);
    const limited = await t.createUser({ permissions: ['iamRead', 'iamEdit'], allowedCompanies: [companyA] });
    const hidden = await limited.api.put('/iam', { data: { id: target.id, roles: [viewerRoleId], username: unique('h') } });
    expect(hidden.status).toBe(404);
    expect((await stored(target.id))?.username).toBeNull();
  });
});

describe('import and export of the new fields', () => {
  async function readSheet(response: Response) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.getWorksheet('data')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('imports username, company by name and useTemporaryToken, refuses a taken username, and exports them all', async () => {
    const email = `${unique('importado')}@example.com`;
    const username = unique('imp.');
    const companyName = (await owner.api.get(`/company/${companyA}`)).body.name;
    const imported = await owner.api.post('/iam/import', {
      data: { email, username, company: companyName, useTemporaryToken: true, roles: [viewerRoleId] },
      importHash: unique('row-'),
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ email, username, company: { id: companyA }, useTemporaryToken: true });

    const clash = await t.client(owner.token, 'en').post('/iam/import', {
      data: { email: `${unique('outro')}@example.com`, username: username.toUpperCase(), roles: [viewerRoleId] },
      importHash: unique('row-'),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields).toEqual([{ path: 'username', message: `The username ${username.toUpperCase()} is already taken` }]);

    const uid = unique('saml|');
    await t.database.db.update(user).set({ authenticationUid: uid }).where(eq(user.id, imported.body.id));
    const query = new URLSearchParams({ 'filter[username]': username });
    for (const field of ['email', 'username', 'company', 'authenticationUid', 'useTemporaryToken']) query.append('fields[]', field);
    const response = await fetch(`${t.baseUrl}/io/api/v1/iam/user/export?${query}`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    const [header, row] = await readSheet(response);
    expect(header).toEqual(['Email', 'Username', 'Company', 'External sign-in ID', 'Keep the session in memory only']);
    expect(row?.slice(0, 4)).toEqual([email, username, companyName, uid]);
    expect(String(row?.[4])).toMatch(/^(Yes|true)$/);
  });
});
