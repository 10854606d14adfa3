import type { Language } from '@ebox/domain';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { ownerPage, screenshot, see, seeNo, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption, seeToast } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 27, item 6 (and the SMS counter of item 2): templates people can write. The message
 * template form lists the variables of its trigger (a click inserts one at the cursor), previews
 * the text with the sample order in pt-BR and English as the user types, counts an SMS's GSM-7
 * segments and replaces its accents, says why a broken template does not compile and on which line
 * (the API refuses it with the line too), draws a WhatsApp template as the chat does, and a QR-code
 * template's page in a frame that runs nothing. The journeys run under the console's
 * Content-Security-Policy (no axe), which forbids compiling templates in the browser; axe runs on
 * pages of their own.
 */

const browser = setUpBrowser();

const PHONE = { width: 390, height: 844 };

async function createCompany(): Promise<string> {
  const api = await asOwner();
  const name = `Modelos escritos ${uniqueSuffix()}`;
  await api('POST', '/company', { data: { name, type: 'shipper' } });
  return name;
}

/** The id of the one template of a company's (the form's page leaves for the list once saved). */
async function templateIdOf(path: string, companyName: string): Promise<string> {
  const api = await asOwner();
  const { rows: companies } = await api<{ rows: { id: string }[] }>('GET', `/company?filter[name]=${encodeURIComponent(companyName)}`);
  const { rows } = await api<{ rows: { id: string }[] }>('GET', `${path}?filter[company]=${companies[0]?.id}`);
  if (rows.length !== 1) throw new Error(`expected one ${path} of ${companyName}, found ${rows.length}`);
  return rows[0]?.id ?? '';
}

/** The visible panel of a preview's language tab, after choosing it. */
async function previewIn(preview: Locator, language: Language, shown: Language): Promise<Locator> {
  const name = text(shown, `common.languages.${language}`);
  await preview.getByRole('tab', { name }).click();
  return preview.getByRole('tabpanel', { name });
}

async function fillMessageBasics(page: Page, language: Language, channel: string, company: string): Promise<void> {
  const t = (key: string) => text(language, key);
  await chooseOption(page, t('entities.ccm.fields.type'), t(`entities.ccm.enumerators.type.${channel}`));
  await chooseOption(page, t('entities.ccm.fields.subType'), t('entities.ccm.enumerators.subType.delivery'));
  await chooseOption(page, t('entities.ccm.fields.trigger'), t('entities.ccm.enumerators.trigger.STORED'));
  await chooseOption(page, t('entities.ccm.fields.company'), company);
}

/**
 * A picture of the window with `part` in its middle: on a full page the sticky header and buttons
 * cover the form. `live`: the page holds a sandboxed frame, which never reports its network idle to
 * the driver (the wait would take its whole 30 s): only the animations are waited for.
 */
async function screenshotOf(page: Page, part: Locator, name: string, options: { live?: boolean } = {}): Promise<void> {
  await part.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await screenshot(page, name, { fullPage: false, live: options.live });
}

async function expectNoSeriousAxeProblem(page: Page): Promise<void> {
  expect(await seriousAxeProblems(page)).toEqual([]);
}

