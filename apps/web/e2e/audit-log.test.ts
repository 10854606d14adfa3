import { randomUUID } from 'node:crypto';
import type { Language } from '@ebox/domain';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { apiAs, newPage, ownerPage, screenshot, see, setUpBrowser, signIn, text, uniqueSuffix } from './support/browser';
import { chooseOption, openListFilter } from './support/controls';
import { asOwner, createUser } from './support/users';

/**
 * The audit log is a kit list of its declaration: its filters, sort and page live in the URL as
 * every list's do, so a reload keeps what the reader was looking at, and an entry still opens with
 * its values before and after. Issue 8: entries read in words ("Nome: A → B"), name and link their
 * record, the entity filter is searched by the names people read, and every record's view has a
 * history tab built from the same log. Issue 29 item 6: a terminal's entries name it by its
 * locker's code, a door or parcel event reads as one sentence, and the terminals' routine reports
 * stay out of the way until the reader asks for them.
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

    const filter = await openListFilter(list);
    // The record filter takes the record's name or, pasted, its id.
    await filter.getByLabel(pt('entities.auditLog.fields.entityLabel'), { exact: true }).fill(company.id);
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
    // The filter panel starts collapsed after a reload; opened, it shows the filter in force.
    await openListFilter(list);
    await expect.poll(() => filter.getByLabel(pt('entities.auditLog.fields.entityLabel'), { exact: true }).inputValue()).toBe(company.id);
    await see(filter.getByText(pt('auditLog.actions.update')));
    await expect.poll(() => list.locator('.ant-pagination-item-active').textContent()).toBe('2');
    await see(rows.first().getByText(pt('auditLog.actions.update')));

    // Back to page 1 the newest rename leads; it opens with the name before and after.
    await list.locator('.ant-pagination-item-1').click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    // The address changes before the rows do: page 2's one row could still be there to click.
    await expect.poll(() => rows.count()).toBe(10);
    await rows.first().getByTestId('row-view').click();
    const detail = page.getByTestId('audit-log-detail');
    // Only what changed, in words: the name before and after, with the record's name as its link.
    await see(detail.getByText(`${pt('entities.company.fields.name')}: ${company.previousName} → ${company.lastName}`));
    await see(detail.getByRole('link', { name: company.lastName, exact: true }));
    await expect.poll(() => detail.locator('.audit-changes li').count()).toBe(1);
    await screenshot(page, 'audit-log-detail-pt-BR');
    await page.keyboard.press('Escape');
    await screenshot(page, 'audit-log-filtered-pt-BR');
  });
});

/** A customer of a new company, renamed once over the API: two entries in words. */
async function renamedCustomer(): Promise<{ id: string; before: string; after: string; suffix: string }> {
  const api = await asOwner();
  const suffix = uniqueSuffix();
  const company = await api<{ id: string }>('POST', '/company', { data: { name: `Empresa Histórico ${suffix}`, type: 'carrier' } });
  const before = `Cliente Antes ${suffix}`;
  const after = `Cliente Depois ${suffix}`;
  const customer = await api<{ id: string }>('POST', '/customer', { data: { name: before, company: company.id, enable: true } });
  await api('PUT', `/customer/${customer.id}`, { id: customer.id, data: { name: after } });
  return { id: customer.id, before, after, suffix };
}

/**
 * A locker's terminal reporting a parcel between its door opening and closing: the terminal link's
 * entries as it writes them (the API tests drive the link itself), written straight to the log.
 */
async function terminalReports(): Promise<{ terminal: string; code: string }> {
  const api = await asOwner();
  const code = `T-${uniqueSuffix()}`.toUpperCase();
  const terminalId = randomUUID();
  const locker = await api<{ id: string }>('POST', '/ebox', { data: { name: `Armário ${code}`, code, terminalId, enable: true } });
  const terminal = `terminal:${terminalId}`;
  const door = { ebox: locker.id, number: 4 };
  const entries: [string, Record<string, unknown>][] = [
    ['door_opened', door],
    ['parcel_deposited', { ...door, orderStatus: 'COURIER_STORED' }],
    ['door_closed', door],
  ];
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    const compartment = randomUUID();
    for (const [index, [action, after]] of entries.entries()) {
      await client.query(
        `INSERT INTO audit_log (entity_name, entity_id, entity_label, action, values, actor_label, timestamp)
         VALUES ('compartiment', $1, '4', $2, $3, $4, now() - make_interval(secs => $5))`,
        [compartment, action, JSON.stringify({ before: null, after }), terminal, entries.length - index],
      );
    }
  } finally {
    await client.end();
  }
  return { terminal, code };
}

