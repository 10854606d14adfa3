import { randomUUID } from 'node:crypto';
import type { Language } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { seriousAxeProblems } from './support/axe';
import { ACTION_TIMEOUT, screenshot, see, setUpBrowser, signIn, text } from './support/browser';
import { type OwnConsole, startOwnConsole, startVirtualTerminal } from './support/own-console';

/**
 * Issue 25, item 1 in the browser: a locker whose relay mapping fails the console's check (channel 9
 * on an 8-channel board) is not sent one; its page shows the misconfigured banner with the reason,
 * the locker list a red configuration tag and the network summary counts it. Own console with the
 * embedded broker (support/own-console.ts), as in locker-live.test.ts.
 */

const browser = setUpBrowser();

let own: OwnConsole;
let terminal: VirtualTerminal | undefined;
let lockerId = '';

beforeAll(async () => {
  own = await startOwnConsole({ mqtt: true, heartbeatSeconds: 2 });
  const terminalId = randomUUID();
  lockerId = (
    await own.call<{ id: string }>('POST', '/ebox', { data: { name: 'Armário Mal Ligado', code: 'MALLIG1', terminalId, enable: true } })
  ).id;
  for (const [number, comNumber] of [
    [1, 1],
    [2, 9],
  ]) {
    await own.call('POST', '/compartiment', {
      data: {
        ebox: lockerId,
        number,
        boardNumber: 1,
        numberInColumn: number,
        comNumber,
        size: 'P',
        width: 40,
        height: 12,
        depth: 50,
        enable: true,
      },
    });
  }
  ({ terminal } = await startVirtualTerminal(own, {
    lockerId,
    terminalId,
    compartments: [{ number: 1, boardNumber: 1, channel: 0 }],
    doorCloseAfterMs: 60_000,
  }));
}, 120_000);

afterAll(async () => {
  await terminal?.stop().catch(() => {});
  await own?.close();
});

describe('a misconfigured locker', () => {
  for (const language of ['pt-BR', 'en'] as Language[]) {
    test(`shows the banner with the reason on its page, a red tag in the list and a count in the network summary (${language}); axe finds nothing serious`, async () => {
      const say = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const suffix = language === 'en' ? '-en' : '';
      const context = await browser().newContext({
        baseURL: own.baseUrl,
        viewport: { width: 1366, height: 800 },
        locale: language,
        // axe is injected as an inline script, which the console's CSP refuses.
        bypassCSP: true,
      });
      context.setDefaultTimeout(ACTION_TIMEOUT);
      await context.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
      const page = await context.newPage();
      await signIn(page, own.owner.email, own.owner.password, language);
      await page.goto(`/ebox/${lockerId}`);
      const banner = page.getByTestId('ebox-misconfigured');
      await see(banner, 30_000);
      const reason = say('terminalCommands.configCheck.outOfRange', { numbers: '2', channels: 8 });
      await see(banner.getByText(say('terminalCommands.configInvalid', { reason })));
      await screenshot(page, `lockers/locker-misconfigured${suffix}`, { live: true, fullPage: false });
      expect(await seriousAxeProblems(page), 'accessibility problems on the misconfigured locker page').toEqual([]);

      await page.goto('/ebox');
      await see(page.getByTestId('ebox-config-status').first());
      expect(await page.getByTestId('ebox-config-status').first().getAttribute('data-status')).toBe('invalid');
      expect(await page.getByTestId('network-misconfigured').textContent()).toContain('1');
      await screenshot(page, `lockers/locker-list-misconfigured${suffix}`, { live: true, fullPage: false });
      expect(await seriousAxeProblems(page), 'accessibility problems on the locker list').toEqual([]);
      await context.close();
    }, 120_000);
  }
});
