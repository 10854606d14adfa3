import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { VirtualTerminal } from '../../terminal-sim/src';
import { seriousAxeProblems } from './support/axe';
import { ACTION_TIMEOUT, ownerPage, screenshot, see, setUpBrowser, signIn, text, uniqueSuffix } from './support/browser';
import { chooseOption, confirmSettled, downloadBy, seeToast } from './support/controls';
import { type OwnConsole, startOwnConsole, startVirtualTerminal } from './support/own-console';
import { asOwner } from './support/users';

/**
 * Issue 30, item 2 in the console: an operator builds a packing on /packing/new, header then spec
 * 4.1's steps, picking parcels by locker (a parcel its locker has no room for is shown, not
 * selectable, and counted); a save refused because another packing took one order meanwhile says
 * so on that row and keeps the rest; the packing is listed, opened with its rows by locker and their
 * outcome, its romaneio downloaded as a PDF, then finished from the list with a confirmation (and a
 * finished one is not deleted: the API's reason shows).
 */

const browser = setUpBrowser();
const say = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

const suffix = uniqueSuffix();
const companyName = `Transportadora Romaneio ${suffix}`;
const warehouseName = `CD Romaneio ${suffix}`;
/** Every order of this file starts so: the step lists are filtered by it, as other files' orders share the database. */
const prefix = `PW${suffix.slice(-7).toUpperCase()}`;
let companyId = '';
let warehouseId = '';

type Locker = { id: string; code: string };
type Order = { id: string; trackingCode: string };
const lockers: Locker[] = [];
const orders: Record<string, Order[]> = {};

/** A locker of the company with free, enabled compartments of the sizes given. */
async function createLocker(code: string, sizes: string[]): Promise<Locker> {
  const api = await asOwner();
  const locker = await api<{ id: string }>('POST', '/ebox', {
    data: {
      name: `Armário ${code}`,
      code,
      company: companyId,
      street: 'Rua das Laranjeiras',
      number: '100',
      neighborhood: 'Laranjeiras',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22240-000',
      workingHours: 'Seg a Sex 08:00-22:00',
      relayChannels: 32,
    },
  });
  for (const [index, size] of sizes.entries()) {
    const number = index + 1;
    await api('POST', '/compartiment', {
      data: {
        ebox: locker.id,
        number,
        boardNumber: 1,
        numberInColumn: number,
        comNumber: number,
        size,
        width: 1,
        height: 1,
        depth: 1,
        enable: true,
      },
    });
  }
  return { id: locker.id, code };
}

/** Deliveries for a locker, received at the warehouse (POST /inbound moves them to INBOUND). */
async function inboundDeliveries(locker: Locker, count: number, tag: string): Promise<Order[]> {
  const api = await asOwner();
  const made: Order[] = [];
  for (let index = 0; index < count; index++) {
    made.push(
      await api<Order>('POST', '/order', {
        data: {
          type: 'DELIVERY',
          trackingCode: `${prefix}${tag}${index}`,
          company: companyId,
          shipper: companyId,
          customerName: `Cliente Romaneio ${tag}${index}`,
          ebox: locker.id,
          compartimentSize: 'P',
          bookOrder: false,
        },
      }),
    );
  }
  await api('POST', '/inbound', { data: { company: companyId, warehouse: warehouseId, orders: made.map((order) => order.id) } });
  return made;
}

beforeAll(async () => {
  const api = await asOwner();
  companyId = (await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'carrier' } })).id;
  warehouseId = (await api<{ id: string }>('POST', '/warehouse', { data: { name: warehouseName, company: companyId } })).id;
  const code = suffix.slice(-6).toUpperCase();
  // Room for two small parcels at the first locker, for one at the second (which gets two).
  lockers.push(await createLocker(`PK-${code}-A`, ['P', 'P', 'M']), await createLocker(`PK-${code}-B`, ['P']));
  orders.a = await inboundDeliveries(lockers[0] as Locker, 2, 'A');
  orders.b = await inboundDeliveries(lockers[1] as Locker, 2, 'B');
}, 120_000);