describe.each(['pt-BR', 'en'] as const satisfies Language[])('the audit log in words, in %s', (language) => {
  const say = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test("a terminal's parcel event reads as a sentence by its locker's code, and its routine reports show only when asked", async () => {
    const { terminal, code } = await terminalReports();
    const { page } = await ownerPage(browser(), { language });
    await page.goto(`/audit-logs?filter=${encodeURIComponent(JSON.stringify({ actorLabel: terminal }))}`);
    const list = page.getByTestId('audit-log-list');
    const rows = list.locator('.ant-table-row');
    const door = say('auditLog.events.doorOf', { number: 4, locker: code });
    const deposited = say('auditLog.events.withDetail', {
      sentence: say('auditLog.events.parcel_deposited', { door }),
      detail: say('auditLog.events.orderNow', { status: say('entities.order.enumerators.status.COURIER_STORED') }),
    });
    // The routine door reports are hidden by default: the parcel event alone, in words, by "Terminal <code>".
    const routineSwitch = page.getByRole('switch', { name: say('auditLog.routine.hide') });
    expect(await routineSwitch.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => rows.count()).toBe(1);
    await see(rows.first().getByTestId('audit-event').getByText(deposited, { exact: true }));
    await see(rows.first().getByText(say('auditLog.actions.parcel_deposited'), { exact: true }));
    await see(rows.first().getByText(say('auditLog.terminalActor', { name: code }), { exact: true }));
    await screenshot(page, `audit-log-terminal-${language}`);

    // Turned off, the door's opening and closing join it, each a sentence too; the address keeps the choice.
    await routineSwitch.click();
    await page.waitForURL((url) => url.searchParams.get('routine') === 'shown');
    await expect.poll(() => rows.count()).toBe(3);
    await see(rows.last().getByText(say('auditLog.events.door_opened', { door }), { exact: true }));
    await see(rows.first().getByText(say('auditLog.events.door_closed', { door }), { exact: true }));
    await screenshot(page, `audit-log-terminal-routine-${language}`);
  });

  test('the entity filter finds customers by their name, a change reads "Name: A → B", and the record link opens its history', async () => {
    const customer = await renamedCustomer();
    const { page } = await ownerPage(browser(), { language });
    await page.goto('/audit-logs');
    const list = page.getByTestId('audit-log-list');
    const rows = list.locator('.ant-table-row');
    const filter = await openListFilter(list);

    // The entity is searched by the word people read ("Clie" finds "Cliente"), never by the key.
    const entityLabel = say('entities.customer.label');
    await chooseOption(
      page,
      filter.getByLabel(say('entities.auditLog.fields.entityName'), { exact: true }),
      entityLabel,
      entityLabel.slice(0, 4),
    );
    await filter.getByLabel(say('entities.auditLog.fields.entityLabel'), { exact: true }).fill(customer.suffix);
    await filter.getByRole('button', { name: say('kit.actions.search') }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(customer.suffix));
    await expect.poll(() => rows.count()).toBe(2);

    const change = `${say('entities.customer.fields.name')}: ${customer.before} → ${customer.after}`;
    await see(rows.first().getByText(change));
    await see(rows.first().getByText(say('auditLog.actions.update')));
    await see(rows.nth(1).getByText(say('auditLog.actions.create')));
    await screenshot(page, `audit-log-words-${language}`);

    // The record's name links to its view, whose history tab shows the same change in words.
    await rows.first().getByRole('link', { name: customer.after, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/customer/${customer.id}`);
    await page.getByRole('tab', { name: say('auditLog.historyTab') }).click();
    const history = page.getByTestId('record-history');
    await see(history.getByText(change));
    await expect.poll(() => history.getByTestId('record-history-entry').count()).toBe(2);
    await screenshot(page, `record-history-${language}`);
  });
});

describe.each(['pt-BR', 'en'] as const satisfies Language[])('the audit log and a record history on a phone, in %s', (language) => {
  const pt = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test('entries read as cards at 390 px (who, what, which record, when), and so does the history tab', async () => {
    const customer = await renamedCustomer();
    const { page } = await ownerPage(browser(), { viewport: { width: 390, height: 844 }, language });
    await page.goto(`/audit-logs?filter=${encodeURIComponent(JSON.stringify({ entityLabel: customer.suffix }))}`);
    const list = page.getByTestId('audit-log-list');
    const change = `${pt('entities.customer.fields.name')}: ${customer.before} → ${customer.after}`;
    const cards = list.getByTestId('list-card');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await list.locator('.ant-table').count()).toBe(0);
    const newest = cards.first();
    await see(newest.getByText(change));
    await see(newest.getByText(pt('auditLog.actions.update')));
    await see(newest.getByRole('link', { name: customer.after, exact: true }));
    await see(newest.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/));
    // Nothing runs past the screen's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `audit-log-words-390-${language}`);
    await page.goto(`/customer/${customer.id}`);
    await page.getByRole('tab', { name: pt('auditLog.historyTab') }).click();
    await see(page.getByTestId('record-history').getByText(change));
    await screenshot(page, `record-history-390-${language}`);
  });
});

describe.each(['pt-BR', 'en'] as const satisfies Language[])('finding entries as a reader does, in %s', (language) => {
  const say = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test('the author is picked by name, system actors are offered in words, and the entity column sorts by the shown name', async () => {
    const suffix = uniqueSuffix();
    const author = await createUser(['owner'], `autora-${suffix}`);
    const authorApi = await apiAs(author.email, author.password);
    await authorApi('PUT', '/auth/profile', { profile: { firstName: 'Paula', lastName: `Autora ${suffix}` } });
    const company = await authorApi<{ id: string }>('POST', '/company', { data: { name: `Empresa da Paula ${suffix}`, type: 'shipper' } });
    await authorApi('POST', '/customer', { data: { name: `Cliente da Paula ${suffix}`, company: company.id, enable: true } });
    const { page } = await ownerPage(browser(), { language });
    await page.goto('/audit-logs');
    const list = page.getByTestId('audit-log-list');
    const rows = list.locator('.ant-table-row');
    const filter = await openListFilter(list);
    const authorField = filter.getByLabel(say('entities.auditLog.fields.actorLabel'), { exact: true });

    // The system's own actors read in words, never as "system:messageSender", and are found by
    // those words (typed: with many users, the first choices offered are people).
    await authorField.click();
    await authorField.fill(say('auditLog.systemActors.messageSender'));
    await see(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: say('auditLog.systemActors.messageSender') }),
    );
    await page.keyboard.press('Escape');
    // Found by the full name; offered as "name <e-mail>".
    await chooseOption(page, authorField, `Paula <${author.email}>`, `Autora ${suffix}`);
    await screenshot(page, `audit-log-author-filter-${language}`);
    await filter.getByRole('button', { name: say('kit.actions.search') }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(author.id));
    // Their own entries alone (sign-up, profile, company, customer), each naming them.
    const byColumn = async (label: string) => {
      const headers = (await list.locator('thead th').allInnerTexts()).map((header) => header.trim());
      const cells = await rows.locator(`td:nth-child(${headers.indexOf(label) + 1})`).allInnerTexts();
      return cells.map((cell) => cell.trim());
    };
    const authorLabel = say('entities.auditLog.fields.createdByEmail');
    await expect.poll(async () => new Set(await byColumn(authorLabel))).toEqual(new Set([`Paula Autora ${suffix}`]));

    // Sorted by the entity's shown name ("Cliente" before "Empresa"), not by its key (company, customer).
    const entityLabel = say('entities.auditLog.fields.entityName');
    await list.getByRole('columnheader', { name: entityLabel }).click();
    await page.waitForURL((url) => url.searchParams.get('orderBy') === 'entityName_ASC');
    const customerLabel = say('entities.customer.label');
    const companyLabel = say('entities.company.label');
    await expect
      .poll(async () => (await byColumn(entityLabel)).filter((cell) => cell === customerLabel || cell === companyLabel))
      .toEqual([customerLabel, companyLabel].sort((a, b) => a.localeCompare(b, language)));
    const shown = await byColumn(entityLabel);
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b, language)));
    await screenshot(page, `audit-log-sorted-by-entity-${language}`);
  });
});

describe('the history tab is for readers of the audit log', () => {
  test('a customer viewer without auditLogRead sees the customer without a history tab', async () => {
    const customer = await renamedCustomer();
    const viewer = await createUser(['customerViewer'], 'history');
    const { page } = await newPage(browser());
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`/customer/${customer.id}`);
    const view = page.getByTestId('customer-view-page');
    await see(view.getByText(customer.after, { exact: true }));
    expect(await view.getByRole('tab').count()).toBe(0);
  });
});
