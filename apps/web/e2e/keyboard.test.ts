import type { Language } from '@ebox/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { animationsSettled, newPage, owner, ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { settleDialogs } from './support/controls';
import { describeFocus, type FocusedElement, tabStops, tabUntil, waitForFocus } from './support/keyboard';
import { asOwner } from './support/users';

/**
 * Issue 13, items 3 and 5, with the keyboard alone: the journey of an operator who never touches
 * the mouse (sign in, the customer list, skip to the content, open a record, back, create one and
 * save), on a laptop and on a phone, with the focus on something meaningful after every step; no
 * Tab stop the user cannot see, and a focus ring on each; the submenus by Tab; the live region
 * saying a save's result once, in the user's language; no motion when the system asks for less.
 */

const browser = setUpBrowser();

const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

const isHeading = (element: FocusedElement | null) => element?.isPageHeading === true;

/** The new page has drawn `ready` (its data is in) and the focus is, and stays, on its heading. */
async function settledOnHeading(page: Page, ready: Locator): Promise<void> {
  await see(ready);
  await waitForFocus(page, isHeading);
  // Then the page settles (nothing left loading, every finite animation over): whatever it does as
  // it settles has been done, and the focus is still on the heading.
  await expect
    .poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active, .navigation-progress, [data-testid="page-loading"]').count())
    .toBe(0);
  await animationsSettled(page);
  await waitForFocus(page, isHeading, 1_000);
}

/** Signs in with the keyboard only: the email field has the focus as the page opens. */
async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto('/auth/signin');
  const start = await waitForFocus(page, (element) => element?.id === 'sign-in-email');
  expect(start?.tag).toBe('input');
  await page.keyboard.type(owner().email);
  await tabUntil(page, (element) => element.id === 'sign-in-password', 3);
  await page.keyboard.type(owner().password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  // The console's first page: the focus is on its heading, not left on a sign-in button that is gone.
  await waitForFocus(page, isHeading);
}

