import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseColor } from '../src/app/contrast';
import { primaryColorOf } from '../src/app/theme';
import { linkInMail, newPage, ownerPage, screenshot, see, setUpBrowser, signIn, text, uniqueSuffix, waitForMail } from './support/browser';
import { chooseOption, cssOf, menuLabels, seeToast, switchLanguage } from './support/controls';
import { asOwner, createUser } from './support/users';

/** A hex colour as the browser's computed style writes it. */
function rgbOf(hex: string): string {
  const { r, g, b } = parseColor(hex);
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * Issue 2 in the browser: sign-up to first permitted page, language, theme, guard pages, narrow
 * screens. The visitor's way in is three short tests (sign-up, the role granted, the language), each
 * starting where the one before ends, so each keeps its budget on a busy machine.
 */

const browser = setUpBrowser();

const pt = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);
const en = (key: string, values?: Record<string, string | number>) => text('en', key, values);

/** The owner grants the role shown as `roleName` to `email` on the user's edit screen, reached from the /iam list. */
async function grantRoleInIam(page: Page, email: string, roleName: string): Promise<void> {
  await page.goto('/iam');
  const row = page.getByRole('row').filter({ hasText: email });
  await see(row);
  await row.getByRole('button', { name: pt('kit.actions.edit') }).click();
  await page.waitForURL(/\/iam\/[^/]+\/edit$/);
  // The form is filled once the user has loaded: their email shows (read-only) at its top.
  const emailShown = page.getByTestId('iam-edit-page').getByRole('textbox').first();
  await expect.poll(() => emailShown.inputValue()).toBe(email);
  await chooseOption(page, pt('entities.user.fields.roles'), roleName);
  await page.getByRole('button', { name: pt('kit.actions.save') }).click();
  await seeToast(page, pt('iam.edit.success'));
}

