import { describe, expect, test } from 'vitest';
import { screenshot, see, setUpBrowser, setUpOwnerPage, text, uniqueSuffix } from './support/browser';
import { chooseOption, openDialog, seeToast, settleDialogs } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 15 in the console: the order page's history timeline, the update-status dialog (only the
 * statuses the lifecycle allows, with a reason), and the tracking-code search saying "Order not
 * found" when nothing matches.
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
    await see(page().getByTestId('order-history').getByText(say('entities.order.history.empty')));
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
    const entry = page().getByTestId('order-history-entry').first();
    // The trigger's key holds a dot ('console.inbound'), which this file's text() cannot walk: its pt-BR text.
    await see(entry.getByText(/Receber no armazém/));
    await see(entry.getByText(/Chegou ao armazém/));
    await expect.poll(() => entry.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await screenshot(page(), 'orders/order-history');
  });

  test('the tracking-code search opens the order, or says the order was not found', async () => {
    await page().goto('/order');
    const search = page().getByTestId('order-tracking-search').getByRole('searchbox');
    await search.fill(`${trackingCode}X`);
    await search.press('Enter');
    await seeToast(page(), say('entities.order.errors.notFound'));
    await search.fill(trackingCode.toLowerCase());
    await search.press('Enter');
    await page().waitForURL(`**/order/${orderId}`);
    await see(page().getByTestId('order-history'));
  });
});
