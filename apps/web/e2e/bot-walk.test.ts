import { randomUUID } from 'node:crypto';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SmtpTestServer, startSmtpServer } from '../../api/test/support/smtp';
import { seriousAxeProblems } from './support/axe';
import { ACTION_TIMEOUT, see, setUpBrowser, signIn, text } from './support/browser';
import { chooseOption, seeToast, visibleRawKeys } from './support/controls';
import { type OwnConsole, startOwnConsole } from './support/own-console';

/**
 * Issue 32's browser walk ("How it is checked"): an owner writes a bot flow in the console, each
 * step beside its WhatsApp preview and refused where WhatsApp refuses; a paid bot runs it; a
 * customer books through the WhatsApp stand-in while the owner watches the thread live; the
 * customer pays the Pix at the Mercado Pago stand-in; the payment shows in /payment and its export
 * dialog, with that row picked, mails a file of that payment only (read back from this file's SMTP
 * server). axe finds nothing serious on the flow form with its preview.
 *
 * The shared console has no WhatsApp, Mercado Pago or SMTP stand-in of this file's, so it runs a
 * console of its own pointed at them (support/own-console.ts).
 */

const browser = setUpBrowser();
const say = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

let own: OwnConsole;
let sandbox: ProviderSandbox;
let smtp: SmtpTestServer;
let number: { phoneNumberId: string; accessToken: string };
let company = '';
let cluster = '';
const suffix = randomUUID().slice(0, 6);
const customer = `5531986${String(Date.now() % 1_000_000).padStart(6, '0')}`;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  smtp = await startSmtpServer();
  own = await startOwnConsole({
    env: { ...sandbox.env, ...sandbox.mercadoPago.env, SMS_PROVIDER: 'sinch', SMTP_URL: smtp.url, JOBS_RETRY_DELAY_SECONDS: '1' },
  });
  sandbox.setStatusCallbackUrl(`${own.baseUrl}/io/api/v1/webhooks/whatsapp`);
  number = sandbox.whatsapp.addNumber();
  const call = <T = any>(method: string, apiPath: string, body?: unknown) => own.call<T>(method, apiPath, body);
  company = (
    await call<{ id: string }>('POST', '/company', {
      data: { name: `Guarda Volumes Praça ${suffix}`, type: 'shipper', companySettings: { orderTypes: ['STORAGE'] } },
    })
  ).id;
  const locker = await call<{ id: string }>('POST', '/ebox', {
    data: { name: 'Armário Praça', code: `PRACA${suffix}`, company, enable: true, terminalId: randomUUID() },
  });
  for (const at of [1, 2, 3]) {
    await call('POST', '/compartiment', {
      data: {
        ebox: locker.id,
        number: at,
        boardNumber: 1,
        numberInColumn: at,
        comNumber: at,
        size: 'M',
        width: 1,
        height: 1,
        depth: 1,
        enable: true,
      },
    });
  }
  cluster = (
    await call<{ id: string }>('POST', '/cluster', { data: { name: `Praça ${suffix}`, company, enable: true, operationType: 'HOUR' } })
  ).id;
  await call('POST', '/clusterEbox', {
    data: { cluster, ebox: locker.id, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true },
  });
}, 120_000);

afterAll(async () => {
  await own?.close();
  await sandbox?.close();
  await smtp?.close();
});

