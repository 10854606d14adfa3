import type { Language } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption, openListFilter } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 29 item 1, the one search in the browser (docs/decisions.md "The one search"), in both
 * languages, at 1366 × 800 and on a phone: the command palette finds a locker by its code, an order
 * by the customer's phone typed another way than it was saved and by the start of its tracking
 * code; the order list's search box finds the same, and its locker filter finds the locker by code.
 * axe finds no serious problem in the palette or the list.
 */

const browser = setUpBrowser();
const LANGUAGES = ['pt-BR', 'en'] as const satisfies Language[];
const VIEWPORTS = [
  { name: '1366', viewport: { width: 1366, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

type Seeded = { locker: { id: string; name: string; code: string }; tracking: string; orders: string[]; phone: string };
let seeded: Seeded;

beforeAll(async () => {
  const api = await asOwner();
  const tag = uniqueSuffix().toUpperCase();
  const { id: company } = await api<{ id: string }>('POST', '/company', { data: { name: `Loja Busca ${tag}`, type: 'shipper' } });
  const code = `RJ-${tag.slice(-8)}`;
  const name = `Armário Busca ${tag}`;
  const { id: lockerId } = await api<{ id: string }>('POST', '/ebox', { data: { name, code, company, enable: true } });
  // A mobile of its own per run (21 9xxxx-xxxx), saved as typed in a form.
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const phone = `(21) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
  const tracking = `BS${tag}`;
  const orders: string[] = [];
  for (const [index, customerPhone] of [phone, '(11) 91234-5678'].entries()) {
    const { id } = await api<{ id: string }>('POST', '/order', {
      data: {
        type: 'DELIVERY',
        trackingCode: `${tracking}${index}`,
        company,
        shipper: company,
        ebox: lockerId,
        bookOrder: false,
        customerName: 'Cliente da Busca',
        customerPhone,
      },
    });
    orders.push(id);
  }
  seeded = { locker: { id: lockerId, name, code }, tracking, orders, phone };
}, 60_000);

async function openPalette(page: Page): Promise<void> {
  await page.getByTestId('palette-open').click();
  await see(page.getByTestId('palette-input'));
}

/** Types in the palette and opens the record whose row shows `shown`. */
async function findInPalette(page: Page, typed: string, shown: string): Promise<void> {
  await openPalette(page);
  await page.getByTestId('palette-input').fill(typed);
  const item = page.getByTestId('palette-item').filter({ hasText: shown });
  await see(item);
  await item.first().click();
}

describe('issue 29 item 1: one search in the palette and the lists', () => {
  for (const language of LANGUAGES) {
    for (const { name: size, viewport } of VIEWPORTS) {
      test(`finds a locker by code and an order by phone and tracking prefix (${language}, ${size})`, async () => {
        const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
        const { locker, tracking, orders, phone } = seeded;
        const { page, context } = await ownerPage(browser(), { language, viewport, axe: true });
        try {
          await see(page.getByTestId('palette-open'));

          // The palette: a locker by its code in lower case, shown by its name.
          await openPalette(page);
          await page.getByTestId('palette-input').fill(locker.code.toLowerCase());
          const lockerItem = page.getByTestId('palette-item').filter({ hasText: locker.name });
          await see(lockerItem);
          await screenshot(page, `issue-29/palette-locker-by-code-${language}-${size}`, { fullPage: false });
          expect(await seriousAxeProblems(page)).toEqual([]);
          await lockerItem.first().click();
          await page.waitForURL((url) => url.pathname === `/ebox/${locker.id}`);

          // An order by the phone typed as the customer says it (no DDD punctuation, with the country code).
          const spoken = `+55 21 ${phone.replace(/\D/g, '').slice(2)}`;
          await findInPalette(page, spoken, `${tracking}0`);
          await page.waitForURL((url) => url.pathname === `/order/${orders[0]}`);

          // The start of a tracking code offers both orders.
          await openPalette(page);
          await page.getByTestId('palette-input').fill(tracking.toLowerCase());
          for (const index of [0, 1]) await see(page.getByTestId('palette-item').filter({ hasText: `${tracking}${index}` }));
          await screenshot(page, `issue-29/palette-tracking-prefix-${language}-${size}`, { fullPage: false });
          await page.keyboard.press('Escape');

          // The list's search: the same prefix lists both, as links; the phone opens its one order.
          await page.goto('/order');
          const search = page.getByTestId('order-search').getByRole('searchbox');
          await see(page.getByText(t('orderList.search.hint')));
          await search.fill(tracking);
          await search.press('Enter');
          const found = page.getByTestId('order-search-found');
          await see(found.getByText(t('orderList.search.found', { count: 2 })));
          for (const index of [0, 1]) await see(found.getByRole('link', { name: new RegExp(`${tracking}${index}`) }));
          await screenshot(page, `issue-29/order-list-search-${language}-${size}`);
          expect(await seriousAxeProblems(page)).toEqual([]);
          await search.fill(phone.replace(/\D/g, '').slice(2));
          await search.press('Enter');
          await page.waitForURL((url) => url.pathname === `/order/${orders[0]}`);

          // The list's locker filter picks the locker by its code and lists its orders.
          await page.goto('/order');
          const filter = await openListFilter(page);
          await chooseOption(page, filter.getByLabel(t('entities.order.fields.ebox'), { exact: true }), locker.name, locker.code);
          await filter.getByTestId('list-search').click();
          // Only the locker's two orders are left.
          await see(page.getByText(t('kit.list.total', { count: 2 })));
          await see(page.getByText(`${tracking}0`).first());
          await see(page.getByText(`${tracking}1`).first());
          await screenshot(page, `issue-29/order-list-locker-by-code-${language}-${size}`);
        } finally {
          await context.close();
        }
      }, 180_000);
    }
  }
});
