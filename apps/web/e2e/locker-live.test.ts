import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { ACTION_TIMEOUT, SCREENSHOT_DIR, screenshot as screenshotPage, see, setUpBrowser, signIn, text } from './support/browser';
import { confirmSettled, seeToast } from './support/controls';
import { type OwnConsole, startOwnConsole, startVirtualTerminal } from './support/own-console';

/**
 * Issue 14, item 7 in the browser: a virtual terminal on the console's own broker opens a door and
 * the locker's face shows it open without a reload (pushed over GET /live); the terminal drops (its
 * last will) and the locker reads offline on its page and in the list's network summary.
 *
 * The shared console runs without a broker, so this file has a console of its own with the
 * embedded one (as `npm start` runs it): support/own-console.ts.
 */

const browser = setUpBrowser();
const say = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

let own: OwnConsole;
let terminal: VirtualTerminal | undefined;
let lockerId = '';
let configured: Promise<void> = Promise.resolve();
let doorClosing: Promise<void> | undefined;

beforeAll(async () => {
  own = await startOwnConsole({ mqtt: true, heartbeatSeconds: 2 });
  const call = <T = any>(method: string, apiPath: string, body?: unknown) => own.call<T>(method, apiPath, body);
  // A locker of two modules: a column of three small doors and one of a small and a tall one.
  const small = await call('POST', '/compartimentLayout', { data: { code: 'P', name: 'Pequeno', width: 40, height: 12, depth: 50 } });
  const tall = await call('POST', '/compartimentLayout', { data: { code: 'G', name: 'Grande', width: 40, height: 36, depth: 50 } });
  const left = await call('POST', '/eboxModule', { data: { name: 'Coluna P', code: 'CP3' } });
  const right = await call('POST', '/eboxModule', { data: { name: 'Coluna PG', code: 'CPG' } });
  for (const staticNumber of [1, 2, 3]) {
    await call('POST', '/eboxModuleCompartiment', { data: { eboxModule: left.id, staticNumber, compartimentLayout: small.id } });
  }
  await call('POST', '/eboxModuleCompartiment', { data: { eboxModule: right.id, staticNumber: 1, compartimentLayout: small.id } });
  await call('POST', '/eboxModuleCompartiment', { data: { eboxModule: right.id, staticNumber: 2, compartimentLayout: tall.id } });
  const terminalId = randomUUID();
  lockerId = (
    await call('POST', '/ebox', {
      data: {
        name: 'Armário Praça Central',
        code: 'PRACA1',
        terminalId,
        eboxModule: [left.id, right.id],
        startNumber: 1,
        boardNumber: 1,
        enable: true,
      },
    })
  ).id;
  await call('POST', '/ebox', { data: { name: 'Armário Rodoviária', code: 'RODO1', enable: true } });
  await call('POST', '/ebox/generateCompartiments', { data: { ebox: lockerId } });
  const compartments = (await call('GET', `/compartiment?filter[ebox]=${lockerId}&limit=100`)).rows as {
    number: number;
    boardNumber: number;
    comNumber: number;
  }[];
  ({ terminal, configured } = await startVirtualTerminal(own, {
    lockerId,
    terminalId,
    // The terminal's own channel is the address, from 0; the console's comNumber is the printed one, from 1.
    compartments: compartments.map((row) => ({ number: row.number, boardNumber: row.boardNumber, channel: row.comNumber - 1 })),
    // Long: on a loaded machine a full-page picture alone can take many seconds.
    doorCloseAfterMs: 120_000,
  }));
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await doorClosing;
  await own?.close();
});

/** A picture of a page holding its live stream (the door would close while waiting for an idle network). */
const screenshot = (page: Page, name: string, fullPage = true) => screenshotPage(page, name, { live: true, fullPage });

async function ownerPageOf(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ baseURL: own.baseUrl, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  await context.addInitScript(() => window.localStorage.setItem('language', 'pt-BR'));
  const page = await context.newPage();
  await signIn(page, own.owner.email, own.owner.password);
  return { context, page };
}