test('an SMS template: variables from the list, the preview in both languages, segments, accents, and a broken body refused with its line', async () => {
  const t = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);
  const company = await createCompany();
  const { page } = await ownerPage(browser());
  await page.goto('/ccm/new');
  const form = page.getByTestId('ccm-form-page');
  await fillMessageBasics(page, 'pt-BR', 'sms', company);

  const content = form.getByLabel(t('entities.ccm.fields.content'), { exact: true });
  const variables = form.getByTestId('template-variables');
  const counter = form.getByTestId('sms-counter');
  await content.fill('Olá ');
  await variables.locator('[data-variable="customer.name"]').click();
  await content.pressSequentially(', retire no ');
  await variables.locator('[data-variable="locker.name"]').click();
  await content.pressSequentially(' com o código ');
  await variables.locator('[data-variable="accessCode"]').click();
  expect(await content.inputValue()).toBe('Olá {{customer.name}}, retire no {{locker.name}} com o código {{accessCode}}');
  // STORED gives the access code and the overdue date.
  await see(variables.locator('[data-variable="order.overdueDate"]'));

  const preview = form.getByTestId('template-preview');
  await see((await previewIn(preview, 'pt-BR', 'pt-BR')).getByText('Olá Maria Silva, retire no Armário Savassi com o código 482913'));
  await see((await previewIn(preview, 'en', 'pt-BR')).getByText('Olá Maria Silva, retire no Savassi Locker com o código 482913'));

  // á and ó are no GSM-7: the whole SMS goes as UCS-2, and the counter shows which characters force it.
  await see(counter.getByText(/^UCS-2 · 76 caracteres · 2 segmentos$/));
  expect(await form.getByTestId('sms-non-gsm').locator('mark').allInnerTexts()).toEqual(['á', 'ó']);
  await screenshotOf(page, counter, 'issue-27/template-editor-sms-ucs2');

  await form.getByRole('button', { name: t('templateEditor.sms.replace') }).click();
  expect(await content.inputValue()).toBe('Ola {{customer.name}}, retire no {{locker.name}} com o codigo {{accessCode}}');
  await seeNo(form.getByTestId('sms-non-gsm'));
  // Each brace of a variable is a GSM-7 extension character: two septets.
  expect(await counter.textContent()).toBe('88 caracteres · 1 segmento');

  // Past 160 characters the SMS is split, 153 characters a part; an emoji sends it as UCS-2 again.
  await content.press('End');
  await page.keyboard.insertText(` ${'Horario: todos os dias. '.repeat(4)}`);
  expect(await counter.textContent()).toBe('185 caracteres · 2 segmentos');
  await content.pressSequentially('📦');
  expect(await counter.textContent()).toBe('UCS-2 · 175 caracteres · 3 segmentos');
  expect(await form.getByTestId('sms-non-gsm').locator('mark').allInnerTexts()).toEqual(['📦']);
  await see(
    (await previewIn(preview, 'pt-BR', 'pt-BR')).getByText(t('templateEditor.preview.renderedCount', { counter: 'UCS-2' }), {
      exact: false,
    }),
  );
  await screenshotOf(page, counter, 'issue-27/template-editor-sms-segments');

  // A block left open: handlebars' reason and its line under the field, as the user types.
  await content.fill('Olá {{customer.name}},\n{{#if}}');
  const problem = t('entities.ccm.errors.contentInvalid', { line: 2, reason: "unexpected 'EOF'" });
  await see(form.getByTestId('template-problem').getByText(problem, { exact: true }));
  await see(preview.getByText(t('templateEditor.preview.notCompiled')));
  expect(await content.getAttribute('aria-invalid')).toBe('true');
  await screenshotOf(page, content, 'issue-27/template-editor-error-line');
  // Saving it anyway is refused with the same words, and the page stays.
  // The field already shows the problem, so wait for the server's refusal itself: one that lands
  // after the next edit would put the error back under the fixed field.
  await form.getByRole('button', { name: t('kit.actions.save') }).click();
  await see(page.getByTestId('form-refusal').getByText(problem, { exact: true }));
  expect(page.url()).toMatch(/\/ccm\/new$/);

  await content.fill('Olá {{customer.name}}, seu pedido {{order.trackingCode}} chegou. Código: {{accessCode}}');
  // The field's own error goes; the refusal above the form stays until the next save.
  await seeNo(form.getByTestId('template-problem').getByText(problem, { exact: true }));
  await seeNo(form.locator('.ant-form-item-explain-error').getByText(problem, { exact: true }));
  await see(preview.getByText('Olá Maria Silva, seu pedido BR123456789 chegou. Código: 482913'));
  await form.getByRole('button', { name: t('kit.actions.save') }).click();
  await seeToast(page, t('entities.ccm.create.success'));
  await page.waitForURL((url) => !url.pathname.endsWith('/new'));

  // The saved template's page shows what its customers receive.
  await page.goto(`/ccm/${await templateIdOf('/ccm', company)}`);
  await see(page.getByTestId('template-preview').getByText('Olá Maria Silva, seu pedido BR123456789 chegou. Código: 482913'));
  await screenshotOf(page, page.getByTestId('template-preview'), 'issue-27/template-view-sms');
});

