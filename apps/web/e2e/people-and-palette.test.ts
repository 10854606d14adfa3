import type { Language } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { linkInMail, newPage, ownerPage, screenshot, see, seeNo, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { button, chooseOption, openDialog, openListFilter } from './support/controls';
import type { MailboxEntry } from './support/global-setup';
import { asOwner, createUser, roleIdOf } from './support/users';

/**
 * Issue 8 items 10, 11 and 12 (palette, skip link): a pending invitation is shown and sent again,
 * disabling a user asks first, the invitation page says "create your password"; the customer's
 * unit picker follows the company; Ctrl+K finds screens and records; the skip link reaches the content.
 */

const browser = setUpBrowser();
const LANGUAGES = ['pt-BR', 'en'] as const satisfies Language[];

async function mailsTo(email: string): Promise<MailboxEntry[]> {
  const mails = (await (await fetch(inject('e2eMailboxUrl'))).json()) as MailboxEntry[];
  return mails.filter((mail) => mail.to.some((address) => address.toLowerCase() === email));
}

async function waitForMails(email: string, count: number): Promise<MailboxEntry[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await mailsTo(email);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mails to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function invite(email: string): Promise<string> {
  const api = await asOwner();
  await api('POST', '/iam', { data: { emails: [email], roles: [await roleIdOf('viewer')] } });
  const { rows } = await api<{ rows: { id: string }[] }>('GET', `/iam/user?filter[email]=${encodeURIComponent(email)}`);
  const id = rows[0]?.id;
  if (!id) throw new Error(`${email} not invited`);
  return id;
}

describe('issue 8 item 10: users', () => {
  for (const language of LANGUAGES) {
    test(`a pending invitation is shown and sent again, and its link says create your password (${language})`, async () => {
      const t = (key: string, values?: Record<string, string>) => text(language, key, values);
      const email = `invited.${uniqueSuffix()}@e2e.test`;
      const id = await invite(email);
      await waitForMails(email, 1);
      const { page } = await ownerPage(browser(), { language });

      await page.goto(`/iam?${new URLSearchParams({ 'filter[email]': email })}`);
      await see(page.getByTestId('iam-list').getByText(t('entities.user.enumerators.status.invited')));
      await page.goto(`/iam/${id}`);
      await see(page.getByTestId('iam-invitation-pending'));
      await page.getByTestId('iam-resend-invitation').click();
      await see(page.getByText(t('iam.invitation.resent', { email })));
      const mails = await waitForMails(email, 2);
      await screenshot(page, `issue-8/iam-invitation-pending-${language}`);

      const { page: invited } = await newPage(browser(), { language });
      await invited.goto(linkInMail(mails.at(-1) as MailboxEntry, '/auth/password-reset'));
      await see(invited.getByText(t('auth.invitation.title'), { exact: true }));
      await see(invited.getByRole('button', { name: t('auth.invitation.submit') }));
      await screenshot(invited, `issue-8/invitation-page-${language}`);
    });

    test(`disabling a user asks first, naming them (${language})`, async () => {
      const t = (key: string, values?: Record<string, string>) => text(language, key, values);
      const email = `member.${uniqueSuffix()}@e2e.test`;
      const id = await invite(email);
      const { page } = await ownerPage(browser(), { language });
      await page.goto(`/iam/${id}`);
      await openDialog(page, page.getByTestId('iam-access-toggle'));
      const name = email.split('@')[0] as string;
      // A confirmation also keeps a hidden copy of its title for screen readers: look at the shown one.
      const title = page.getByText(t('iam.access.disableTitle', { name })).filter({ visible: true });
      await see(title);
      await screenshot(page, `issue-8/iam-disable-confirm-${language}`);
      await page.getByRole('button', { name: t('kit.actions.cancel') }).click();
      await seeNo(title);
      const api = await asOwner();
      expect((await api<{ disabled: boolean }>('GET', `/iam/${id}`)).disabled).toBe(false);

      const confirm = await openDialog(page, page.getByTestId('iam-access-toggle'));
      await confirm.getByTestId('confirm-disable').click();
      // "Ativar acesso" is inside "Desativar acesso": the button that now reads exactly "Ativar acesso".
      await see(button(page, t('iam.access.enable')));
      expect((await api<{ disabled: boolean }>('GET', `/iam/${id}`)).disabled).toBe(true);
    });
  }
});

/** Three users sharing `tag` in their e-mail: one still invited, one enabled, one disabled. */
async function usersOfEveryStatus(tag: string): Promise<{ invited: string; enabled: string; disabled: string }> {
  const invited = `${tag}.invited@e2e.test`;
  await invite(invited);
  const enabled = await createUser([], `${tag}.enabled`);
  const disabled = await createUser([], `${tag}.disabled`);
  await (await asOwner())('PUT', '/iam/status', { ids: [disabled.id], disabled: true });
  return { invited, enabled: enabled.email, disabled: disabled.email };
}

describe('issue 8 item 10: invitations and status on the users lists', () => {
  for (const language of LANGUAGES) {
    test(`pending invitations are resent from the list in bulk, skipping the others, and the status sorts and filters as shown (${language})`, async () => {
      const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const tag = `status-${uniqueSuffix()}`;
      const users = await usersOfEveryStatus(tag);
      const second = `${tag}.second@e2e.test`;
      await invite(second);
      await waitForMails(users.invited, 1);
      await waitForMails(second, 1);
      const { page } = await ownerPage(browser(), { language });
      await page.goto(`/iam?${new URLSearchParams({ filter: JSON.stringify({ email: tag }) })}`);
      const list = page.getByTestId('iam-list');
      const rows = list.locator('.ant-table-row');
      await expect.poll(() => rows.count()).toBe(4);

      // Sorted by the status word shown: pt-BR Ativo, Convite pendente, Desativado; en Disabled, Enabled, Invitation pending.
      await list.getByRole('columnheader', { name: t('entities.user.fields.status') }).click();
      await page.waitForURL((url) => url.searchParams.get('orderBy') === 'status_ASC');
      const words = ['enabled', 'invited', 'disabled'].map((status) => t(`entities.user.enumerators.status.${status}`));
      const statusCells = async () => {
        const headers = (await list.locator('thead th').allInnerTexts()).map((header) => header.trim());
        const column = headers.indexOf(t('entities.user.fields.status')) + 1;
        return (await rows.locator(`td:nth-child(${column})`).allInnerTexts()).map((cell) => cell.trim());
      };
      const sortedWords = [...words].sort((a, b) => a.localeCompare(b, language));
      const invitedWord = t('entities.user.enumerators.status.invited');
      await expect.poll(statusCells).toEqual(sortedWords.flatMap((word) => (word === invitedWord ? [word, word] : [word])));
      await screenshot(page, `issue-8/iam-sorted-by-status-${language}`);

      // Everyone selected: the two invited get a fresh invitation, the other two are skipped and counted.
      await list.getByRole('checkbox', { name: t('kit.list.selectAll') }).check();
      await page.getByTestId('iam-resend-invitations').click();
      await see(page.getByText(`${t('iam.invitation.resentMany', { count: 2 })} ${t('iam.invitation.skipped', { count: 2 })}`));
      await waitForMails(users.invited, 2);
      await waitForMails(second, 2);
      await screenshot(page, `issue-8/iam-resent-in-bulk-${language}`);

      // Filtered by status "invitation pending": the invited alone.
      const filter = await openListFilter(list);
      await chooseOption(page, filter.getByLabel(t('entities.user.fields.status'), { exact: true }), invitedWord);
      await filter.getByRole('button', { name: t('kit.actions.search') }).click();
      await expect.poll(statusCells).toEqual([invitedWord, invitedWord]);

      // The users-by-role view says so too.
      await page.goto('/iam?view=roles');
      const tree = page.getByTestId('iam-roles-tree');
      const row = tree.locator('tr').filter({ hasText: users.invited });
      await see(row.first().getByText(invitedWord, { exact: true }));
      await screenshot(page, `issue-8/iam-roles-invited-${language}`);
    });
  }
});

describe('issue 8 item 10: the users lists at 390 px', () => {
  for (const language of LANGUAGES) {
    test(`the users and the role view read on a phone, invitations pending included (${language})`, async () => {
      const t = (key: string) => text(language, key);
      const tag = `phone-${uniqueSuffix()}`;
      const users = await usersOfEveryStatus(tag);
      const { page } = await ownerPage(browser(), { language, viewport: { width: 390, height: 844 } });
      await page.goto(`/iam?${new URLSearchParams({ filter: JSON.stringify({ email: tag }) })}`);
      const cards = page.getByTestId('iam-list').getByTestId('list-card');
      await expect.poll(() => cards.count()).toBe(3);
      await see(cards.filter({ hasText: users.invited }).getByText(t('entities.user.enumerators.status.invited')));
      await screenshot(page, `issue-8/iam-list-390-${language}`);
      await page.goto('/iam?view=roles');
      await see(page.getByTestId('iam-roles-tree').locator('tr').filter({ hasText: users.invited }));
      await screenshot(page, `issue-8/iam-roles-390-${language}`);
    });
  }
});

describe('issue 8 item 11: the unit picker', () => {
  for (const language of LANGUAGES) {
    test(`lists the chosen company's units labelled with their building, and empties on a company change (${language})`, async () => {
      const t = (key: string) => text(language, key);
      const api = await asOwner();
      const tag = uniqueSuffix();
      const make = async (path: string, data: Record<string, unknown>) => (await api<{ id: string }>('POST', path, { data })).id;
      const companyA = await make('/company', { name: `Aurora ${tag}`, type: 'shipper' });
      const companyB = await make('/company', { name: `Ipê ${tag}`, type: 'shipper' });
      for (const [company, buildingName, level1Name] of [
        [companyA, `Edifício Aurora ${tag}`, 'Bloco A'],
        [companyB, `Residencial Ipê ${tag}`, 'Torre 1'],
      ] as const) {
        const building = await make('/building', { name: buildingName, company, level1: 'Bloco', level2: 'Apartamento' });
        const unit = await make('/building-level2', { name: '101' });
        await make('/building-level1', { name: level1Name, building, company, level2: [unit] });
      }
      const { page } = await ownerPage(browser(), { language });
      await page.goto('/customer/new');
      const company = page.getByLabel(t('entities.customer.fields.company'), { exact: true });
      await company.click();
      await company.pressSequentially(`Aurora ${tag}`, { delay: 10 });
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `Aurora ${tag}` })
        .first()
        .click();

      const unit = page.getByLabel(t('entities.customer.fields.buildingLevel2'), { exact: true });
      await unit.click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await see(options.filter({ hasText: `Edifício Aurora ${tag} · Bloco A · 101` }));
      expect(await options.filter({ hasText: `Residencial Ipê ${tag}` }).count()).toBe(0);
      await screenshot(page, `issue-8/customer-unit-picker-${language}`);
      await options
        .filter({ hasText: `Edifício Aurora ${tag} · Bloco A · 101` })
        .first()
        .click();
      const form = page.getByTestId('entity-form');
      const chosen = form.getByText(`Edifício Aurora ${tag} · Bloco A · 101`).filter({ visible: true });
      await see(chosen);

      await company.click();
      await company.pressSequentially(`Ipê ${tag}`, { delay: 10 });
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `Ipê ${tag}` })
        .first()
        .click();
      await seeNo(chosen);
    });
  }
});

