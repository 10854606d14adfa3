import type { Language } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { type ApiCaller, ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { asOwner } from './support/users';

/**
 * Issue 29, item 2: the locker page answers "what is in door 4". Its face, state and terminal
 * commands are on the first screen (the address record below them), the drawer of a door names the
 * parcel in it with a link to its order and the door's last events, an offline locker's open command
 * says it is offline before anyone clicks, and what deletes or undoes asks first. Both languages, at
 * a laptop's 1366x800 and a phone's 390x844. The shared console has no broker: every locker here is
 * offline, which is the state this file checks (locker-live.test.ts has an online one).
 */

const browser = setUpBrowser();
const suffix = uniqueSuffix();
const lockerName = `Armário Copa ${suffix}`;
let lockerId = '';
let trackingCode = '';
let bookedDoor = 0;
const customerName = 'Mariana Souza Lima';

beforeAll(async () => {
  const api: ApiCaller = await asOwner();
  const company = await api<{ id: string }>('POST', '/company', { data: { name: `Loja Copa ${suffix}`, type: 'shipper' } });
  const small = await api<{ id: string }>('POST', '/compartimentLayout', {
    data: { code: 'P', name: `Pequeno ${suffix}`, width: 40, height: 12, depth: 50 },
  });
  const large = await api<{ id: string }>('POST', '/compartimentLayout', {
    data: { code: 'G', name: `Grande ${suffix}`, width: 40, height: 36, depth: 50 },
  });
  const left = await api<{ id: string }>('POST', '/eboxModule', { data: { name: `Coluna P ${suffix}`, code: `L${suffix.slice(-5)}` } });
  const right = await api<{ id: string }>('POST', '/eboxModule', { data: { name: `Coluna G ${suffix}`, code: `R${suffix.slice(-5)}` } });
  for (const staticNumber of [1, 2, 3, 4]) {
    await api('POST', '/eboxModuleCompartiment', { data: { eboxModule: left.id, staticNumber, compartimentLayout: small.id } });
  }
  await api('POST', '/eboxModuleCompartiment', { data: { eboxModule: right.id, staticNumber: 1, compartimentLayout: small.id } });
  await api('POST', '/eboxModuleCompartiment', { data: { eboxModule: right.id, staticNumber: 2, compartimentLayout: large.id } });
  lockerId = (
    await api<{ id: string }>('POST', '/ebox', {
      data: {
        name: lockerName,
        code: `C${suffix.slice(-8)}`,
        company: company.id,
        eboxModule: [left.id, right.id],
        startNumber: 1,
        boardNumber: 1,
        street: 'Avenida Atlântica',
        number: '1702',
        neighborhood: 'Copacabana',
        city: 'Rio de Janeiro',
        state: 'RJ',
        postalCode: '22021001',
        enable: true,
      },
    })
  ).id;
  await api('POST', '/ebox/generateCompartiments', { data: { ebox: lockerId } });
  trackingCode = `BR${suffix.toUpperCase()}`;
  const order = await api<{ compartimentNumber: number; compartiment: { id: string } | string }>('POST', '/order', {
    data: {
      type: 'DELIVERY',
      trackingCode,
      shipper: company.id,
      company: company.id,
      customerName,
      customerPhone: '(21) 98765-4321',
      customerEmail: 'mariana@example.com',
      ebox: lockerId,
      compartimentSize: 'P',
      overdueDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    },
  });
  bookedDoor = order.compartimentNumber;
  // An opening asked of the offline locker: refused, and kept in the door's events.
  const compartimentId = typeof order.compartiment === 'string' ? order.compartiment : order.compartiment.id;
  await api('GET', `/compartiment/open/${compartimentId}`).catch(() => undefined);
}, 120_000);

const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Whether the element's top edge and `minVisible` pixels of it are inside the first screen (no scrolling). */
async function onFirstScreen(page: Page, testId: string, minVisible: number): Promise<boolean> {
  const box = await page.getByTestId(testId).first().boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return Boolean(box) && (box?.y ?? 0) >= 0 && (box?.y ?? 0) + Math.min(minVisible, box?.height ?? 0) <= height;
}

for (const language of ['pt-BR', 'en'] as Language[]) {
  const say = (key: string, values?: Record<string, string | number>) => text(language, key, values);
  for (const viewport of VIEWPORTS) {
    describe(`the locker page (${language}, ${viewport.width}x${viewport.height})`, () => {
      let page: Page;
      beforeAll(async () => {
        ({ page } = await ownerPage(browser(), { language, viewport, axe: true }));
      });
      afterAll(async () => {
        await page?.context().close();
      });

      test('the face, the state and the commands come first, on the first screen, the record below', async () => {
        await page.goto(`/ebox/${lockerId}`);
        await see(page.getByTestId('locker-face').getByTestId('locker-cell').first());
        await see(page.getByTestId('locker-occupancy').getByRole('row').nth(1));
        await see(page.getByTestId('locker-orders').getByText(trackingCode));
        await screenshot(page, `lockers/locker-page-${language}-${viewport.width}`, { live: true, fullPage: false });
        await screenshot(page, `lockers/locker-page-${language}-${viewport.width}-full`, { live: true });
        // Nothing wider than the screen (the tables scroll inside their cards).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        // The state and its commands whole; the face far enough to show its doors.
        expect(await onFirstScreen(page, 'locker-state', viewport.name === 'phone' ? 250 : 10_000)).toBe(true);
        expect(await onFirstScreen(page, 'terminal-commands', 10_000)).toBe(true);
        expect(await onFirstScreen(page, 'locker-face', viewport.name === 'phone' ? 60 : 10_000)).toBe(true);
        // The record (its address) comes after the face.
        const faceBox = await page.getByTestId('locker-face').boundingBox();
        const address = page.getByText('Avenida Atlântica', { exact: true });
        const addressBox = await address.boundingBox();
        expect(addressBox?.y ?? 0).toBeGreaterThan((faceBox?.y ?? 0) + (faceBox?.height ?? 0) - 1);
        // Offline: every command greyed, the reason said before anyone clicks.
        await see(page.getByTestId('ebox-status').first().getByText(say('entities.ebox.enumerators.status.offline')));
        await see(page.getByTestId('terminal-offline').getByText(say('lockerLive.terminal.offline')));
        expect(await page.getByTestId('terminal-reboot').isDisabled()).toBe(true);
        await see(page.getByTestId('terminal-reboot').getByText(say('lockerLive.terminal.reboot')));
        expect(await seriousAxeProblems(page)).toEqual([]);
      });

      test('the drawer of a door names the parcel in it, its order, and says the offline locker will not open it', async () => {
        await page.getByTestId('locker-face').locator(`[data-testid="locker-cell"][data-number="${bookedDoor}"]`).click();
        const drawer = page.getByTestId('compartment-drawer');
        await see(drawer.getByText(say('lockerLive.compartment.title', { number: bookedDoor })));
        const parcel = drawer.getByTestId('compartment-parcel');
        await see(parcel.getByRole('link', { name: say('lockerLive.compartment.openOrder', { trackingCode }) }));
        await see(parcel.getByText(customerName));
        await see(parcel.getByText(say('lockerLive.compartment.bookedSince')));
        await see(drawer.getByTestId('compartment-offline').getByText(say('lockerLive.compartment.offline')));
        expect(await drawer.getByTestId('compartment-open').isDisabled()).toBe(true);
        await see(drawer.getByTestId('compartment-door-events').getByText(say('lockerLive.compartment.event.offline')).first());
        await screenshot(page, `lockers/locker-drawer-${language}-${viewport.width}`, { live: true, fullPage: false });
        expect(await seriousAxeProblems(page)).toEqual([]);
        // Locking asks first, in the words the door's status uses.
        await drawer.getByTestId('compartment-lock').click();
        const confirm = page.getByRole('dialog').filter({ hasText: say('lockerLive.compartment.confirmLock', { number: bookedDoor }) });
        await see(confirm.getByText(say('lockerLive.compartment.confirmLockText')));
        await confirm.getByRole('button', { name: say('kit.actions.cancel') }).click();
        await expect.poll(() => confirm.count()).toBe(0);
        await drawer.locator('.ant-drawer-close').click();
        await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
        await see(page.getByTestId('locker-orders').getByRole('link', { name: trackingCode }));
      });

      test('what deletes or undoes stands apart from Clone and asks first', async () => {
        const destructive = page.getByTestId('ebox-destructive-actions');
        await see(destructive.getByTestId('ebox-generate'));
        expect(await destructive.getByTestId('ebox-clone').count()).toBe(0);
        await destructive.getByTestId('ebox-generate').click();
        const dialog = page.getByRole('dialog').filter({ hasText: say('entities.ebox.generate.warning') });
        await see(dialog);
        await screenshot(page, `lockers/locker-generate-confirm-${language}-${viewport.width}`, { live: true, fullPage: false });
        await dialog.getByRole('button', { name: say('kit.actions.cancel') }).click();
        await expect.poll(() => dialog.count()).toBe(0);
        // Nothing was regenerated: the booked door is still booked.
        await expect
          .poll(() => page.locator(`[data-testid="locker-cell"][data-number="${bookedDoor}"]`).getAttribute('data-status'))
          .toBe('BOOKED');
      });
    });
  }
}
