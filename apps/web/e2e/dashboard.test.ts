import { type Language, periodRangeOf } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatInZone } from '../src/features/dashboard/dashboard-format';
import { seriousAxeProblems } from './support/axe';
import { newPage, ownerPage, screenshot, see, setUpBrowser, signIn, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner, createUser } from './support/users';

/**
 * Issue 28's home dashboard in the browser, in both languages: the owner changes the company and
 * the period (kept in the address through a reload), sees a cancelation count in "today" without
 * reloading (the push channel), follows a tile to the order list behind it, sees a period without
 * orders say so, reads a chart as a table (also on a phone), and axe finds no serious problem. A user without orderRead lands on /success-signin.
 */

const browser = setUpBrowser();
const NETWORK_TIME_ZONE = 'America/Sao_Paulo';

/** The dashboard's filter as the address holds it (features/dashboard/dashboard-filter.ts). */
function addressFilter(page: Page): Record<string, unknown> {
  return JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
}

/** The value a tile shows, once the answer is in. */
function tileValue(page: Page, figure: string) {
  return page.getByTestId(`figure-${figure}`).getByTestId('figure-value');
}

describe.each<Language>(['pt-BR', 'en'])('the home dashboard (%s)', (language) => {
  const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test('changes company and period, counts a cancelation live, opens the list behind a tile', async () => {
    const api = await asOwner();
    const suffix = uniqueSuffix();
    const companyName = `Painel ${suffix}`;
    const company = await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'shipper' } });
    const trackingCode = `DB${suffix.slice(-10).toUpperCase()}`;
    const created = await api<{ id: string }>('POST', '/order', {
      data: { type: 'DELIVERY', trackingCode, shipper: company.id, company: company.id, customerName: 'Renata Prado', bookOrder: false },
    });

    const { page } = await ownerPage(browser(), { language });
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: t('dashboardPage.title') }));
    // The default period, its bounds on the network's clock and the zone.
    await see(page.getByTestId('dashboard-period').getByText(t('dashboardPage.periods.past7Days')));
    await see(page.getByTestId('dashboard-bounds').getByText(t('dashboardPage.bounds.timeZone', { zone: NETWORK_TIME_ZONE })));
    await see(tileValue(page, 'stored'));

    await chooseOption(page, t('dashboardPage.filters.period'), t('dashboardPage.periods.today'), '');
    await page.waitForURL(() => addressFilter(page).period === 'today');
    await chooseOption(page, t('dashboardPage.filters.company'), companyName, suffix);
    await page.waitForURL(() => (addressFilter(page).company as { id?: string } | undefined)?.id === company.id);

    // A reload keeps both, and the bounds say "today from midnight".
    await page.reload();
    await see(page.getByTestId('dashboard-period').getByText(t('dashboardPage.periods.today')));
    await see(page.getByTestId('dashboard-filters').getByText(companyName));
    const today = periodRangeOf('today', new Date(), NETWORK_TIME_ZONE);
    await see(page.getByTestId('dashboard-bounds').getByText(formatInZone(today.from.toISOString(), NETWORK_TIME_ZONE), { exact: false }));
    await see(tileValue(page, 'created').getByText('1', { exact: true }));
    await see(tileValue(page, 'canceled').getByText('0', { exact: true }));
    await screenshot(page, `dashboard/company-today-${language}`, { live: true });

    // Canceled elsewhere: the tile counts it without a reload.
    // (A delete cancels an order: spec 4.1.)
    await api('DELETE', `/order?ids[]=${created.id}`);
    await see(tileValue(page, 'canceled').getByText('1', { exact: true }));

    // The created tile opens the orders created in the period, in the company.
    await page.getByTestId('figure-created').getByTestId('figure-link').click();
    await page.waitForURL((url) => url.pathname === '/order');
    const listFilter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    expect((listFilter.company as { id: string }).id).toBe(company.id);
    expect(listFilter.createdAt).toEqual([today.from.toISOString(), expect.any(String)]);
    await see(page.getByRole('link', { name: trackingCode }));
    await screenshot(page, `dashboard/created-list-${language}`, { live: true });

    // Back on the dashboard, a period without the company's orders says so instead of empty charts.
    await page.goBack();
    await chooseOption(page, t('dashboardPage.filters.period'), t('dashboardPage.periods.yesterday'), '');
    await see(page.getByTestId('dashboard-empty').getByText(t('dashboardPage.empty.title')));
    await see(tileValue(page, 'created').getByText('0', { exact: true }));
  });

  test('shows a chart as a table, and axe finds no serious problem', async () => {
    const { page } = await ownerPage(browser(), { language, axe: true });
    await page.goto('/');
    // The demo's three weeks of orders fill the past 7 days.
    const daily = page.getByTestId('chart-daily');
    await see(daily.locator('.recharts-surface'));
    await see(page.getByTestId('chart-dwell').locator('.recharts-surface'));
    await screenshot(page, `dashboard/home-${language}`, { live: true });
    expect(await seriousAxeProblems(page)).toEqual([]);

    await daily.getByRole('button', { name: t('dashboardPage.charts.showTable') }).click();
    const table = daily.getByRole('table');
    await see(table.getByRole('columnheader', { name: t('dashboardPage.charts.day') }));
    await see(table.getByRole('columnheader', { name: t('dashboardPage.figures.stored') }));
    // One row per day of the past 7 days.
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(7);
    expect(await daily.getByRole('button', { name: t('dashboardPage.charts.showChart') }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, `dashboard/daily-as-table-${language}`, { live: true });
    expect(await seriousAxeProblems(page)).toEqual([]);

    // On a phone the tiles, cards and tables stack; a wide table scrolls inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    await see(page.getByTestId('figure-stored'));
    await screenshot(page, `dashboard/home-390-${language}`, { live: true, fullPage: false });
    await page.getByTestId('now-oldest').scrollIntoViewIfNeeded();
    await screenshot(page, `dashboard/home-390-now-${language}`, { live: true, fullPage: false });
    expect(await seriousAxeProblems(page)).toEqual([]);
  });
});

describe('who lands on the dashboard', () => {
  test('a user without orderRead lands on /success-signin, not on the dashboard', async () => {
    const api = await asOwner();
    const roleName = `Sem pedidos ${uniqueSuffix()}`;
    await api('POST', '/role', { data: { name: roleName, permissions: ['customerRead'] } });
    const user = await createUser([roleName], 'no-orders');
    const { page } = await newPage(browser());
    await signIn(page, user.email, user.password);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/success-signin');
    await see(page.getByTestId('welcome'));
    expect(await page.getByTestId('dashboard').count()).toBe(0);
  });
});
