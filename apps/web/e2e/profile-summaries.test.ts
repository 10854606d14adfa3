import type { Language } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { apiAs, newPage, screenshot, see, setUpBrowser, signIn, text } from './support/browser';
import { createUser } from './support/users';

/**
 * Issue 28, items 4 and 5 on the profile page: a user who can open the dashboard asks for the daily
 * alert digest and the weekly summary by e-mail with two switches, each saved at once (PUT
 * /auth/profile) and still set after a reload; by mouse and by keyboard, in both languages, on a
 * laptop and a phone, and axe finds no serious problem. A user without the dashboard has no such mail.
 */

const browser = setUpBrowser();

/** Whether a switch is on, as a screen reader hears it. */
async function isOn(page: Page, name: string): Promise<boolean> {
  return (await page.getByRole('switch', { name, exact: true }).getAttribute('aria-checked')) === 'true';
}

describe.each<Language>(['pt-BR', 'en'])('the e-mail summaries on the profile page (%s)', (language) => {
  const t = (key: string) => text(language, key);
  const digest = t('auth.profile.summaries.alertDigest');
  const weekly = t('auth.profile.summaries.weeklySummary');

  test('saves each switch at once, and both survive a reload', async () => {
    const user = await createUser(['viewer'], 'summaries');
    const { page } = await newPage(browser(), { language, axe: true, viewport: { width: 1366, height: 800 } });
    await signIn(page, user.email, user.password, language);
    await page.goto('/profile');
    const card = page.getByTestId('profile-summaries');
    await see(card.getByRole('heading', { level: 2, name: t('auth.profile.summaries.title') }));
    expect([await isOn(page, digest), await isOn(page, weekly)]).toEqual([false, false]);

    // By mouse: the digest on, said by a toast, with no Save to press.
    await page.getByRole('switch', { name: digest, exact: true }).click();
    await see(page.getByText(t('auth.profile.summaries.saved'), { exact: true }));
    await expect.poll(() => isOn(page, digest)).toBe(true);
    await screenshot(page, `profile/summaries-1366-${language}`);
    expect(await seriousAxeProblems(page)).toEqual([]);

    // By keyboard: the weekly summary on with Space; the focus stays on the switch.
    const weeklySwitch = page.getByRole('switch', { name: weekly, exact: true });
    await weeklySwitch.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => isOn(page, weekly)).toBe(true);
    expect(await weeklySwitch.evaluate((element) => element === document.activeElement)).toBe(true);
    const me = await apiAs(user.email, user.password);
    await expect
      .poll(async () => {
        const current = await me<{ alertDigest: boolean; weeklySummary: boolean }>('GET', '/auth/me');
        return [current.alertDigest, current.weeklySummary];
      })
      .toEqual([true, true]);

    await page.reload();
    await see(card);
    expect([await isOn(page, digest), await isOn(page, weekly)]).toEqual([true, true]);

    // The digest off again, by a click on its words: after a reload only the weekly summary is on.
    await card.locator('label').filter({ hasText: digest }).click();
    await expect.poll(() => isOn(page, digest)).toBe(false);
    await see(page.getByText(t('auth.profile.summaries.saved'), { exact: true }));
    await page.reload();
    await see(card);
    expect([await isOn(page, digest), await isOn(page, weekly)]).toEqual([false, true]);

    // On a phone the card stacks under the others and fits the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `profile/summaries-390-${language}`, { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('who has no e-mail summaries', () => {
  test('a user who cannot open the dashboard (no orderRead) sees no summaries on the profile page', async () => {
    const user = await createUser(['customerViewer'], 'no-summaries');
    const { page } = await newPage(browser());
    await signIn(page, user.email, user.password);
    await page.goto('/profile');
    await see(page.getByTestId('profile-form'));
    expect(await page.getByTestId('profile-summaries').count()).toBe(0);
  });
});
