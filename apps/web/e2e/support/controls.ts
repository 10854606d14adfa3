import type { Download, Locator, Page } from 'playwright-core';
import { see, seeNo } from './browser';

/**
 * Ant Design widgets as a user works them. Their accessible parts are not always the clickable
 * ones (a select's options are mirrored in a hidden listbox), so these helpers click what a user
 * clicks: the visible option, the visible menu entry.
 */

/**
 * The button whose visible text is exactly `label`. Ant Design puts the icon's name in a button's
 * accessible name ("play-circle Importar"), so an exact role match would miss it, and a loose
 * one would also match "Importar outra planilha".
 */
export function button(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('button').filter({ has: scope.getByText(label, { exact: true }) });
}

/** Opens the select labelled `label`, types `search` and clicks the visible option whose text is `option`. */
export async function chooseOption(page: Page, label: string | Locator, option: string, search = option): Promise<void> {
  const field = typeof label === 'string' ? page.getByLabel(label, { exact: true }) : label;
  await field.click();
  // A form that focuses its first field as it mounts must not take the typing elsewhere.
  await field.focus();
  await field.pressSequentially(search, { delay: 10 });
  // An autocomplete's list is answered for what was typed before a pick: one answered for a part
  // of it could be swapped for the next while the option was pressed, and nothing was chosen
  // (dashboard, en, under CI load).
  await field.evaluate(
    (element, typed) =>
      new Promise<void>((resolve) => {
        const root = element.closest('[data-relation-settled]');
        const settled = () =>
          !root || (root.getAttribute('data-relation-query') === typed && root.getAttribute('data-relation-settled') === 'true');
        if (settled()) return resolve();
        const observer = new MutationObserver(() => {
          if (!settled()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(root as Element, { attributes: true });
      }),
    search,
  );
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option });
  await see(item);
  // Picked once the list has finished opening, as a person would: under load a click during its
  // slide-in reached the option (its label shown in the box) without choosing it (form-work, en).
  await item
    .first()
    .evaluate((option) =>
      Promise.all(
        (option.closest('.ant-select-dropdown')?.getAnimations({ subtree: true }) ?? [])
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
  const multiple = await field.evaluate((element) => element.closest('.ant-select-multiple') !== null);
  await item.first().click();
  // A multiple select stays open after a pick; close it so it covers nothing below. Only then: a
  // single one closes itself, and Escape would close the dialog it sits in.
  if (multiple) await page.keyboard.press('Escape');
  // Closed before the caller goes on: a list still closing is on the page, outside its landmarks,
  // and axe run right after a pick flagged its options (terminal-releases, en, 390 px, in CI).
  await seeNo(page.locator('.ant-select-dropdown:visible'));
}

/** The labels of the side menu's entries the user can see (top-level and opened submenus). */
export async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await see(menu.getByRole('menuitem'));
  const labels = await menu.getByRole('menuitem').allInnerTexts();
  return labels.map((label) => label.trim()).filter(Boolean);
}

/** Waits for an antd message or notification toast containing `message`. */
export async function seeToast(page: Page, message: string): Promise<void> {
  await see(page.locator('.ant-message, .ant-notification').getByText(message, { exact: false }));
}

/** Picks a language in the header's (or auth card's) language select. */
export async function switchLanguage(page: Page, currentLabel: string, to: string): Promise<void> {
  await page.getByRole('combobox', { name: currentLabel }).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: to });
  await item.first().click();
}

/** The computed CSS value of a property on the first matching element. */
export function cssOf(locator: Locator, property: string): Promise<string> {
  return locator.first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

/** i18n areas whose keys would show through if a translation were missing. */
const RAW_KEY =
  /\b(?:entities|kit|resource|validation|errors|layout|common|iam|role|settings|auth|permissions|home|errorPages|auditLog|outbox)\.[A-Za-z0-9]+(?:\.[A-Za-z0-9-]+)*/g;

/** Untranslated i18n keys ("entities.customer.fields.name") the page shows as text or placeholders. */
export async function visibleRawKeys(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const placeholders = Array.from(document.querySelectorAll('[placeholder], [title], [aria-label]')).flatMap((element) =>
      ['placeholder', 'title', 'aria-label'].map((name) => element.getAttribute(name) ?? ''),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: only the text a user can see counts, not hidden nodes
    return [document.body.innerText, ...placeholders].join('\n');
  });
  return [...new Set(shown.match(RAW_KEY) ?? [])];
}

/** Opens a list's filter panel (collapsed until asked for) and answers its form. */
export async function openListFilter(scope: Page | Locator): Promise<Locator> {
  const toggle = scope.getByTestId('list-filter-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const form = scope.getByTestId('list-filter');
  await form.first().waitFor({ state: 'visible' });
  return form;
}

/**
 * Waits until no dialog is still zooming in or out. A click made while Ant Design's dialog grows
 * from the button that opened it is aimed where the target was a frame earlier; on a busy machine
 * that frame is long enough for the click to land beside it and be lost.
 */
export async function settleDialogs(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="ant-zoom-"], [class*="ant-fade-"]'));
}

/**
 * Clicks a confirmation's button once its dialog stands still (settleDialogs): under CI load an
 * "Abrir porta?" or "Desbloquear?" clicked while zooming in stayed open, unpressed.
 */
export async function confirmSettled(page: Page, button: Locator): Promise<void> {
  await see(button);
  await settleDialogs(page);
  await button.first().click();
}

/** Clicks what opens a dialog and answers the dialog once it stands still. */
export async function openDialog(page: Page, opener: Locator): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog').filter({ visible: true }).last();
  await see(dialog);
  await settleDialogs(page);
  return dialog;
}

/** Does what starts a download (a click) and answers the file the browser received. */
export async function downloadBy(page: Page, start: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  return download;
}
