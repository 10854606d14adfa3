import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { button, chooseOption, downloadBy } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 30 item 5 on screen: a route's stops as an ordered list. Three lockers with coordinates are
 * added out of drive order, "order by distance" proposes the shorter order and says both totals, one
 * stop is moved back by hand with the keyboard and another dragged with the mouse to the top, the
 * API answers the saved stops in that order, and the route's page lists them so, numbered; axe
 * finds nothing serious on the form. Both languages; screenshots of the form at
 * 1366 and 390 px.
 */

const browser = setUpBrowser();
const workDir = mkdtempSync(path.join(tmpdir(), 'ebox-e2e-routes-'));

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
      const ids: Record<string, string> = {};
      for (const locker of lockers) {
        const code = `RT${locker.key}${suffix}`;
        codes[locker.key] = code;
        ids[locker.key] = (
          await api<{ id: string }>('POST', '/ebox', {
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
          })
        ).id;
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

      // By hand, with the mouse: the last stop (the centre) is dragged onto the first and takes its place.
      const stopOf = (key: string) => page.locator(`[data-testid="route-stop"][data-stop-id="${ids[key]}"]`);
      await see(stopOf('C').getByTestId('route-stop-handle'));
      expect(await stopOf('C').getByTestId('route-stop-handle').getAttribute('title')).toBe(
        t('routePage.stops.drag', { label: codes.C as string }),
      );
      await stopOf('C').dragTo(stopOf('N'));
      await expect.poll(order).toEqual(['C', 'N', 'S']);
      await page.getByRole('button', { name: t('kit.actions.save') }).click();
      await page.waitForURL((url) => url.pathname === '/route');

      const { rows } = await api<{ rows: { id: string; ebox: { id: string }[] }[] }>(
        'GET',
        `/route?filter[company]=${company.id}&filter[name]=${encodeURIComponent(routeName)}`,
      );
      expect(rows).toHaveLength(1);
      // The API keeps the stops in the order they were left: dragged, then moved by the keyboard.
      const saved = await api<{ ebox: { id: string }[] }>('GET', `/route/${rows[0]?.id}`);
      expect(saved.ebox.map((stop) => stop.id)).toEqual([ids.C, ids.N, ids.S]);
      await page.goto(`/route/${rows[0]?.id}`);
      const viewed = page.getByTestId('route-view-stop');
      await see(viewed.first());
      await expect
        .poll(async () => (await viewed.allInnerTexts()).map((stop) => /^(\d)[\s\S]*RT([NSC])/.exec(stop)?.slice(1).join('')))
        .toEqual(['1C', '2N', '3S']);
      await screenshot(page, `issue-30/route-view-${language}`);
    });

    test('the spreadsheet import joins the rows of a route by its name, its lockers in row order', async () => {
      const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const api = await asOwner();
      const suffix = uniqueSuffix().toUpperCase().slice(-6);
      const companyName = `Transportadora Importa ${suffix}`;
      const company = await api<{ id: string }>('POST', '/company', { data: { name: companyName, type: 'carrier' } });
      const ids: Record<string, string> = {};
      for (const key of ['A', 'B', 'C']) {
        const locker = await api<{ id: string }>('POST', '/ebox', {
          data: { name: `Armário ${key} ${suffix}`, code: `IM${key}${suffix}`, company: company.id, city: 'Niterói', state: 'RJ' },
        });
        ids[key] = locker.id;
      }
      const { page } = await ownerPage(browser(), { language });
      await page.goto('/route/importer');
      // The screen's own template: its translated columns, then one row per stop in drive order. The
      // second route's name differs in case and spaces; one row lists two codes in a cell.
      const template = path.join(workDir, `route-template-${language}-${suffix}.xlsx`);
      await (await downloadBy(page, () => page.getByTestId('importer-template').click())).saveAs(template);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(template);
      const sheet = workbook.getWorksheet('data');
      if (!sheet) throw new Error('the template has no data sheet');
      const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? ''));
      const column = (field: string) => headers.indexOf(t(`entities.route.fields.${field}`)) + 1;
      expect([column('name'), column('ebox'), column('company')].every((index) => index > 0)).toBe(true);
      const north = `Rota Norte ${suffix}`;
      const south = `Rota Sul ${suffix}`;
      const rows = [
        { name: north, ebox: `IMC${suffix}`, company: companyName },
        { name: south, ebox: `IMB${suffix}`, company: companyName },
        { name: north, ebox: `IMA${suffix}; IMB${suffix}`, company: '' },
        { name: ` ${south.toUpperCase()} `, ebox: `IMA${suffix}`, company: '' },
      ];
      for (const [index, row] of rows.entries()) {
        const line = sheet.getRow(3 + index);
        line.getCell(column('name')).value = row.name;
        line.getCell(column('ebox')).value = row.ebox;
        if (row.company) line.getCell(column('company')).value = row.company;
        line.commit();
      }
      const file = path.join(workDir, `routes-${language}-${suffix}.xlsx`);
      await workbook.xlsx.writeFile(file);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: t('kit.importer.chooseFile') }).click();
      await (await chooser).setFiles(file);
      await button(page, t('kit.importer.start')).click();
      const summary = page.getByTestId('importer-summary');
      await see(summary.getByText(t('kit.importer.summary', { imported: 2, errors: 0, pending: 0, total: 2 })), 60_000);
      await screenshot(page, `issue-30/route-import-${language}`);
      // The run's table shows a route's codes as the sheet gave them, not as JSON.
      await see(page.getByRole('cell', { name: `IMC${suffix}, IMA${suffix}, IMB${suffix}` }));

      const { rows: imported } = await api<{ rows: { id: string; name: string; ebox: { id: string }[] }[] }>(
        'GET',
        `/route?filter[company]=${company.id}&orderBy=name_ASC`,
      );
      expect(imported.map((route) => [route.name, route.ebox.map((stop) => stop.id)])).toEqual([
        [north, [ids.C, ids.A, ids.B]],
        [south, [ids.B, ids.A]],
      ]);
      // The route's page lists its lockers in that order.
      await page.goto(`/route/${imported[0]?.id}`);
      const viewed = page.getByTestId('route-view-stop');
      await see(viewed.first());
      await expect
        .poll(async () => (await viewed.allInnerTexts()).map((stop) => /^(\d)[\s\S]*IM([ABC])/.exec(stop)?.slice(1).join('')))
        .toEqual(['1C', '2A', '3B']);
    });
  });
}