for (const [size, viewport] of [
  ['laptop', LAPTOP],
  ['phone', PHONE],
] as const) {
  describe(`keyboard journey on a ${size} (${viewport.width}x${viewport.height})`, () => {
    test('sign in, the customer list, skip to the content, open a record, back, create one and save', async () => {
      const language: Language = 'pt-BR';
      const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const api = await asOwner();
      await api('POST', '/customer', { data: { name: `Teclado existente ${uniqueSuffix()}` } });
      const { page } = await newPage(browser(), { viewport, language });

      await signInByKeyboard(page);

      // The customer list through the command palette (Ctrl+K), the keyboard's way to any screen.
      await page.keyboard.press('Control+k');
      await see(page.getByTestId('palette-input'));
      await page.keyboard.type(t('entities.customer.menu'));
      await see(page.getByTestId('palette-item').filter({ hasText: t('entities.customer.menu') }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/customer');
      await waitForFocus(page, isHeading);

      // Opened afresh, the first Tab stop is the skip link, on screen while it has the focus. Oldest
      // first: the first row is then the demo data's, which no test deletes (the newest may be
      // another test file's, bulk-deleted between the list drawing it and this test opening it).
      await page.goto('/customer?orderBy=createdAt_ASC');
      await see(page.getByTestId('row-open'));
      const { element: skip, presses } = await tabUntil(page, () => true, 1);
      expect(presses).toBe(1);
      expect(skip.testId).toBe('skip-link');
      expect(skip.name).toBe(t('common.skipToContent'));
      expect(skip.invisible).toBe('');
      await screenshot(page, `issue-13/keyboard-skip-link-${size}`);
      await page.keyboard.press('Enter');
      const content = await waitForFocus(page, (element) => element?.tag === 'main');
      expect(content?.inMain).toBe(true);

      // From the content the first record is a few presses away (the header and menu are behind).
      const { element: firstRow, presses: toRow } = await tabUntil(page, (element) => element.testId === 'row-open', 25);
      // (laptop: the list's 7 buttons, the select-all box, 7 sortable headers, the row's box, its link)
      expect(toRow).toBeLessThanOrEqual(20);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/customer\/[0-9a-f-]{36}$/);
      await settledOnHeading(page, page.getByTestId('view-edit'));
      expect(firstRow.name).toContain(t('listTools.open', { label: '' }).trim());

      // Back with the page's own button.
      await tabUntil(page, (element) => element.tag === 'button' && element.name === t('kit.actions.back'), 15);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/customer');
      await settledOnHeading(page, page.getByTestId('row-open'));

      // New: the form opens with its first field focused.
      await tabUntil(page, (element) => element.testId === 'list-new', 15);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/customer/new');
      const nameField = await waitForFocus(page, (element) => element?.tag === 'input' && element.inMain);
      expect(nameField?.id).toBe('customer-form_name');

      // Saved empty: refused, and the focus is on the field that says why.
      await page.keyboard.press('Enter');
      await see(page.getByText(t('validation.mixed.required', { label: t('entities.customer.fields.name') })));
      const invalid = await waitForFocus(page, (element) => element?.id === 'customer-form_name');
      expect(invalid?.tag).toBe('input');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      await screenshot(page, `issue-13/keyboard-refused-save-${size}`);

      // Saved with a name: back on the list, on the row just created.
      const name = `Teclado ${uniqueSuffix()}`;
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/customer');
      const created = await waitForFocus(page, (element) => element?.testId === 'row-open' && element.name.includes(name));
      expect(created?.recordId).toMatch(/^[0-9a-f-]{36}$/);
      await screenshot(page, `issue-13/keyboard-created-row-${size}`);
    });

    test('no Tab stop of the customer list or its form is invisible, and each shows a focus ring', async () => {
      const { page } = await ownerPage(browser(), { viewport });
      for (const path of ['/customer', '/customer/new']) {
        await page.goto(path);
        await see(page.locator('main'));
        await page.waitForLoadState('networkidle');
        const stops = await tabStops(page);
        expect(stops.length).toBeGreaterThan(5);
        const invisible = stops.filter((stop) => stop.invisible).map((stop) => `${describeFocus(stop)}: ${stop.invisible}`);
        expect(invisible, `${path} at ${viewport.width} px`).toEqual([]);
        const ringless = stops.filter((stop) => !stop.hasFocusRing).map(describeFocus);
        expect(ringless, `${path} at ${viewport.width} px`).toEqual([]);
      }
    });
  });
}

describe('keyboard: public pages, menus, dialogs, deletes', () => {
  test('a public page starts its Tab order with the skip link too, which takes the focus to the content', async () => {
    const { page } = await newPage(browser(), { viewport: PHONE });
    await page.goto('/auth/forgot-password');
    await see(page.locator('h1'));
    // From the top of the document, whatever field the page focused as it opened.
    const stops = await tabStops(page, 3);
    expect(stops[0]?.testId).toBe('skip-link');
    expect(stops[0]?.invisible).toBe('');
    await page.evaluate(() => (document.querySelector('[data-testid="skip-link"]') as HTMLElement).focus());
    await page.keyboard.press('Enter');
    // main once the page has one (issue 13's structure work), its heading until then.
    await waitForFocus(page, (element) => element?.tag === 'main' || element?.tag === 'h1');
  });

  test('a submenu of the side menu opens from the Tab order, not only with the arrows', async () => {
    const { page } = await ownerPage(browser(), { viewport: LAPTOP });
    await page.goto('/');
    await see(page.getByTestId('side-menu'));
    const system = text('pt-BR', 'layout.menu.system');
    const { element } = await tabUntil(page, (stop) => stop.role === 'menuitem' && stop.name === system, 40);
    expect(element.hasFocusRing).toBe(true);
    const expanded = () => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'));
    if ((await expanded()) !== 'true') await page.keyboard.press('Enter');
    await expect.poll(expanded).toBe('true');
    await screenshot(page, 'issue-13/keyboard-submenu');
    // The next Tab goes into the submenu's first entry.
    const { element: inside } = await tabUntil(page, () => true, 1);
    expect(inside.tag).toBe('a');
    expect(inside.invisible).toBe('');
  });

  test('closing a dialog gives the focus back to what opened it; a delete lands on the list heading', async () => {
    const api = await asOwner();
    const record = await api<{ id: string }>('POST', '/customer', { data: { name: `Teclado apagar ${uniqueSuffix()}` } });
    const { page } = await ownerPage(browser(), { viewport: LAPTOP });
    await page.goto('/customer');
    await see(page.getByTestId('row-open'));
    await page.getByTestId('list-export').focus();
    await page.keyboard.press('Enter');
    await see(page.getByRole('dialog'));
    await settleDialogs(page);
    await page.keyboard.press('Escape');
    await waitForFocus(page, (element) => element?.testId === 'list-export');

    await page.goto(`/customer/${record.id}`);
    await see(page.getByTestId('view-destroy'));
    await page.getByTestId('view-destroy').focus();
    await page.keyboard.press('Enter');
    await see(page.getByRole('dialog'));
    await settleDialogs(page);
    await waitForFocus(page, (element) => element?.testId === 'confirm-destroy');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/customer');
    await waitForFocus(page, isHeading);
  });
});

describe('announcements and motion', () => {
  for (const language of ['pt-BR', 'en'] as const) {
    test(`a save is announced once, in the user's language, through the one live region (${language})`, async () => {
      const { page } = await ownerPage(browser(), { viewport: LAPTOP, language });
      await page.goto('/customer/new');
      await waitForFocus(page, (element) => element?.id === 'customer-form_name');
      // Everything said from now on.
      await page.evaluate(() => {
        const said: string[] = [];
        (window as unknown as { said: string[] }).said = said;
        const region = document.querySelector('[role="status"][aria-live="polite"]#live-announcer');
        if (!region) throw new Error('no live region');
        new MutationObserver(() => {
          const now = region.textContent?.trim();
          if (now) said.push(now);
        }).observe(region, { childList: true, characterData: true, subtree: true });
      });
      expect(await page.locator('[aria-live]#live-announcer').count()).toBe(1);
      await page.keyboard.type(`Anunciado ${uniqueSuffix()}`);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/customer');
      const expected = text(language, 'entities.customer.create.success');
      await expect.poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([expected]);
      // Still once when its toast has gone (no second toast, no repeat: both would come while it shows).
      const toast = page.locator('.ant-message-notice').filter({ hasText: expected });
      await see(toast);
      await expect.poll(() => toast.count(), { timeout: 15_000 }).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([expected]);
    });
  }

  /**
   * Opens the export dialog and answers whether antd animated it on the way: its motion classes'
   * active step (the prepare step runs even without motion, to place the zoom's origin).
   */
  async function animatedOpeningADialog(page: Page): Promise<boolean> {
    await page.evaluate(() => {
      const seen = { moved: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (/\bant-(zoom|fade|slide|move)-\w+-active\b/.test(typeof target.className === 'string' ? target.className : ''))
            seen.moved = true;
        }
      }).observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true, childList: true });
    });
    await page.getByTestId('list-export').click();
    await see(page.getByRole('dialog'));
    await settleDialogs(page);
    return page.evaluate(() => (window as unknown as { seen: { moved: boolean } }).seen.moved);
  }

  test('with reduced motion asked for, dialogs open without animation and transitions are off', async () => {
    const { page } = await ownerPage(browser(), { viewport: LAPTOP });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/customer');
    await see(page.getByTestId('list-export'));
    expect(await animatedOpeningADialog(page)).toBe(false);
    const transition = await page.getByTestId('list-new').evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(transition.split(',').every((duration) => Number.parseFloat(duration) <= 0.00001)).toBe(true);

    // The same dialog moves when nothing is asked: the check above sees motion when there is some.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/customer');
    await see(page.getByTestId('list-export'));
    expect(await animatedOpeningADialog(page)).toBe(true);
  });
});

describe('the sign-in page without a session', () => {
  for (const language of ['pt-BR', 'en'] as const) {
    test(`names its skip link in words (${language}), from the public dictionary`, async () => {
      const { page } = await newPage(browser(), { viewport: LAPTOP, language });
      await page.goto('/auth/signin');
      await waitForFocus(page, (element) => element?.id === 'sign-in-email');
      // The public screens load a small dictionary; a key outside it would show as its raw name.
      expect(await page.getByTestId('skip-link').textContent()).toBe(text(language, 'common.skipToContent'));
    });
  }
});
