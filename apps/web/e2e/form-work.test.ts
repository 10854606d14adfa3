import type { Language } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newPage, ownerPage, screenshot, see, seeNo, setUpBrowser, signIn, text, uniqueSuffix } from './support/browser';
import { button, chooseOption, openDialog, seeToast, settleDialogs } from './support/controls';
import { asOwner, createUser } from './support/users';

/**
 * Issue 8, items 2, 3 and 12: forms never lose work. A user limited to one company creates a
 * customer with that company filled in, and a refused save keeps what was typed; leaving an edited
 * form asks first; the role editor warns about a permission that does nothing alone; a missing
 * related record is created from inside the form; Save and Cancel stay in view on a long form.
 */

const browser = setUpBrowser();

async function createCompany(name: string): Promise<string> {
  const api = await asOwner();
  return (await api<{ id: string }>('POST', '/company', { data: { name, type: 'shipper' } })).id;
}

/** The label-addressed control of a customer field. */
function customerField(page: Page, language: Language, field: string) {
  return page.getByTestId('customer-form-page').getByLabel(text(language, `entities.customer.fields.${field}`), { exact: true });
}

/** The chosen record shown in one of the form's selects. */
function chosen(page: Page, label: string) {
  return page.getByTestId('entity-form').first().locator('.ant-select').getByText(label, { exact: true });
}

/** The leave prompt, once it shows (a closed one may linger hidden). */
function leavePrompt(page: Page, title: string) {
  return page.getByText(title).locator('visible=true');
}

