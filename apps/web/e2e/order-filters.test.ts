import type { Language } from '@ebox/domain';
import { afterAll, describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { newPage, owner, screenshot, see, seeNo, setUpBrowser, setUpOwnerPage, signIn, text, uniqueSuffix } from './support/browser';
import { openDialog, openListFilter, seeToast, settleDialogs } from './support/controls';
import { cutCells } from './support/cut-cells';
import { asOwner, createUser } from './support/users';

/**
 * Spec 6's filter permissions on the order list (docs/orders.md): a user without filterEbox,
 * filterCluster, filterType and filterReferenceNumber is not offered the locker, cluster, type and
 * reference number filters (the API would refuse them); the others stay, and the owner sees them all.
 */

const browser = setUpBrowser();
const say = (key: string) => text('pt-BR', key);
const GUARDED = ['type', 'ebox', 'eboxCode', 'cluster', 'referenceNumber'];
const label = (field: string) => say(`entities.order.fields.${field}`);

describe('the order list filters by permission', () => {
  const owner = setUpOwnerPage(browser);
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  test('the owner is offered the locker, cluster, type and reference number filters', async () => {
    await owner().goto('/order');
    const filter = await openListFilter(owner());
    for (const field of [...GUARDED, 'status']) await see(filter.getByLabel(label(field), { exact: true }));
  });

  test('a user who may only read orders is not offered them; the other filters stay', async () => {
    const api = await asOwner();
    const roleName = `Leitor de pedidos ${uniqueSuffix()}`;
    await api('POST', '/role', { data: { name: roleName, permissions: ['orderRead'] } });
    const reader = await createUser([roleName], 'order-reader');
    const { context, page } = await newPage(browser());
    closers.push(() => context.close());
    await signIn(page, reader.email, reader.password);
    await page.goto('/order');
    const filter = await openListFilter(page);
    await see(filter.getByLabel(label('status'), { exact: true }));
    await see(filter.getByLabel(label('trackingCode'), { exact: true }));
    for (const field of GUARDED) await seeNo(filter.getByLabel(label(field), { exact: true }));
    await screenshot(page, 'orders/order-filters-without-filter-permissions');
  });
});

/**
 * Issue 29, items 4 and 5 on the order list at 1366x800, in both languages: no status, code or date
 * cell is cut; statuses are tags; an overdue parcel says so; axe finds nothing serious; a period
 * over 31 days is said once and by the table; the export dialog asks its period and says the file
 * goes by e-mail; a new order is announced as "N new", not slid into the table.
 */
const LAYOUT: Language[] = ['pt-BR', 'en'];
const DAY_MS = 86_400_000;

for (const language of LAYOUT) {
  describe(`the order list at 1366 px (${language})`, () => {
    const say = (key: string, values?: Record<string, string | number>) => text(language, key, values);
    const closers: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const close of closers) await close();
    });

    test('what matters is whole; a long period is said once; the export asks its period; a new order is announced', async () => {
      const api = await asOwner();
      const suffix = uniqueSuffix().toUpperCase();
      const company = await api<{ id: string }>('POST', '/company', { data: { name: `Loja Lista ${suffix}`, type: 'shipper' } });
      const base = { type: 'DELIVERY', shipper: company.id, company: company.id, customerName: 'Renata Prado' };
      await api('POST', '/order', {
        data: { ...base, trackingCode: `OV${suffix}`, overdueDate: new Date(Date.now() - 2 * DAY_MS).toISOString() },
      });
      const { context, page } = await newPage(browser(), { language, viewport: { width: 1366, height: 800 }, axe: true });
      closers.push(() => context.close());
      await signIn(page, owner().email, owner().password, language);

      // A creation period of 40 days: one message, and the table says why it is empty.
      const now = Date.now();
      const tooLong = { createdAt: [new Date(now - 40 * DAY_MS).toISOString(), new Date(now).toISOString()] };
      await page.goto(`/order?filter=${encodeURIComponent(JSON.stringify(tooLong))}`);
      const refused = await see(page.getByTestId('list-refused'));
      await see(refused.getByText(say('orderList.refused.periodTooLong', { days: 31 })));
      const toasts = page.locator('.ant-notification-notice');
      await see(toasts.first());
      // The same request read again (as a live reconnection does) fails the same way and says nothing new.
      // Exactly the list's refresh: another file's new order may show the 'N novos · clique para atualizar' notice beside it.
      const refresh = page.getByRole('button', { name: say('common.refresh'), exact: true });
      await refresh.click();
      await expect.poll(() => refresh.getAttribute('class')).not.toContain('ant-btn-loading');
      expect(await toasts.count(), 'the period message is shown once').toBe(1);
      await screenshot(page, `orders/order-list-period-too-long-${language}`, { live: true });

      // The export asks its own period, starting from the list's: 40 days is refused there, before any request.
      const dialog = await openDialog(page, page.getByTestId('list-export'));
      const send = dialog.getByRole('button', { name: say('orderExport.send') });
      await see(send);
      const period = dialog.getByTestId('export-period');
      await see(period.getByText(say('orderExport.period')));
      await see(period.getByText(say('orderExport.periodTooLong', { days: 31 })));
      await see(period.getByText(say('orderExport.periodHint', { days: 31 })));
      await screenshot(page, `orders/order-export-period-${language}`, { live: true });
      await period.locator('input').first().click();
      await page.locator('.ant-picker-presets li', { hasText: say('listTools.presets.last7Days') }).click();
      await seeNo(period.getByText(say('orderExport.periodTooLong', { days: 31 })));
      await send.click();
      await seeToast(page, say('orderExport.started'));
      await settleDialogs(page);

      // The list itself: statuses as tags, the overdue parcel marked in words, nothing cut.
      await page.goto('/order');
      const row = page.locator('tr.ant-table-row', { hasText: `OV${suffix}` });
      await see(row.getByTestId('order-status'));
      await see(
        row.getByTestId('order-overdue').getByText(new RegExp(say('orderList.clock.overdue', { duration: 'X' }).replace('X', '.+'))),
      );
      const columns = ['trackingCode', 'status', 'createdAt'].map((field) => say(`entities.order.fields.${field}`));
      expect(await cutCells(page, 'order-list', [...columns, say('orderList.columns.expiresIn')]), 'cells cut at 1366 px').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(1366);
      await screenshot(page, `orders/order-list-1366-${language}`, { live: true });
      expect(await seriousAxeProblems(page), 'accessibility problems on the order list').toEqual([]);

      // A new order: announced, not slid into the open table; a click reads the list again.
      const trackingCode = `NW${suffix}`;
      await api('POST', '/order', { data: { ...base, trackingCode } });
      const news = await see(page.getByTestId('order-list-news'));
      await see(news.getByText(new RegExp(say('orderList.live.refresh', { news: '.*' }).replace(/[()]/g, '\\$&'))));
      await screenshot(page, `orders/order-list-news-${language}`, { live: true });
      await news.click();
      await see(page.locator('tr.ant-table-row', { hasText: trackingCode }));
      await seeNo(page.getByTestId('order-list-news'));
    }, 120_000);
  });
}
