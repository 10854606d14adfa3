import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { seriousAxeProblems } from './support/axe';
import {
  ACTION_TIMEOUT,
  newPage,
  screenshot,
  see,
  seeNo,
  setUpBrowser,
  setUpOwnerPage,
  signIn,
  text,
  uniqueSuffix,
} from './support/browser';
import { chooseOption, confirmSettled, downloadBy, openDialog, seeToast, settleDialogs } from './support/controls';
import { type OwnConsole, startOwnConsole, startVirtualTerminal } from './support/own-console';
import { asOwner, createUser } from './support/users';

/**
 * Issue 15 in the console: the order page's history timeline, the update-status dialog (only the
 * statuses the lifecycle allows, with a reason), and the tracking-code search saying "Order not
 * found" when nothing matches. Then an order at a live locker (a console of its own with the
 * terminal link and a virtual terminal): created in the console, deposited and picked up at the
 * locker, which the order page, the order list and the locker's face show without a reload; its
 * tags printed; and the order page's actions (open its compartment, edit its customer and come
 * back, cancel after a confirmation).
 */

const browser = setUpBrowser();
const say = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

describe('orders (pt-BR)', () => {
  const page = setUpOwnerPage(browser);
  const suffix = uniqueSuffix();
  const trackingCode = `BR${suffix.slice(-10).toUpperCase()}`;
  let orderId = '';

  test('updating the status from the order page adds to its timeline, with the reason', async () => {
    const api = await asOwner();
    const company = await api<{ id: string }>('POST', '/company', { data: { name: `Loja Pedidos ${suffix}`, type: 'shipper' } });
    orderId = (
      await api<{ id: string }>('POST', '/order', {
        data: { type: 'DELIVERY', trackingCode, shipper: company.id, company: company.id, customerName: 'Mariana Souza' },
      })
    ).id;

    await page().goto(`/order/${orderId}`);
    // A new order's timeline holds its creation, by whoever created it.
    const created = page().getByTestId('order-history-entry');
    await see(created.getByText(new RegExp(say('entities.order.lifecycle.triggers.create'))));
    expect(await created.count()).toBe(1);
    const dialog = await openDialog(page(), page().getByTestId('order-update-status'));
    await chooseOption(
      page(),
      dialog.getByLabel(say('entities.order.statusUpdate.status'), { exact: true }),
      say('entities.order.enumerators.status.INBOUND'),
    );
    await dialog.getByTestId('order-status-reason').fill('Chegou ao armazém');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await seeToast(page(), say('entities.order.statusUpdate.success'));
    await settleDialogs(page());
    const entry = page().getByTestId('order-history-entry').last();
    // The trigger's key holds a dot ('console.inbound'), which this file's text() cannot walk: its pt-BR text.
    await see(entry.getByText(/Receber no armazém/));
    await see(entry.getByText(/Chegou ao armazém/));
    await expect.poll(() => entry.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await screenshot(page(), 'orders/order-history');
  });

  test('the access code (issue 25): the owner sees it and asks a new one after a confirmation; an order viewer sees it masked, with why', async () => {
    await page().goto(`/order/${orderId}`);
    const shown = page().getByTestId('order-access-code-value');
    // The code's text (a copy button beside it has none).
    const codeOf = async () => /\d{6}/.exec((await shown.textContent()) ?? '')?.[0];
    await see(shown);
    const before = await codeOf();
    expect(before).toMatch(/^\d{6}$/);
    // Answered once the confirmation stands still: a click while it zooms in can miss its button.
    const confirm = await openDialog(page(), page().getByTestId('order-new-access-code'));
    await confirm.getByTestId('confirm-order-new-access-code').click();
    await seeToast(page(), say('orderPage.accessCode.success', { trackingCode }));
    await expect.poll(codeOf).not.toBe(before);
    expect(await codeOf()).toMatch(/^\d{6}$/);

    const viewer = await createUser(['orderViewer'], 'order-viewer');
    const { context, page: viewerPage } = await newPage(browser());
    try {
      await signIn(viewerPage, viewer.email, viewer.password);
      await viewerPage.goto(`/order/${orderId}`);
      const hidden = await see(viewerPage.getByTestId('order-access-code-hidden'));
      expect(await hidden.textContent()).toContain(say('orderPage.accessCode.hiddenNoPermission'));
      await seeNo(viewerPage.getByTestId('order-access-code-value'));
      await seeNo(viewerPage.getByTestId('order-new-access-code'));
    } finally {
      await context.close();
    }
  });

  test('the order search opens the order by its tracking code, or says the order was not found', async () => {
    await page().goto('/order');
    const search = page().getByTestId('order-search').getByRole('searchbox');
    await search.fill(`${trackingCode}X`);
    await search.press('Enter');
    await seeToast(page(), say('entities.order.errors.notFound'));
    await search.fill(trackingCode.toLowerCase());
    await search.press('Enter');
    await page().waitForURL(`**/order/${orderId}`);
    await see(page().getByTestId('order-history'));
  });
});

type Order = {
  id: string;
  status: string;
  accessCode: string;
  trackingCode: string;
  compartimentNumber: number;
  compartiment: { id: string; label: string } | null;
};

describe('an order at a live locker (pt-BR)', () => {
  const suffix = uniqueSuffix();
  const companyName = `Loja Ao Vivo ${suffix}`;
  const customerName = `Joana Lima ${suffix.slice(-4)}`;
  const lockerName = `Armário Pedidos ${suffix.slice(-5)}`;
  let own: OwnConsole;
  let terminal: VirtualTerminal | undefined;
  let companyId = '';
  let customerId = '';
  let lockerId = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    own = await startOwnConsole({ mqtt: true, heartbeatSeconds: 2 });
    companyId = (await own.call<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'shipper' } })).id;
    customerId = (await own.call<{ id: string }>('POST', '/customer', { data: { name: customerName, company: companyId } })).id;
    const terminalId = randomUUID();
    lockerId = (
      await own.call<{ id: string }>('POST', '/ebox', {
        data: { name: lockerName, code: lockerCode(), company: companyId, enable: true, terminalId },
      })
    ).id;
    for (const number of [1, 2, 3]) {
      await own.call('POST', '/compartiment', {
        data: {
          ebox: lockerId,
          number,
          boardNumber: 1,
          numberInColumn: number,
          comNumber: number,
          size: 'P',
          width: 40,
          height: 12,
          depth: 50,
        },
      });
    }
    const started = await startVirtualTerminal(own, {
      lockerId,
      terminalId,
      compartments: [1, 2, 3].map((number) => ({ number, boardNumber: 1, channel: number })),
      // The courier and the customer shut the door soon after: the deposit and the pickup end there.
      doorCloseAfterMs: 1_000,
    });
    terminal = started.terminal;
    const configured = started.configured;
    // Its answer to the console's apply_config: a door the test opens after it is not overwritten.
    await configured;
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await terminal?.stop().catch(() => {});
    await own?.close();
  });

  const lockerCode = () => `PV${suffix.slice(-4).toUpperCase()}`;

  /** A tab of the owner signed in to this file's console (each tab holds its own live connection). */
  async function ownerTab(context?: BrowserContext, language: 'pt-BR' | 'en' = 'pt-BR'): Promise<Page> {
    if (!context) {
      const created = await browser().newContext({
        baseURL: own.baseUrl,
        viewport: { width: 1366, height: 900 },
        acceptDownloads: true,
        // axe is added to the page as a script, which the console's Content Security Policy refuses.
        bypassCSP: true,
        locale: language,
        timezoneId: 'America/Sao_Paulo',
      });
      created.setDefaultTimeout(ACTION_TIMEOUT);
      await created.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
      contexts.push(created);
      const page = await created.newPage();
      await signIn(page, own.owner.email, own.owner.password, language);
      return page;
    }
    return context.newPage();
  }

  /** A picture of a page holding its live stream (its network never goes idle). */
  const picture = (page: Page, name: string) => screenshot(page, name, { live: true });

  const loadsOf = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length);
  const orderOf = (id: string) => own.call<Order>('GET', `/order/${id}`);
  const statusLabel = (status: string) => say(`entities.order.enumerators.status.${status}`);
  const orderField = (page: Page, field: string) =>
    page.getByTestId('order-form-page').getByLabel(say(`entities.order.fields.${field}`), { exact: true });

  test('created in the console, deposited and picked up at the locker: the order page, the list and the locker face follow live; its tags print', async () => {
    const trackingCode = `AV${suffix.slice(-10).toUpperCase()}`;
    const orderPage = await ownerTab();
    await orderPage.goto('/order/new');
    await see(orderPage.getByTestId('order-form-page'));
    await chooseOption(orderPage, orderField(orderPage, 'type'), say('entities.order.enumerators.type.DELIVERY'), '');
    await orderField(orderPage, 'trackingCode').fill(trackingCode);
    await chooseOption(orderPage, orderField(orderPage, 'company'), companyName);
    await chooseOption(orderPage, orderField(orderPage, 'shipper'), companyName);
    await chooseOption(orderPage, orderField(orderPage, 'ebox'), lockerName);
    await orderField(orderPage, 'compartimentSize').fill('P');
    // A new order books its compartment unless the user says otherwise.
    await expect.poll(() => orderField(orderPage, 'bookOrder').getAttribute('aria-checked')).toBe('true');
    await orderField(orderPage, 'customerName').fill(customerName);
    await chooseOption(orderPage, orderField(orderPage, 'toCustomer'), customerName);
    await orderPage.getByTestId('form-submit').click();
    await seeToast(orderPage, say('entities.order.create.success'));
    await orderPage.waitForURL((url) => !url.pathname.endsWith('/new'));
    const [created] = (await own.call<{ rows: Order[] }>('GET', `/order?filter[trackingCode]=${trackingCode}`)).rows;
    if (!created) throw new Error('the order was not created');
    const order = await orderOf(created.id);
    expect(order.compartiment, 'creating the order books a compartment').toBeTruthy();
    const number = order.compartimentNumber;

    // Three tabs: the order, the locker's face, the order list; none is reloaded from here on.
    await orderPage.goto(`/order/${order.id}`);
    const history = orderPage.getByTestId('order-history');
    // The card shows while its entries load: count them once the first (the creation) is there.
    await see(history.getByTestId('order-history-entry'));
    const entriesBefore = await history.getByTestId('order-history-entry').count();
    // The timeline reads oldest first.
    const newest = () => history.getByTestId('order-history-entry').last();
    const lockerPage = await ownerTab(orderPage.context());
    await lockerPage.goto(`/ebox/${lockerId}`);
    const cell = lockerPage.getByTestId('locker-face').locator(`[data-testid="locker-cell"][data-number="${number}"]`);
    await expect.poll(() => cell.getAttribute('data-status')).toBe('BOOKED');
    await see(lockerPage.getByTestId('live-sign').getByText(say('lockerLive.live.on')));
    const listPage = await ownerTab(orderPage.context());
    await listPage.goto('/order');
    const row = listPage.locator('tr', { hasText: trackingCode });
    await see(row);
    await see(orderPage.getByTestId('order-cancel'));
    const loads = await Promise.all([orderPage, lockerPage, listPage].map(loadsOf));

    expect((await terminal?.depositParcel({ compartmentNumber: number, accessCode: order.accessCode, trackingCode }))?.ok).toBe(true);
    // The locker's event reaches the order through the broker and the API after the terminal sent it.
    await expect.poll(async () => (await orderOf(order.id)).status, { timeout: 15_000 }).not.toBe('CREATED');
    const stored = await orderOf(order.id);
    await expect.poll(() => history.getByTestId('order-history-entry').count(), { timeout: 15_000 }).toBe(entriesBefore + 1);
    await see(newest().getByText(new RegExp(statusLabel(stored.status))));
    await expect.poll(() => cell.getAttribute('data-status'), { timeout: 15_000 }).toBe('OCCUPIED');
    await see(row.getByText(statusLabel(stored.status), { exact: true }), 15_000);
    await picture(orderPage, 'orders/order-live-stored');
    await picture(lockerPage, 'orders/order-live-locker-occupied');

    expect((await terminal?.takeParcel({ compartmentNumber: number, accessCode: order.accessCode }))?.ok).toBe(true);
    await expect.poll(async () => (await orderOf(order.id)).status, { timeout: 15_000 }).not.toBe(stored.status);
    const collected = await orderOf(order.id);
    await expect.poll(() => history.getByTestId('order-history-entry').count(), { timeout: 15_000 }).toBe(entriesBefore + 2);
    await see(newest().getByText(new RegExp(statusLabel(collected.status))));
    await see(row.getByText(statusLabel(collected.status), { exact: true }), 15_000);
    await expect.poll(() => cell.getAttribute('data-status'), { timeout: 15_000 }).not.toBe('OCCUPIED');
    expect(await Promise.all([orderPage, lockerPage, listPage].map(loadsOf)), 'no tab was reloaded').toEqual(loads);
    await picture(orderPage, 'orders/order-live-collected');
    await picture(listPage, 'orders/order-live-list');
    // Picked up: nothing is left to open for it, and who deposited it reads as the timeline says it.
    await seeNo(orderPage.getByTestId('order-open-compartment'));
    await see(orderPage.getByText(say('auditLog.terminalActor', { name: lockerCode() }), { exact: true }).first());
    // The same page in English.
    const inEnglish = await ownerTab(undefined, 'en');
    await inEnglish.goto(`/order/${order.id}`);
    await see(inEnglish.getByTestId('order-history'));
    await see(inEnglish.getByText('Deposited by', { exact: false }).first());
    await see(inEnglish.getByText(`Terminal ${lockerCode()}`, { exact: true }).first());
    await picture(inEnglish, 'orders/order-live-collected-en');
    expect(await seriousAxeProblems(inEnglish), 'accessibility problems on the English order page').toEqual([]);

    // Tags from the list: the order picked, printed, a PDF arrives.
    await row.getByRole('checkbox').check();
    const download = await downloadBy(listPage, () => listPage.getByTestId('order-print-tags').click());
    expect(download.suggestedFilename()).toMatch(/^print-tags-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 300_000);

  test("the order page's actions: open its compartment, edit its customer and come back, cancel after a confirmation; axe finds nothing serious", async () => {
    const trackingCode = `AC${suffix.slice(-10).toUpperCase()}`;
    const order = await own.call<Order>('POST', '/order', {
      data: {
        type: 'DELIVERY',
        trackingCode,
        shipper: companyId,
        company: companyId,
        customerName,
        toCustomer: customerId,
        ebox: lockerId,
        compartimentSize: 'P',
      },
    });
    const page = await ownerTab();
    await page.goto(`/order/${order.id}`);
    await see(page.getByTestId('order-history'));
    await picture(page, 'orders/order-page-actions');
    expect(await seriousAxeProblems(page), 'accessibility problems on the order page').toEqual([]);

    // Open its compartment: confirmed, answered by the terminal.
    const number = (await orderOf(order.id)).compartimentNumber;
    await page.getByTestId('order-open-compartment').click();
    await confirmSettled(page, page.getByTestId('confirm-open'));
    await seeToast(page, say('lockerLive.compartment.opened', { number }));

    // Edit the customer from the order: saved, back on the order; cancelled, back on the order too.
    const edit = page.getByTestId('order-edit-toCustomer');
    await edit.click();
    await page.waitForURL(`**/customer/${customerId}/edit/${order.id}`);
    const name = page.getByTestId('customer-form-page').getByLabel(say('entities.customer.fields.name'), { exact: true });
    await expect.poll(() => name.inputValue()).toBe(customerName);
    await name.fill(`${customerName} Souza`);
    await page.getByTestId('form-submit').click();
    await seeToast(page, say('entities.customer.update.success'));
    await page.waitForURL(`**/order/${order.id}`);
    await see(edit.getByText(new RegExp(`${customerName} Souza`)));
    await edit.click();
    await page.waitForURL(`**/customer/${customerId}/edit/${order.id}`);
    await see(page.getByTestId('customer-form-page'));
    await page
      .getByTestId('customer-form-page')
      .getByRole('button', { name: say('kit.actions.cancel') })
      .click();
    await page.waitForURL(`**/order/${order.id}`);

    // The locker drops off the network: opening says so in the API's words, as the locker screens do.
    await terminal?.goOffline();
    await expect
      .poll(async () => (await own.call<{ status: string }>('GET', `/ebox/${lockerId}`)).status, { timeout: 15_000 })
      .toBe('offline');
    await page.getByTestId('order-open-compartment').click();
    await see(page.getByTestId('confirm-open'));
    await settleDialogs(page);
    await confirmSettled(page, page.getByTestId('confirm-open'));
    await seeToast(page, say('terminalCommands.couldNotCommunicate'));

    // Cancel: asked first; keeping the order changes nothing; confirming cancels it and it stays here.
    await openDialog(page, page.getByTestId('order-cancel'));
    const dialog = page.getByRole('dialog', { name: say('orderPage.cancel.title', { trackingCode }) });
    await see(dialog.getByText(say('orderPage.cancel.text')));
    await picture(page, 'orders/order-cancel-confirm');
    await dialog.getByRole('button', { name: say('orderPage.cancel.keep') }).click();
    await seeNo(dialog);
    expect((await orderOf(order.id)).status).toBe('CREATED');
    await openDialog(page, page.getByTestId('order-cancel'));
    await confirmSettled(page, page.getByTestId('confirm-order-cancel'));
    await seeToast(page, say('orderPage.cancel.success', { trackingCode }));
    expect(page.url()).toContain(`/order/${order.id}`);
    expect((await orderOf(order.id)).status).toBe('CANCELED');
    await see(
      page
        .getByTestId('order-history-entry')
        .last()
        .getByText(new RegExp(statusLabel('CANCELED'))),
    );
    await seeNo(page.getByTestId('order-cancel'));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/order/${order.id}`);
    await see(page.getByTestId('order-history'));
    await picture(page, 'orders/order-page-phone');
    await page.goto('/order');
    await see(page.getByTestId('order-search'));
    await picture(page, 'orders/order-list-phone');
  }, 180_000);
});