async function ownerPageOf(
  viewport: { width: number; height: number },
  language: 'pt-BR' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  // axe is added to the page as a script: the console's CSP would refuse it.
  const context = await browser().newContext({
    baseURL: own.baseUrl,
    viewport,
    locale: language,
    timezoneId: 'America/Sao_Paulo',
    bypassCSP: true,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  await context.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  const page = await context.newPage();
  await signIn(page, own.owner.email, own.owner.password, language);
  return { context, page };
}

const field = (name: string) => say(`entities.botFlow.fields.${name}`);

/** The spreadsheet a mailed export's signed link serves, as rows of text. */
async function rowsOfExport(mailText: string): Promise<string[][]> {
  const link = /(https?:\/\/\S+\/payment\/export\/file\/\S+)/.exec(mailText)?.[1];
  if (!link) throw new Error(`no export link in "${mailText}"`);
  const download = await fetch(link);
  expect(download.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await download.arrayBuffer());
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}

let flowId = '';

describe('a bot from its flow to an exported payment', () => {
  test('the flow form previews each step as WhatsApp draws it and refuses what WhatsApp refuses', async () => {
    const { context, page } = await ownerPageOf({ width: 1366, height: 900 }, 'pt-BR');
    await page.goto('/botFlow/new');
    await page.getByLabel(field('name'), { exact: true }).fill(`Reserva por hora ${suffix}`);
    await chooseOption(page, field('type'), say('entities.botFlow.enumerators.type.hourlyBooking'), '');
    await chooseOption(page, field('company'), `Guarda Volumes Praça ${suffix}`, suffix);
    await chooseOption(page, field('cluster'), `Praça ${suffix}`, suffix);

    // An empty step shows the default text as the customer would get it: the confirmation's reply buttons.
    const confirm = page.getByTestId('bot-step-preview-confirm');
    await see(confirm.getByTestId('bot-preview-buttons').getByText('Confirmar', { exact: true }));
    await see(confirm.getByTestId('bot-preview-buttons').getByText('Cancelar', { exact: true }));

    // A fourth button and a label over 20 characters are refused by the field as they are typed.
    const confirmText = page.getByLabel(field('confirm'), { exact: true });
    await confirmText.fill('Posso reservar?\n- Sim\n- Não\n- Talvez\n- Mais tarde');
    await see(page.getByTestId('bot-step-confirm').getByText(say('entities.botFlow.errors.tooManyButtons', { max: 3 })));
    await confirmText.fill('Posso reservar?\n- Sim, pode reservar agora\n- Não');
    await see(
      page
        .getByTestId('bot-step-confirm')
        .getByText(say('entities.botFlow.errors.labelTooLong', { max: 20, label: 'Sim, pode reservar agora' })),
    );
    await confirmText.fill('Posso reservar?\n- Sim, reservar\n- Não');
    await see(confirm.getByText('Posso reservar?'));
    await see(confirm.getByTestId('bot-preview-buttons').getByText('Sim, reservar', { exact: true }));
    expect(await page.getByTestId('bot-step-confirm').getByTestId('template-problem').textContent()).toBe('');

    // The list: its button opens its rows in a sheet, from the keyboard.
    const sizes = page.getByTestId('bot-step-preview-chooseSize');
    await sizes.getByTestId('bot-preview-list-button').focus();
    await page.keyboard.press('Enter');
    await see(sizes.getByTestId('bot-preview-sheet').getByText('M', { exact: true }));
    await see(page.getByTestId('bot-step-preview-chooseSizeEn').getByTestId('bot-preview-list-button').getByText('See sizes'));

    expect(await seriousAxeProblems(page)).toEqual([]);
    expect(await visibleRawKeys(page)).toEqual([]);
    await sizes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/bot-flow-form-1366-pt-BR.png' });
    await page.getByTestId('bot-step-confirm').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/bot-flow-form-1366-pt-BR-confirm.png' });

    await page.getByTestId('form-submit').click();
    // A saved flow goes back to the list.
    await page.waitForURL(/\/botFlow$/);
    const flows = await own.call<{ rows: { id: string; name: string }[] }>('GET', '/botFlow');
    flowId = flows.rows.find((flow) => flow.name === `Reserva por hora ${suffix}`)?.id ?? '';
    expect(flowId).not.toBe('');
    await context.close();
  });

  // One test each: axe on the whole form takes a while on a busy machine.
  test.each([
    ['en', 1366],
    ['en', 390],
    ['pt-BR', 390],
  ] as const)('the preview in %s at %i px: inside the screen, translated, nothing serious for axe', async (language, width) => {
    const { context, page } = await ownerPageOf({ width, height: width === 390 ? 844 : 900 }, language);
    await page.goto(`/botFlow/${flowId}/edit`);
    const sizes = page.getByTestId('bot-step-preview-chooseSizeEn');
    await sizes.getByTestId('bot-preview-list-button').click();
    await see(sizes.getByTestId('bot-preview-sheet'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAxeProblems(page)).toEqual([]);
    expect(await visibleRawKeys(page)).toEqual([]);
    await sizes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/bot-flow-form-${width}-${language}.png` });
    await context.close();
  });

  test('a customer books through the WhatsApp stand-in, pays the Pix, and the payment is exported by mail', async () => {
    const me = await own.call<{ id: string }>('GET', '/auth/me');
    const bot = await own.call<{ id: string }>('POST', '/bot', {
      data: {
        name: `Bot Praça ${suffix}`,
        phoneNumberId: number.phoneNumberId,
        accessToken: number.accessToken,
        company,
        cluster,
        flow: flowId,
        user: me.id,
        enable: true,
        isPaid: true,
        catalog: { unit: 'HOUR', priceM: 6.5 },
        paymentMethods: ['pix'],
      },
    });
    const replies = () => sandbox.received('whatsapp').filter((message) => message.waId === customer);
    const waitForReplies = (count: number) => expect.poll(() => replies().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
    await sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from: customer, text: 'oi' });
    await waitForReplies(2);

    // The owner watches the thread while the customer answers: each message shows without a reload.
    const { context, page } = await ownerPageOf({ width: 1366, height: 900 }, 'pt-BR');
    await page.goto(`/bot/${bot.id}/messages/${customer}`);
    const thread = page.getByTestId('bot-thread');
    await see(thread.getByTestId('bot-list').getByText('Ver tamanhos', { exact: false }));
    await see(page.getByTestId('bot-thread-live').getByText(say('botMessages.thread.live.on')));
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await sandbox.whatsapp.customerSays({
      to: number.phoneNumberId,
      from: customer,
      choice: { type: 'list_reply', id: 'size:M', title: 'M' },
    });
    await waitForReplies(3);
    await sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from: customer, text: '08:00' });
    await waitForReplies(4);
    await sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from: customer, text: '2' });
    await waitForReplies(5);
    // The flow's own words: the confirmation written in the form.
    await see(thread.getByText('Posso reservar?', { exact: false }), 20_000);
    await sandbox.whatsapp.customerSays({
      to: number.phoneNumberId,
      from: customer,
      choice: { type: 'button_reply', id: 'confirm', title: 'Sim, reservar' },
    });
    await waitForReplies(6);
    await see(thread.getByText('Pix copia e cola', { exact: false }), 20_000);

    // The customer pays at the Mercado Pago stand-in ("Simular pagamento"): the code reaches the thread.
    let gatewayId = '';
    await expect
      .poll(
        () => {
          gatewayId = String(sandbox.mercadoPago.payments().find((payment) => payment.status === 'pending')?.id ?? '');
          return gatewayId;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    sandbox.mercadoPago.approve(gatewayId);
    await see(thread.getByText('Reserva confirmada', { exact: false }), 30_000);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    await page.screenshot({ path: '/tmp/bot-walk-thread.png', fullPage: true });

    // A second customer stops at the Pix: the list holds two payments, and the export only the one picked.
    const other = `5531985${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const steps: ({ text: string } | { choice: { type: 'list_reply' | 'button_reply'; id: string; title: string } })[] = [
      { text: 'oi' },
      { choice: { type: 'list_reply', id: 'size:M', title: 'M' } },
      { text: '09:00' },
      { text: '1' },
      { choice: { type: 'button_reply', id: 'confirm', title: 'Sim, reservar' } },
    ];
    for (const [index, step] of steps.entries()) {
      await sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from: other, ...step });
      await expect
        .poll(() => sandbox.received('whatsapp').filter((message) => message.waId === other).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(index === 0 ? 2 : index + 2);
    }
    let payments = await own.call<{ rows: { id: string; trackingCode: string; status: string }[] }>('GET', '/payment');
    await expect
      .poll(
        async () => {
          payments = await own.call('GET', '/payment');
          return payments.rows.length;
        },
        { timeout: 20_000 },
      )
      .toBe(2);

    // The payment in /payment; picked, it alone is exported and mailed.
    const paid = payments.rows.find((row) => row.status === 'APPROVED');
    expect(paid).toBeDefined();
    await page.goto('/payment');
    const row = page.locator('tbody tr').filter({ hasText: paid?.trackingCode ?? 'none' });
    await see(row);
    await row.getByRole('checkbox').check();
    await page.getByTestId('list-export').click();
    await see(page.getByTestId('export-selected-only').getByText(say('orderExport.selectedOnly', { count: 1 })));
    await page.getByTestId('export-download').click();
    await seeToast(page, say('orderExport.started'));
    const mail = await smtp.waitFor((received) => received.to.includes(own.owner.email), 60_000);
    const [head, ...body] = await rowsOfExport(mail.text);
    // The file speaks the owner's language, whichever it is.
    const codeColumn = (head ?? []).findIndex(
      (cell) => cell === say('entities.payment.fields.trackingCode') || cell === text('en', 'entities.payment.fields.trackingCode'),
    );
    expect(codeColumn).toBeGreaterThanOrEqual(0);
    expect(body.map((cells) => cells[codeColumn])).toEqual([paid?.trackingCode]);
    await context.close();
  });
});
