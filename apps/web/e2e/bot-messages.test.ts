import { randomUUID } from 'node:crypto';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { ACTION_TIMEOUT, see, setUpBrowser, signIn, text } from './support/browser';
import { seeToast, visibleRawKeys } from './support/controls';
import { type OwnConsole, startOwnConsole } from './support/own-console';

/**
 * Issue 32 item 5 in the browser: a bot's conversations (/bot/:id/messages) list the phone a
 * customer chatted from through the WhatsApp stand-in; its thread (/bot/:id/messages/:phoneNumber)
 * shows the bot's list and buttons as the customer saw them with their ticks, takes the customer's
 * next message without a reload (GET /live), and sends an agent's reply that reaches the stand-in.
 * axe finds nothing serious on either screen.
 *
 * The shared console has no WhatsApp stand-in, so this file runs a console of its own pointed at one
 * (support/own-console.ts with the sandbox's settings).
 */

const browser = setUpBrowser();
const say = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

let own: OwnConsole;
let sandbox: ProviderSandbox;
let number: { phoneNumberId: string; accessToken: string };
let botId = '';
const customer = `5531987${String(Date.now() % 1_000_000).padStart(6, '0')}`;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  own = await startOwnConsole({ env: { ...sandbox.env, SMS_PROVIDER: 'sinch' } });
  sandbox.setStatusCallbackUrl(`${own.baseUrl}/io/api/v1/webhooks/whatsapp`);
  number = sandbox.whatsapp.addNumber();
  const call = <T = any>(method: string, apiPath: string, body?: unknown) => own.call<T>(method, apiPath, body);
  const me = await call<{ id: string }>('GET', '/auth/me');
  const company = await call<{ id: string }>('POST', '/company', {
    data: { name: 'Guarda Volumes Centro', type: 'shipper', companySettings: { orderTypes: ['STORAGE'] } },
  });
  const locker = await call<{ id: string }>('POST', '/ebox', {
    data: { name: 'Armário Centro', code: 'CENTRO1', company: company.id, enable: true, terminalId: randomUUID() },
  });
  for (const at of [1, 2]) {
    await call('POST', '/compartiment', {
      data: {
        ebox: locker.id,
        number: at,
        boardNumber: 1,
        numberInColumn: at,
        comNumber: at,
        size: at === 1 ? 'P' : 'M',
        width: 1,
        height: 1,
        depth: 1,
        enable: true,
      },
    });
  }
  const cluster = await call<{ id: string }>('POST', '/cluster', {
    data: { name: 'Centro', company: company.id, enable: true, operationType: 'HOUR' },
  });
  await call('POST', '/clusterEbox', {
    data: { cluster: cluster.id, ebox: locker.id, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true },
  });
  const flow = await call<{ id: string }>('POST', '/botFlow', {
    data: { name: 'Reserva Centro', type: 'hourlyBooking', company: company.id, cluster: cluster.id, enable: true },
  });
  botId = (
    await call<{ id: string }>('POST', '/bot', {
      data: {
        name: 'Bot Centro',
        phoneNumberId: number.phoneNumberId,
        accessToken: number.accessToken,
        company: company.id,
        cluster: cluster.id,
        flow: flow.id,
        user: me.id,
        enable: true,
      },
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await own?.close();
  await sandbox?.close();
});

async function ownerPageOf(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  // axe is added to the page as a script: the console's CSP would refuse it.
  const context = await browser().newContext({
    baseURL: own.baseUrl,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    bypassCSP: true,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  await context.addInitScript(() => window.localStorage.setItem('language', 'pt-BR'));
  const page = await context.newPage();
  await signIn(page, own.owner.email, own.owner.password);
  return { context, page };
}

describe("a bot's messages (pt-BR)", () => {
  test('from the bot to its conversations and a thread, live, with an agent replying inside the window', async () => {
    // The customer starts: the bot answers with its welcome and the list of sizes free now.
    await sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from: customer, text: 'oi' });
    await expect
      .poll(() => sandbox.received('whatsapp').filter((message) => message.waId === customer).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const { context, page } = await ownerPageOf({ width: 1366, height: 900 });
    // The bot's page leads to its messages.
    await page.goto(`/bot/${botId}`);
    await page.getByTestId('bot-messages-link').click();
    await page.waitForURL(`**/bot/${botId}/messages`);
    await see(page.getByTestId('page-title').getByText(say('botMessages.list.title', { bot: 'Bot Centro' })));
    const row = page.getByTestId('bot-conversations').locator('tbody tr').filter({ hasText: '+55 (31) 98' });
    await see(row);
    await see(row.getByText(say('botMessages.steps.chooseSize')));
    expect(await seriousAxeProblems(page)).toEqual([]);
    expect(await visibleRawKeys(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/bot-messages-list.png', fullPage: true });

    // The filter by phone keeps the row; another number finds none.
    await page.getByTestId('filter-phone').fill('00000');
    await page.getByTestId('apply-filters').click();
    await see(page.getByText(say('botMessages.list.emptyFiltered')));
    await page.getByTestId('filter-phone').fill(customer.slice(-6));
    await page.getByTestId('apply-filters').click();
    await see(row);

    // The thread as the customer saw it: the list of sizes, the ticks of the bot's replies.
    await row.getByTestId('open-thread').click();
    await page.waitForURL(`**/bot/${botId}/messages/${customer}`);
    const thread = page.getByTestId('bot-thread');
    await see(thread.getByTestId('bot-list').getByText('Ver tamanhos', { exact: false }));
    await expect.poll(() => thread.locator('[data-direction="in"]').count()).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await thread.getByTestId('bot-message-status').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))
          ).join(','),
        {
          timeout: 20_000,
        },
      )
      .toMatch(/^(sent|delivered|read)(,(sent|delivered|read))+$/);
    await see(page.getByTestId('bot-thread-live').getByText(say('botMessages.thread.live.on')));

    // The customer writes: the message shows without a reload, and the bot's answer after it.
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await sandbox.whatsapp.customerSays({
      to: number.phoneNumberId,
      from: customer,
      choice: { type: 'list_reply', id: 'size:M', title: 'M' },
    });
    await see(thread.locator('[data-direction="in"]').filter({ hasText: 'M' }), 20_000);
    await see(thread.getByText('A partir de que horas', { exact: false }), 20_000);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);

    // An agent replies inside the window: it reaches the customer through the stand-in.
    await see(page.getByText(say('botMessages.reply.label')));
    await page.getByTestId('bot-reply-text').fill('Olá, aqui é a Ana do atendimento.');
    await page.getByTestId('bot-reply-send').click();
    await seeToast(page, say('botMessages.reply.sent'));
    await expect
      .poll(
        () =>
          sandbox.received('whatsapp').some((message) => message.waId === customer && message.text === 'Olá, aqui é a Ana do atendimento.'),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const agent = thread.getByTestId('bot-message').filter({ hasText: 'Olá, aqui é a Ana do atendimento.' });
    await see(agent.getByText(say('botMessages.thread.person')));
    await expect
      .poll(() => agent.getByTestId('bot-message-status').getAttribute('data-status'), { timeout: 20_000 })
      .toMatch(/^(sent|delivered|read)$/);
    expect(await seriousAxeProblems(page)).toEqual([]);
    expect(await visibleRawKeys(page)).toEqual([]);
    // Typing scrolled the window down to the reply box: the picture starts at the page's top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/bot-messages-thread.png', fullPage: true });
    await context.close();
  });

  test('the thread on a phone, in English: bubbles inside the screen, the reply box below', async () => {
    const context = await browser().newContext({
      baseURL: own.baseUrl,
      viewport: { width: 390, height: 844 },
      locale: 'en',
      timezoneId: 'America/Sao_Paulo',
      bypassCSP: true,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT);
    await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    await signIn(page, own.owner.email, own.owner.password, 'en');
    await page.goto(`/bot/${botId}/messages/${customer}`);
    const thread = page.getByTestId('bot-thread');
    await see(thread.getByTestId('bot-message').first());
    await see(page.getByText(text('en', 'botMessages.reply.label')));
    // No bubble is wider than the screen (the page never scrolls sideways).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAxeProblems(page)).toEqual([]);
    expect(await visibleRawKeys(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/bot-messages-thread-phone.png', fullPage: true });
    await context.close();
  });
});
