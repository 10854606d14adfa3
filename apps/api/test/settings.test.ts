import { THEMES } from '@ebox/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/platform/db/schema';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('settings', () => {
  it('are read by any signed-in user, even one without roles, and by nobody else', async () => {
    const newcomer = await t.createUser({ emailVerified: false });
    const response = await newcomer.api.get('/settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ theme: 'default' });
    expect((await t.api.get('/settings')).status).toBe(401);
  });

  it('change the theme with settingsEdit, audited with before and after', async () => {
    const admin = await t.createUser({ permissions: ['settingsEdit'] });
    const saved = await admin.api.put('/settings', { settings: { theme: 'purple' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ theme: 'purple' });
    const reader = await t.createUser();
    expect((await reader.api.get('/settings')).body).toEqual({ theme: 'purple' });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'settings'), eq(auditLog.createdByEmail, admin.email)));
    expect(entry).toMatchObject({
      action: 'update',
      entityId: 'default',
      values: { before: { theme: 'default' }, after: { theme: 'purple' } },
    });

    for (const theme of THEMES) expect((await admin.api.put('/settings', { settings: { theme } })).status).toBe(200);
  });

  it('refuses an unknown theme with a translated message and a malformed body with 400', async () => {
    const admin = await t.createUser({ permissions: ['settingsEdit'] });
    const pt = await admin.api.put('/settings', { settings: { theme: 'pink' } });
    expect(pt.status).toBe(400);
    expect(pt.body.error.fields).toEqual([
      {
        path: 'settings.theme',
        message:
          'O campo Tema deve ser um dos seguintes valores: Padrão, Ciano, Azul geek, Dourado, Lima, Magenta, Laranja, Verde polar, Roxo, Vermelho, Vulcão, Amarelo',
      },
    ]);
    const en = await t.client(admin.token, 'en').put('/settings', { settings: { theme: 'pink' } });
    // Theme names as the settings screen shows them, never their keys ('geek-blue').
    expect(en.body.error.message).toBe(
      'Theme must be one of the following values: Default, Cyan, Geek blue, Gold, Lime, Magenta, Orange, Polar green, Purple, Red, Volcano, Yellow',
    );
    expect((await admin.api.put('/settings', {})).status).toBe(400);
    expect((await admin.api.raw('PUT', '/settings', '{"settings":')).status).toBe(400);
  });

  it('are changed only by holders of settingsEdit with a verified email', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    const denied = await t.client(viewer.token, 'en').put('/settings', { settings: { theme: 'red' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Forbidden');
    const unverified = await t.createUser({ permissions: ['settingsEdit'], emailVerified: false });
    expect((await unverified.api.put('/settings', { settings: { theme: 'red' } })).status).toBe(403);
    expect((await t.api.put('/settings', { settings: { theme: 'red' } })).status).toBe(401);
  });
});
