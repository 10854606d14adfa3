import { type Language, periodRangeOf } from '@ebox/domain';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
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
 * Item 4: the open alerts (the first six, then all) and the failing doors show in their cards (at
 * 1366 × 800 and on a phone), each linked to its locker.
 */

const browser = setUpBrowser();
const NETWORK_TIME_ZONE = 'America/Sao_Paulo';

/** The dashboard's filter as the address holds it (features/dashboard/dashboard-filter.ts). */
function addressFilter(page: Page): Record<string, unknown> {
  return JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
}

/** A locker of its own company with failing doors, door 7 the worst. */
type AlertedLocker = { companyId: string; companyName: string; lockerId: string; lockerName: string; lockerCode: string; since: Date };

const MINUTE = 60_000;

/** Doors 1 to 6 fail three times each besides door 7: seven alerts, more than the card lists before "show all". */
const OTHER_FAILING_DOORS = [1, 2, 3, 4, 5, 6];

function compartmentOf(lockerId: string, number: number) {
  const place = { ebox: lockerId, number, boardNumber: 1, numberInColumn: number, comNumber: number };
  return { ...place, size: 'P', width: 40, height: 12, depth: 50, enable: true };
}

/**
 * Door 7's four failures in the last hour (two jammed, one unanswered, one opened without a command),
 * the door locked out (DAMAGE), three failures of each other door, and the alerts they raise: written
 * in the database as the terminal's reports and the alert job would leave them. The job, if it runs
 * meanwhile, measures the same failures (over the warning threshold of 3) and keeps them open as warnings.
 */
async function seedAlertedLocker(): Promise<AlertedLocker> {
  const api = await asOwner();
  const suffix = uniqueSuffix();
  const companyName = `Alertas ${suffix}`;
  const lockerName = `Armário Alertas ${suffix}`;
  const lockerCode = `AL${suffix.slice(-8).toUpperCase()}`;
  const companyId = (await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'shipper' } })).id;
  const lockerId = (await api<{ id: string }>('POST', '/ebox', { data: { name: lockerName, code: lockerCode, company: companyId } })).id;
  const doorIds = new Map<number, string>();
  for (const number of [7, ...OTHER_FAILING_DOORS]) {
    doorIds.set(number, (await api<{ id: string }>('POST', '/compartiment', { data: compartmentOf(lockerId, number) })).id);
  }
  const now = Date.now();
  const since = new Date(now - 50 * MINUTE);
  const failures: [number, number, string][] = [
    [7, 50, 'jammed'],
    [7, 40, 'jammed'],
    [7, 30, 'unanswered'],
    [7, 20, 'openedWithoutCommand'],
    ...OTHER_FAILING_DOORS.flatMap((number): [number, number, string][] =>
      [15, 12, 10].map((minutesAgo) => [number, minutesAgo, 'failed']),
    ),
  ];
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    for (const [number, minutesAgo, kind] of failures) {
      await client.query('INSERT INTO door_failure (at, ebox_id, compartiment_id, company_id, kind) VALUES ($1, $2, $3, $4, $5)', [
        new Date(now - minutesAgo * MINUTE),
        lockerId,
        doorIds.get(number),
        companyId,
        kind,
      ]);
    }
    await client.query(`UPDATE compartiment SET status = 'DAMAGE' WHERE id = $1`, [doorIds.get(7)]);
    const alerted: [number, number, Date][] = [
      [7, 4, since],
      ...OTHER_FAILING_DOORS.map((other): [number, number, Date] => [other, 3, new Date(now - 15 * MINUTE)]),
    ];
    for (const [number, count, opened] of alerted) {
      await client.query(
        `INSERT INTO dashboard_alert (kind, subject, company_id, ebox_id, compartiment_id, level, value, since, opened_at)
         VALUES ('doorFailures', $1, $2, $3, $4, 'warning', $5, $6, $6)`,
        [doorIds.get(number), companyId, lockerId, doorIds.get(number), count, opened],
      );
    }
  } finally {
    await client.end();
  }
  return { companyId, companyName, lockerId, lockerName, lockerCode, since };
}

