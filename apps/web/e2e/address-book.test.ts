import { describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 33 item 2 on screen: the address book's list and form, a CEP the book knows filling the
 * form's street, neighbourhood, city and state, and a locker's form copying a picked address into
 * its own fields. Axe finds nothing serious on the book's screens. Both languages, with screenshots.
 */

const browser = setUpBrowser();

for (const language of ['pt-BR', 'en'] as const) {
  describe(`address book screens (${language})`, () => {
    test('the list, a CEP filling the form, and a locker picking an address', async () => {
      const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const api = await asOwner();
      const suffix = uniqueSuffix().toUpperCase().slice(-6);
      const digits = String(Number.parseInt(suffix, 36) % 100_000_000).padStart(8, '1');
      const cep = `${digits.slice(0, 5)}-${digits.slice(5)}`;
      const company = await api<{ id: string }>('POST', '/company', { data: { name: `Loja Endereço ${suffix}`, type: 'shipper' } });
      const street = `Rua Voluntários da Pátria ${suffix}`;
      await api('POST', '/address', {
        data: {
          street,
          number: '190',
          additional: 'Loja B',
          neighborhood: 'Botafogo',
          city: 'Rio de Janeiro',
          state: 'RJ',
          postalCode: cep,
          company: company.id,
          coordinates: { latitude: -22.95, longitude: -43.19 },
        },
      });
      const { page } = await ownerPage(browser(), { language, axe: true });

      await page.goto('/address');
      await see(page.locator('.ant-table-row').filter({ hasText: street }));
      expect(await seriousAxeProblems(page)).toEqual([]);
      await screenshot(page, `issue-33/address-list-${language}`);

      await page.goto('/address/new');
      // The form's chunk may take a while on a busy machine: the save button says it is drawn.
      await see(page.getByRole('button', { name: t('kit.actions.save') }), 60_000);
      const postalCode = page.getByLabel(t('entities.address.fields.postalCode'), { exact: true });
      await postalCode.fill(digits);
      const streetInput = page.getByLabel(t('entities.address.fields.street'), { exact: true });
      await expect.poll(() => streetInput.inputValue()).toBe(street);
      expect(await page.getByLabel(t('entities.address.fields.neighborhood'), { exact: true }).inputValue()).toBe('Botafogo');
      expect(await page.getByLabel(t('entities.address.fields.city'), { exact: true }).inputValue()).toBe('Rio de Janeiro');
      expect(await page.getByLabel(t('entities.address.fields.state'), { exact: true }).inputValue()).toBe('RJ');
      expect(await postalCode.inputValue()).toBe(cep);
      expect(await seriousAxeProblems(page)).toEqual([]);
      await screenshot(page, `issue-33/address-form-${language}`);

      await page.goto('/ebox/new');
      await chooseOption(page, t('entities.ebox.fields.address'), street, suffix);
      const lockerStreet = page.getByLabel(t('entities.ebox.fields.street'), { exact: true });
      await expect.poll(() => lockerStreet.inputValue()).toBe(street);
      expect(await page.getByLabel(t('entities.ebox.fields.complement'), { exact: true }).inputValue()).toBe('Loja B');
      expect(await page.getByLabel(t('entities.ebox.fields.postalCode'), { exact: true }).inputValue()).toBe(cep);
      await lockerStreet.scrollIntoViewIfNeeded();
      await screenshot(page, `issue-33/locker-form-address-picked-${language}`);
    });
  });
}
