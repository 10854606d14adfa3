import type { Language } from '@ebox/domain';
import { describe, expect, test } from 'vitest';
import { ownerPage, screenshot, see, seeNo, setUpBrowser, text } from './support/browser';
import { asOwner } from './support/users';

/**
 * Issue 29, item 3 (an order read at a glance), in both languages: the timeline names who moved the
 * order in the audit log's words ("Sistema: dados de demonstração", never the seed's key), and
 * "Atualizar status" is offered only where the lifecycle lets a person move the order, never on a
 * finished one. The demo data's orders are the cases: one picked up, one waiting for its deposit, one stored in a locker that is offline.
 */

const browser = setUpBrowser();

type Row = { id: string; trackingCode: string };

describe.each<Language>(['pt-BR', 'en'])('an order at a glance (%s)', (language) => {
  const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test('the timeline names the seed in words, and a finished order offers no status change', async () => {
    const api = await asOwner();
    const demoOrder = async (status: string) =>
      (await api<{ rows: Row[] }>('GET', `/order?filter[type]=DELIVERY&filter[status]=${status}&limit=1`)).rows[0] as Row;
    const taken = await demoOrder('CUSTOMER_TAKEN');
    // A delivery waiting for its inbound: a person may mark it at the hub.
    const waiting = await demoOrder('CREATED');

    const { page } = await ownerPage(browser(), { language });
    await page.goto(`/order/${taken.id}`);
    const history = page.getByTestId('order-history');
    await see(history.getByText(t('auditLog.systemActor', { name: t('auditLog.systemActors.demoSeed') })).first());
    await seeNo(history.getByText(/demoSeed/));
    await see(page.getByRole('heading', { name: taken.trackingCode }).or(page.getByText(taken.trackingCode).first()));
    await seeNo(page.getByTestId('order-update-status'));
    // The banner and the stepper lead the page, within its first screen, above the record's fields.
    const glance = page.getByTestId('order-glance');
    await see(glance.getByTestId('order-glance-status').getByText(t('entities.order.enumerators.status.CUSTOMER_TAKEN')));
    await see(glance.getByText(t('orderPage.glance.finishedAt', { date: '' }).trim()).first());
    const glanceBox = await glance.boundingBox();
    const recordBox = await page.locator('.record-view-card .ant-descriptions').boundingBox();
    expect(glanceBox && recordBox && glanceBox.y + glanceBox.height <= recordBox.y && glanceBox.y < 800).toBe(true);
    await see(page.getByTestId('order-glance-steps').getByText(t('entities.order.enumerators.status.STORED')));
    await screenshot(page, `orders/taken-glance-${language}`);
    // Picked up by the customer: delivered, and no dash for the stamps its way never wrote (expiry, failure, cancel).
    await see(
      page
        .locator('th.ant-descriptions-item-label', { hasText: t('entities.order.fields.delivered') })
        .locator('xpath=following-sibling::td[1]')
        .getByText(t('kit.boolean.true'), { exact: true }),
    );
    await seeNo(page.locator('.ant-descriptions-item-label').getByText(t('entities.order.fields.canceledAt'), { exact: true }));

    await page.goto(`/order/${waiting.id}`);
    await see(page.getByTestId('order-update-status'));
    // What comes next for a delivery waiting at the hub.
    await see(
      page.getByTestId('order-glance').getByText(t('orderPage.glance.next', { step: t('entities.order.enumerators.status.INBOUND') })),
    );
    await screenshot(page, `orders/waiting-glance-${language}`);

    // A parcel in a locker the shared console never hears from (it has no broker): opening its door
    // says the locker is offline before anyone clicks, in the locker drawer's words (item 2).
    const stored = await demoOrder('STORED');
    await page.goto(`/order/${stored.id}`);
    const open = page.getByTestId('order-open');
    await see(open.getByTestId('compartment-offline').getByText(t('lockerLive.compartment.offline')));
    expect(await open.getByTestId('order-open-compartment').getAttribute('aria-describedby')).toBe('compartment-offline');
    await screenshot(page, `orders/stored-offline-${language}`);
  });

  test("the new order's form reads in groups, and an order's page fits a phone", async () => {
    const api = await asOwner();
    const taken = (await api<{ rows: Row[] }>('GET', '/order?filter[type]=DELIVERY&filter[status]=CUSTOMER_TAKEN&limit=1')).rows[0] as Row;
    const { page } = await ownerPage(browser(), { language });
    // A delivery unless changed.
    await page.goto('/order/new');
    for (const section of ['parcel', 'customer', 'destination', 'dates', 'documents']) {
      await see(
        page
          .getByTestId(`form-section-${section}`)
          .locator('legend')
          .getByText(t(`entities.order.sections.${section}`)),
      );
    }
    await screenshot(page, `orders/new-order-form-${language}`);
    // The type's select shows its choice as text, or in its search box while it has the focus.
    const typeSelect = page.getByTestId('form-section-parcel').locator('.ant-select').first();
    await expect
      .poll(() => typeSelect.evaluate((select) => `${select.textContent} ${select.querySelector('input')?.value ?? ''}`))
      .toContain(t('entities.order.enumerators.type.DELIVERY'));

    // On a phone the banner, the stepper (now upright) and the record fit the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/order/${taken.id}`);
    await see(page.getByTestId('order-glance-steps'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `orders/taken-glance-390-${language}`);
  });
});
