import { createRequire } from 'node:module';
import type { Theme } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACTION_TIMEOUT, animationsSettled, screenshot, see, setUpBrowser, signIn } from './support/browser';
import { type OwnConsole, startOwnConsole } from './support/own-console';

/**
 * Issue 13, item 1 in the browser: axe-core's color-contrast rule finds nothing on the sign-in page,
 * home, a list, the role form (its "x de y" counts), the audit log and the settings, in the default theme and in
 * the three lightest ones (yellow, lime, gold: under 2:1 before). The unit test
 * (test/theme-contrast.test.ts) covers every theme's tokens; this checks that the screens use them.
 */

const browser = setUpBrowser();

/**
 * The theme is the whole company's setting: written on the shared console it would repaint the
 * screens of the browser files running beside this one. This file has a console of its own and
 * sets each theme through the settings API, as an owner would on the settings page.
 */
let own: OwnConsole;
beforeAll(async () => {
  // The demo rows: a list with records (their tags, links and counts) rather than an empty one.
  own = await startOwnConsole({ demoData: true });
});
afterAll(async () => {
  await own?.close();
});
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const THEMES_CHECKED: Theme[] = ['default', 'yellow', 'lime', 'gold'];

/** `live`: the page holds its live stream open (the dashboard), so its network never goes idle and `ready` alone says it has loaded. */
const PAGES: { path: string; ready: (page: Page) => Promise<unknown>; live?: boolean }[] = [
  // The dashboard, with its charts drawn (their axes and legends are text too).
  { path: '/', ready: (page) => see(page.getByTestId('chart-daily').locator('.recharts-surface')), live: true },
  { path: '/customer', ready: (page) => see(page.locator('.ant-table-row, .ant-empty')) },
  { path: '/role/new', ready: (page) => see(page.locator('[data-testid^="permission-group-"]')) },
  { path: '/audit-logs', ready: (page) => see(page.locator('.ant-table-row, .ant-empty')) },
  // Every theme's swatch and name, in the shades the console paints them.
  { path: '/settings', ready: (page) => see(page.getByTestId('theme-yellow')) },
];

/**
 * A page of the own console, which wears `theme` (set through the API). The context bypasses the
 * Content-Security-Policy only so axe can be injected (production keeps the policy). The theme is
 * also what the console stores for the sign-in page's first paint, as after an earlier visit.
 */
async function themedPage(theme: Theme): Promise<Page> {
  await own.call('PUT', '/settings', { settings: { theme } });
  const context = await browser().newContext({
    baseURL: own.baseUrl,
    viewport: { width: 1366, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    bypassCSP: true,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  await context.addInitScript((chosen) => {
    window.localStorage.setItem('language', 'pt-BR');
    window.localStorage.setItem('theme', chosen);
  }, theme);
  return context.newPage();
}

type Finding = { target: string; summary: string };

/** axe-core's color-contrast rule over the page as it stands, one line per element that fails. */
async function contrastViolations(page: Page, live = false): Promise<Finding[]> {
  if (!live) await page.waitForLoadState('networkidle').catch(() => {});
  // antd fades controls in; a half-transparent one would be measured mid-fade.
  await animationsSettled(page);
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { nodes: { target: string[]; failureSummary?: string }[] }[] };
    const results = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: (node.failureSummary ?? '').split('\n').slice(1).join(' '),
      })),
    );
  });
}

describe.each(THEMES_CHECKED)('contrast in the %s theme', (theme) => {
  let page: Page;
  beforeAll(async () => {
    page = await themedPage(theme);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  test('the sign-in page', async () => {
    await page.goto('/auth/signin');
    await see(page.locator('form input').first());
    expect(await contrastViolations(page)).toEqual([]);
    if (theme === 'default' || theme === 'yellow') await screenshot(page, `issue13-contrast-signin-${theme}`);
  });

  test.each(PAGES)('$path', async ({ path, ready, live }) => {
    if (new URL(page.url()).pathname.startsWith('/auth/')) await signIn(page, own.owner.email, own.owner.password);
    await page.goto(path);
    await ready(page);
    expect(await contrastViolations(page, live)).toEqual([]);
    if (path === '/' && theme !== 'default') await screenshot(page, `issue28-contrast-dashboard-${theme}`, { live: true });
    if (path === '/customer' && (theme === 'default' || theme === 'yellow')) await screenshot(page, `issue13-contrast-customers-${theme}`);
    // The twelve themes' swatches side by side, to see that each still looks like itself.
    if (path === '/settings' && theme === 'default') await screenshot(page, 'issue13-contrast-settings-themes');
  });
});
