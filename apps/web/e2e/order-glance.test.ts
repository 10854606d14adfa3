import type { Language } from '@ebox/domain';
import { describe, test } from 'vitest';
import { ownerPage, screenshot, see, seeNo, setUpBrowser, text } from './support/browser';
import { asOwner } from './support/users';

/**
 * Issue 29, item 3 (an order read at a glance), in both languages: the timeline names who moved the
 * order in the audit log's words ("Sistema: dados de demonstração", never the seed's key), and
 * "Atualizar status" is offered only where the lifecycle lets a person move the order, never on a
 * finished one. The demo data's orders are the cases: one picked up, one waiting for its deposit.
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
    await screenshot(page, `orders/taken-glance-${language}`);

    await page.goto(`/order/${waiting.id}`);
    await see(page.getByTestId('order-update-status'));
  });
});