const lockerSection = (page: Page, locker: Locker) => page.locator(`[data-testid="packing-locker"][data-locker="${locker.code}"]`);
const stepRow = (scope: Page | Locator, code: string) => scope.locator(`[data-testid="packing-step-row"][data-code="${code}"]`);

/** Fills the run's header and walks to the delivery step, its lists filtered by this file's prefix. */
async function walkToDelivery(page: Page, name: string): Promise<void> {
  await page.goto('/packing/new');
  await see(page.getByTestId('packing-header'));
  // Walking on without the run's warehouse is refused on the header itself.
  await page.getByTestId('packing-next').click();
  await see(page.getByText(say('validation.mixed.required', { label: say('entities.packing.fields.warehouse') })));
  await chooseOption(page, say('entities.packing.fields.company'), companyName);
  await chooseOption(page, say('entities.packing.fields.warehouse'), warehouseName);
  await page.getByLabel(say('entities.packing.fields.name'), { exact: true }).fill(name);
  // Reverse collection, expired collection, then delivery.
  for (const step of ['reverseCollection', 'expiredCollection']) {
    await page.getByTestId('packing-next').click();
    await see(page.locator('.ant-steps-item-active').getByText(say(`entities.packing.steps.${step}`)));
  }
  await page.getByTestId('packing-next').click();
  await see(page.locator('.ant-steps-item-active').getByText(say('entities.packing.steps.delivery')));
  await page.getByTestId('packing-filter-code').fill(prefix);
  await see(lockerSection(page, lockers[1] as Locker));
  await expect.poll(() => page.getByTestId('packing-locker').count()).toBe(2);
}

