import { describe, expect, test } from 'vitest';
import { startWebhookReceiver } from '../../api/test/support/webhook-receiver';
import { seriousAxeProblems } from './support/axe';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption, openDialog, settleDialogs } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 27, item 5 on screen: a webhook created in its form shows its signing secret once (the
 * receiver verifies deliveries with it through the `standardwebhooks` package), its page lists the
 * deliveries an order's events made, with their attempts, and rotates the secret; axe finds nothing
 * serious on the page, in both languages.
 */

const browser = setUpBrowser();

for (const language of ['pt-BR', 'en'] as const) {
  describe(`webhook screens (${language})`, () => {
    test('create shows the secret once, an order reaches the receiver, and the page logs the delivery', async () => {
      const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const receiver = await startWebhookReceiver();
      try {
        const api = await asOwner();
        const companyName = `Loja Gancho ${uniqueSuffix()}`;
        const company = await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'shipper' } });
        const { page } = await ownerPage(browser(), { language, axe: true });

        await page.goto('/webhook/new');
        await page.getByLabel(t('entities.webhook.fields.url'), { exact: true }).fill(receiver.url);
        await chooseOption(page, t('entities.webhook.fields.company'), companyName);
        await page.getByLabel(t('entities.webhook.fields.enable'), { exact: true }).click();
        await page.getByRole('button', { name: t('kit.actions.save') }).click();

        // The secret, once, before the page leaves: the receiver keeps it.
        const secretDialog = page.getByRole('dialog').filter({ hasText: t('webhookPage.secret.createdTitle') });
        await see(secretDialog);
        await settleDialogs(page);
        const secret = ((await secretDialog.getByTestId('webhook-secret-value').textContent()) ?? '').trim();
        expect(secret).toMatch(/^whsec_/);
        receiver.secrets.push(secret);
        await screenshot(page, `issue-27/webhook-secret-once-${language}`);
        await secretDialog.getByRole('button', { name: t('webhookPage.secret.done') }).click();
        await page.waitForURL((url) => url.pathname === '/webhook');

        const order = await api<{ id: string; trackingCode: string }>('POST', '/order', {
          data: {
            type: 'DELIVERY',
            trackingCode: `WH${uniqueSuffix().toUpperCase()}`,
            company: company.id,
            shipper: company.id,
            customerName: 'Ana Lima',
          },
        });
        await expect.poll(() => receiver.received.length).toBe(1);
        expect(receiver.received[0]?.body).toMatchObject({ type: 'order.created', data: { orderId: order.id } });

        const { rows } = await api<{ rows: { id: string }[] }>('GET', `/webhook?filter[company]=${company.id}`);
        await page.goto(`/webhook/${rows[0]?.id}`);
        const deliveries = page.getByTestId('webhook-deliveries');
        await see(deliveries.getByText(order.trackingCode));
        await see(deliveries.getByTestId('webhook-delivery-status').filter({ hasText: t('webhookPage.deliveries.statuses.delivered') }));
        await deliveries.locator('.ant-table-row-expand-icon').first().click();
        await see(page.getByTestId('webhook-delivery-detail').getByText('204'));
        expect(await seriousAxeProblems(page)).toEqual([]);
        await screenshot(page, `issue-27/webhook-page-${language}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `issue-27/webhook-page-phone-${language}`);
        await page.setViewportSize({ width: 1366, height: 900 });

        // Rotate, keeping the current secret for 24 hours: the new one is shown once.
        const rotate = await openDialog(page, page.getByTestId('webhook-rotate-secret'));
        await rotate.getByRole('button', { name: t('webhookPage.secret.rotateConfirm') }).click();
        const rotated = page.getByRole('dialog').filter({ hasText: t('webhookPage.secret.rotatedTitle') });
        await see(rotated.getByTestId('webhook-secret-value'));
        const next = ((await rotated.getByTestId('webhook-secret-value').textContent()) ?? '').trim();
        expect(next).toMatch(/^whsec_/);
        expect(next).not.toBe(secret);
        // The previous one keeps signing for the default 24 hours: the dialog says until when.
        await see(rotated.getByText(t('webhookPage.secret.previousValidUntil', { date: '' }).replace(/\s*\.$/, '')));
      } finally {
        await receiver.close();
      }
    });
  });
}
