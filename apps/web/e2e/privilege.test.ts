import { describe, expect, test } from 'vitest';
import { baseUrl, newPage, ownerPage, see, setUpBrowser, signIn, text, uniqueSuffix } from './support/browser';
import { asOwner, createUser, roleIdOf } from './support/users';

/**
 * Issue 6 on the screens: the console offers only what the API allows. Predefined roles are view
 * only, the permission picker offers only permissions the editor holds, and an outbox link the
 * reader may not open shows as hidden rather than as a dead link.
 */

const browser = setUpBrowser();

describe('issue 6: roles and outbox links on the screens', () => {
  test('a predefined role is view only, even when its edit address is typed', async () => {
    const viewerRole = await roleIdOf('viewer');
    const { page } = await ownerPage(browser());
    await page.goto(`/role/${viewerRole}`);
    await see(page.getByText(text('pt-BR', 'role.predefinedHint')));
    expect(await page.getByTestId('view-edit').count()).toBe(0);
    expect(await page.getByTestId('view-destroy').count()).toBe(0);

    await page.goto(`/role/${viewerRole}/edit`);
    await page.waitForURL((url) => url.pathname === `/role/${viewerRole}`);
    await see(page.getByTestId('role-view-page'));
  });

  test('the permission picker offers only the permissions the editor holds', async () => {
    const owner = await asOwner();
    const name = `Role editors ${uniqueSuffix()}`;
    await owner('POST', '/role', { data: { name, permissions: ['roleRead', 'roleCreate', 'roleEdit', 'customerRead'] } });
    const editor = await createUser([name], 'role-editor');
    const { page } = await newPage(browser());
    await signIn(page, editor.email, editor.password);
    await page.goto('/role/new');
    await page.getByTestId('permissions-search').fill('customerRead');
    await see(page.getByTestId('permission-customerRead'));
    expect(await page.getByTestId('permission-customerRead').isEnabled()).toBe(true);
    await page.getByTestId('permissions-search').fill('iamEdit');
    await see(page.getByTestId('permission-iamEdit'));
    expect(await page.getByTestId('permission-iamEdit').isEnabled()).toBe(false);
  });

  test('a reset link sent by mail shows as hidden in the outbox, with the reason', async () => {
    const user = await createUser([], 'outbox-hidden');
    const answer = await fetch(`${baseUrl()}/io/api/v1/auth/send-password-reset-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, method: 'email' }),
    });
    expect(answer.status).toBe(200);
    const { page } = await ownerPage(browser());
    await page.goto('/outbox');
    const row = page.getByRole('row').filter({ hasText: user.email }).first();
    await see(row.getByTestId('outbox-link-hidden'));
    await row.click();
    await see(page.getByTestId('outbox-link-hidden-hint'));
    await see(page.getByText(text('pt-BR', 'outbox.linkHiddenHint')));
    expect(await page.getByTestId('outbox-body').first().textContent()).toContain('token=********');
  });
});