async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await see(page.getByTestId('palette-input'));
}

describe('issue 8 item 12: command palette and skip link', () => {
  for (const language of LANGUAGES) {
    test(`Ctrl+K finds a screen and a record and opens them (${language})`, async () => {
      const t = (key: string) => text(language, key);
      const api = await asOwner();
      const name = `Palette ${uniqueSuffix()}`;
      const { id } = await api<{ id: string }>('POST', '/company', { data: { name, type: 'shipper' } });
      const { page } = await ownerPage(browser(), { language });
      await see(page.getByTestId('palette-open'));

      await openPalette(page);
      await page.getByTestId('palette-input').fill(t('layout.menu.auditLogs'));
      await see(page.getByTestId('palette-item').filter({ hasText: t('layout.menu.auditLogs') }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/audit-logs');

      await openPalette(page);
      await page.getByTestId('palette-input').fill(name);
      const record = page.getByTestId('palette-item').filter({ hasText: name });
      await see(record);
      await screenshot(page, `issue-8/command-palette-${language}`);
      // Screens come first: walk down to the record with the arrows.
      const items = await page.getByTestId('palette-item').allInnerTexts();
      const index = items.findIndex((item) => item.includes(name));
      for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/company/${id}`);

      await openPalette(page);
      await page.keyboard.press('Escape');
      await seeNo(page.getByTestId('palette-input'));
    });

    test(`the skip link is the first Tab stop and moves focus to the content (${language})`, async () => {
      const { page } = await ownerPage(browser(), { language });
      // Signing in moved the focus to the console's heading (keyboard.test.ts): a page opened afresh starts from the top.
      await page.reload();
      await see(page.getByTestId('palette-open'));
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      expect(focused).toBe(text(language, 'common.skipToContent'));
      await screenshot(page, `issue-8/skip-link-${language}`);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    });
  }

  test('the palette and the invitation page at 390 px', async () => {
    const { page } = await ownerPage(browser(), { viewport: { width: 390, height: 844 } });
    await see(page.getByTestId('palette-open'));
    await page.getByTestId('palette-open').click();
    await page.getByTestId('palette-input').fill('cli');
    await see(page.getByTestId('palette-item'));
    await screenshot(page, 'issue-8/command-palette-390');
    await page.keyboard.press('Escape');
    const email = `narrow.${uniqueSuffix()}@e2e.test`;
    const id = await invite(email);
    await page.goto(`/iam/${id}`);
    await see(page.getByTestId('iam-resend-invitation'));
    await screenshot(page, 'issue-8/iam-invitation-pending-390');
    const [mail] = await waitForMails(email, 1);
    const { page: invited } = await newPage(browser(), { viewport: { width: 390, height: 844 } });
    await invited.goto(linkInMail(mail as MailboxEntry, '/auth/password-reset'));
    await see(invited.getByText(text('pt-BR', 'auth.invitation.title'), { exact: true }));
    await screenshot(invited, 'issue-8/invitation-page-390');
  });
});