test('the API refuses a template that does not compile, with the line and the reason', async () => {
  const api = await asOwner();
  const company = await api<{ id: string }>('POST', '/company', { data: { name: `Modelos recusados ${uniqueSuffix()}`, type: 'shipper' } });
  const base = { type: 'email', subType: 'delivery', trigger: 'STORED', company: company.id };
  await expect(api('POST', '/ccm', { data: { ...base, subject: 'Oi', content: 'Olá\n\n{{#each order}}' } })).rejects.toThrow(
    /O conteúdo não compila \(linha 3\): unexpected 'EOF'/,
  );
  await expect(api('POST', '/ccm', { data: { ...base, subject: 'Pedido {{order.trackingCode', content: 'Olá' } })).rejects.toThrow(
    /O assunto não compila \(linha 1\)/,
  );
  await expect(
    api('POST', '/qrcodeTemplate', { data: { type: 'STORED', company: company.id, hbsContent: '<p>\n{{#if order}}\n{{/each}}' } }),
  ).rejects.toThrow(/não compila \(linha 2\): if doesn't match each/);
});

test('a WhatsApp template is drawn as the chat draws it, with its parameters, at laptop and phone width', async () => {
  const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);
  const company = await createCompany();
  const { page } = await ownerPage(browser(), { language: 'en', axe: true });
  await page.goto('/ccm/new');
  const form = page.getByTestId('ccm-form-page');
  await fillMessageBasics(page, 'en', 'whatsapp', company);
  await form.getByLabel(t('entities.ccm.fields.subject'), { exact: true }).fill('parcel_stored');
  const content = form.getByLabel(t('entities.ccm.fields.content'), { exact: true });
  await content.fill('Hi {{customer.name}}, your parcel {{order.trackingCode}} is at {{locker.name}}.');
  await content.press('Enter');
  await content.pressSequentially('Code: ');
  await form.getByTestId('template-variables').locator('[data-variable="accessCode"]').click();

  const preview = form.getByTestId('template-preview');
  const english = await previewIn(preview, 'en', 'en');
  const bubble = english.getByTestId('whatsapp-bubble');
  await see(bubble.getByText('Hi Maria Silva, your parcel BR123456789 is at Savassi Locker.', { exact: false }));
  await see(bubble.getByText(t('templateEditor.whatsapp.time'), { exact: false }));
  await see(english.getByText(t('templateEditor.whatsapp.templateName', { name: 'parcel_stored' })));
  // The preview follows the typing a moment later: the last variable's parameter joins when it has.
  await expect
    .poll(() => english.getByTestId('whatsapp-parameters').locator('li').allInnerTexts())
    .toEqual([
      '{{1}}← {{customer.name}}: Maria Silva',
      '{{2}}← {{order.trackingCode}}: BR123456789',
      '{{3}}← {{locker.name}}: Savassi Locker',
      '{{4}}← {{accessCode}}: 482913',
    ]);
  await expectNoSeriousAxeProblem(page);
  await screenshotOf(page, english, 'issue-27/template-editor-whatsapp-laptop');
  await page.setViewportSize(PHONE);
  await see(bubble);
  await expectNoSeriousAxeProblem(page);
  await screenshotOf(page, english, 'issue-27/template-editor-whatsapp-phone');
});

test('the SMS editor and the e-mail subject have nothing serious for axe, on a phone too', async () => {
  const t = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);
  const company = await createCompany();
  const { page } = await ownerPage(browser(), { axe: true, viewport: PHONE });
  await page.goto('/ccm/new');
  const form = page.getByTestId('ccm-form-page');
  await fillMessageBasics(page, 'pt-BR', 'sms', company);
  const content = form.getByLabel(t('entities.ccm.fields.content'), { exact: true });
  await content.fill('Olá {{customer.name}} 📦, seu código é {{accessCode}}');
  await see(form.getByTestId('sms-non-gsm'));
  await see(form.getByTestId('template-preview').getByText('Olá Maria Silva 📦, seu código é 482913'));
  await expectNoSeriousAxeProblem(page);
  await screenshotOf(page, form.getByTestId('sms-segments'), 'issue-27/template-editor-sms-phone');
  await content.fill('Olá\n{{#if}}');
  await see(
    form.getByTestId('template-problem').getByText(t('entities.ccm.errors.contentInvalid', { line: 2, reason: "unexpected 'EOF'" })),
  );
  await expectNoSeriousAxeProblem(page);

  await chooseOption(page, t('entities.ccm.fields.type'), t('entities.ccm.enumerators.type.email'));
  await form.getByLabel(t('entities.ccm.fields.subject'), { exact: true }).fill('Pedido {{order.trackingCode}} no armário');
  await content.fill('Olá {{customer.name}}');
  await see(form.getByTestId('template-preview-subject').getByText('Pedido BR123456789 no armário', { exact: false }));
  await expectNoSeriousAxeProblem(page);
});

