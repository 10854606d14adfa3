import { describe, expect, test } from 'vitest';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner } from './support/users';

/**
 * The audit log is a kit list of its declaration: its filters, sort and page live in the URL as
 * every list's do, so a reload keeps what the reader was looking at, and an entry still opens with
 * its values before and after.
 */

const browser = setUpBrowser();
const pt = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

/** A company renamed `renames` times over the API: 1 + renames audit entries under its id. */
async function companyWithHistory(renames: number): Promise<{ id: string; lastName: string; previousName: string }> {
  const api = await asOwner();
  const suffix = uniqueSuffix();
  const company = await api<{ id: string }>('POST', '/company', { data: { name: `Transportadora Auditada ${suffix}`, type: 'carrier' } });
  let previousName = `Transportadora Auditada ${suffix}`;
  let lastName = previousName;
  for (let i = 1; i <= renames; i++) {
    previousName = lastName;
    lastName = `Transportadora Auditada ${suffix} v${i}`;
    await api('PUT', `/company/${company.id}`, { id: company.id, data: { name: lastName } });
  }
  return { id: company.id, lastName, previousName };
}

describe('the audit log in the browser', () => {
  test('a filtered second page of the audit log survives a reload, and an entry shows its values before and after', async () => {
    const company = await companyWithHistory(11);
    const { page } = await ownerPage(browser());
    await page.goto('/audit-logs');
    const list = page.getByTestId('audit-log-list');
    const rows = list.locator('.ant-table-row');

    const filter = list.getByTestId('list-filter');
    await filter.getByLabel(pt('entities.auditLog.fields.entityId'), { exact: true }).fill(company.id);
    await chooseOption(page, filter.getByLabel(pt('entities.auditLog.fields.action'), { exact: true }), pt('auditLog.actions.update'));
    await filter.getByRole('button', { name: pt('kit.actions.search') }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(company.id));
    await expect.poll(() => rows.count()).toBe(10);
    await see(list.getByText(pt('kit.list.total', { count: 11 })));

    await list.locator('.ant-pagination-item-2').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => rows.count()).toBe(1);

    await page.reload();
    // Same filter, same page: the oldest rename, alone on page 2, newest first.
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => filter.getByLabel(pt('entities.auditLog.fields.entityId'), { exact: true }).inputValue()).toBe(company.id);
    await see(filter.getByText(pt('auditLog.actions.update')));
    await expect.poll(() => list.locator('.ant-pagination-item-active').textContent()).toBe('2');
    await see(rows.first().getByText(pt('auditLog.actions.update')));

    // Back to page 1 the newest rename leads; it opens with the name before and after.
    await list.locator('.ant-pagination-item-1').click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await rows.first().getByTestId('row-view').click();
    const detail = page.getByTestId('audit-log-detail');
    await see(detail.getByText(company.previousName, { exact: true }));
    await see(detail.getByText(company.lastName, { exact: true }));
    await screenshot(page, 'audit-log-detail-pt-BR');
    await page.keyboard.press('Escape');
    await screenshot(page, 'audit-log-filtered-pt-BR');
  });
});
