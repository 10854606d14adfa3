import { describe, expect, test } from 'vitest';
import { baseUrl, newPage, ownerPage, screenshot, see, setUpBrowser, signIn, text, uniqueSuffix, waitForMail } from './support/browser';
import { openListFilter, visibleRawKeys } from './support/controls';
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
    // The recipient is the link that opens the message, as a record's name in every kit list.
    await row.getByTestId('row-open').click();
    await see(page.getByTestId('outbox-link-hidden-hint'));
    await see(page.getByText(text('pt-BR', 'outbox.linkHiddenHint')));
    expect(await page.getByTestId('outbox-body').first().textContent()).toContain('token=********');
    await screenshot(page, 'outbox-message-drawer');
  });

  test('the outbox shows a queued mail as sent once the worker sends it, keeps its filter in the URL, and shows the job queue', async () => {
    const user = await createUser([], 'outbox-queued');
    const answer = await fetch(`${baseUrl()}/io/api/v1/auth/send-password-reset-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, method: 'email' }),
    });
    expect(answer.status).toBe(200);
    await waitForMail(user.email);
    const { page } = await ownerPage(browser());
    await page.goto('/outbox');
    const filter = await openListFilter(page);
    await filter.getByLabel(text('pt-BR', 'entities.outbox.fields.recipient'), { exact: true }).fill(user.email);
    await filter.getByRole('button', { name: text('pt-BR', 'kit.actions.search') }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(user.email));
    const row = page.locator('.ant-table-row').filter({ hasText: user.email });
    await see(row.getByText(text('pt-BR', 'entities.outbox.enumerators.status.sent')));
    // only this user's messages (invitation and reset) once the filtered page replaces the previous one
    const others = page.locator('[data-testid="outbox-table"] .ant-table-row').filter({ hasNotText: user.email });
    await expect.poll(() => others.count(), { timeout: 10_000 }).toBe(0);

    // A reload keeps the filter, as in every kit list.
    await page.reload();
    await see(page.locator('.ant-table-row').filter({ hasText: user.email }));
    await openListFilter(page);
    expect(await filter.getByLabel(text('pt-BR', 'entities.outbox.fields.recipient'), { exact: true }).inputValue()).toBe(user.email);

    const queue = page.getByTestId('job-queue-table');
    const sendRow = queue.locator('.ant-table-row').filter({ hasText: text('pt-BR', 'outbox.queue.names.messages-send') });
    await see(sendRow);
    expect(Number(await sendRow.getByTestId('queue-completed').textContent())).toBeGreaterThan(0);
    await see(page.getByTestId('job-failures').getByText(text('pt-BR', 'outbox.queue.noFailures')));
    expect(await visibleRawKeys(page), 'untranslated keys').toEqual([]);
    await screenshot(page, 'outbox-queue');
  });
});
