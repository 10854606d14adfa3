import type { Language } from '@ebox/domain';
import { describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { apiAs, newPage, screenshot, see, setUpBrowser, signIn, text } from './support/browser';
import { createUser } from './support/users';

/**
 * Issue 33 item 1 on the console's screens: a technician (the terminalMaintenance role) sets their
 * PIN for the lockers' screens and shows their sign-in QR code on the profile page; the role form
 * lists the rights at a locker's screen in groups of their own. axe finds no serious problem.
 */

const browser = setUpBrowser();

describe.each<Language>(['pt-BR', 'en'])("the lockers' screens on the console (%s)", (language) => {
  const t = (key: string) => text(language, key);

  test('a technician sets a PIN and shows a QR code on the profile', async () => {
    const tech = await createUser(['terminalMaintenance'], 'technician');
    const { page } = await newPage(browser(), { language, axe: true, viewport: { width: 1366, height: 900 } });
    await signIn(page, tech.email, tech.password, language);
    await page.goto('/profile');
    const card = page.getByTestId('profile-terminal');
    await see(card.getByRole('heading', { level: 2, name: t('auth.profile.terminal.title') }));
    await see(card.getByText(t('auth.profile.terminal.pinUnset'), { exact: true }));
    await page.getByTestId('profile-terminal-pin').fill('4829');
    await page.getByTestId('profile-terminal-save').click();
    await see(page.getByText(t('auth.profile.terminal.pinSaved'), { exact: true }));
    await see(card.getByText(t('auth.profile.terminal.pinSet'), { exact: true }));
    await page.getByTestId('profile-terminal-qr').click();
    await see(card.getByLabel(t('auth.profile.terminal.qrLabel')));
    await screenshot(page, `profile/terminal-pin-1366-${language}`);
    expect(await seriousAxeProblems(page)).toEqual([]);
    const me = await apiAs(tech.email, tech.password);
    expect(await me<{ hasPin: boolean }>('GET', '/auth/terminal-pin')).toEqual({ hasPin: true });
  });

  test('a user without rights at the lockers has no such card', async () => {
    const viewer = await createUser(['viewer'], 'no-locker');
    const { page } = await newPage(browser(), { language, viewport: { width: 1366, height: 900 } });
    await signIn(page, viewer.email, viewer.password, language);
    await page.goto('/profile');
    await see(page.getByTestId('profile-summaries'));
    expect(await page.getByTestId('profile-terminal').count()).toBe(0);
  });

  test("the role form lists the rights at a locker's screen in their own groups", async () => {
    const owner = await createUser(['owner'], 'role-owner');
    const { page } = await newPage(browser(), { language, axe: true, viewport: { width: 1366, height: 900 } });
    await signIn(page, owner.email, owner.password, language);
    await page.goto('/role/new');
    await see(page.getByTestId('permission-group-terminalSide'));
    await see(page.getByTestId('permission-group-appTerminal'));
    await see(page.getByText(t('permissions.groups.terminalSide'), { exact: true }));
    await screenshot(page, `role/terminal-groups-1366-${language}`);
  });
});
