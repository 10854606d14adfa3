import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Language } from '@ebox/domain';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { downloadBy, openDialog, openListFilter } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 8, items 7 and 8: everything a person reads is in words of their language, in one voice.
 * Records whose label is a code or empty are titled in words, roles by their translated name,
 * exports write enumeration values translated, validation messages agree whatever the field's
 * gender, and prices read as money.
 */

const browser = setUpBrowser();
const LANGUAGES: Language[] = ['pt-BR', 'en'];
const workDir = mkdtempSync(path.join(tmpdir(), 'ebox-e2e-wording-'));

async function createCompany(name: string, type: 'shipper' | 'carrier' | 'building'): Promise<string> {
  const api = await asOwner();
  return (await api<{ id: string }>('POST', '/company', { data: { name, type } })).id;
}

/** The view page's title (the card's head), once the record has loaded. */
async function viewTitle(page: Page, entityName: string): Promise<string> {
  const head = page.getByTestId(`${entityName}-view-page`).locator('.ant-card-head-title').first();
  await see(head);
  await page.waitForFunction(
    (testId) => !document.querySelector(`[data-testid="${testId}"] .ant-spin-spinning`),
    `${entityName}-view-page`,
  );
  return ((await head.textContent()) ?? '').trim();
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe('issue 8: no raw codes or ids where people read', () => {
  test.each(LANGUAGES)('a QR code template is titled by its moment in words, not "STORED" (%s)', async (language) => {
    const api = await asOwner();
    const company = await createCompany(`Modelos QR ${uniqueSuffix()}`, 'shipper');
    const template = await api<{ id: string }>('POST', '/qrcodeTemplate', {
      data: { type: 'STORED', hbsContent: '<p>{{order.code}}</p>', company },
    });
    const { page } = await ownerPage(browser(), { language });
    await page.goto(`/qrcodeTemplate/${template.id}`);
    const title = await viewTitle(page, 'qrcodeTemplate');
    expect(title).toBe(
      `${text(language, 'entities.qrcodeTemplate.label')}: ${text(language, 'entities.qrcodeTemplate.enumerators.type.STORED')}`,
    );
    expect(title).not.toContain('STORED');
    await screenshot(page, `wording-qrcode-template-title-${language}`);
  });

  test.each(LANGUAGES)(
    'a message template without a subject is titled by its channel, operation and trigger, not its id (%s)',
    async (language) => {
      const api = await asOwner();
      const company = await createCompany(`Modelos de mensagem ${uniqueSuffix()}`, 'shipper');
      const ccm = await api<{ id: string }>('POST', '/ccm', {
        data: { type: 'email', subType: 'delivery', trigger: 'CREATED', content: 'Seu pedido {{code}} foi criado', company },
      });
      const { page } = await ownerPage(browser(), { language });
      await page.goto(`/ccm/${ccm.id}`);
      const title = await viewTitle(page, 'ccm');
      const words = ['type.email', 'subType.delivery', 'trigger.CREATED'].map((key) => text(language, `entities.ccm.enumerators.${key}`));
      expect(title).toBe(`${text(language, 'entities.ccm.label')}: ${words.join(' · ')}`);
      expect(title).not.toMatch(UUID);
    },
  );

  test.each(LANGUAGES)('the welcome page names the roles in words, not by their keys (%s)', async (language) => {
    const { page } = await ownerPage(browser(), { language });
    // The greeting with the roles is the welcome of /success-signin; "/" is the dashboard (issue 28).
    await page.goto('/success-signin');
    const welcome = page.getByTestId('welcome');
    await see(welcome.locator('.ant-tag').getByText(text(language, 'roles.predefined.owner.label'), { exact: true }));
    expect(await welcome.locator('.ant-tag').allInnerTexts()).not.toContain('owner');
    await screenshot(page, `wording-home-${language}`);
  });

  test.each(LANGUAGES)('an export writes a company type in words, as the importer reads it back (%s)', async (language) => {
    const suffix = uniqueSuffix();
    await createCompany(`Transportes Rápidos ${suffix}`, 'carrier');
    const { page } = await ownerPage(browser(), { language });
    const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
    await page.goto('/company');
    const filter = await openListFilter(page);
    await filter.getByLabel(t('entities.company.fields.name'), { exact: true }).fill(suffix);
    await filter.getByRole('button', { name: t('kit.actions.search') }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(suffix));
    await see(page.getByText(t('kit.list.total', { count: 1 })));

    const dialog = await openDialog(page, page.getByRole('button', { name: t('kit.actions.export') }));
    const download = await downloadBy(page, () => dialog.getByRole('button', { name: t('kit.export.download') }).click());
    const file = path.join(workDir, `companies-${suffix}.xlsx`);
    await download.saveAs(file);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows = workbook.getWorksheet('data')?.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows[0]?.slice(1).map(String) ?? [];
    const typeColumn = header.indexOf(t('entities.company.fields.type')) + 1;
    expect(typeColumn).toBeGreaterThan(0);
    expect(rows.slice(1).map((row) => row[typeColumn])).toEqual([t('entities.company.enumerators.type.carrier')]);
  });
});

describe('issue 8: one voice', () => {
  test.each(LANGUAGES)('a required field says so in words that agree with any field (%s)', async (language) => {
    const { page } = await ownerPage(browser(), { language });
    await page.goto('/company/new');
    const form = page.getByTestId('entity-form');
    await see(form);
    await page.getByTestId('form-submit').click();
    const name = text(language, 'entities.company.fields.name');
    const type = text(language, 'entities.company.fields.type');
    // "Empresa é inválido" and "Tipo deve ser selecionado" read wrong for a feminine field; naming
    // "o campo" agrees whatever the field.
    await see(form.getByText(text(language, 'validation.mixed.required', { label: name }), { exact: true }));
    await see(form.getByText(text(language, 'validation.mixed.selected', { label: type }), { exact: true }));
    // Titles in sentence case: "Cadastrar empresa", not "Cadastrar Empresa".
    await see(page.getByText(language === 'en' ? 'New company' : 'Cadastrar empresa', { exact: true }));
    if (language === 'pt-BR') {
      await see(form.getByText('O campo Nome é obrigatório', { exact: true }));
      await see(form.getByText('Selecione uma opção no campo Tipo', { exact: true }));
    }
    await screenshot(page, `wording-company-form-errors-${language}`);
  });

  test.each(LANGUAGES)('a price reads as money in the language (R$ and its separators) (%s)', async (language) => {
    const api = await asOwner();
    const product = await api<{ id: string }>('POST', '/product', { data: { name: `Caixa de som ${uniqueSuffix()}`, unitPrice: 1234.5 } });
    const { page } = await ownerPage(browser(), { language });
    await page.goto(`/product/${product.id}`);
    // Intl writes a no-break space after "R$" in Portuguese ("R$ 1.234,50") and none in English ("R$1,234.50").
    const money = language === 'en' ? 'R$1,234.50' : 'R$\u00a01.234,50';
    await see(page.getByTestId('product-view-page').getByText(money, { exact: true }));
    await screenshot(page, `wording-product-view-${language}`);

    await page.goto(`/product/${product.id}/edit`);
    const input = page.getByLabel(text(language, 'entities.product.fields.unitPrice'), { exact: true });
    await see(input);
    await page.waitForFunction(
      (id) => (document.getElementById(id) as HTMLInputElement | null)?.value !== '',
      (await input.getAttribute('id')) ?? '',
    );
    expect(await input.inputValue()).toBe(language === 'en' ? '1,234.50' : '1.234,50');
    await see(page.getByTestId('entity-form').getByText('R$', { exact: true }));
  });

  test('the Portuguese table sort tooltip is written in our voice', async () => {
    const { page } = await ownerPage(browser(), { language: 'pt-BR', viewport: { width: 1366, height: 800 } });
    await page.goto('/company');
    const header = page.getByRole('columnheader', { name: text('pt-BR', 'entities.company.fields.name') });
    await header.hover();
    await see(page.locator('.ant-tooltip').getByText('Clique para ordenar do menor para o maior', { exact: true }));
  });

  test.each([
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ])('screens read in words at $width px (screenshots)', async (viewport) => {
    const api = await asOwner();
    const company = await createCompany(`Telas ${uniqueSuffix()}`, 'building');
    const template = await api<{ id: string }>('POST', '/qrcodeTemplate', {
      data: { type: 'EXPIRED', hbsContent: '<p>{{order.code}}</p>', company },
    });
    const { page } = await ownerPage(browser(), { viewport });
    for (const [name, url] of [
      ['product-list', '/product'],
      ['qrcode-template-view', `/qrcodeTemplate/${template.id}`],
      ['company-new', '/company/new'],
      ['home', '/'],
    ]) {
      await page.goto(url ?? '/');
      // The dashboard holds its live stream open, so its network never goes idle: its tiles tell it has loaded.
      const live = url === '/';
      if (live) await see(page.getByTestId('figure-stored').getByTestId('figure-value'));
      else await page.waitForLoadState('networkidle').catch(() => {});
      await screenshot(page, `wording-${name}-${viewport.width}`, { live });
    }
  });
});
