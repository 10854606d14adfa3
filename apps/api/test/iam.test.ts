import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, user } from '../src/platform/db/schema';
import { linkIn, type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/** Spec 7.2 over HTTP against a real PostgreSQL, invitations read from a real SMTP server. */

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let ownerRoleId: string;
let viewerRoleId: string;
let editorRoleId: string;
let companyA: string;
let companyB: string;
let counter = 0;

function newEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Math.random().toString(36).slice(2, 6)}@example.com`;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url });
  owner = await t.createUser({ roles: ['owner'], email: newEmail('owner'), firstName: 'Olga', lastName: 'Dona' });
  ownerRoleId = await t.roleId('owner');
  viewerRoleId = await t.roleId('viewer');
  editorRoleId = await t.roleId('editor');
  const a = await owner.api.post('/company', { data: { name: 'Transportadora Alfa', type: 'carrier' } });
  const b = await owner.api.post('/company', { data: { name: 'Loja Beta', type: 'shipper' } });
  expect(a.status).toBe(200);
  companyA = a.body.id;
  companyB = b.body.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function auditOf(userId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, userId)).orderBy(desc(auditLog.timestamp));
}

async function storedUser(email: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  return row;
}

describe('GET /iam/user', () => {
  it('filters, sorts and pages users on the server, answering rows and count', async () => {
    const tag = `list${Date.now().toString(36)}`;
    const ana = await t.createUser({ email: `${tag}.ana@example.com`, firstName: 'Ana', lastName: 'Souza', roles: ['viewer'] });
    const bia = await t.createUser({
      email: `${tag}.bia@example.com`,
      firstName: 'Bia',
      lastName: 'Lima',
      roles: ['editor'],
      disabled: true,
    });
    await t.createUser({ email: `${tag}.caio@example.com`, firstName: 'Caio', roles: ['viewer', 'editor'] });

    const all = await owner.api.get('/iam/user', { filter: { email: tag }, orderBy: 'email_ASC' });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.rows.map((row: { email: string }) => row.email)).toEqual([
      `${tag}.ana@example.com`,
      `${tag}.bia@example.com`,
      `${tag}.caio@example.com`,
    ]);
    expect(all.body.rows[0]).toEqual({
      id: ana.id,
      email: ana.email,
      fullName: 'Ana Souza',
      firstName: 'Ana',
      lastName: 'Souza',
      phoneNumber: null,
      username: null,
      company: null,
      authenticationUid: null,
      useTemporaryToken: false,
      avatars: [],
      roles: [{ id: viewerRoleId, name: 'viewer' }],
      disabled: false,
      status: 'enabled',
      emailVerified: true,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });

    const page = await owner.api.get('/iam/user', { filter: { email: tag }, orderBy: 'email_DESC', limit: 1, offset: 1 });
    expect(page.body).toMatchObject({ count: 3, rows: [{ email: bia.email }] });
    const byName = await owner.api.get('/iam/user', { filter: { fullName: 'souza' } });
    expect(byName.body.rows.map((row: { id: string }) => row.id)).toEqual([ana.id]);
    const editors = await owner.api.get('/iam/user', { filter: { email: tag, roles: [editorRoleId] }, orderBy: 'email_ASC' });
    expect(editors.body.rows.map((row: { email: string }) => row.email)).toEqual([bia.email, `${tag}.caio@example.com`]);
    const disabled = await owner.api.get('/iam/user', { filter: { email: tag, status: 'disabled' } });
    expect(disabled.body).toMatchObject({ count: 1, rows: [{ id: bia.id, status: 'disabled', disabled: true }] });
    // Status sorts by the word shown (pt-BR: Ativo, Convite pendente, Desativado).
    const enabledFirst = await owner.api.get('/iam/user', { filter: { email: tag }, orderBy: 'status_ASC' });
    expect(enabledFirst.body.rows.at(-1).id).toBe(bia.id);
  });

  it('refuses unknown filters and sorting', async () => {
    const filter = await t.client(owner.token, 'en').get('/iam/user', { filter: { passwordHash: 'x' } });
    expect(filter.status).toBe(400);
    expect(filter.body.error.message).toBe('Invalid filter: passwordHash');
    expect((await owner.api.get('/iam/user', { filter: { status: 'sleeping' } })).status).toBe(400);
    expect((await owner.api.get('/iam/user', { orderBy: 'password_hash_ASC' })).status).toBe(400);
  });

  it('needs iamRead and a verified email', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    const denied = await t.client(viewer.token, 'en').get('/iam/user');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Forbidden');
    const unverified = await t.createUser({ permissions: ['iamRead'], emailVerified: false });
    expect((await unverified.api.get('/iam/user')).status).toBe(403);
    expect((await t.api.get('/iam/user')).status).toBe(401);
  });
});

describe('GET /iam/user/export', () => {
  async function readSheet(response: Response) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('data');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('streams the filtered users as xlsx with translated headers and values', async () => {
    const tag = `export${Date.now().toString(36)}`;
    await t.createUser({ email: `${tag}.one@example.com`, firstName: 'Eva', lastName: 'Prado', roles: ['viewer', 'editor'] });
    await t.createUser({ email: `${tag}.two@example.com`, disabled: true });
    const query = new URLSearchParams({ 'filter[email]': tag, orderBy: 'email_ASC' });
    for (const field of ['email', 'fullName', 'roles', 'status']) query.append('fields[]', field);

    const pt = await fetch(`${t.baseUrl}/io/api/v1/iam/user/export?${query}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(pt.status).toBe(200);
    expect(pt.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(pt.headers.get('content-disposition') ?? '')).toMatch(/Usuários_\d{14}\.xlsx/);
    expect(await readSheet(pt)).toEqual([
      ['E-mail', 'Nome completo', 'Perfis', 'Status'],
      [`${tag}.one@example.com`, 'Eva Prado', expect.stringMatching(/^(Leitor, Editor|Editor, Leitor)$/), 'Ativo'],
      [`${tag}.two@example.com`, undefined, undefined, 'Desativado'],
    ]);

    const en = await fetch(`${t.baseUrl}/io/api/v1/iam/user/export?${query}`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en' },
    });
    const [header, first] = await readSheet(en);
    expect(header).toEqual(['Email', 'Full name', 'Roles', 'Status']);
    // Predefined roles read by their translated names, never their keys ('viewer').
    expect(first?.[2]).toMatch(/^(Viewer, Editor|Editor, Viewer)$/);
    expect(first?.[3]).toBe('Enabled');
  });

  it('asks for a column to export without fields, and 403 without iamRead', async () => {
    const none = await t.client(owner.token, 'en').get('/iam/user/export');
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('exporterFields is required');
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.get('/iam/user/export', { fields: ['email'] })).status).toBe(403);
  });
});

