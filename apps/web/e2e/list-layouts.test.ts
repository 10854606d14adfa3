import { ENTITIES } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenBaseOf } from '../src/kit/screens';
import { ownerPage, screenshot, see, setUpBrowser } from './support/browser';

/**
 * Issue 8, items 4 and 12: every kit list, in both languages, fits a 1366 px laptop beside its
 * actions column and shows cards on a phone. A sweep of some forty lists per language and size: each
 * is its own test so that the two browser workers share them. Their pictures are taken only with
 * SWEEP_SCREENSHOTS=1 (a look at every list after a layout change): waiting for each page to go
 * quiet before a full-page picture was half of these tests' time in CI, and CI looks at none of them.
 */

const browser = setUpBrowser();
const PHONE = { width: 390, height: 844 };
const TAKE_PICTURES = process.env.SWEEP_SCREENSHOTS === '1';

/** Header cells of the table (not the selection and actions columns) that end past the actions column's left edge. */
async function headersUnderActions(page: Page): Promise<string[]> {
  await see(page.locator('.ant-table-thead'));
  return page.evaluate(() => {
    const headers = [...document.querySelectorAll<HTMLElement>('#main-content .ant-table-thead')][0]?.querySelectorAll<HTMLElement>('th');
    if (!headers) return ['no table'];
    const cells = [...headers];
    const actions = cells.at(-1);
    if (!actions) return ['no header'];
    const limit = actions.getBoundingClientRect().left + 1;
    return cells
      .slice(0, -1)
      .filter((cell) => (cell.textContent ?? '').trim() && cell.getBoundingClientRect().right > limit)
      .map((cell) => (cell.textContent ?? '').trim());
  });
}

/** The list's address as the console serves it (a release's is /release, not its API path). */
function listPathOf(name: string): string {
  const entity = ENTITIES[name];
  return entity ? screenBaseOf(entity) : `/${name}`;
}

// Module compartments, a locker's compartments and a cluster's lockers are listed inside their
// parent's page, not on a route of their own.
const NESTED_LISTS = new Set(['eboxModuleCompartiment', 'compartiment', 'clusterEbox']);
const KIT_LISTS = [
  ...Object.keys(ENTITIES)
    .filter((name) => !NESTED_LISTS.has(name))
    .map(listPathOf),
  '/iam',
  '/audit-logs',
  '/outbox',
];

describe('issue 8: every kit list on a laptop and on a phone', () => {
  for (const language of ['pt-BR', 'en'] as const) {
    test(`every kit list shows all its default columns beside the actions column at 1366 px (${language})`, async () => {
      const { page } = await ownerPage(browser(), { language, viewport: { width: 1366, height: 800 } });
      const cut: string[] = [];
      for (const path of KIT_LISTS) {
        await page.goto(path);
        await see(page.locator('.ant-table'));
        const hidden = await headersUnderActions(page);
        if (hidden.length) cut.push(`${path}: ${hidden.join(', ')}`);
        if (TAKE_PICTURES) await screenshot(page, `issue8-list${path.replace(/\//g, '-')}-1366-${language}`);
      }
      expect(cut).toEqual([]);
    }, 240_000);

    test(`on a phone every kit list shows its records as cards (${language})`, async () => {
      const { page } = await ownerPage(browser(), { language, viewport: PHONE });
      for (const path of KIT_LISTS) {
        await page.goto(path);
        await see(page.getByTestId('list-cards'));
        if (TAKE_PICTURES) await screenshot(page, `issue8-list${path.replace(/\//g, '-')}-390-${language}`);
      }
    }, 240_000);
  }
});
