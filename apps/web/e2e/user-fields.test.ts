import type { Language } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newPage, ownerPage, screenshot, see, setUpBrowser, signIn, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner, createUser } from './support/users';

/**
 * Issue 33 item 3 (spec 3's remaining user fields): the owner gives a user a username, their own
 * company and a temporary session on the user form; that user's session then lives in memory only:
 * after signing in nothing of it is in localStorage or sessionStorage, and a reload signs them out.
 */

const browser = setUpBrowser();
const LANGUAGES = ['pt-BR', 'en'] as const satisfies Language[];

/** Every key and value the page keeps in the browser's storage. */
async function browserStorage(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [window.localStorage, window.sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, index) => {
        const key = storage.key(index) ?? '';
        return `${key}=${storage.getItem(key) ?? ''}`;
      }),
    ),
  );
}

/** A JSON Web Token: three base64url parts, the first one a JSON header ('eyJ'). */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

describe('issue 33 item 3: the user remaining fields', () => {
  for (const language of LANGUAGES) {
    test(`a user set to a temporary session is signed out by a reload and leaves nothing in storage (${language})`, async () => {
      const t = (key: string, values?: Record<string, string>) => text(language, key, values);
      const member = await createUser(['viewer'], 'temporary');
      const api = await asOwner();
      const companyName = `Condomínio Temporário ${uniqueSuffix()}`;
      await api('POST', '/company', { data: { name: companyName, type: 'building' } });
      const username = `temp.${uniqueSuffix()}`;

      const { page } = await ownerPage(browser(), { language });
      await page.goto(`/iam/${member.id}/edit`);
      await see(page.getByTestId('iam-edit-page'));
      await expect.poll(() => page.getByLabel(t('entities.user.fields.authenticationUid')).isDisabled()).toBe(true);
      await page.getByLabel(t('entities.user.fields.username'), { exact: true }).fill(username);
      await chooseOption(page, t('entities.user.fields.company'), companyName);
      await page.getByLabel(t('entities.user.fields.useTemporaryToken')).click();
      await screenshot(page, `issue-33/user-form-${language}`);
      await page.getByRole('button', { name: t('kit.actions.save') }).click();
      await page.waitForURL((url) => url.pathname === '/iam');
      const saved = await api<{ username: string; company: { label: string }; useTemporaryToken: boolean }>('GET', `/iam/${member.id}`);
      expect(saved).toMatchObject({ username, company: { label: companyName }, useTemporaryToken: true });

      await page.goto(`/iam/${member.id}`);
      await see(page.getByText(username));
      await screenshot(page, `issue-33/user-view-${language}`);

      const { page: own } = await newPage(browser(), { language });
      await signIn(own, member.email, member.password, language);
      await see(own.locator('#main-content'));
      const afterSignIn = await browserStorage(own);
      expect(afterSignIn.filter((entry) => entry.startsWith('jwt=') || JWT.test(entry))).toEqual([]);
      // Signed in (the token is in memory) until the page is loaded again.
      await own.reload();
      await own.waitForURL((url) => url.pathname.startsWith('/auth/signin'));
      expect((await browserStorage(own)).filter((entry) => JWT.test(entry))).toEqual([]);
    });
  }

  test('a user without the setting keeps the session across a reload', async () => {
    const member = await createUser(['viewer'], 'lasting');
    const { page } = await newPage(browser(), {});
    await signIn(page, member.email, member.password);
    expect((await browserStorage(page)).some((entry) => entry.startsWith('jwt=') && JWT.test(entry))).toBe(true);
    await page.reload();
    await see(page.locator('#main-content'));
    expect(new URL(page.url()).pathname.startsWith('/auth/signin')).toBe(false);
  });
});
