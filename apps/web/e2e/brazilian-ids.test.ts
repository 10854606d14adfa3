import type { Language } from '@ebox/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newPage, ownerPage, screenshot, see, setUpBrowser, signIn, text, uniqueSuffix } from './support/browser';
import { chooseOption, openListFilter } from './support/controls';
import { asOwner, createUser } from './support/users';

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

    test('list filters mask a document and a phone as the form does, and find the record however it was typed', async () => {
      const suffix = uniqueSuffix();
      const api = await asOwner();
      // A mobile of this run only: with the document, it finds this customer alone.
      const digits = String(Date.now()).slice(-8);
      const company = await api<{ id: string }>('POST', '/company', { data: { name: `Filtro Mascarado ${suffix}`, type: 'shipper' } });
      await api('POST', '/customer', {
        data: { name: `Filtrada ${suffix}`, company: company.id, documentNumber: '111.444.777-35', cellphone: `55319${digits}` },
      });
      const { page, context } = await ownerPage(browser(), { language });
      await page.goto('/customer');
      const filters = await openListFilter(page);
      const document = filters.getByLabel(label('documentNumber'), { exact: true });
      await document.pressSequentially('11144477735');
      await expect.poll(() => document.inputValue()).toBe('111.444.777-35');
      const phone = filters.getByLabel(label('cellphone'), { exact: true });
      await phone.pressSequentially(`319${digits}`);
      await expect.poll(() => phone.inputValue()).toBe(`(31) 9${digits.slice(0, 4)}-${digits.slice(4)}`);
      await see(
        filters
          .locator('.ant-form-item')
          .filter({ hasText: label('cellphone') })
          .getByText('+55', { exact: true }),
      );
      await screenshot(page, `issue8-ids-list-filter-${language}-1366`);
      await filters.getByTestId('list-search').click();
      await see(page.locator('.ant-table-row').filter({ hasText: `Filtrada ${suffix}` }));
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `issue8-ids-list-filter-${language}-390`);
      await context.close();
    });

    test("a user's phone is masked and stored cleaned, on the IAM edit form and on the profile", async () => {
      const account = await createUser(['viewer'], 'phone');
      const { page, context } = await ownerPage(browser(), { language });
      await page.goto(`/iam/${account.id}/edit`);
      const phone = page.getByTestId('iam-edit-page').getByLabel(t('entities.user.fields.phoneNumber'), { exact: true });
      await phone.pressSequentially('21987654321');
      await expect.poll(() => phone.inputValue()).toBe('(21) 98765-4321');
      await screenshot(page, `issue8-ids-iam-phone-${language}-1366`);
      await page.getByTestId('form-submit').click();
      await page.waitForURL((url) => url.pathname === '/iam');
      const api = await asOwner();
      expect((await api<{ phoneNumber: string }>('GET', `/iam/${account.id}`)).phoneNumber).toBe('5521987654321');
      await context.close();

      // The user's own profile shows the stored phone masked and refuses a landline like the API does.
      const own = await newPage(browser(), { language, viewport: { width: 390, height: 844 } });
      await signIn(own.page, account.email, account.password, language);
      await own.page.goto('/profile');
      const mine = own.page.getByTestId('profile-form').getByLabel(t('auth.fields.phoneNumber'), { exact: true });
      await expect.poll(() => mine.inputValue()).toBe('(21) 98765-4321');
      await mine.fill('');
      await mine.pressSequentially('2132654321');
      await expect.poll(() => mine.inputValue()).toBe('(21) 3265-4321');
      await own.page.getByTestId('profile-submit').click();
      await see(own.page.getByText(t('validation.phone.mobile', { label: t('entities.user.fields.phoneNumber') })));
      await screenshot(own.page, `issue8-ids-profile-phone-${language}-390`);
      await mine.fill('');
      await mine.pressSequentially('31988887777');
      await own.page.getByTestId('profile-submit').click();
      await own.page.waitForURL((url) => url.pathname === '/');
      expect((await api<{ phoneNumber: string }>('GET', `/iam/${account.id}`)).phoneNumber).toBe('5531988887777');
      await own.context.close();
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