describe('GET /iam/user/autocomplete', () => {
  it('finds users by name or email, labelled with display name and email', async () => {
    const tag = `auto${Date.now().toString(36)}`;
    const found = await t.createUser({ email: `${tag}@example.com`, firstName: 'Rita', lastName: 'Autocompleta' });
    const picker = await t.createUser({ permissions: ['iamUserAutocomplete'] });
    const byName = await picker.api.get('/iam/user/autocomplete', { query: 'autocompleta', limit: 5 });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([{ id: found.id, label: `Rita Autocompleta <${tag}@example.com>` }]);
    const byEmail = await owner.api.get('/iam/user/autocomplete', { query: tag });
    expect(byEmail.body.map((item: { id: string }) => item.id)).toEqual([found.id]);
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.get('/iam/user/autocomplete', { query: tag })).status).toBe(403);
  });
});

describe('GET /iam/role', () => {
  it('lists roles with their users as a plain list, filtered by role id or name and sorted by name', async () => {
    const holder = await t.createUser({ email: newEmail('auditor'), roles: ['auditLogViewer'] });
    const auditRoleId = await t.roleId('auditLogViewer');
    const tree = await owner.api.get('/iam/role', { orderBy: 'name_ASC', limit: 0, offset: 0 });
    expect(tree.status).toBe(200);
    const names = tree.body.map((entry: { role: { name: string } }) => entry.role.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const ownerEntry = tree.body.find((entry: { role: { id: string } }) => entry.role.id === ownerRoleId);
    expect(ownerEntry.users).toContainEqual({
      id: owner.id,
      email: owner.email,
      fullName: 'Olga Dona',
      disabled: false,
      status: 'enabled',
    });

    const byId = await owner.api.get('/iam/role', { filter: { role: auditRoleId } });
    expect(byId.body).toEqual([
      {
        role: { id: auditRoleId, name: 'auditLogViewer', description: null },
        users: [{ id: holder.id, email: holder.email, fullName: null, disabled: false, status: 'enabled' }],
      },
    ]);
    const byName = await owner.api.get('/iam/role', { filter: { role: 'auditlog' } });
    expect(byName.body.map((entry: { role: { id: string } }) => entry.role.id)).toEqual([auditRoleId]);
    const descending = await owner.api.get('/iam/role', { orderBy: 'name_DESC' });
    expect(descending.body[0].role.name.localeCompare(descending.body.at(-1).role.name)).toBeGreaterThan(0);
    expect((await owner.api.get('/iam/role', { orderBy: 'users_ASC' })).status).toBe(400);
    expect((await (await t.createUser({ roles: ['viewer'] })).api.get('/iam/role')).status).toBe(403);
  });
});

describe('GET /iam/:id', () => {
  it('answers the user with the companies it is limited to, 404 when unknown', async () => {
    const limited = await t.createUser({ email: newEmail(), roles: ['viewer'], allowedCompanies: [companyA] });
    const found = await owner.api.get(`/iam/${limited.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      id: limited.id,
      email: limited.email,
      roles: [{ id: viewerRoleId, name: 'viewer' }],
      allowedCompanies: [{ id: companyA, label: 'Transportadora Alfa' }],
    });
    const missing = await owner.api.get('/iam/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Usuário não encontrado');
    const missingEn = await t.client(owner.token, 'en').get('/iam/00000000-0000-4000-8000-000000000000');
    expect(missingEn.body.error.message).toBe('User not found');
    expect((await owner.api.get('/iam/not-a-uuid')).status).toBe(400);
  });
});

describe('POST /iam (invite)', () => {
  it('creates new users with an invitation mail whose link sets the password, and adds the roles to existing users', async () => {
    const fresh = newEmail('invited');
    const existing = await t.createUser({ email: newEmail('existing'), roles: ['auditLogViewer'] });
    const response = await t
      .client(owner.token, 'en')
      .post('/iam', { data: { emails: [fresh.toUpperCase(), existing.email], roles: [viewerRoleId], allowedCompanies: [companyA] } });
    expect(response.status).toBe(200);
    expect(response.body).toBe(true);

    const created = await storedUser(fresh);
    expect(created).toMatchObject({ roles: [viewerRoleId], allowedCompanies: [companyA], emailVerified: false, passwordHash: null });
    const kept = await owner.api.get(`/iam/${existing.id}`);
    expect(kept.body.roles.map((role: { name: string }) => role.name).sort()).toEqual(['auditLogViewer', 'viewer']);
    expect(kept.body.allowedCompanies).toEqual([]);

    const mail = await smtp.waitFor((m) => m.to.includes(fresh));
    expect(mail.subject).toBe('You have been invited to Ebox Console');
    expect(mail.text).toContain('Olga Dona invited you');
    expect(smtp.messages.some((m) => m.to.includes(existing.email))).toBe(false);
    const { token } = linkIn(mail, '/auth/password-reset');
    const signedIn = await t.api.put('/auth/password-reset', { token, password: 'Inv1ted-pass' });
    expect(signedIn.status).toBe(200);
    const me = await t.client(signedIn.body).get('/auth/me');
    expect(me.body).toMatchObject({ email: fresh, emailVerified: true, roles: [{ name: 'viewer' }] });
    expect(me.body.permissions).toContain('customerRead');

    expect((await auditOf(created?.id ?? '')).map((row) => row.action)).toEqual(['passwordReset', 'create']);
    const [latest] = await auditOf(existing.id);
    expect(latest).toMatchObject({ action: 'update', createdByEmail: owner.email });
  });

  it("checks each email ('Email {value} is invalid'), the roles and the companies", async () => {
    const bad = await owner.api.post('/iam', { data: { emails: [newEmail(), 'not-an-email'], roles: [viewerRoleId] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'emails.1', message: 'O e-mail not-an-email é inválido' }]);
    const commas = await t.client(owner.token, 'en').post('/iam', { data: { emails: `${newEmail()}, nope@`, roles: [viewerRoleId] } });
    expect(commas.body.error.message).toBe('Email nope@ is invalid');
    const noEmails = await owner.api.post('/iam', { data: { emails: [], roles: [viewerRoleId] } });
    expect(noEmails.body.error.fields).toEqual([{ path: 'emails', message: 'O campo E-mails é obrigatório' }]);
    const noRoles = await owner.api.post('/iam', { data: { emails: [newEmail()] } });
    expect(noRoles.body.error.fields).toEqual([{ path: 'roles', message: 'Informe pelo menos um item no campo Perfis' }]);
    const unknownRole = await owner.api.post('/iam', { data: { emails: [newEmail()], roles: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.error.message).toBe('Perfil não encontrado');
    const unknownCompany = await t.client(owner.token, 'en').post('/iam', {
      data: { emails: [newEmail()], roles: [viewerRoleId], allowedCompanies: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknownCompany.status).toBe(400);
    expect(unknownCompany.body.error).toMatchObject({ message: 'Company not found', fields: [{ path: 'allowedCompanies' }] });
    expect((await owner.api.raw('POST', '/iam', '{"data": {"emails": [')).status).toBe(400);
    expect((await owner.api.post('/iam', { emails: [newEmail()] })).status).toBe(400);
  });

  it('lets a caller grant only roles whose permissions they hold', async () => {
    const creator = await t.createUser({ roles: ['companyUserCreator'] });
    const escalate = await t.client(creator.token, 'en').post('/iam', { data: { emails: [creator.email], roles: [ownerRoleId] } });
    expect(escalate.status).toBe(400);
    expect(escalate.body.error.message).toBe("You can't grant the role owner: it has permissions you don't hold");
    expect((await storedUser(creator.email))?.roles).not.toContain(ownerRoleId);
  });

  it('needs iamCreate', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.post('/iam', { data: { emails: [newEmail()], roles: [viewerRoleId] } })).status).toBe(403);
    expect((await t.api.post('/iam', { data: { emails: [newEmail()], roles: [viewerRoleId] } })).status).toBe(401);
  });
});

describe('PUT /iam (edit)', () => {
  it('changes names, phone, roles and companies, audited', async () => {
    const target = await t.createUser({ email: newEmail(), roles: ['viewer'] });
    const response = await owner.api.put('/iam', {
      data: {
        id: target.id,
        firstName: 'Lia',
        lastName: 'Mendes',
        phoneNumber: '5521977776666',
        roles: [editorRoleId],
        allowedCompanies: [companyB],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: target.id,
      fullName: 'Lia Mendes',
      phoneNumber: '5521977776666',
      roles: [{ id: editorRoleId, name: 'editor' }],
      allowedCompanies: [{ id: companyB, label: 'Loja Beta' }],
    });
    const me = await target.api.get('/auth/me');
    expect(me.body.permissions).toContain('customerEdit');
    const [latest] = await auditOf(target.id);
    expect(latest).toMatchObject({ action: 'update', createdByEmail: owner.email });
    expect(latest?.values).toMatchObject({ before: { roles: [viewerRoleId] }, after: { roles: [editorRoleId], fullName: 'Lia Mendes' } });
  });

  it('refuses bad input, unknown users and revoking your own owner role', async () => {
    const target = await t.createUser({ email: newEmail(), roles: ['viewer'] });
    const long = await owner.api.put('/iam', { data: { id: target.id, firstName: 'x'.repeat(81), roles: [viewerRoleId] } });
    expect(long.body.error.fields).toEqual([{ path: 'firstName', message: 'O campo Nome deve ter no máximo 80 caracteres' }]);
    const phone = await owner.api.put('/iam', { data: { id: target.id, phoneNumber: 'abc', roles: [viewerRoleId] } });
    expect(phone.body.error.fields).toEqual([
      { path: 'phoneNumber', message: 'O campo Telefone deve ser um celular com DDD, como (11) 98765-4321' },
    ]);
    // Typed as the console's mask shows it, a phone is stored cleaned, like a customer's cellphone.
    const masked = await owner.api.put('/iam', { data: { id: target.id, phoneNumber: '(21) 98765-4321', roles: [viewerRoleId] } });
    expect(masked.status).toBe(200);
    expect((await owner.api.get(`/iam/${target.id}`)).body.phoneNumber).toBe('5521987654321');
    const unknown = await owner.api.put('/iam', { data: { id: '00000000-0000-4000-8000-000000000000', roles: [viewerRoleId] } });
    expect(unknown.status).toBe(404);

    const self = await owner.api.put('/iam', { data: { id: owner.id, firstName: 'Olga', roles: [viewerRoleId] } });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('Você não pode revogar sua própria permissão de proprietário');
    const keepsOwner = await owner.api.put('/iam', { data: { id: owner.id, firstName: 'Olga', lastName: 'Dona', roles: [ownerRoleId] } });
    expect(keepsOwner.status).toBe(200);
  });

  it('lets an iamEdit holder grant only roles whose permissions they hold', async () => {
    const editor = await t.createUser({ permissions: ['iamRead', 'iamEdit'] });
    const target = await t.createUser({ email: newEmail('plain') });
    const escalate = await t.client(editor.token, 'en').put('/iam', { data: { id: target.id, roles: [ownerRoleId] } });
    expect(escalate.status).toBe(400);
    expect(escalate.body.error.fields).toEqual([
      { path: 'roles', message: "You can't grant the role owner: it has permissions you don't hold" },
    ]);
    expect((await storedUser(target.email))?.roles).toEqual([]);
    expect(await auditOf(target.id)).toEqual([]);
  });

  it('needs iamEdit', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.put('/iam', { data: { id: viewer.id, roles: [viewerRoleId] } })).status).toBe(403);
  });
});

describe('PUT /iam/status', () => {
  it('disables users (their sessions end and they cannot sign in) and enables them again', async () => {
    const one = await t.createUser({ email: newEmail(), roles: ['viewer'] });
    const two = await t.createUser({ email: newEmail(), roles: ['viewer'] });
    const disabled = await owner.api.put('/iam/status', { ids: [one.id, two.id], disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toBe(true);
    expect((await one.api.get('/auth/me')).status).toBe(401);
    const signIn = await t.client(undefined, 'en').post('/auth/sign-in', { email: two.email, password: two.password });
    expect(signIn.body.error.message).toBe('Your account is disabled');

    expect((await owner.api.put('/iam/status', { ids: [one.id], disabled: false })).status).toBe(200);
    // Enabled again, they sign in afresh: a token issued before they were disabled stays dead.
    expect((await one.api.get('/auth/me')).status).toBe(401);
    const again = await t.api.post('/auth/sign-in', { email: one.email, password: one.password });
    expect(again.status).toBe(200);
    expect((await t.client(again.body).get('/auth/me')).status).toBe(200);
    expect((await auditOf(one.id)).map((row) => row.action)).toEqual(['update', 'update']);
  });

  it('refuses to disable yourself, unknown users and bad bodies', async () => {
    const other = await t.createUser({ email: newEmail() });
    const self = await owner.api.put('/iam/status', { ids: [other.id, owner.id], disabled: true });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('Você não pode desativar a si mesmo');
    const selfEn = await t.client(owner.token, 'en').put('/iam/status', { ids: [owner.id], disabled: true });
    expect(selfEn.body.error.message).toBe("You can't disable yourself");
    expect((await other.api.get('/auth/me')).status).toBe(200);
    expect((await owner.api.put('/iam/status', { ids: [owner.id], disabled: false })).status).toBe(200);

    expect((await owner.api.put('/iam/status', { ids: ['00000000-0000-4000-8000-000000000000'], disabled: true })).status).toBe(404);
    const missing = await owner.api.put('/iam/status', { ids: [other.id] });
    expect(missing.body.error.fields).toEqual([{ path: 'disabled', message: 'O campo Desativado é obrigatório' }]);
    expect((await owner.api.put('/iam/status', { ids: [], disabled: true })).status).toBe(400);
    expect((await owner.api.raw('PUT', '/iam/status', '{"ids": ')).status).toBe(400);
  });

  it('needs iamEdit', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.put('/iam/status', { ids: [viewer.id], disabled: false })).status).toBe(403);
  });
});

describe('DELETE /iam (remove roles)', () => {
  it('removes the given roles, or all of them, from users chosen by email', async () => {
    const one = await t.createUser({ email: newEmail(), roles: ['viewer', 'editor'] });
    const two = await t.createUser({ email: newEmail(), roles: ['viewer', 'auditLogViewer'] });
    const removed = await owner.api.delete('/iam', { emails: [one.email, two.email.toUpperCase()], roles: [viewerRoleId] });
    expect(removed.status).toBe(200);
    expect((await storedUser(one.email))?.roles).toEqual([editorRoleId]);
    expect((await storedUser(two.email))?.roles).toEqual([await t.roleId('auditLogViewer')]);
    const [latest] = await auditOf(one.id);
    expect(latest).toMatchObject({
      action: 'rolesRemove',
      values: { before: { roles: [viewerRoleId, editorRoleId] }, after: { roles: [editorRoleId] } },
    });

    expect((await owner.api.delete('/iam', { emails: [one.email], all: true })).status).toBe(200);
    const me = await one.api.get('/auth/me');
    expect(me.body).toMatchObject({ roles: [], permissions: [] });
  });

  it('refuses to revoke your own owner role, and bad or empty requests', async () => {
    const own = await t.client(owner.token, 'en').delete('/iam', { emails: [owner.email], roles: [ownerRoleId] });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe("You can't revoke your own owner permission");
    const ownAll = await owner.api.delete('/iam', { emails: [owner.email], all: 'true' });
    expect(ownAll.body.error.message).toBe('Você não pode revogar sua própria permissão de proprietário');
    expect((await storedUser(owner.email))?.roles).toEqual([ownerRoleId]);

    const other = await t.createUser({ email: newEmail(), roles: ['viewer'] });
    const invalid = await owner.api.delete('/iam', { emails: [other.email, 'bad@'], roles: [viewerRoleId] });
    expect(invalid.body.error.message).toBe('O e-mail bad@ é inválido');
    const nothing = await t.client(owner.token, 'en').delete('/iam', { emails: [other.email] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe('Choose the roles to remove or remove all of them');
    expect((await owner.api.delete('/iam', { emails: [newEmail()], roles: [viewerRoleId] })).status).toBe(404);
    expect((await storedUser(other.email))?.roles).toEqual([viewerRoleId]);
  });

  it('needs iamDestroy', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.delete('/iam', { emails: [viewer.email], all: true })).status).toBe(403);
  });
});

describe('POST /iam/import', () => {
  it('imports a row once: a new user is invited, the same hash again is refused', async () => {
    const email = newEmail('imported');
    const row = { email, firstName: 'Ivo', lastName: 'Importado', phoneNumber: '5511955554444', roles: viewerRoleId };
    const first = await owner.api.post('/iam/import', { data: row, importHash: `hash-${email}` });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email, fullName: 'Ivo Importado', phoneNumber: '5511955554444', roles: [{ id: viewerRoleId }] });
    await smtp.waitFor((m) => m.to.includes(email));
    const again = await owner.api.post('/iam/import', { data: row, importHash: `hash-${email}` });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Os dados já foram importados');
    const [latest] = await auditOf(first.body.id);
    expect(latest?.action).toBe('import');
  });

  it('adds the roles of a row to an existing user', async () => {
    const existing = await t.createUser({ email: newEmail(), roles: ['auditLogViewer'] });
    const imported = await owner.api.post('/iam/import', {
      data: { email: existing.email, roles: [editorRoleId] },
      importHash: `h-${existing.id}`,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.roles.map((role: { name: string }) => role.name).sort()).toEqual(['auditLogViewer', 'editor']);
  });

  it('validates the row and needs a hash and iamImport', async () => {
    const noHash = await t.client(owner.token, 'en').post('/iam/import', { data: { email: newEmail(), roles: [viewerRoleId] } });
    expect(noHash.status).toBe(400);
    expect(noHash.body.error.message).toBe('Import hash is required');
    const bad = await owner.api.post('/iam/import', { data: { email: 'nope', roles: [viewerRoleId] }, importHash: 'bad-row-1' });
    expect(bad.body.error.fields).toEqual([{ path: 'email', message: 'O campo E-mail deve ser um e-mail válido' }]);
    const noRoles = await owner.api.post('/iam/import', { data: { email: newEmail() }, importHash: 'bad-row-2' });
    expect(noRoles.body.error.fields).toEqual([{ path: 'roles', message: 'Informe pelo menos um item no campo Perfis' }]);
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.post('/iam/import', { data: { email: newEmail(), roles: [viewerRoleId] }, importHash: 'x' })).status).toBe(
      403,
    );
  });

  it('lets an importer grant only roles whose permissions they hold, to new and existing users', async () => {
    const importer = await t.createUser({ permissions: ['iamImport', 'iamRead'] });
    const fresh = newEmail('imported.owner');
    const created = await t.client(importer.token, 'en').post('/iam/import', {
      data: { email: fresh, roles: [ownerRoleId] },
      importHash: `owner-${fresh}`,
    });
    expect(created.status).toBe(400);
    expect(created.body.error.fields).toEqual([
      { path: 'roles', message: "You can't grant the role owner: it has permissions you don't hold" },
    ]);
    expect(await storedUser(fresh)).toBeUndefined();
    const existing = await t.createUser({ email: newEmail('plain') });
    const raised = await importer.api.post('/iam/import', {
      data: { email: existing.email, roles: [ownerRoleId] },
      importHash: `owner-${existing.id}`,
    });
    expect(raised.status).toBe(400);
    expect((await storedUser(existing.email))?.roles).toEqual([]);
  });
});

describe('company scope (spec 5.5)', () => {
  it('limits a company administrator to users of their companies', async () => {
    const admin = await t.createUser({
      permissions: ['iamRead', 'iamCreate', 'iamEdit', 'customerRead'],
      allowedCompanies: [companyA],
    });
    const mine = await t.createUser({ email: newEmail('mine'), allowedCompanies: [companyA] });
    const theirs = await t.createUser({ email: newEmail('theirs'), allowedCompanies: [companyB] });

    const list = await admin.api.get('/iam/user', { limit: 100 });
    const ids = list.body.rows.map((row: { id: string }) => row.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(owner.id);
    // Users of other companies answer as unknown ones (spec 5.5).
    expect((await admin.api.get(`/iam/${theirs.id}`)).status).toBe(404);
    expect((await admin.api.put('/iam/status', { ids: [theirs.id], disabled: true })).status).toBe(404);

    const customRole = (await storedUser(admin.email))?.roles[0] as string;
    const editTheirs = await admin.api.put('/iam', { data: { id: theirs.id, firstName: 'Alheio', roles: [customRole] } });
    expect(editTheirs.status).toBe(404);
    expect(editTheirs.body).toEqual((await admin.api.put('/iam', { data: { id: crypto.randomUUID(), roles: [customRole] } })).body);
    expect(await storedUser(theirs.email)).toMatchObject({ firstName: null, allowedCompanies: [companyB] });
    const outside = await admin.api.post('/iam', { data: { emails: [newEmail()], roles: [customRole], allowedCompanies: [companyB] } });
    expect(outside.status).toBe(400);
    expect(outside.body.error.fields).toEqual([{ path: 'allowedCompanies', message: 'Empresa não encontrada' }]);
    const invited = newEmail('scoped');
    expect((await admin.api.post('/iam', { data: { emails: [invited], roles: [customRole] } })).status).toBe(200);
    expect((await storedUser(invited))?.allowedCompanies).toEqual([companyA]);
  });
});

describe('nobody lowers a user who holds permissions they do not (issue 6)', () => {
  let reviewer: TestUser;
  let target: TestUser;
  const outranked = 'Você não pode alterar {{email}}: essa pessoa tem permissões que você não tem';
  beforeAll(async () => {
    reviewer = await t.createUser({ roles: ['iamSecurityReviewer'], email: newEmail('reviewer') });
    target = await t.createUser({ roles: ['owner'], email: newEmail('second.owner'), phoneNumber: '5521911112222' });
  });

  async function expectUnchanged() {
    const row = await storedUser(target.email);
    expect(row).toMatchObject({ disabled: false, roles: [ownerRoleId], phoneNumber: '5521911112222', allowedCompanies: [] });
    expect((await target.api.get('/auth/me')).status).toBe(200);
  }

  it('refuses an iamSecurityReviewer disabling an owner, with a translated message', async () => {
    const disable = await reviewer.api.put('/iam/status', { ids: [target.id], disabled: true });
    expect(disable.status).toBe(403);
    expect(disable.body.error.message).toBe(outranked.replace('{{email}}', target.email));
    const english = await t.client(reviewer.token, 'en').put('/iam/status', { ids: [target.id], disabled: true });
    expect(english.body.error.message).toBe(`You can't change ${target.email}: they hold permissions you don't hold`);
    await expectUnchanged();
  });

  it('refuses removing the roles of an owner, one or all', async () => {
    expect((await reviewer.api.delete('/iam', { emails: [target.email], all: true })).status).toBe(403);
    expect((await reviewer.api.delete('/iam', { emails: [target.email], roles: [ownerRoleId] })).status).toBe(403);
    await expectUnchanged();
  });

  it('refuses editing an owner: roles, phone (a reset SMS would go there) or companies', async () => {
    const roles = await reviewer.api.put('/iam', { data: { id: target.id, roles: [] } });
    expect(roles.status).toBe(400);
    const keepRoles = await reviewer.api.put('/iam', { data: { id: target.id, roles: [ownerRoleId], phoneNumber: '5521999990000' } });
    expect(keepRoles.status).toBe(403);
    expect(keepRoles.body.error.message).toBe(outranked.replace('{{email}}', target.email));
    const companies = await reviewer.api.put('/iam', { data: { id: target.id, roles: [ownerRoleId], allowedCompanies: [companyA] } });
    expect(companies.status).toBe(403);
    await expectUnchanged();
  });

  it('refuses the same through import and invitation', async () => {
    const importer = await t.createUser({ permissions: ['iamImport', 'iamCreate', 'iamRead'] });
    const imported = await importer.api.post('/iam/import', {
      data: { email: target.email, phoneNumber: '5521999990000', roles: [], allowedCompanies: [companyA] },
      importHash: `lower-${target.id}`,
    });
    expect([400, 403]).toContain(imported.status);
    const withRole = (await storedUser(importer.email))?.roles[0] as string;
    const importedWithRole = await importer.api.post('/iam/import', {
      data: { email: target.email, phoneNumber: '5521999990000', roles: [withRole], allowedCompanies: [companyA] },
      importHash: `lower2-${target.id}`,
    });
    expect(importedWithRole.status).toBe(403);
    const invited = await importer.api.post('/iam', { data: { emails: [target.email], roles: [withRole] } });
    expect(invited.status).toBe(403);
    await expectUnchanged();
  });

  it('still lets the reviewer manage users holding no more than they do, and an owner manage anyone', async () => {
    const peer = await t.createUser({ roles: ['iamSecurityReviewer'], email: newEmail('peer') });
    expect((await reviewer.api.put('/iam/status', { ids: [peer.id], disabled: true })).status).toBe(200);
    expect((await reviewer.api.put('/iam/status', { ids: [peer.id], disabled: false })).status).toBe(200);
    expect((await reviewer.api.delete('/iam', { emails: [peer.email], all: true })).status).toBe(200);
    // One outranking user in a batch refuses the whole batch.
    const other = await t.createUser({ email: newEmail('plain') });
    expect((await reviewer.api.put('/iam/status', { ids: [other.id, target.id], disabled: true })).status).toBe(403);
    expect((await storedUser(other.email))?.disabled).toBe(false);
    expect((await owner.api.put('/iam/status', { ids: [target.id], disabled: true })).status).toBe(200);
    expect((await owner.api.put('/iam/status', { ids: [target.id], disabled: false })).status).toBe(200);
  });
});

describe('every IAM write keeps the grantable-roles rule and the company scope', () => {
  it('PUT /iam refuses an iamEdit holder granting owner, and lets them grant what they hold', async () => {
    const editor = await t.createUser({ permissions: ['iamRead', 'iamEdit'] });
    const ownRoleId = await t.roleId(`custom-${editor.email}`);
    const target = await t.createUser({ email: newEmail('target') });
    const escalate = await t.client(editor.token, 'en').put('/iam', { data: { id: target.id, roles: [ownerRoleId] } });
    expect(escalate.status).toBe(400);
    expect(escalate.body.error.message).toBe("You can't grant the role owner: it has permissions you don't hold");
    expect((await storedUser(target.email))?.roles).toEqual([]);
    expect((await target.api.get('/auth/me')).body.permissions).toEqual([]);

    const granted = await editor.api.put('/iam', { data: { id: target.id, roles: [ownRoleId] } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await storedUser(target.email))?.roles).toEqual([ownRoleId]);
  });

  it('PUT /iam answers a user of another company as an unknown one and changes nothing', async () => {
    const admin = await t.createUser({ permissions: ['iamRead', 'iamEdit'], allowedCompanies: [companyA] });
    const adminRoleId = await t.roleId(`custom-${admin.email}`);
    const theirs = await t.createUser({ email: newEmail('theirs'), allowedCompanies: [companyB], firstName: 'Beatriz' });
    const edit = (id: string) => t.client(admin.token, 'en').put('/iam', { data: { id, firstName: 'Alterada', roles: [adminRoleId] } });
    const response = await edit(theirs.id);
    expect(response.status).toBe(404);
    expect(response.body).toEqual((await edit(crypto.randomUUID())).body);
    expect(await storedUser(theirs.email)).toMatchObject({ firstName: 'Beatriz', allowedCompanies: [companyB] });

    // A user of the admin's company cannot be moved to every company (no limit) nor to another one.
    const mine = await t.createUser({ email: newEmail('mine'), allowedCompanies: [companyA] });
    expect((await admin.api.put('/iam', { data: { id: mine.id, roles: [adminRoleId], allowedCompanies: [] } })).status).toBe(403);
    expect((await admin.api.put('/iam', { data: { id: mine.id, roles: [adminRoleId], allowedCompanies: [companyB] } })).status).toBe(400);
    expect((await storedUser(mine.email))?.allowedCompanies).toEqual([companyA]);
  });

  it('POST /iam/import refuses a role the importer does not hold every permission of', async () => {
    const importer = await t.createUser({ permissions: ['iamRead', 'iamImport'] });
    const api = t.client(importer.token, 'en');
    const email = newEmail('imported');
    const created = await api.post('/iam/import', { data: { email, roles: [ownerRoleId] }, importHash: `escalate-${email}` });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toBe("You can't grant the role owner: it has permissions you don't hold");
    expect(await storedUser(email)).toBeUndefined();

    const existing = await t.createUser({ email: newEmail('existing') });
    const added = await api.post('/iam/import', {
      data: { email: existing.email, roles: [ownerRoleId] },
      importHash: `escalate-${existing.email}`,
    });
    expect(added.status).toBe(400);
    expect((await storedUser(existing.email))?.roles).toEqual([]);
  });
});
