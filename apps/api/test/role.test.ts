import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ roles: ['owner'] });
});
afterAll(() => t?.close());

describe('roles', () => {
  it('lists the predefined roles of spec 6', async () => {
    const response = await owner.api.get('/role', { limit: 1000, orderBy: 'name_ASC' });
    const names = response.body.rows.map((r: { name: string }) => r.name);
    for (const name of [
      'owner',
      'editor',
      'viewer',
      'auditLogViewer',
      'iamSecurityReviewer',
      'customerEditor',
      'customerViewer',
      'operatorAdmin',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('keeps predefined roles read-only, even for the owner, and refuses to remove them', async () => {
    const viewer = await t.roleId('viewer');
    const rename = await t.client(owner.token, 'en').put(`/role/${viewer}`, { id: viewer, data: { name: 'readers' } });
    expect(rename.status).toBe(400);
    expect(rename.body.error.message).toBe('Predefined roles cannot be changed');
    const describe = await owner.api.put(`/role/${viewer}`, { id: viewer, data: { description: 'Reads everything' } });
    expect(describe.status).toBe(400);
    expect(describe.body.error.message).toBe('Perfis predefinidos não podem ser alterados');
    const widen = await owner.api.put(`/role/${viewer}`, { id: viewer, data: { permissions: ['customerRead', 'iamEdit'] } });
    expect(widen.status).toBe(400);
    const stored = await owner.api.get(`/role/${viewer}`);
    expect(stored.body.permissions).not.toContain('iamEdit');
    expect(stored.body.description).toBeNull();
    const remove = await t.client(owner.token, 'pt-BR').delete('/role', { ids: [viewer] });
    expect(remove.status).toBe(400);
    expect(remove.body.error.message).toBe('Perfis predefinidos não podem ser removidos');
  });

  it('refuses a permission that does not exist and a duplicate name', async () => {
    const bad = await t
      .client(owner.token, 'en')
      .post('/role', { data: { name: 'Night shift', permissions: ['customerRead', 'launchRockets'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toMatch(/^permissions/);
    const ok = await owner.api.post('/role', { data: { name: 'Night shift', permissions: ['customerRead'] } });
    expect(ok.status).toBe(200);
    const duplicate = await t.client(owner.token, 'en').post('/role', { data: { name: 'NIGHT SHIFT', permissions: ['customerRead'] } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe('A record with this value already exists');
  });

  it('takes a removed role away from its users, who lose its permissions at once', async () => {
    const role = await owner.api.post('/role', { data: { name: 'Temporary readers', permissions: ['customerRead'] } });
    const member = await t.createUser();
    await t.database.pool.query('UPDATE "user" SET roles = ARRAY[$1]::uuid[] WHERE id = $2', [role.body.id, member.id]);
    expect((await member.api.get('/customer')).status).toBe(200);
    expect((await owner.api.delete('/role', { ids: [role.body.id] })).status).toBe(200);
    expect((await member.api.get('/customer')).status).toBe(403);
    const me = await member.api.get('/auth/me');
    expect(me.body.roles).toEqual([]);
  });
});

describe('who may put which permissions into a role (issue 6)', () => {
  let editor: TestUser;
  let editorRole: string;
  const held = ['roleRead', 'roleEdit', 'roleCreate', 'roleDestroy', 'customerRead'] as const;

  beforeAll(async () => {
    editor = await t.createUser({ permissions: [...held] });
    const me = await editor.api.get('/auth/me');
    editorRole = me.body.roles[0].id;
  });

  it('refuses a roleEdit holder giving their own role every permission', async () => {
    const all = (await owner.api.get(`/role/${await t.roleId('owner')}`)).body.permissions as string[];
    const escalate = await t.client(editor.token, 'en').put(`/role/${editorRole}`, { id: editorRole, data: { permissions: all } });
    expect(escalate.status).toBe(400);
    expect(escalate.body.error.fields[0]).toMatchObject({ path: 'permissions' });
    expect(escalate.body.error.message).toMatch(/^You can't put into a role permissions you don't hold: /);
    const me = await editor.api.get('/auth/me');
    expect([...me.body.permissions].sort()).toEqual([...held].sort());
    expect((await editor.api.get('/iam/user')).status).toBe(403);
  });

  it('refuses widening a role the caller holds, even with permissions they hold through another role', async () => {
    const reader = await t.createUser({ permissions: ['roleRead', 'roleEdit'] });
    await t.database.pool.query('UPDATE "user" SET roles = roles || $1::uuid WHERE id = $2', [await t.roleId('auditLogViewer'), reader.id]);
    const own = (await reader.api.get('/auth/me')).body.roles.find((role: { name: string }) => role.name.startsWith('custom-')).id;
    const widen = await t
      .client(reader.token, 'en')
      .put(`/role/${own}`, { id: own, data: { permissions: ['roleRead', 'roleEdit', 'auditLogRead'] } });
    expect(widen.status).toBe(400);
    expect(widen.body.error.message).toBe("You can't add permissions to a role you hold");
    const narrow = await reader.api.put(`/role/${own}`, { id: own, data: { permissions: ['roleRead', 'roleEdit'], description: 'Mine' } });
    expect(narrow.status).toBe(200);
  });

  it('lets a caller create and change roles only with permissions they hold', async () => {
    const tooMuch = await t
      .client(editor.token, 'en')
      .post('/role', { data: { name: 'Night admins', permissions: ['customerRead', 'iamEdit'] } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe("You can't put into a role permissions you don't hold: iamEdit");
    const created = await editor.api.post('/role', { data: { name: 'Night readers', permissions: ['customerRead'] } });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect((await editor.api.put(`/role/${id}`, { id, data: { permissions: ['customerRead', 'iamEdit'] } })).status).toBe(400);
    expect((await editor.api.put(`/role/${id}`, { id, data: { permissions: ['customerRead', 'roleRead'] } })).status).toBe(200);
  });

  it("refuses changing or removing a role that grants permissions the caller doesn't hold (it would lower its holders)", async () => {
    const strong = await owner.api.post('/role', { data: { name: 'Security desk', permissions: ['customerRead', 'iamEdit'] } });
    const id = strong.body.id;
    const narrowed = await t.client(editor.token, 'en').put(`/role/${id}`, { id, data: { permissions: ['customerRead'] } });
    expect(narrowed.status).toBe(400);
    expect(narrowed.body.error.message).toBe("You can't change the role Security desk: it has permissions you don't hold");
    const removed = await editor.api.delete('/role', { ids: [id] });
    expect(removed.status).toBe(400);
    expect((await owner.api.get(`/role/${id}`)).body.permissions).toEqual(['customerRead', 'iamEdit']);
  });
});