describe.each(['pt-BR', 'en'] as const)('forms that keep work (%s)', (language) => {
  const say = (key: string, values?: Record<string, string | number>) => text(language, key, values);

  test('a user limited to one company creates a customer of that company, and a refused save keeps the form with its message', async () => {
    const suffix = uniqueSuffix();
    const companyName = `Transportadora Única ${suffix}`;
    const companyId = await createCompany(companyName);
    await createCompany(`Outra Empresa ${suffix}`);
    const api = await asOwner();
    // Creating customers, without any permission on companies: the picker still answers.
    const role = await api<{ id: string }>('POST', '/role', {
      data: { name: `Cadastro limitado ${suffix}`, permissions: ['customerRead', 'customerCreate'] },
    });
    const user = await createUser([], 'limited');
    await api('PUT', '/iam', { data: { id: user.id, roles: [role.id], allowedCompanies: [companyId] } });

    const { page, context } = await newPage(browser(), { language });
    await signIn(page, user.email, user.password, language);
    await page.goto('/customer/new');
    await see(chosen(page, companyName));
    // The fields' hints come with the form's chunk, not with the console's dictionary.
    await see(page.getByText(say('entities.customer.hints.cellphone'), { exact: true }));
    // The picker lists the user's company only, though the user may not read companies.
    await customerField(page, language, 'company').click();
    await see(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: companyName }));
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBe(1);
    await page.keyboard.press('Escape');

    await customerField(page, language, 'name').fill(`Cliente Limitado ${suffix}`);
    await page.getByTestId('form-submit').click();
    await seeToast(page, say('entities.customer.create.success'));
    await page.waitForURL((url) => !url.pathname.endsWith('/new'));

    // The owner takes creating away while the user types: the save is refused, the form stays.
    await page.goto('/customer/new');
    await customerField(page, language, 'name').fill(`Cliente Recusado ${suffix}`);
    await api('PUT', `/role/${role.id}`, { id: role.id, data: { permissions: ['customerRead'] } });
    await page.getByTestId('form-submit').click();
    await see(page.getByTestId('form-refusal').getByText(say('kit.forms.refused')));
    await see(page.getByTestId('form-refusal').getByText(say('kit.forms.notAllowed')));
    expect(new URL(page.url()).pathname).toBe('/customer/new');
    await expect.poll(() => customerField(page, language, 'name').inputValue()).toBe(`Cliente Recusado ${suffix}`);
    await seeNo(page.getByText(say('errorPages.forbidden.message')));
    await screenshot(page, `form-refused-save-${language}-1366`);
    await context.close();
  });

  test('editing a customer shows its unit labelled with its building before the picker is opened', async () => {
    const suffix = uniqueSuffix();
    const api = await asOwner();
    const company = await createCompany(`Condomínio Unidade ${suffix}`);
    const building = await api<{ id: string }>('POST', '/building', {
      data: { name: `Edifício Aurora ${suffix}`, company, level1: 'Bloco', level2: 'Apartamento' },
    });
    const unit = await api<{ id: string }>('POST', '/building-level2', { data: { name: '101' } });
    await api('POST', '/building-level1', { data: { name: 'Bloco A', building: building.id, company, level2: [unit.id] } });
    const customer = await api<{ id: string }>('POST', '/customer', {
      data: { name: `Morador ${suffix}`, company, buildingLevel2: unit.id },
    });
    const { page, context } = await ownerPage(browser(), { language });
    await page.goto(`/customer/${customer.id}/edit`);
    await see(chosen(page, `Edifício Aurora ${suffix} · Bloco A · 101`));
    await screenshot(page, `form-customer-unit-${language}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `form-customer-unit-${language}-390`);
    await context.close();
  });

  test('a refused profile save keeps the form with its message and claims no success', async () => {
    const user = await createUser(['viewer'], 'profile');
    const { page, context } = await newPage(browser(), { language });
    await signIn(page, user.email, user.password, language);
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    const firstName = form.getByLabel(say('auth.fields.firstName'), { exact: true });
    await firstName.fill(`Recusada ${uniqueSuffix()}`);
    const typed = await firstName.inputValue();
    // The API refuses what reaches it (a phone that is none): the real answer, not a stand-in.
    await page.route('**/auth/profile', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ profile: { ...body.profile, phoneNumber: 'sem telefone' } }) });
    });
    await page.getByTestId('profile-submit').click();
    await see(page.getByTestId('form-refusal').getByText(say('kit.forms.refused')));
    await see(form.getByText(say('validation.phone.mobile', { label: say('entities.user.fields.phoneNumber') })).first());
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expect.poll(() => firstName.inputValue()).toBe(typed);
    await seeNo(page.locator('.ant-message').getByText(say('auth.profile.success')));
    await screenshot(page, `form-profile-refused-${language}-1366`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `form-profile-refused-${language}-390`);
    await context.close();
  });

  test('leaving an edited form asks first: stay keeps the values, discard leaves; saving does not ask', async () => {
    const suffix = uniqueSuffix();
    const { page, context } = await ownerPage(browser(), { language });
    // Into the form from its list, as a user comes: the back button then returns within the console.
    await page.goto('/customer');
    await button(page, say('kit.actions.new')).first().click();
    await page.waitForURL((url) => url.pathname === '/customer/new');
    const name = customerField(page, language, 'name');
    await name.fill(`Cliente Inacabado ${suffix}`);
    const companiesLink = page.getByTestId('side-menu').getByText(say('entities.company.menu'), { exact: true });

    await companiesLink.click();
    await see(leavePrompt(page, say('kit.forms.leaveTitle')));
    await screenshot(page, `form-leave-prompt-${language}-1366`);
    // A click while the dialog still zooms in can land beside its button on a busy machine.
    await settleDialogs(page);
    await page.getByTestId('leave-stay').click();
    await seeNo(leavePrompt(page, say('kit.forms.leaveTitle')));
    expect(new URL(page.url()).pathname).toBe('/customer/new');
    await expect.poll(() => name.inputValue()).toBe(`Cliente Inacabado ${suffix}`);

    // The browser's back button asks too.
    await page.goBack();
    await see(leavePrompt(page, say('kit.forms.leaveTitle')));
    await settleDialogs(page);
    await page.getByTestId('leave-stay').click();
    await seeNo(leavePrompt(page, say('kit.forms.leaveTitle')));
    await expect.poll(() => name.inputValue()).toBe(`Cliente Inacabado ${suffix}`);

    // Once the last question has gone (a closing dialog's buttons can still take a click), ask again.
    await companiesLink.click();
    await see(leavePrompt(page, say('kit.forms.leaveTitle')));
    await settleDialogs(page);
    await page.getByTestId('leave-discard').click();
    await page.waitForURL((url) => url.pathname === '/company');

    // A saved form and a cancelled one leave without a question.
    await page.goto('/customer/new');
    await customerField(page, language, 'name').fill(`Cliente Salvo ${suffix}`);
    await page.getByTestId('form-submit').click();
    await seeToast(page, say('entities.customer.create.success'));
    await page.waitForURL((url) => !url.pathname.endsWith('/new'));
    await seeNo(leavePrompt(page, say('kit.forms.leaveTitle')));
    await page.goto('/customer/new');
    await customerField(page, language, 'name').fill(`Cliente Cancelado ${suffix}`);
    await page.getByTestId('form-cancel').click();
    await page.waitForURL((url) => url.pathname === '/customer');
    await seeNo(leavePrompt(page, say('kit.forms.leaveTitle')));

    // Closing the tab with unsaved changes gets the browser's own question.
    await page.goto('/customer/new');
    await customerField(page, language, 'name').fill(`Cliente da Aba ${suffix}`);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    await context.close();
  });

  test('the role editor warns when a permission does nothing without another', async () => {
    const { page, context } = await ownerPage(browser(), { language });
    await page.goto('/role/new');
    await page.getByTestId('permissions-search').fill('customer');
    await page.getByTestId('permission-customerCreate').click();
    const warning = page.getByTestId('permission-dependencies');
    await see(
      warning.getByText(
        say('role.dependencies.item', {
          permission: say('permissions.customerCreate.label'),
          missing: say('permissions.customerRead.label'),
        }),
      ),
    );
    await screenshot(page, `role-dependencies-${language}-1366`);
    await page.getByTestId('permission-customerRead').click();
    await seeNo(warning);
    await context.close();
  });

  test('a missing company is created from inside the customer form and selected', async () => {
    const suffix = uniqueSuffix();
    const { page, context } = await ownerPage(browser(), { language });
    await page.goto('/customer/new');
    await customerField(page, language, 'name').fill(`Cliente com Empresa Nova ${suffix}`);
    await customerField(page, language, 'company').click();
    // The options arrive after the dropdown opens and move the link below them: wait for them.
    await see(page.locator('.ant-select-dropdown .ant-select-item-option').first());
    await openDialog(page, page.getByTestId('create-related-company'));
    const dialog = page
      .locator('.ant-modal')
      .filter({ hasText: say('kit.forms.createRelatedTitle', { entity: say('entities.company.label') }) });
    await see(dialog);
    await dialog.getByLabel(say('entities.company.fields.name'), { exact: true }).fill(`Empresa Criada no Formulário ${suffix}`);
    await chooseOption(
      page,
      dialog.getByLabel(say('entities.company.fields.type'), { exact: true }),
      say('entities.company.enumerators.type.shipper'),
      '',
    );
    await screenshot(page, `form-related-create-${language}-1366`);
    await dialog.getByTestId('form-submit').click();
    await seeNo(dialog);
    await see(chosen(page, `Empresa Criada no Formulário ${suffix}`));
    // The customer's own form kept what was typed and saves with the new company.
    await expect.poll(() => customerField(page, language, 'name').inputValue()).toBe(`Cliente com Empresa Nova ${suffix}`);
    await page.getByTestId('form-submit').click();
    await seeToast(page, say('entities.customer.create.success'));
    await context.close();
  });
});

describe('the save bar of a long form', () => {
  test('Save and Cancel stay in view at the bottom of a long form, on a laptop and on a phone', async () => {
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await ownerPage(browser(), { viewport });
      await page.goto('/company/new');
      const bar = page.getByTestId('form-save-bar');
      await see(bar);
      // The company form is longer than the window: its bar sits on the window's bottom edge.
      const box = await bar.boundingBox();
      expect(box).not.toBeNull();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBeLessThanOrEqual(viewport.height);
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBeGreaterThan(viewport.height - 4);
      await screenshot(page, `form-save-bar-${viewport.width}`);
      await page.goto('/customer/new');
      await see(page.getByTestId('form-save-bar'));
      await screenshot(page, `customer-form-${viewport.width}`);
      await context.close();
    }
  });
});
