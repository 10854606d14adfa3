import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Language } from '@ebox/domain';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { button, downloadBy, openDialog, openListFilter } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 8, item 1 in the browser: customers exported from the list (companies by name, yes/no as
 * words, dates DD/MM/YYYY) are imported again; a row naming an unknown company fails with its name,
 * its file of failed rows is downloaded, corrected and imported. In both languages.
 */

const browser = setUpBrowser();
const workDir = mkdtempSync(path.join(tmpdir(), 'ebox-e2e-import-'));

async function saveDownload(page: Page, click: () => Promise<void>, name: string): Promise<string> {
  const file = path.join(workDir, name);
  await (await downloadBy(page, click)).saveAs(file);
  return file;
}

async function chooseFile(page: Page, language: Language, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: text(language, 'kit.importer.chooseFile') }).click();
  await (await chooser).setFiles(file);
}

async function sheetOf(file: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('data');
  if (!sheet) throw new Error(`${file} has no data sheet`);
  return sheet;
}

function headersOf(sheet: ExcelJS.Worksheet): string[] {
  return (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? ''));
}

describe.each(['pt-BR', 'en'] as const)('customers exported and imported again by names (%s)', (language) => {
  const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test('an exported file imports again; a failed row is downloaded, corrected and imported', async () => {
    const suffix = uniqueSuffix();
    const api = await asOwner();
    const companyName = `Transportes Ágil ${suffix}`;
    const company = await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'carrier' } });
    const names = ['Ana Lúcia', 'Bruno Araújo', 'Cecília Dias'].map((name) => `${name} ${suffix}`);
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const created = await api<{ id: string }>('POST', '/customer', {
        data: { name, email: `rt.${index}.${suffix}@example.com.br`, company: company.id, pcd: index === 0, enable: index !== 2 },
      });
      ids.push(created.id);
    }

    const { page } = await ownerPage(browser(), { language, viewport: { width: 1366, height: 800 } });
    await page.goto('/customer');
    const filter = await openListFilter(page);
    await filter.getByLabel(t('entities.customer.fields.name'), { exact: true }).fill(suffix);
    await filter.getByRole('button', { name: t('kit.actions.search') }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(suffix));
    await see(page.getByText(t('kit.list.total', { count: 3 })));
    const dialog = await openDialog(page, page.getByRole('button', { name: t('kit.actions.export') }));
    const exported = await saveDownload(
      page,
      () => dialog.getByRole('button', { name: t('kit.export.download') }).click(),
      `export-${suffix}.xlsx`,
    );

    // What the export wrote: the company by its name, yes/no as words of the language.
    const sheet = await sheetOf(exported);
    const headers = headersOf(sheet);
    const column = (field: string) => headers.indexOf(t(`entities.customer.fields.${field}`)) + 1;
    expect(column('company')).toBeGreaterThan(0);
    const rows = [2, 3, 4].map((line) => sheet.getRow(line));
    expect(rows.map((row) => row.getCell(column('company')).value)).toEqual([companyName, companyName, companyName]);
    expect(rows.map((row) => row.getCell(column('enable')).value).sort()).toEqual(
      [t('resource.boolean.false'), t('resource.boolean.true'), t('resource.boolean.true')].sort(),
    );
    // The records make way for the imported copies; one row names its company in capitals without
    // accents, another a company that does not exist.
    await api('DELETE', `/customer?${ids.map((id) => `ids[]=${id}`).join('&')}`);
    const shouting = rows.find((row) => String(row.getCell(column('name')).value).startsWith('Ana'));
    const broken = rows.find((row) => String(row.getCell(column('name')).value).startsWith('Bruno'));
    if (!shouting || !broken) throw new Error('exported rows missing');
    shouting.getCell(column('company')).value = `TRANSPORTES AGIL ${suffix.toUpperCase()}`;
    broken.getCell(column('company')).value = `Empresa Fantasma ${suffix}`;
    const edited = path.join(workDir, `edited-${suffix}.xlsx`);
    await sheet.workbook.xlsx.writeFile(edited);

    await page.getByRole('button', { name: t('kit.actions.import') }).click();
    await page.waitForURL('**/customer/importer');
    await chooseFile(page, language, edited);
    await see(page.getByText(t('kit.importer.fileLoaded', { fileName: path.basename(edited), count: 3 })));
    await button(page, t('kit.importer.start')).click();
    const summary = page.getByTestId('importer-summary');
    await see(summary.getByText(t('kit.importer.summary', { imported: 2, errors: 1, pending: 0, total: 3 })), 60_000);
    const message =
      language === 'pt-BR' ? `Nenhuma empresa chamada “Empresa Fantasma ${suffix}”` : `No company named “Empresa Fantasma ${suffix}”`;
    await see(page.getByText(message));
    // The bar counts imported rows only.
    await see(page.getByTestId('importer-progress').getByText('2/3'));
    await see(page.getByTestId('importer-failed').getByText(`${t('kit.importer.failed')}: 1`));
    await screenshot(page, `issue8-import-by-names-failed-${language}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `issue8-import-by-names-failed-${language}-390`);
    await page.setViewportSize({ width: 1366, height: 800 });

    const failedFile = await saveDownload(page, () => page.getByTestId('importer-download-failed').click(), `failed-${suffix}.xlsx`);
    const failed = await sheetOf(failedFile);
    const failedHeaders = headersOf(failed);
    expect(failedHeaders.slice(0, headers.length)).toEqual(headers);
    expect(failedHeaders).toContain(t('kit.importer.errorColumn'));
    expect(failed.actualRowCount).toBe(2);
    const failedRow = failed.getRow(2);
    expect(String(failedRow.getCell(column('name')).value)).toBe(names[1]);
    expect(failedRow.getCell(failedHeaders.indexOf(t('kit.importer.errorColumn')) + 1).value).toBe(message);

    // Corrected in the spreadsheet, the failed row imports.
    failedRow.getCell(column('company')).value = companyName.toLowerCase();
    const corrected = path.join(workDir, `corrected-${suffix}.xlsx`);
    await failed.workbook.xlsx.writeFile(corrected);
    await page.getByTestId('importer-restart').click();
    await chooseFile(page, language, corrected);
    await see(page.getByText(t('kit.importer.fileLoaded', { fileName: path.basename(corrected), count: 1 })));
    await button(page, t('kit.importer.start')).click();
    await see(summary.getByText(t('kit.importer.summary', { imported: 1, errors: 0, pending: 0, total: 1 })), 60_000);
    await screenshot(page, `issue8-import-by-names-corrected-${language}`);

    const list = await api<{ rows: { name: string; company: { id: string }; enable: boolean }[] }>(
      'GET',
      `/customer?filter[name]=${encodeURIComponent(suffix)}&orderBy=name_ASC`,
    );
    expect(list.rows.map((row) => [row.name, row.company.id, row.enable])).toEqual([
      [names[0], company.id, true],
      [names[1], company.id, true],
      [names[2], company.id, false],
    ]);
  });

  test('the template says what each column accepts', async () => {
    const { page } = await ownerPage(browser(), { language, viewport: { width: 1366, height: 800 } });
    await page.goto('/building/importer');
    const template = await saveDownload(page, () => page.getByTestId('importer-template').click(), `building-template-${language}.xlsx`);
    const sheet = await sheetOf(template);
    const headers = headersOf(sheet);
    expect(headers).toContain(t('entities.building.fields.company'));
    const accepts = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    const companyAccepts = accepts[headers.indexOf(t('entities.building.fields.company'))];
    expect(companyAccepts).toBe(
      language === 'pt-BR' ? 'Empresa: nome, id externo ou id (obrigatório)' : 'Company: name, external id or id (required)',
    );
    await screenshot(page, `issue8-importer-${language}`);

    // Issue 33 item 5: a template knows its entity and its columns' version. Another entity's
    // template, or an older one (its version cell changed), is refused before any row is read.
    await page.goto('/customer/importer');
    await chooseFile(page, language, template);
    await see(
      page.getByText(t('kit.importer.templateOtherEntity', { other: t('entities.building.label'), entity: t('entities.customer.label') })),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const marker = workbook.getWorksheet('template');
    if (!marker) throw new Error('the template has no template sheet');
    marker.getCell('A3').value = 'an-older-version';
    const older = path.join(workDir, `building-template-older-${language}.xlsx`);
    await workbook.xlsx.writeFile(older);
    await page.goto('/building/importer');
    await chooseFile(page, language, older);
    await see(page.getByText(t('kit.importer.templateOutdated', { entity: t('entities.building.label') })));
    expect(await page.getByRole('button', { name: t('kit.importer.start') }).count()).toBe(0);
  });
});
