import { describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 30 item 5 on screen: a route's stops as an ordered list. Three lockers with coordinates are
 * added out of drive order, "order by distance" proposes the shorter order and says both totals, one
 * stop is moved back by hand with the keyboard, and the saved route's page lists the stops in that
 * order, numbered; axe finds nothing serious on the form. Both languages; screenshots of the form at
 * 1366 and 390 px.
 */

const browser = setUpBrowser();

for (const language of ['pt-BR', 'en'] as const) {
  describe(`route screens (${language})`, () => {
    test('order by distance, a stop moved by hand, and the order kept on the view', async () => {
      const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const api = await asOwner();
      const suffix = uniqueSuffix().toUpperCase().slice(-6);
      const companyName = `Transportadora Rota ${suffix}`;
      const company = await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'carrier' } });
      // North to south along one street: Norte, Centro (1 km south), Sul (8 km south).
      const lockers = [
        { key: 'N', latitude: -22.9, street: 'Rua Voluntários da Pátria', number: '10' },
        { key: 'S', latitude: -22.98, street: 'Avenida Atlântica', number: '1702' },
        { key: 'C', latitude: -22.91, street: 'Rua São Clemente', number: '200' },
      ];
      const codes: Record<string, string> = {};
      for (const locker of lockers) {
        const code = `RT${locker.key}${suffix}`;
        codes[locker.key] = code;
        await api('POST', '/ebox', {
          data: {
            name: `Armário ${locker.key} ${suffix}`,
            code,
            company: company.id,
            street: locker.street,
            number: locker.number,
            city: 'Rio de Janeiro',
            state: 'RJ',
            coordinates: { latitude: locker.latitude, longitude: -43.19 },
          },
        });
      }
      const { page } = await ownerPage(browser(), { language, axe: true });
      await page.goto('/route/new');
      const routeName = `Rota Zona Sul ${suffix}`;
      await page.getByLabel(t('entities.route.fields.name'), { exact: true }).fill(routeName);
      await chooseOption(page, t('entities.route.fields.company'), companyName);
      const addLabel = t('routePage.stops.add');
      for (const key of ['N', 'S', 'C']) await chooseOption(page, addLabel, `Armário ${key} ${suffix}`, codes[key]);

      const stops = page.getByTestId('route-stop');
      const order = async () => (await stops.allInnerTexts()).map((stop) => /RT([NSC])/.exec(stop)?.[1]);
      await expect.poll(order).toEqual(['N', 'S', 'C']);
      // Code, name and address of each stop.
      await see(stops.nth(1).getByText('Avenida Atlântica, 1702 · Rio de Janeiro/RJ'));

      await page.getByTestId('route-order-by-distance').click();
      await expect.poll(order).toEqual(['N', 'C', 'S']);
      const result = page.getByTestId('route-distance-result');
      await see(result);
      // N→S→C is 8.9 + 7.8 km; N→C→S is 1.1 + 7.8 km.
      const km = (value: string) => t('routePage.distance.km', { value: language === 'en' ? value : value.replace('.', ',') });
      expect(await result.textContent()).toContain(t('routePage.distance.ordered', { before: km('16.7'), after: km('8.9') }));
      await see(page.getByTestId('route-total-distance').getByText(km('8.9')));
      expect(await seriousAxeProblems(page)).toEqual([]);
      await screenshot(page, `issue-30/route-form-${language}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `issue-30/route-form-phone-${language}`, { fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });

      // By hand, with the keyboard: the south locker goes up one place; the focus stays on it.
      const southLabel = codes.S as string;
      await page.getByRole('button', { name: t('routePage.stops.moveUp', { label: southLabel }) }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(order).toEqual(['N', 'S', 'C']);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(t('routePage.stops.moveUp', { label: southLabel }));
      await see(page.getByTestId('route-total-distance').getByText(km('16.7')));
      await page.getByRole('button', { name: t('kit.actions.save') }).click();
      await page.waitForURL((url) => url.pathname === '/route');

      const { rows } = await api<{ rows: { id: string; ebox: { id: string }[] }[] }>(
        'GET',
        `/route?filter[company]=${company.id}&filter[name]=${encodeURIComponent(routeName)}`,
      );
      expect(rows).toHaveLength(1);
      await page.goto(`/route/${rows[0]?.id}`);
      const viewed = page.getByTestId('route-view-stop');
      await see(viewed.first());
      await expect
        .poll(async () => (await viewed.allInnerTexts()).map((stop) => /^(\d)[\s\S]*RT([NSC])/.exec(stop)?.slice(1).join('')))
        .toEqual(['1N', '2S', '3C']);
      await screenshot(page, `issue-30/route-view-${language}`);
    });
  });
}