/** The dashboard narrowed to a company, as the company picker leaves the address. */
function companyDashboard(companyId: string, companyName: string): string {
  return `/?filter=${encodeURIComponent(JSON.stringify({ company: { id: companyId, label: companyName } }))}`;
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

describe.each<Language>(['pt-BR', 'en'])('the alerts and failing doors (%s)', (language) => {
  const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test('shows the open alerts and the failing doors, each linked to its locker, on a laptop and a phone', async () => {
    const seeded = await seedAlertedLocker();
    const lockerLink = `${seeded.lockerName} (${seeded.lockerCode})`;
    const { page } = await ownerPage(browser(), { language, axe: true, viewport: { width: 1366, height: 800 } });
    await page.goto(companyDashboard(seeded.companyId, seeded.companyName));

    // The alerts come first, right under the filters: the oldest first among warnings, door 7's.
    const alerts = page.getByTestId('dashboard-alerts');
    await see(alerts.getByRole('heading', { level: 3, name: t('dashboardPage.alerts.title') }));
    const first = alerts.getByTestId('alert').first();
    await see(first.getByText(t('dashboardPage.alerts.kinds.doorFailures', { count: 4, door: 7 }), { exact: true }));
    expect(await first.getAttribute('data-level')).toBe('warning');
    await see(first.getByText(t('dashboardPage.alerts.levels.warning'), { exact: true }));
    await see(first.getByText(t('dashboardPage.alerts.since', { when: formatInZone(seeded.since.toISOString(), NETWORK_TIME_ZONE) })));
    expect(await first.getByRole('link', { name: lockerLink }).getAttribute('href')).toBe(`/ebox/${seeded.lockerId}`);
    await see(alerts.getByTestId('alerts-warning').getByText('7', { exact: true }));
    await see(alerts.getByTestId('alerts-critical').getByText('0', { exact: true }));

    // Six listed, the seventh behind "show all", a button that says whether the list is open.
    expect(await alerts.getByTestId('alert').count()).toBe(6);
    const toggle = alerts.getByRole('button', { name: t('dashboardPage.alerts.showAll', { count: 7 }) });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => alerts.getByTestId('alert').count()).toBe(7);
    expect(await alerts.getByRole('button', { name: t('dashboardPage.alerts.showFewer') }).getAttribute('aria-expanded')).toBe('true');

    // The failing doors: 22 failures in the period (none before), door 7 first and locked out now.
    const doors = page.getByTestId('dashboard-doors');
    await see(doors.getByTestId('doors-failures').getByTestId('figure-value').getByText('22', { exact: true }));
    await see(doors.getByTestId('doors-damaged').getByTestId('figure-value').getByText('1', { exact: true }));
    expect(await doors.getByTestId('failing-door').count()).toBe(7);
    const door = doors.getByTestId('failing-door').first();
    await see(door.getByRole('link', { name: t('dashboardPage.doors.door', { number: 7 }), exact: true }));
    await see(door.getByRole('link', { name: lockerLink }));
    await see(door.getByText(t('dashboardPage.doors.failuresCount', { count: 4 }), { exact: true }));
    expect(await door.getByTestId('failing-door-kinds').textContent()).toBe(
      [
        `${t('dashboardPage.doors.kinds.jammed')}: 2`,
        `${t('dashboardPage.doors.kinds.unanswered')}: 1`,
        `${t('dashboardPage.doors.kinds.openedWithoutCommand')}: 1`,
      ].join(' · '),
    );
    await see(door.getByText(t('entities.compartiment.enumerators.status.DAMAGE'), { exact: true }));

    // The section is what the window opens on, under the filters, at 1366 × 800.
    await page.getByTestId('alerts-toggle').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `dashboard/alerts-1366-${language}`, { live: true, fullPage: false });
    expect(await seriousAxeProblems(page)).toEqual([]);

    // On a phone the two cards stack and nothing overflows the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await alerts.scrollIntoViewIfNeeded();
    await screenshot(page, `dashboard/alerts-390-${language}`, { live: true, fullPage: false });
    await doors.scrollIntoViewIfNeeded();
    await screenshot(page, `dashboard/doors-390-${language}`, { live: true, fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeProblems(page)).toEqual([]);

    // The locker opens from its alert, by keyboard.
    await first.getByRole('link', { name: lockerLink }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/ebox/${seeded.lockerId}`);
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