describe('issue 2: the platform in the browser', () => {
  test('a visitor signs up, verifies the email from the mail and waits for a role', async () => {
    const email = `visitor.${uniqueSuffix()}@e2e.test`;
    const password = 'Parcel-Lock3r';
    const { page } = await newPage(browser());

    await page.goto('/auth/signup');
    await page.getByLabel(pt('auth.fields.email')).fill(email);
    await page.getByLabel(pt('auth.fields.password'), { exact: true }).fill(password);
    await page.getByLabel(pt('auth.fields.passwordConfirmation')).fill(password);
    await page.getByRole('button', { name: pt('auth.signup.submit') }).click();
    // Spec 2.7: a successful sign-up goes to /auth/account-created.
    await page.waitForURL('**/auth/account-created');
    await see(page.getByText(pt('auth.accountCreated.message')));
    // The page shows before the new session is stored (once its user has loaded); the link below
    // reloads the page, which needs it. Under load the mail came first, and the reload was signed out.
    await page.waitForFunction(() => window.localStorage.getItem('jwt') !== null);

    // The verification mail went out through SMTP, in the visitor's language.
    const mail = await waitForMail(email);
    expect(mail.subject).toBe(pt('mail.emailVerification.subject', { appName: pt('mail.appName') }));
    await page.goto(linkInMail(mail, '/auth/verify-email'));
    await page.waitForURL('**/auth/empty-permissions');
    await see(page.getByText(pt('auth.emptyPermissions.message')));
    await screenshot(page, 'issue2-empty-permissions-pt-BR');
  });

  test('a waiting user granted a role in /iam signs in again and sees only the permitted menu', async () => {
    const visitor = await createUser([], 'visitor');
    const { page } = await newPage(browser());
    await signIn(page, visitor.email, visitor.password);
    await page.waitForURL('**/auth/empty-permissions');

    // The owner, in another browser, grants a role that opens the customer pages only.
    const admin = await ownerPage(browser());
    await grantRoleInIam(admin.page, visitor.email, pt('roles.predefined.customerEditor.label'));
    await admin.context.close();

    // As the notice says: sign in again. Signing out ends the token on the server too.
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    const meWith = (jwt: string | null) =>
      page.evaluate(async (bearer) => (await fetch('/io/api/v1/auth/me', { headers: { authorization: `Bearer ${bearer}` } })).status, jwt);
    expect(await meWith(token)).toBe(200);
    await page.getByRole('button', { name: pt('auth.signOut') }).click();
    await page.waitForURL('**/auth/signin');
    await expect.poll(() => meWith(token)).toBe(401);
    await signIn(page, visitor.email, visitor.password);
    // Without orderRead the home page is not theirs: the guard sends them to /success-signin.
    await page.waitForURL('**/success-signin');
    expect(await menuLabels(page)).toEqual([pt('entities.customer.menu')]);
    await screenshot(page, 'issue2-permitted-menu-pt-BR');
  });

  test('a user switches the console to English, keeps it after a reload, and opens only the permitted pages', async () => {
    const user = await createUser(['customerEditor'], 'visitor');
    const { page } = await newPage(browser());
    await signIn(page, user.email, user.password);
    await page.waitForURL('**/success-signin');
    expect(await menuLabels(page)).toEqual([pt('entities.customer.menu')]);

    await switchLanguage(page, pt('common.language'), en('common.languages.en'));
    await see(page.getByTestId('side-menu').getByText(en('entities.customer.menu'), { exact: true }));
    expect(await menuLabels(page)).toEqual([en('entities.customer.menu')]);
    await see(page.getByRole('button', { name: en('layout.header.signOut') }));
    // The choice is kept in the browser: still English after a reload.
    await page.reload();
    expect(await menuLabels(page)).toEqual([en('entities.customer.menu')]);
    await screenshot(page, 'issue2-permitted-menu-en');

    // The permitted page opens; a page of another entity does not.
    await page
      .getByTestId('side-menu')
      .getByRole('link', { name: en('entities.customer.menu') })
      .click();
    await page.waitForURL('**/customer');
    await page.goto('/product');
    await page.waitForURL('**/403');
    await see(page.getByText(en('errorPages.forbidden.message')));
  });

  test('the owner changes the theme in /settings and after the reload the primary colour is the new one', async () => {
    const { page } = await ownerPage(browser());
    const owner = await asOwner();
    try {
      await page.goto('/settings');
      const save = page.getByRole('button', { name: pt('settings.save') });
      await see(save);
      // The default blue before the change (Ant Design's #1677ff, in the shade that carries white text: theme.ts).
      expect(await cssOf(save, 'background-color')).toBe(rgbOf(primaryColorOf('default')));

      await page.getByText(pt('settings.themes.volcano'), { exact: true }).click();
      const reloaded = page.waitForEvent('load');
      await save.click();
      await seeToast(page, pt('settings.saved'));
      await reloaded;

      // Volcano is Ant Design's #fa541c, darkened until white text on it is legible: the primary button now wears it.
      const saveAfterReload = page.getByRole('button', { name: pt('settings.save') });
      await see(saveAfterReload);
      expect(await cssOf(saveAfterReload, 'background-color')).toBe(rgbOf(primaryColorOf('volcano')));
      await screenshot(page, 'issue2-settings-volcano-pt-BR');
    } finally {
      // The theme is the whole console's: give the other journeys their default colour back.
      await owner('PUT', '/settings', { settings: { theme: 'default' } });
    }
  });

  test('a user without the permission of a page gets the 403 page, with a way home', async () => {
    const user = await createUser(['customerViewer'], 'forbidden');
    const { page } = await newPage(browser());
    await signIn(page, user.email, user.password);
    await page.goto('/settings');
    await page.waitForURL('**/403');
    await see(page.getByText(pt('errorPages.forbidden.message')));
    await screenshot(page, 'issue2-403-pt-BR');
    await page.getByRole('link', { name: pt('common.backHome') }).click();
    // Home asks for orderRead, which this user lacks: they land on /success-signin.
    await page.waitForURL('**/success-signin');
  });

  test('an unknown address shows the 404 page, with a way home', async () => {
    const { page } = await newPage(browser(), { language: 'en' });
    await page.goto(`/no-such-page-${uniqueSuffix()}`);
    await see(page.getByText(en('errorPages.notFound.message')));
    await screenshot(page, 'issue2-404-en');
    await page.getByRole('link', { name: en('common.backHome') }).click();
    // Not signed in: home sends the visitor to sign in.
    await page.waitForURL('**/auth/signin');
  });

  test('at 500 px wide the side menu is hidden until the user opens it', async () => {
    const { page } = await ownerPage(browser(), { viewport: { width: 500, height: 900 } });
    const menu = page.getByTestId('side-menu');
    await see(page.getByTestId('menu-toggle'));
    await expect.poll(async () => (await menu.boundingBox())?.width ?? 0).toBe(0);
    await screenshot(page, 'issue2-narrow-menu-hidden-pt-BR');

    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await menu.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    await see(menu.getByText(pt('layout.menu.system'), { exact: true }));
    await screenshot(page, 'issue2-narrow-menu-open-pt-BR');

    // Wide again: the menu is back without asking.
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(async () => (await menu.boundingBox())?.width ?? 0).toBe(240);
  });
});
