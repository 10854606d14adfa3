import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { button, chooseOption, downloadBy, openDialog, openListFilter, seeToast, settleDialogs } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 3 in the browser: one declaration gives the screens. The customer goes through all of
 * them (list, new, view, edit, delete, importer, exporter); the building walks its two levels.
 * Each step of a walk is its own test, starting from records made over the API, so every test is
 * short enough to keep its budget on a busy machine.
 */

const browser = setUpBrowser();
const pt = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);
const workDir = mkdtempSync(path.join(tmpdir(), 'ebox-e2e-files-'));

/** Filters the list on screen by the Name filter and waits for the table to answer. */
async function filterByName(page: Page, label: string, name: string): Promise<void> {
  const filter = await openListFilter(page);
  await filter.getByLabel(label, { exact: true }).fill(name);
  await filter.getByRole('button', { name: pt('kit.actions.search') }).click();
  // The list keeps its filter in the URL (spec 2.8: reload and back keep it).
  await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(name));
}

function tableRow(page: Page, textInRow: string) {
  return page.locator('.ant-table-row').filter({ hasText: textInRow });
}

async function createCompany(name: string, type: 'shipper' | 'carrier' | 'building' = 'shipper'): Promise<string> {
  const api = await asOwner();
  const company = await api<{ id: string }>('POST', '/company', { data: { name, type } });
  return company.id;
}

/**
 * A building company's building with two level 1 records (Torre A holding units 101 and 102, and
 * an empty Torre B), made over the API.
 */
async function createBuildingWithTowers(suffix: string) {
  const api = await asOwner();
  const companyId = await createCompany(`Condomínio Jardim Botânico ${suffix}`, 'building');
  const building = await api<{ id: string }>('POST', '/building', {
    data: { name: `Edifício Ipê Amarelo ${suffix}`, company: companyId, level1: 'Torre', level2: 'Apartamento' },
  });
  const units = [];
  for (const unit of ['101', '102']) {
    units.push(await api<{ id: string }>('POST', '/building-level2', { data: { name: `Apto ${unit} ${suffix}` } }));
  }
  const tower = await api<{ id: string }>('POST', '/building-level1', {
    data: { name: `Torre A ${suffix}`, building: building.id, company: companyId, level2: units.map((unit) => unit.id) },
  });
  await api('POST', '/building-level1', { data: { name: `Torre B ${suffix}`, building: building.id, company: companyId, level2: [] } });
  return { building, tower, units };
}

/** A customer made over the API, for the journeys that start from an existing one. */
async function createCustomer(name: string, suffix: string): Promise<{ id: string }> {
  const api = await asOwner();
  return api<{ id: string }>('POST', '/customer', {
    data: { name, email: `maria.${suffix}@example.com.br`, cellphone: '5521987654321' },
  });
}

/** Finds the customer named `name` in the list on screen and opens its view page with the row's View button. */
async function openViewFromList(page: Page, name: string): Promise<void> {
  await filterByName(page, pt('entities.customer.fields.name'), name);
  await see(tableRow(page, name));
  await tableRow(page, name)
    .getByRole('button', { name: pt('kit.actions.view') })
    .click();
  await page.waitForURL(/\/customer\/[0-9a-f-]{36}$/);
}

