import { randomUUID } from 'node:crypto';
import { formatDateTimeInZone, type Language } from '@ebox/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { seriousAxeProblems } from './support/axe';
import { ACTION_TIMEOUT, screenshot as screenshotPage, see, setUpBrowser, signIn, text } from './support/browser';
import { chooseOption, seeToast } from './support/controls';
import { type OwnConsole, startOwnConsole, startVirtualTerminal } from './support/own-console';

/**
 * Issue 31's screens in the browser: a terminal UI build uploads with its progress bar, a release of
 * it is scheduled from its form for two lockers, and its page shows both lockers reach succeeded
 * without a reload (pushed over GET /live): the two virtual lockers wait outside their maintenance
 * window (waiting-idle) until the test moves their clocks into it. Then the fleet view counts the
 * new UI version and each locker's page lists the release in its version history. axe finds
 * nothing serious on these screens, at 1366 and 390 px, in both languages.
 *
 * The shared console runs without a broker, so this file has a console of its own with the embedded
 * one (support/own-console.ts), as locker-live.test.ts does.
 */

const browser = setUpBrowser();

/** 12:00 and 03:00 in São Paulo: outside and inside the default 02:00–05:00 window the command carries. */
const MIDDAY = new Date('2026-06-01T15:00:00Z');
const NIGHT = new Date('2026-06-01T06:00:00Z');

let own: OwnConsole;
let companyName = '';
let companyId = '';
const lockers: { id: string; name: string; terminal: VirtualTerminal }[] = [];

beforeAll(async () => {
  own = await startOwnConsole({ mqtt: true, heartbeatSeconds: 2 });
  const call = <T = any>(method: string, apiPath: string, body?: unknown) => own.call<T>(method, apiPath, body);
  companyName = 'Rede Armários Norte';
  companyId = (await call('POST', '/company', { data: { name: companyName, type: 'carrier' } })).id;
  // Each locker a column of two doors, as a real one has (its page lists them).
  const layout = await call('POST', '/compartimentLayout', { data: { code: 'P', name: 'Pequeno', width: 40, height: 12, depth: 50 } });
  const column = await call('POST', '/eboxModule', { data: { name: 'Coluna P2', code: 'CP2' } });
  for (const staticNumber of [1, 2]) {
    await call('POST', '/eboxModuleCompartiment', { data: { eboxModule: column.id, staticNumber, compartimentLayout: layout.id } });
  }
  for (const [name, code] of [
    ['Armário Estação Norte', 'NORTE1'],
    ['Armário Estação Sul', 'SUL1'],
  ] as const) {
    const terminalId = randomUUID();
    const id = (
      await call('POST', '/ebox', {
        data: { name, code, company: companyId, terminalId, enable: true, eboxModule: [column.id], startNumber: 1, boardNumber: 1 },
      })
    ).id as string;
    await call('POST', '/ebox/generateCompartiments', { data: { ebox: id } });
    const compartments = (await call('GET', `/compartiment?filter[ebox]=${id}&limit=10`)).rows as {
      number: number;
      boardNumber: number;
      comNumber: number;
    }[];
    const { terminal } = await startVirtualTerminal(own, {
      lockerId: id,
      terminalId,
      // The terminal's own channel is the address, from 0; the console's comNumber is the printed one, from 1.
      compartments: compartments.map((row) => ({ number: row.number, boardNumber: row.boardNumber, channel: row.comNumber - 1 })),
      doorCloseAfterMs: 1_000,
      clock: () => MIDDAY,
    });
    lockers.push({ id, name, terminal });
  }
  // Online before the release starts: an offline locker is commanded only when it comes back.
  for (const locker of lockers) {
    await vi.waitFor(
      async () => {
        const { status } = await call('GET', `/ebox/${locker.id}`);
        if (status !== 'online') throw new Error(`${locker.name} is ${status}, not yet online`);
      },
      { timeout: 30_000, interval: 100 },
    );
  }
}, 120_000);

