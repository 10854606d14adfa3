import type { Language } from '@ebox/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 8, item 9 in the browser: a CPF/CNPJ and a phone are masked while typed; what is refused
 * (a wrong check digit, a document the company already has, a too-long name, a too-big photo) is
 * said under its own field, in the user's language; a text input counts towards its limit.
 */

const browser = setUpBrowser();

/** The form item of a field, found by its label. */
function formItem(page: Page, label: string): Locator {
  return page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
}

function errorUnder(page: Page, label: string): Locator {
  return formItem(page, label).locator('.ant-form-item-explain-error');
}

for (const language of ['pt-BR', 'en'] as Language[]) {
  const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
  const label = (field: string) => t(`entities.customer.fields.${field}`);

  describe(`customer form (${language})`, () => {
    test('masks CPF/CNPJ and phone while typing and says what is wrong under each field', async () => {
      const suffix = uniqueSuffix();
      const api = await asOwner();
      const companyName = `Mercado Documento ${suffix}`;
      const company = await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'shipper' } });
      await api('POST', '/customer', { data: { name: `Titular ${suffix}`, company: company.id, documentNumber: '529.982.247-25' } });
      const { page } = await ownerPage(browser(), { language });
      await page.goto('/customer/new');

      const document = page.getByLabel(label('documentNumber'), { exact: true });
      await document.pressSequentially('5299822');
      await expect.poll(() => document.inputValue()).toBe('529.982.2');
      await document.pressSequentially('4724');
      await expect.poll(() => document.inputValue()).toBe('529.982.247-24');
      const phone = page.getByLabel(label('cellphone'), { exact: true });
      await phone.pressSequentially('21987654321');
      await expect.poll(() => phone.inputValue()).toBe('(21) 98765-4321');
      await see(formItem(page, label('cellphone')).getByText('+55'));

      // A name past its limit is kept whole: the counter turns red and the save says why.
      const name = page.getByLabel(label('name'), { exact: true });
      await name.fill('x'.repeat(256));
      await see(formItem(page, label('name')).getByText('256 / 255'));
      expect((await name.inputValue()).length).toBe(256);

      // A photo over the limit is refused under the photo field, naming the file and the limit.
      const limit = new Intl.NumberFormat(language).format(1_000_000);
      await formItem(page, label('photo'))
        .locator('input[type=file]')
        .setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001, 1) });
      await see(
        errorUnder(page, label('photo')).getByText(
          t('kit.upload.refusedFile', { name: 'fachada.png', reason: t('validation.file.size', { max: limit }) }),
        ),
      );
      await screenshot(page, `issue8-ids-file-too-big-${language}`);

      await page.getByRole('button', { name: t('kit.actions.save') }).click();
      await see(
        errorUnder(page, label('documentNumber')).getByText(t('validation.document.cpfOrCnpj', { label: label('documentNumber') })),
      );
      await see(errorUnder(page, label('name')).getByText(t('validation.string.max', { label: label('name'), max: 255 })));
      await screenshot(page, `issue8-ids-form-errors-${language}`);
      expect(page.url()).toMatch(/\/customer\/new$/);

      // The right CPF, typed without punctuation, but one the company already has: 409 under the field.
      await name.fill(`Cliente ${suffix}`);
      await document.fill('');
      await document.pressSequentially('52998224725');
      await expect.poll(() => document.inputValue()).toBe('529.982.247-25');
      await chooseOption(page, label('company'), companyName, suffix);
      await page.getByRole('button', { name: t('kit.actions.save') }).click();
      await see(errorUnder(page, label('documentNumber')).getByText(t('entities.customer.errors.documentTaken', { document: 'CPF' })));
      await screenshot(page, `issue8-ids-document-taken-${language}`);

      // An alphanumeric CNPJ switches the mask at its first letter and is saved.
      await document.fill('');
      await document.pressSequentially('12abc34501de35');
      await expect.poll(() => document.inputValue()).toBe('12.ABC.345/01DE-35');
      await page.getByRole('button', { name: t('kit.actions.save') }).click();
      await page.waitForURL((url) => url.pathname === '/customer');
      const saved = await api<{ rows: { documentNumber: string; cellphone: string }[] }>(
        'GET',
        `/customer?filter[name]=${encodeURIComponent(`Cliente ${suffix}`)}`,
      );
      expect(saved.rows).toEqual([expect.objectContaining({ documentNumber: '12.ABC.345/01DE-35', cellphone: '5521987654321' })]);
      // The list shows the phone as people read it.
      await see(
        page
          .locator('.ant-table-row')
          .filter({ hasText: `Cliente ${suffix}` })
          .getByText('+55 (21) 98765-4321'),
      );
      await screenshot(page, `issue8-ids-list-${language}`);
    });
  });
}

test('on a phone the masked fields and their errors fit the screen', async () => {
  const { page } = await ownerPage(browser(), { viewport: { width: 390, height: 844 } });
  await page.goto('/customer/new');
  await page.getByLabel(text('pt-BR', 'entities.customer.fields.documentNumber'), { exact: true }).pressSequentially('11222333000182');
  await page.getByLabel(text('pt-BR', 'entities.customer.fields.cellphone'), { exact: true }).pressSequentially('2132654321');
  await page.getByRole('button', { name: text('pt-BR', 'kit.actions.save') }).click();
  await see(page.getByText(text('pt-BR', 'validation.phone.mobile', { label: text('pt-BR', 'entities.customer.fields.cellphone') })));
  // A refused document or phone does not hide the other fields' errors.
  await see(page.getByText(text('pt-BR', 'validation.mixed.required', { label: text('pt-BR', 'entities.customer.fields.name') })));
  await screenshot(page, 'issue8-ids-form-errors-390');
});