describe('issue 3: the entity kit in the browser', () => {
  test('a customer is created through its form, refused while its name is empty, and its view shows what was typed', async () => {
    const suffix = uniqueSuffix();
    const companyName = `Transportes Tietê ${suffix}`;
    await createCompany(companyName);
    const name = `Maria das Graças ${suffix}`;
    const { page } = await ownerPage(browser());

    await page.goto('/customer');
    await page.getByRole('button', { name: pt('kit.actions.new') }).click();
    await page.waitForURL('**/customer/new');

    // The schema of the declaration guards the form: an empty name is refused on the spot.
    await page.getByRole('button', { name: pt('kit.actions.save') }).click();
    await see(page.getByText(pt('validation.mixed.required', { label: pt('entities.customer.fields.name') })));
    expect(page.url()).toMatch(/\/customer\/new$/);

    await page.getByLabel(pt('entities.customer.fields.name'), { exact: true }).fill(name);
    await page.getByLabel(pt('entities.customer.fields.cellphone'), { exact: true }).fill('5521987654321');
    await page.getByLabel(pt('entities.customer.fields.email'), { exact: true }).fill(`maria.${suffix}@example.com.br`);
    await page.getByLabel(pt('entities.customer.fields.documentNumber'), { exact: true }).fill('123.456.789-09');
    await chooseOption(page, pt('entities.customer.fields.company'), companyName, suffix);
    await page.getByRole('switch', { name: pt('entities.customer.fields.pcd') }).click();
    await screenshot(page, 'issue3-customer-form-filled-pt-BR');
    await page.getByRole('button', { name: pt('kit.actions.save') }).click();
    await seeToast(page, pt('entities.customer.create.success'));
    // Spec 2.7: after a create, the list.
    await page.waitForURL((url) => url.pathname === '/customer');

    await openViewFromList(page, name);
    const view = page.getByTestId('customer-view-page');
    await see(view.getByText(name, { exact: true }));
    await see(view.getByText(`maria.${suffix}@example.com.br`));
    await see(view.getByText('+55 (21) 98765-4321'));
    await see(view.getByText(companyName));
    await screenshot(page, 'issue3-customer-view-pt-BR');
  });

  test('a customer is edited from its view page and the list then shows the new name', async () => {
    const suffix = uniqueSuffix();
    const name = `Maria das Graças ${suffix}`;
    const renamed = `Maria das Graças Souza ${suffix}`;
    const customer = await createCustomer(name, suffix);
    const { page } = await ownerPage(browser());

    await page.goto(`/customer/${customer.id}`);
    const view = page.getByTestId('customer-view-page');
    await view.getByRole('button', { name: pt('kit.actions.edit') }).click();
    await page.waitForURL(/\/customer\/[0-9a-f-]{36}\/edit$/);
    const nameInput = page.getByLabel(pt('entities.customer.fields.name'), { exact: true });
    await expect.poll(() => nameInput.inputValue()).toBe(name);
    await nameInput.fill(renamed);
    await page.getByRole('button', { name: pt('kit.actions.save') }).click();
    await seeToast(page, pt('entities.customer.update.success'));
    await page.waitForURL((url) => url.pathname === '/customer');

    await filterByName(page, pt('entities.customer.fields.name'), renamed);
    await see(tableRow(page, renamed));
  });

  test('a customer is deleted from its view page after a confirmation and leaves the list', async () => {
    const suffix = uniqueSuffix();
    const name = `Maria das Graças Souza ${suffix}`;
    await createCustomer(name, suffix);
    const { page } = await ownerPage(browser());

    await page.goto('/customer');
    await openViewFromList(page, name);
    await see(page.getByTestId('customer-view-page').getByText(name, { exact: true }));
    await page
      .getByTestId('customer-view-page')
      .getByRole('button', { name: pt('kit.actions.destroy') })
      .click();
    await see(page.getByText(pt('kit.destroy.confirmOne', { label: name })));
    await settleDialogs(page);
    await page.getByTestId('confirm-destroy').click();
    await seeToast(page, pt('entities.customer.destroy.success'));
    await page.waitForURL((url) => url.pathname === '/customer');

    await filterByName(page, pt('entities.customer.fields.name'), suffix);
    await see(page.getByText(pt('listTools.emptyFiltered')));
    expect(await tableRow(page, suffix).count()).toBe(0);
  });

  test('an import of 50 rows with 3 bad ones, paused and resumed, ends with 47 imported and 3 marked error', async () => {
    const suffix = uniqueSuffix();
    const { page } = await ownerPage(browser());
    await page.goto('/customer');
    await page.getByRole('button', { name: pt('kit.actions.import') }).click();
    await page.waitForURL('**/customer/importer');

    // The template the importer offers, filled in as a user would in a spreadsheet program.
    const templateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: pt('kit.importer.downloadTemplate') }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe(pt('kit.importer.templateFileName', { entity: pt('entities.customer.labelPlural') }));
    const templateFile = path.join(workDir, `template-${suffix}.xlsx`);
    await template.saveAs(templateFile);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(templateFile);
    const sheet = workbook.getWorksheet('data');
    if (!sheet) throw new Error('the template has no data sheet');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const column = (key: string) => headers.indexOf(pt(`entities.customer.fields.${key}`)) + 1;
    expect(column('name')).toBeGreaterThan(0);
    const bad = new Map<number, { field: string; value: string; message: string }>([
      [5, { field: 'name', value: 'X', message: pt('validation.string.min', { label: pt('entities.customer.fields.name'), min: 2 }) }],
      [
        20,
        { field: 'email', value: 'not-an-email', message: pt('validation.string.email', { label: pt('entities.customer.fields.email') }) },
      ],
      [
        35,
        {
          field: 'cellphone',
          value: 'abc123',
          message: pt('validation.phone.mobile', { label: pt('entities.customer.fields.cellphone') }),
        },
      ],
    ]);
    for (let n = 1; n <= 50; n++) {
      const row = sheet.getRow(n + 1);
      row.getCell(column('name')).value = `Importado ${suffix} ${String(n).padStart(2, '0')}`;
      row.getCell(column('cellphone')).value = `55219${String(87654000 + n)}`;
      row.getCell(column('email')).value = `importado.${n}.${suffix}@example.com.br`;
      row.getCell(column('pcd')).value = n % 7 === 0 ? 'true' : 'false';
      row.getCell(column('enable')).value = 'true';
      const broken = bad.get(n);
      if (broken) row.getCell(column(broken.field)).value = broken.value;
      row.commit();
    }
    const filled = path.join(workDir, `customers-${suffix}.xlsx`);
    writeFileSync(filled, Buffer.from(await workbook.xlsx.writeBuffer()));

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: pt('kit.importer.chooseFile') }).click();
    await (await chooser).setFiles(filled);
    await see(page.getByText(pt('kit.importer.fileLoaded', { fileName: path.basename(filled), count: 50 })));

    // The first batch is held on its way to the server until the user has asked for a pause, as a
    // slow network would, so the pause lands between batches however fast or slow the machine is.
    const importRequests = '**/io/api/v1/customer/import';
    let releaseFirstBatch = () => {};
    const firstBatchHeld = new Promise<void>((resolve) => {
      releaseFirstBatch = resolve;
    });
    await page.route(importRequests, async (route) => {
      await firstBatchHeld;
      await route.continue();
    });
    // Every row the importer sends, and whether the user had resumed by then.
    const sent: { row: string; afterResume: boolean }[] = [];
    let resumed = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/customer/import')) sent.push({ row: request.postData() ?? '', afterResume: resumed });
    });

    await button(page, pt('kit.importer.start')).click();
    await page.getByRole('button', { name: pt('kit.importer.pause') }).click();
    releaseFirstBatch();
    await see(page.getByText(pt('kit.importer.paused')));
    const counts = page.getByTestId('importer-counts');
    const pausedAt = await counts.textContent();
    const pending = Number(/(\d+)\D+(\d+)\D+(\d+)/.exec(pausedAt ?? '')?.[3]);
    expect(pending).toBeGreaterThan(0);
    // Paused means paused: no row goes out and nothing moves until the user resumes. Proven below by
    // what the resumed run sends: every row pending at the pause, each once, and nothing else.
    await screenshot(page, 'issue3-customer-import-paused-pt-BR');
    expect(await counts.textContent()).toBe(pausedAt);

    await page.unroute(importRequests);
    resumed = true;
    await page.getByRole('button', { name: pt('kit.importer.resume') }).click();
    const summary = page.getByTestId('importer-summary');
    await see(summary.getByText(pt('kit.importer.finished')), 60_000);
    // A row sent while paused would be missing from the resumed run (no longer pending), or sent twice.
    expect(sent.filter((request) => request.afterResume)).toHaveLength(pending);
    expect(new Set(sent.map((request) => request.row)).size).toBe(sent.length);
    await see(summary.getByText(pt('kit.importer.summary', { imported: 47, errors: 3, pending: 0, total: 50 })));
    // The three bad rows are marked error with the message of the rule they break.
    const errorRows = page.locator('.ant-table-row').filter({ has: page.locator('[data-status="error"]') });
    expect(await errorRows.count()).toBe(3);
    for (const [n, broken] of bad) {
      // The importer numbers rows as the spreadsheet does: data row n is line n + 1, under the header.
      const row = page.locator('.ant-table-row').filter({ has: page.locator('td:first-child').getByText(String(n + 1), { exact: true }) });
      await see(row.locator('[data-status="error"]'));
      await see(row.getByText(broken.message));
    }
    expect(await page.locator('[data-status="imported"]').count()).toBe(47);
    await screenshot(page, 'issue3-customer-import-finished-pt-BR');

    // And the list has them.
    await page.goto(`/customer`);
    await filterByName(page, pt('entities.customer.fields.name'), `Importado ${suffix}`);
    await see(page.getByText(pt('kit.list.total', { count: 47 })));
  });

  test('an export of the customer list downloads the filtered, sorted rows in a sheet named data', async () => {
    const suffix = uniqueSuffix();
    const api = await asOwner();
    const names = ['Ana Beatriz', 'Carlos Eduardo', 'Bruno Henrique'].map((first) => `${first} ${suffix}`);
    for (const [index, name] of names.entries()) {
      await api('POST', '/customer', {
        data: { name, email: `export.${index}.${suffix}@example.com.br`, cellphone: `552198765430${index}` },
      });
    }
    const { page } = await ownerPage(browser());
    await page.goto('/customer');
    await filterByName(page, pt('entities.customer.fields.name'), suffix);
    await see(page.getByText(pt('kit.list.total', { count: 3 })));
    // Sort by name, ascending, with a click on the column header.
    await page.getByRole('columnheader', { name: pt('entities.customer.fields.name') }).click();
    await page.waitForURL(/orderBy=name_ASC/);

    const dialog = await openDialog(page, page.getByRole('button', { name: pt('kit.actions.export') }));
    await see(dialog.getByText(pt('kit.export.title', { entity: pt('entities.customer.labelPlural') })));
    // No column chosen: the spec's message, and nothing is downloaded.
    await dialog.getByText(pt('kit.export.selectAll')).click();
    await dialog.getByRole('button', { name: pt('kit.export.download') }).click();
    await see(dialog.getByText(pt('errors.exportColumnsMissing')));
    await dialog.getByText(pt('kit.export.selectAll')).click();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: pt('kit.export.download') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${pt('entities.customer.labelPlural')}_\\d{14}\\.xlsx$`));
    const file = path.join(workDir, `export-${suffix}.xlsx`);
    await download.saveAs(file);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('data');
    expect(sheet, 'a sheet named "data"').toBeDefined();
    const rows = sheet?.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows[0]?.slice(1).map(String) ?? [];
    expect(header).toContain(pt('entities.customer.fields.name'));
    expect(header).toContain(pt('entities.customer.fields.email'));
    const nameColumn = header.indexOf(pt('entities.customer.fields.name')) + 1;
    const emailColumn = header.indexOf(pt('entities.customer.fields.email')) + 1;
    const body = rows.slice(1);
    expect(body.map((row) => row[nameColumn])).toEqual([...names].sort());
    expect(body.map((row) => String(row[emailColumn]))).toEqual(
      [...names].sort().map((name) => `export.${names.indexOf(name)}.${suffix}@example.com.br`),
    );
  });

  test('an export as csv downloads the filtered rows for Excel: byte order mark, semicolons, words of the reader', async () => {
    const suffix = uniqueSuffix();
    const api = await asOwner();
    const names = ['Íris Conceição', 'Álvaro Souza'].map((first) => `${first} ${suffix}`);
    for (const [index, name] of names.entries()) await api('POST', '/customer', { data: { name, enable: index === 0 } });
    const { page } = await ownerPage(browser());
    await page.goto('/customer?orderBy=name_ASC');
    await filterByName(page, pt('entities.customer.fields.name'), suffix);
    await see(page.getByText(pt('kit.list.total', { count: 2 })));

    const dialog = await openDialog(page, page.getByRole('button', { name: pt('kit.actions.export') }));
    await see(dialog.getByText(pt('kit.export.format')));
    await dialog.getByText(pt('kit.export.formatCsv')).click();
    await screenshot(page, 'export-modal-csv');
    const download = await downloadBy(page, () => dialog.getByRole('button', { name: pt('kit.export.download') }).click());
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${pt('entities.customer.labelPlural')}_\\d{14}\\.csv$`));
    const file = path.join(workDir, `export-${suffix}.csv`);
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
    const [header = '', ...lines] = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    const columns = header.split(';');
    const name = columns.indexOf(pt('entities.customer.fields.name'));
    const enable = columns.indexOf(pt('entities.customer.fields.enable'));
    expect(name).toBeGreaterThanOrEqual(0);
    const rows = lines.map((line) => line.split(';'));
    expect(rows.map((row) => row[name])).toEqual([names[1], names[0]]);
    expect(rows.map((row) => row[enable])).toEqual([pt('resource.boolean.false'), pt('resource.boolean.true')]);
  });

  test('a building leads to its level 1 records and a level 1 to its level 2 units', async () => {
    const suffix = uniqueSuffix();
    const { building, tower, units } = await createBuildingWithTowers(suffix);

    const { page } = await ownerPage(browser());
    await page.goto('/building');
    await filterByName(page, pt('entities.building.fields.name'), suffix);
    await tableRow(page, `Edifício Ipê Amarelo ${suffix}`)
      .getByRole('button', { name: pt('kit.actions.view') })
      .click();
    await page.waitForURL(`**/building/${building.id}`);
    const levels1 = page.getByTestId('building-level1-list');
    await see(tableRow(page, `Torre A ${suffix}`));
    await see(tableRow(page, `Torre B ${suffix}`));
    await screenshot(page, 'issue3-building-view-pt-BR');

    await levels1
      .locator('.ant-table-row')
      .filter({ hasText: `Torre A ${suffix}` })
      .getByRole('button', { name: pt('kit.actions.view') })
      .click();
    await page.waitForURL(`**/building-level1/${tower.id}`);
    const levels2 = page.getByTestId('building-level2-list');
    await see(levels2.getByRole('link', { name: `Apto 101 ${suffix}` }));
    await see(levels2.getByRole('link', { name: `Apto 102 ${suffix}` }));
    await screenshot(page, 'issue3-building-level1-view-pt-BR');

    await levels2.getByRole('link', { name: `Apto 102 ${suffix}` }).click();
    await page.waitForURL(`**/building-level2/${units[1]?.id}`);
    await see(page.getByTestId('buildingLevel2-view-page').getByText(`Apto 102 ${suffix}`, { exact: true }));
    // The way back up: the trail names the level 1 and the building, and the menu keeps Buildings lit.
    const trail = page.getByTestId('building-level2-breadcrumb');
    await see(trail.getByRole('link', { name: `Torre A ${suffix}` }));
    await see(trail.getByRole('link', { name: `Edifício Ipê Amarelo ${suffix}` }));
    await see(page.getByTestId('side-menu').locator('.ant-menu-item-selected').getByText(pt('entities.building.menu')));
    await screenshot(page, 'issue3-building-level2-view-pt-BR');
  });

  test('updating a level 1 goes to its detail page', async () => {
    const suffix = uniqueSuffix();
    const { tower } = await createBuildingWithTowers(suffix);
    const { page } = await ownerPage(browser());

    // Spec 2.7: updating a level 1 goes to its detail page.
    await page.goto(`/building-level1/${tower.id}/edit`);
    const nameInput = page.getByLabel(pt('entities.buildingLevel1.fields.name'), { exact: true });
    await expect.poll(() => nameInput.inputValue()).toBe(`Torre A ${suffix}`);
    await nameInput.fill(`Torre Alfa ${suffix}`);
    await page.getByRole('button', { name: pt('kit.actions.save') }).click();
    await seeToast(page, pt('entities.buildingLevel1.update.success'));
    await page.waitForURL((url) => url.pathname === `/building-level1/${tower.id}`);
    await see(page.getByTestId('buildingLevel1-view-page').getByText(`Torre Alfa ${suffix}`, { exact: true }));
  });

  test('deleting a single level 1 from its building reloads the building page without it', async () => {
    const suffix = uniqueSuffix();
    const { building } = await createBuildingWithTowers(suffix);
    const { page } = await ownerPage(browser());

    // Spec 2.7: deleting a single level 1 from its building reloads the page.
    await page.goto(`/building/${building.id}`);
    const towerB = page
      .getByTestId('building-level1-list')
      .locator('.ant-table-row')
      .filter({ hasText: `Torre B ${suffix}` });
    await see(towerB);
    // A row's delete asks in a popconfirm (a tooltip, not a dialog): wait for it to stand still.
    await towerB.getByRole('button', { name: pt('kit.actions.destroy') }).click();
    await see(page.getByTestId('confirm-destroy'));
    await settleDialogs(page);
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('confirm-destroy').click();
    await reloaded;
    await see(tableRow(page, `Torre A ${suffix}`));
    expect(await tableRow(page, `Torre B ${suffix}`).count()).toBe(0);
  });
});
