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

  it('keeps the name of a predefined role and refuses to remove it', async () => {
    const viewer = await t.roleId('viewer');
    const rename = await t.client(owner.token, 'en').put(`/role/${viewer}`, { id: viewer, data: { name: 'readers' } });
    expect(rename.status).toBe(400);
    expect(rename.body.error.message).toBe('The name of a predefined role cannot be changed');
    const describe = await owner.api.put(`/role/${viewer}`, { id: viewer, data: { description: 'Reads everything' } });
    expect(describe.status).toBe(200);
    expect(describe.body.description).toBe('Reads everything');
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
