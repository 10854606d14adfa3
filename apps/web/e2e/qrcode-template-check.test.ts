import { expect, test } from 'vitest';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner } from './support/users';

/**
 * The QR code template's rule (a template that does not parse is refused) after its parser left the
 * first screen (src/bundling/handlebars-parser.ts): the form loads it on its first check, and a user
 * who types a broken template and saves still reads why, under the field, and stays on the form.
 */

const browser = setUpBrowser();

test('a QR code template that does not parse is refused in the form, with its message under the field', async () => {
  const api = await asOwner();
  const company = `Modelos QR recusados ${uniqueSuffix()}`;
  await api('POST', '/company', { data: { name: company, type: 'shipper' } });
  const { page } = await ownerPage(browser());
  await page.goto('/qrcodeTemplate/new');
  const form = page.getByTestId('qrcodeTemplate-form-page');
  await chooseOption(
    page,
    text('pt-BR', 'entities.qrcodeTemplate.fields.type'),
    text('pt-BR', 'entities.qrcodeTemplate.enumerators.type.STORED'),
    '',
  );
  await chooseOption(page, text('pt-BR', 'entities.qrcodeTemplate.fields.company'), company);
  const label = text('pt-BR', 'entities.qrcodeTemplate.fields.hbsContent');
  const content = form.getByLabel(label, { exact: true });
  await content.fill('<p>{{#if order}}');
  await content.press('End');
  await content.pressSequentially(' {{/each}}');
  await page.getByTestId('form-submit').click();
  const refusal = text('pt-BR', 'entities.qrcodeTemplate.errors.hbsContentInvalid', { label, line: 1, reason: "if doesn't match each" });
  await see(form.getByText(refusal, { exact: true }));
  expect(page.url()).toMatch(/\/qrcodeTemplate\/new$/);
  await screenshot(page, 'issue13-qrcode-template-refused');
});