afterAll(async () => {
  for (const locker of lockers) await locker.terminal.stop().catch(() => {});
  await own?.close();
});

async function ownerPageOf(
  language: Language,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    baseURL: own.baseUrl,
    viewport,
    locale: language === 'en' ? 'en-US' : 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // axe runs as an inline script the console's Content-Security-Policy refuses; less motion as support/browser.ts's pages.
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  await context.addInitScript((stored) => window.localStorage.setItem('language', stored), language);
  const page = await context.newPage();
  await signIn(page, own.owner.email, own.owner.password, language);
  return { context, page };
}

/** A picture of a page holding its live stream (its network never goes idle). */
const screenshot = (page: Page, name: string) => screenshotPage(page, name, { live: true });

/** Now, as the form's picker reads it (DD/MM/YYYY HH:mm in São Paulo): the release starts at once. */
function nowInSaoPaulo(): string {
  return formatDateTimeInZone(new Date().toISOString(), 'America/Sao_Paulo');
}

let releaseId = '';

describe('software releases on screen (issue 31)', () => {
  test('a UI build uploads with its progress bar; its release reaches both lockers, seen live on the release page', async () => {
    const t = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);
    const { page } = await ownerPageOf('pt-BR', { width: 1366, height: 1100 });

    // The build, with its progress bar (a PUT straight to the signed URL).
    await page.goto('/terminalUiVersion/new');
    await page.getByLabel(t('entities.terminalUiVersion.fields.identification'), { exact: true }).fill('ui-2.4.0');
    await page.getByLabel(t('entities.terminalUiVersion.fields.description'), { exact: true }).fill('Tela de retirada nova');
    await chooseOption(page, t('entities.terminalUiVersion.fields.company'), companyName);
    const build = Buffer.alloc(4 * 1024 * 1024, 3);
    build.write('PK\u0003\u0004', 0, 'latin1');
    await page
      .getByTestId('ui-build-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'ui-2.4.0.zip', mimeType: 'application/zip', buffer: build });
    await see(page.getByTestId('ui-build-progress'));
    await expect.poll(() => page.getByTestId('ui-build-progress').getAttribute('aria-valuenow')).toBe('100');
    await see(page.getByTestId('ui-build-done'));
    await page.getByRole('button', { name: t('kit.actions.save') }).click();
    await page.waitForURL((url) => url.pathname === '/terminalUiVersion');

    // The release, for a list of two lockers, scheduled now.
    await page.goto('/release/new');
    await page.getByLabel(t('entities.terminalUiRelease.fields.identification'), { exact: true }).fill('Interface 2.4 no Norte');
    await chooseOption(page, t('entities.terminalUiRelease.fields.company'), companyName);
    await chooseOption(page, t('entities.terminalUiRelease.fields.terminalUiVersion'), 'ui-2.4.0');
    await chooseOption(page, page.locator('#terminalUiRelease-form_target'), t('entities.terminalUiRelease.enumerators.target.ebox'), '');
    for (const locker of lockers)
      await chooseOption(page, page.locator('#terminalUiRelease-form_ebox'), locker.name, locker.name.slice(-5));
    const scheduledAt = page.getByLabel(t('entities.terminalUiRelease.fields.scheduledAt'), { exact: true });
    await scheduledAt.fill(nowInSaoPaulo());
    // The picker's OK keeps the typed time (Enter would also submit the form).
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await page.getByRole('button', { name: t('kit.actions.save') }).click();
    await page.waitForURL((url) => url.pathname === '/release');
    const { rows } = await own.call<{ rows: { id: string }[] }>('GET', `/terminalUiRelease?filter[company]=${companyId}`);
    expect(rows).toHaveLength(1);
    releaseId = rows[0]?.id ?? '';

    // The release page, live: the canary waits for its window, then both lockers succeed.
    await page.goto(`/release/${releaseId}`);
    await see(page.getByTestId('live-sign').getByText(t('releasePage.live.on')));
    const table = page.getByTestId('release-lockers');
    await see(table.locator('[data-locker][data-state="waiting-idle"]'), 60_000);
    await see(page.getByTestId('release-stage').first());
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-31/release-waiting-1366-pt-BR');
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    for (const locker of lockers) locker.terminal.setClock(() => NIGHT);
    await expect.poll(() => table.locator('[data-locker][data-state="succeeded"]').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('release-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('COMPLETED');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    // Each stage counts its locker succeeded: the canary (1) and the rest (1).
    await expect
      .poll(() => page.getByTestId('stage-succeeded').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-count'))))
      .toEqual(['1', '1']);
    await screenshot(page, 'issue-31/release-completed-1366-pt-BR');
  });

  test('a scheduled release says when it will start; its cancel asks first and then says no locker was commanded', async () => {
    const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);
    const builds = await own.call<{ rows: { id: string }[] }>('GET', `/terminalUiVersion?filter[company]=${companyId}`);
    const created = await own.call<{ id: string }>('POST', '/terminalUiRelease', {
      data: {
        identification: 'Later',
        company: companyId,
        terminalUiVersion: builds.rows[0]?.id,
        target: 'all',
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const { page } = await ownerPageOf('en', { width: 1366, height: 900 });
    await page.goto(`/release/${created.id}`);
    await see(page.getByTestId('release-not-started'));
    await page.getByTestId('release-cancel').click();
    const dialog = page.getByRole('dialog');
    await see(dialog.getByText(t('releasePage.actions.cancelText')));
    await dialog.getByTestId('confirm-cancel').click();
    await seeToast(page, t('releasePage.actions.canceled'));
    await expect.poll(() => page.getByTestId('release-status').getAttribute('data-status')).toBe('CANCELED');
    await see(page.getByTestId('release-not-started').getByText(t('releasePage.canceledBeforeStart')));
  });

  for (const language of ['pt-BR', 'en'] as const) {
    for (const width of [1366, 390]) {
      test(`the release page, the fleet view and a locker's version history read right (${language}, ${width} px)`, async () => {
        const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
        expect(releaseId, 'the release of the first test').not.toBe('');
        const { page } = await ownerPageOf(language, { width, height: width > 500 ? 900 : 844 });

        await page.goto(`/release/${releaseId}`);
        await expect.poll(() => page.getByTestId('release-lockers').locator('[data-locker][data-state="succeeded"]').count()).toBe(2);
        await see(page.getByText(t('releasePage.states.succeeded')).first());
        expect(await seriousAxeProblems(page)).toEqual([]);
        await screenshot(page, `issue-31/release-${width}-${language}`);

        // The fleet view, from the Terminal menu on a laptop.
        if (width > 500) {
          await page.goto('/');
          await page.getByRole('menuitem', { name: t('layout.menu.terminal') }).click();
          await page.getByRole('menuitem', { name: t('layout.menu.fleet') }).click();
          await page.waitForURL((url) => url.pathname === '/release/fleet');
        } else {
          await page.goto('/release/fleet');
        }
        await see(page.getByTestId('fleet-ui'));
        await chooseOption(page, t('fleetPage.company'), companyName);
        await see(page.getByTestId('fleet-ui').getByRole('cell', { name: 'ui-2.4.0', exact: true }));
        await see(page.getByTestId('fleet-oldest-ui').getByText('ui-2.4.0'));
        expect(await seriousAxeProblems(page)).toEqual([]);
        await screenshot(page, `issue-31/fleet-${width}-${language}`);

        // The locker's page: its version history links to the release.
        await page.goto(`/ebox/${lockers[0]?.id}`);
        const history = page.getByTestId('locker-software-history');
        const link = history.getByRole('link', { name: 'Interface 2.4 no Norte' });
        await see(link);
        await see(history.getByText(t('releasePage.states.succeeded')));
        expect(await seriousAxeProblems(page)).toEqual([]);
        await screenshot(page, `issue-31/locker-history-${width}-${language}`);
        await link.click();
        await page.waitForURL((url) => url.pathname === `/release/${releaseId}`);
      });
    }
  }
});