describe('a locker, live (pt-BR)', () => {
  test('a door opened at the locker shows open on its face without a reload; its last will marks it offline', async () => {
    const { page } = await ownerPageOf({ width: 1366, height: 800 });
    await page.goto(`/ebox/${lockerId}`);
    const face = page.getByTestId('locker-face');
    await see(face.getByTestId('locker-cell').first());
    await expect.poll(() => face.getByTestId('locker-module').count()).toBe(2);
    await see(page.getByTestId('live-sign').getByText(say('lockerLive.live.on')));
    await expect.poll(() => page.getByTestId('ebox-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('online');

    const door = face.locator('[data-testid="locker-cell"][data-number="4"]');
    expect(await door.getAttribute('data-door')).toBe('closed');
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    // What the live region says, every time (it is emptied and filled again for each message).
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => {
        const now = document.getElementById('live-announcer')?.textContent;
        if (now && said.at(-1) !== now) said.push(now);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said.join(' | '));
    // A door forced before the terminal answered apply_config would be overwritten by its snapshot.
    await configured;
    // forceDoor settles when the door closes again (doorCloseAfterMs, two minutes here): the test goes
    // on at once and the terminal's stop in afterAll settles it (this await cost 120 s a run).
    const sentAt = Date.now();
    doorClosing = terminal?.forceDoor(4);
    await expect.poll(() => door.getAttribute('data-door'), { timeout: 10_000 }).toBe('open');
    console.info(`door 4 shown open ${Date.now() - sentAt} ms after the terminal reported it`);
    await face.screenshot({ path: path.join(SCREENSHOT_DIR, 'lockers/locker-live-face-card.png') });
    await screenshot(page, 'lockers/locker-live-face');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    // Said to screen reader users too.
    await expect.poll(said).toContain(say('lockerLive.announce.doorOpened', { number: 4 }));

    // Opened from the picture (keyboard: the cell is a button), confirmed, answered by the terminal.
    const first = face.locator('[data-testid="locker-cell"][data-number="1"]');
    await first.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('compartment-drawer');
    await see(drawer.getByText(say('lockerLive.compartment.title', { number: 1 })));
    await drawer.getByTestId('compartment-open').click();
    await confirmSettled(page, page.getByTestId('confirm-open'));
    await seeToast(page, say('lockerLive.compartment.opened', { number: 1 }));
    await expect.poll(() => first.getAttribute('data-door'), { timeout: 10_000 }).toBe('open');
    await expect.poll(() => drawer.getByTestId('compartment-door').textContent()).toBe(say('lockerLive.compartment.doorOpen'));
    await see(drawer.getByTestId('record-history-entry').first());
    await screenshot(page, 'lockers/locker-live-drawer', false);

    // Locked from the drawer: the picture shows it damaged (crossed), then released.
    await drawer.getByTestId('compartment-lock').click();
    await confirmSettled(page, page.getByTestId('confirm-lock'));
    await seeToast(page, say('lockerLive.compartment.locked', { number: 1 }));
    await expect.poll(() => first.getAttribute('data-status')).toBe('DAMAGE');
    await drawer.getByTestId('compartment-release').click();
    await confirmSettled(page, page.getByTestId('confirm-release'));
    await expect.poll(() => first.getAttribute('data-status')).toBe('AVAILABLE');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);

    // (The door shutting again is pushed the same way: apps/api/test/live-events.test.ts.)
    await terminal?.goOffline();
    await expect.poll(() => page.getByTestId('ebox-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('offline');
    // Its commands say so at once, before anyone clicks (issue 29, item 2): greyed, the reason beside them.
    await see(page.getByTestId('terminal-offline').getByText(say('lockerLive.terminal.offline')));
    expect(await page.getByTestId('terminal-reboot').isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId('live-region').textContent())
      .toContain(say('lockerLive.announce.offline', { name: 'Armário Praça Central' }));
  }, 300_000);

  test('the list shows the network at a glance with coloured status tags', async () => {
    const { page } = await ownerPageOf({ width: 1366, height: 800 });
    await page.goto('/ebox');
    const summary = page.getByTestId('network-summary');
    await see(summary);
    await see(summary.getByTestId('network-silent').getByText('Armário Rodoviária'));
    await expect.poll(() => page.getByTestId('ebox-status').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'lockers/locker-live-list');
  });

  test('the locker page and list on a phone', async () => {
    const { page } = await ownerPageOf({ width: 390, height: 844 });
    await page.goto(`/ebox/${lockerId}`);
    await see(page.getByTestId('locker-face').getByTestId('locker-cell').first());
    await screenshot(page, 'lockers/locker-live-face-phone');
    await page.getByTestId('locker-face').screenshot({ path: await screenshot(page, 'lockers/locker-live-face-card-phone') });
    await page.goto('/ebox');
    await see(page.getByTestId('network-summary'));
    await screenshot(page, 'lockers/locker-live-list-phone');
  });
});