test('a QR-code template shows its page in a frame that runs nothing, in both languages', async () => {
  const t = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);
  const company = await createCompany();
  const { page } = await ownerPage(browser());
  await page.goto('/qrcodeTemplate/new');
  const form = page.getByTestId('qrcodeTemplate-form-page');
  await chooseOption(page, t('entities.qrcodeTemplate.fields.type'), t('entities.qrcodeTemplate.enumerators.type.STORED'), '');
  await chooseOption(page, t('entities.qrcodeTemplate.fields.company'), company);
  const content = form.getByLabel(t('entities.qrcodeTemplate.fields.hbsContent'), { exact: true });
  await content.fill('<h1>Olá, ');
  await form.getByTestId('template-variables').locator('[data-variable="customer.name"]').click();
  await content.pressSequentially('</h1><p>');
  await form.getByTestId('template-variables').locator('[data-variable="locker.name"]').click();
  await content.pressSequentially('</p>');
  await page.keyboard.insertText('<script>document.body.textContent = "script ran"</script>');

  const preview = form.getByTestId('qrcode-template-preview');
  const portuguese = (await previewIn(preview, 'pt-BR', 'pt-BR')).getByTestId('qrcode-template-frame');
  await see(portuguese);
  expect(await portuguese.getAttribute('sandbox')).toBe('');
  expect(await portuguese.getAttribute('title')).toBe(t('templateEditor.qrcode.frameTitle', { language: 'Português' }));
  const frame = page.frameLocator('[data-testid="qrcode-template-frame"]:visible');
  await see(frame.getByText('Olá, Maria Silva'));
  await see(frame.getByText('Armário Savassi'));
  const english = (await previewIn(preview, 'en', 'pt-BR')).getByTestId('qrcode-template-frame');
  expect(await english.getAttribute('srcdoc')).toContain('<p>Savassi Locker</p>');
  await see(page.frameLocator('[data-testid="qrcode-template-frame"]:visible').getByText('Savassi Locker'));
  await screenshotOf(page, preview, 'issue-27/template-editor-qrcode-laptop', { live: true });
  await page.setViewportSize(PHONE);
  await screenshotOf(page, preview, 'issue-27/template-editor-qrcode-phone', { live: true });

  await form.getByRole('button', { name: t('kit.actions.save') }).click();
  await seeToast(page, t('entities.qrcodeTemplate.create.success'));
  await page.waitForURL((url) => !url.pathname.endsWith('/new'));
  await page.goto(`/qrcodeTemplate/${await templateIdOf('/qrcodeTemplate', company)}`);
  await see(page.frameLocator('[data-testid="qrcode-template-frame"]:visible').getByText('Olá, Maria Silva'));
});

test('the QR-code template form has nothing serious for axe', async () => {
  const t = (key: string) => text('en', key);
  const { page } = await ownerPage(browser(), { language: 'en', axe: true });
  await page.goto('/qrcodeTemplate/new');
  const form = page.getByTestId('qrcodeTemplate-form-page');
  await chooseOption(page, t('entities.qrcodeTemplate.fields.type'), t('entities.qrcodeTemplate.enumerators.type.EXPIRED'), '');
  const content = form.getByLabel(t('entities.qrcodeTemplate.fields.hbsContent'), { exact: true });
  await content.fill('<p>{{customer.name}}</p>');
  await see(form.getByTestId('qrcode-template-frame'));
  // EXPIRED: no access code to show any more, the overdue date still.
  await seeNo(form.getByTestId('template-variables').locator('[data-variable="accessCode"]'));
  await see(form.getByTestId('template-variables').locator('[data-variable="order.overdueDate"]'));
  await expectNoSeriousAxeProblem(page);
});