describe('packing (pt-BR)', () => {
  test('built by locker, refused by name without losing the pick, listed, opened, printed and finished', async () => {
    const [lockerA, lockerB] = lockers as [Locker, Locker];
    const [a0, a1] = orders.a as [Order, Order];
    const [b0, b1] = orders.b as [Order, Order];
    const name = `Rota Norte ${suffix}`;
    const { page } = await ownerPage(browser(), { axe: true });
    await walkToDelivery(page, name);

    // The second locker has room for one of its two parcels: both are shown, the other says why and cannot be picked.
    const sectionB = lockerSection(page, lockerB);
    await see(sectionB.getByTestId('packing-locker-not-fitting').getByText(say('packingPage.locker.notFitting', { count: 1 })));
    await see(stepRow(sectionB, b0.trackingCode).getByTestId('packing-target'));
    await see(
      stepRow(sectionB, b1.trackingCode).getByText(
        say('entities.packing.notFitting.noFreeCompartment', { size: 'P', locker: lockerB.code }),
      ),
    );
    expect(await stepRow(sectionB, b1.trackingCode).getByRole('checkbox').isDisabled()).toBe(true);

    // All of the first locker at once, one row of the second by hand.
    const sectionA = lockerSection(page, lockerA);
    await sectionA.getByTestId('packing-locker-select-all').click();
    await expect.poll(() => stepRow(sectionA, a1.trackingCode).getByRole('checkbox').isChecked()).toBe(true);
    expect(await stepRow(sectionA, a0.trackingCode).getByRole('checkbox').isChecked()).toBe(true);
    await stepRow(sectionB, b0.trackingCode).getByRole('checkbox').check();
    await see(page.getByTestId('packing-step-totals').getByText(say('packingPage.stepTotals', { orders: 4, lockers: 2, selected: 3 })));
    await screenshot(page, 'packing-new-delivery-pt-BR-1366');
    expect(await seriousAxeProblems(page)).toEqual([]);

    await page.getByTestId('packing-next').click();
    const summary = page.getByTestId('packing-summary');
    await see(
      summary
        .getByRole('row')
        .filter({ hasText: say('packingPage.summary.total') })
        .getByText('3', { exact: true })
        .first(),
    );

    // Another packing takes one of the picked orders meanwhile: the save names it, on its row too, and keeps the rest.
    const api = await asOwner();
    const other = await api<{ id: string }>('POST', '/packing', {
      data: { company: companyId, warehouse: warehouseId, picking: 'collectDelivery', orders: [a1.id], name: `Outro ${suffix}` },
    });
    await page.getByTestId('packing-save').click();
    await see(page.getByTestId('packing-refusal').getByText(a1.trackingCode).first());
    await screenshot(page, 'packing-new-summary-refused-pt-BR-1366');
    await see(page.getByTestId('packing-refusal').getByText(say('entities.packing.errors.alreadyPacked', { codes: a1.trackingCode })));
    expect(new URL(page.url()).pathname).toBe('/packing/new');
    await page.getByRole('button', { name: say('entities.packing.steps.delivery') }).click();
    await see(stepRow(sectionA, a0.trackingCode));
    // The lists were read again: a1 is in an open packing now, so it left the step; a0 stays picked.
    await expect.poll(() => stepRow(sectionA, a1.trackingCode).count()).toBe(0);
    expect(await stepRow(sectionA, a0.trackingCode).getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: say('packingPage.steps.summary') }).click();
    await page.getByTestId('packing-deselect-refused').click();
    await see(
      summary
        .getByRole('row')
        .filter({ hasText: say('packingPage.summary.total') })
        .getByText('2', { exact: true })
        .first(),
    );
    await page.getByTestId('packing-save').click();
    await page.waitForURL((url) => url.pathname === '/packing');
    await seeToast(page, say('entities.packing.create.success'));
    await api('PUT', `/packing/finish/${other.id}`, {});

    // Listed with its picking and size; opened from its name.
    const listed = page.getByRole('row').filter({ hasText: name });
    await see(listed.getByText(say('entities.packing.enumerators.picking.collectDelivery')));
    await see(listed.getByRole('cell', { name: '2', exact: true }));
    const { rows } = await api<{ rows: { id: string; totalOrders: number }[] }>('GET', `/packing?filter[name]=${encodeURIComponent(name)}`);
    expect(rows.map((packing) => packing.totalOrders)).toEqual([2]);
    const id = rows[0]?.id ?? '';
    await listed.getByRole('link', { name }).first().click();
    await page.waitForURL((url) => url.pathname === `/packing/${id}`);

    // Its rows by locker in the run's order, each still to do, and the progress.
    const viewLockers = page.getByTestId('packing-view-locker');
    await see(viewLockers.first());
    expect(await viewLockers.evaluateAll((sections) => sections.map((section) => section.getAttribute('data-locker')))).toEqual([
      lockerA.code,
      lockerB.code,
    ]);
    await see(page.locator(`[data-testid="packing-view-row"][data-code="${a0.trackingCode}"]`).getByTestId('packing-target'));
    expect(await page.locator('[data-testid="packing-outcome"][data-outcome="none"]').count()).toBe(2);
    await see(page.getByTestId('packing-progress').getByText(say('packingPage.progress', { done: 0, total: 2 })));
    await screenshot(page, 'packing-view-pt-BR-1366');
    expect(await seriousAxeProblems(page)).toEqual([]);

    // The romaneio: a PDF under the server's name.
    const download = await downloadBy(page, () => page.getByTestId('packing-download').click());
    expect(download.suggestedFilename()).toMatch(/^romaneio-.*\.pdf$/);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);

    // Finished from the list, confirmed.
    await page.goto(`/packing?filter[name]=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('checkbox').check();
    await page.getByTestId('packing-finish-selected').click();
    await confirmSettled(page, page.getByTestId('confirm-finish'));
    await seeToast(page, say('entities.packing.finish.success'));
    await expect.poll(async () => (await api<{ finishedAt: string | null }>('GET', `/packing/${id}`)).finishedAt).not.toBeNull();

    // A finished packing is the record of its run: deleting it is refused with the API's reason.
    await see(row.getByRole('checkbox'));
    if (!(await row.getByRole('checkbox').isChecked())) await row.getByRole('checkbox').check();
    await page.getByTestId('list-destroy-selected').click();
    await confirmSettled(page, page.getByTestId('confirm-destroy'));
    await seeToast(page, say('entities.packing.errors.finishedNotDeleted', { names: name }));
    expect((await api<{ id: string }>('GET', `/packing/${id}`)).id).toBe(id);
  });

  test("a failed load of the steps' counts stays on /packing/new with its reason and asks again when told", async () => {
    const { page } = await ownerPage(browser());
    await page.route('**/io/api/v1/packing/metrics**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Serviço indisponível' } }),
      }),
    );
    await page.goto('/packing/new');
    await chooseOption(page, say('entities.packing.fields.company'), companyName);
    await chooseOption(page, say('entities.packing.fields.warehouse'), warehouseName);
    await screenshot(page, 'packing-new-header-pt-BR-1366');
    await page.getByTestId('packing-next').click();
    const failed = page.getByTestId('packing-metrics-failed');
    await see(failed.getByText(say('packingPage.metricsFailed')));
    await see(failed.getByText('Serviço indisponível'));
    expect(new URL(page.url()).pathname).toBe('/packing/new');
    await page.unroute('**/io/api/v1/packing/metrics**');
    await failed.getByTestId('packing-metrics-retry').click();
    await see(page.getByTestId('packing-step-totals'));
  });

  test('on a phone, the delivery step and a packing page', async () => {
    const { page } = await ownerPage(browser(), { viewport: { width: 390, height: 844 }, axe: true });
    await walkToDelivery(page, `Rota Sul ${suffix}`);
    await see(stepRow(lockerSection(page, lockers[1] as Locker), orders.b?.[1]?.trackingCode ?? '').getByTestId('packing-not-fitting'));
    await screenshot(page, 'packing-new-delivery-pt-BR-390');
    expect(await seriousAxeProblems(page)).toEqual([]);

    // A packing of what the step offers now, made through the API (the journey above builds one by hand).
    const api = await asOwner();
    const offered = await api<{ rows: { id: string; target: unknown }[] }>(
      'GET',
      `/packing/steps/delivery?filter[trackingCode]=${prefix}&filter[ebox][]=${lockers[0]?.id}&filter[ebox][]=${lockers[1]?.id}`,
    );
    const made = await api<{ id: string }>('POST', '/packing', {
      data: {
        company: companyId,
        warehouse: warehouseId,
        picking: 'collectDelivery',
        orders: offered.rows.filter((row) => row.target).map((row) => row.id),
        name: `Rota Sul ${suffix}`,
      },
    });
    await page.goto(`/packing/${made.id}`);
    await see(page.getByTestId('packing-view-locker').first());
    await screenshot(page, 'packing-view-pt-BR-390');
    expect(await seriousAxeProblems(page)).toEqual([]);
  });
});

/**
 * Issue 30, item 3 seen from the packing's page: the courier works the run at two virtual lockers
 * (each terminal received its part of the run with the access codes) and every order turns done on
 * the open page within moments, without a reload, the progress with it.
 */
describe('a packing followed as its courier works the run (pt-BR)', () => {
  let own: OwnConsole;
  const terminals: VirtualTerminal[] = [];
  const runLockers: { id: string; code: string; terminal: VirtualTerminal }[] = [];
  let packingId = '';

  beforeAll(async () => {
    own = await startOwnConsole({ mqtt: true, heartbeatSeconds: 2 });
    const call = <T = any>(method: string, apiPath: string, body?: unknown) => own.call<T>(method, apiPath, body);
    const company = (await call<{ id: string }>('POST', '/company', { data: { name: 'Transportadora Rota Viva', type: 'carrier' } })).id;
    const warehouse = (await call<{ id: string }>('POST', '/warehouse', { data: { name: 'CD Rota Viva', company } })).id;
    const parcels: string[] = [];
    for (const code of ['VIVA-A', 'VIVA-B']) {
      const terminalId = randomUUID();
      const id = (
        await call<{ id: string }>('POST', '/ebox', { data: { name: `Armário ${code}`, code, company, enable: true, terminalId } })
      ).id;
      for (const number of [1, 2]) {
        await call('POST', '/compartiment', {
          data: {
            ebox: id,
            number,
            boardNumber: 1,
            numberInColumn: number,
            comNumber: number,
            size: 'P',
            width: 1,
            height: 1,
            depth: 1,
            enable: true,
          },
        });
      }
      const { terminal } = await startVirtualTerminal(own, {
        lockerId: id,
        terminalId,
        compartments: [1, 2].map((number) => ({ number, boardNumber: 1, channel: number })),
        doorCloseAfterMs: 20,
      });
      terminals.push(terminal);
      runLockers.push({ id, code, terminal });
      const order = await call<{ id: string }>('POST', '/order', {
        data: {
          type: 'DELIVERY',
          trackingCode: `VIVA${code.slice(-1)}${suffix.slice(-6).toUpperCase()}`,
          company,
          shipper: company,
          customerName: `Cliente ${code}`,
          ebox: id,
          compartimentSize: 'P',
          bookOrder: false,
        },
      });
      parcels.push(order.id);
    }
    await call('POST', '/inbound', { data: { company, warehouse, orders: parcels } });
    // The lockers' terminals are online (the run reaches them with their access codes).
    for (const locker of runLockers) {
      // In the suite's set-up (expect.poll is for tests): asked again until the console says online.
      await vi.waitFor(
        async () => expect((await call<{ status: string }>('GET', `/ebox/${locker.id}`)).status, locker.code).toBe('online'),
        {
          timeout: 30_000,
        },
      );
    }
    packingId = (
      await call<{ id: string }>('POST', '/packing', {
        data: { company, warehouse, picking: 'collectDelivery', orders: parcels, name: 'Rota viva' },
      })
    ).id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(terminals.map((terminal) => terminal.stop().catch(() => {})));
    await own?.close();
  });

  test('printed, then each order turns done on the open page as the lockers report the courier', async () => {
    const context = await browser().newContext({
      baseURL: own.baseUrl,
      viewport: { width: 1366, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      acceptDownloads: true,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT);
    await context.addInitScript(() => window.localStorage.setItem('language', 'pt-BR'));
    const page = await context.newPage();
    await signIn(page, own.owner.email, own.owner.password);
    await page.goto(`/packing/${packingId}`);
    await see(page.getByTestId('packing-progress').getByText(say('packingPage.progress', { done: 0, total: 2 })));
    // Who plans runs reads the courier's code on the page.
    const code = ((await page.getByTestId('packing-run-code').locator('strong').first().textContent()) ?? '').trim();
    expect(code).toMatch(/^\d{8}$/);
    const download = await downloadBy(page, () => page.getByTestId('packing-download').click());
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    for (const locker of runLockers) {
      await expect.poll(() => locker.terminal.courierRuns().length, { timeout: 30_000 }).toBe(1);
      expect(await locker.terminal.playCourierRun(code)).toMatchObject({ ok: true });
    }
    await expect.poll(() => page.locator('[data-testid="packing-outcome"][data-outcome="done"]').count(), { timeout: 10_000 }).toBe(2);
    await see(page.getByTestId('packing-progress').getByText(say('packingPage.progress', { done: 2, total: 2 })));
    for (const section of await page.getByTestId('packing-locker-progress').all())
      await see(section.getByText(say('packingPage.progress', { done: 1, total: 1 })));
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    await screenshot(page, 'packing-view-done-pt-BR-1366', { live: true });
    await context.close();
  });
});
