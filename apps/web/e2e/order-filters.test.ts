import { afterAll, describe, test } from 'vitest';
import { newPage, screenshot, see, seeNo, setUpBrowser, setUpOwnerPage, signIn, text, uniqueSuffix } from './support/browser';
import { openListFilter } from './support/controls';
import { asOwner, createUser } from './support/users';

/**
 * Spec 6's filter permissions on the order list (docs/orders.md): a user without filterEbox,
 * filterCluster, filterType and filterReferenceNumber is not offered the locker, cluster, type and
 * reference number filters (the API would refuse them); the others stay, and the owner sees them all.
 */

const browser = setUpBrowser();
const say = (key: string) => text('pt-BR', key);
const GUARDED = ['type', 'ebox', 'eboxCode', 'cluster', 'referenceNumber'];
const label = (field: string) => say(`entities.order.fields.${field}`);

describe('the order list filters by permission', () => {
  const owner = setUpOwnerPage(browser);
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  test('the owner is offered the locker, cluster, type and reference number filters', async () => {
    await owner().goto('/order');
    const filter = await openListFilter(owner());
    for (const field of [...GUARDED, 'status']) await see(filter.getByLabel(label(field), { exact: true }));
  });

  test('a user who may only read orders is not offered them; the other filters stay', async () => {
    const api = await asOwner();
    const roleName = `Leitor de pedidos ${uniqueSuffix()}`;
    await api('POST', '/role', { data: { name: roleName, permissions: ['orderRead'] } });
    const reader = await createUser([roleName], 'order-reader');
    const { context, page } = await newPage(browser());
    closers.push(() => context.close());
    await signIn(page, reader.email, reader.password);
    await page.goto('/order');
    const filter = await openListFilter(page);
    await see(filter.getByLabel(label('status'), { exact: true }));
    await see(filter.getByLabel(label('trackingCode'), { exact: true }));
    for (const field of GUARDED) await seeNo(filter.getByLabel(label(field), { exact: true }));
    await screenshot(page, 'orders/order-filters-without-filter-permissions');
  });
});
