import type { Language } from '@ebox/domain';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { ownerPage, screenshot, see, seeNo, setUpBrowser, setUpOwnerPage, text, uniqueSuffix } from './support/browser';
import { button, openDialog, seeToast, settleDialogs } from './support/controls';
import { cutCells } from './support/cut-cells';
import { asOwner } from './support/users';

/**
 * Issue 14 items 1 and 2 in the console: the locker list, form and view, the warning before the
 * compartments are generated from the modules (spec 5.5), and the clone form filled from a locker.
 * Issue 29 item 4: at 1366 px no code, status or date cell of the locker list is cut, in both languages.
 */

const browser = setUpBrowser();
const say = (key: string, values?: Record<string, string | number>) => text('pt-BR', key, values);

describe('lockers (pt-BR)', () => {
  const page = setUpOwnerPage(browser);
  const suffix = uniqueSuffix();
  const name = `Armário Centro ${suffix}`;
  let lockerId = '';

  test('a locker made of modules shows in the list with its status, and its form has no terminal-kept field', async () => {
    const api = await asOwner();
    const layout = await api<{ id: string }>('POST', '/compartimentLayout', {
      data: { code: `P${suffix.slice(-4)}`, name: `Pequeno ${suffix}`, width: 40, height: 12, depth: 50 },
    });
    const module = await api<{ id: string }>('POST', '/eboxModule', { data: { name: `Coluna ${suffix}`, code: `C${suffix.slice(-5)}` } });
    for (const staticNumber of [1, 2, 3]) {
      await api('POST', '/eboxModuleCompartiment', { data: { eboxModule: module.id, staticNumber, compartimentLayout: layout.id } });
    }
    lockerId = (
      await api<{ id: string }>('POST', '/ebox', {
        data: {
          name,
          code: `E${suffix.slice(-8)}`,
          eboxModule: [module.id, module.id],
          startNumber: 1,
          boardNumber: 1,
          city: 'Rio de Janeiro',
          state: 'RJ',
        },
      })
    ).id;

    await page().goto(`/ebox?filter=${encodeURIComponent(JSON.stringify({ name }))}`);
    const row = page().getByRole('row').filter({ hasText: name });
    await see(row);
    await see(row.getByText(say('entities.ebox.enumerators.status.offline')));
    await screenshot(page(), 'lockers/ebox-list');

    await page().goto('/ebox/new');
    const form = page().getByTestId('ebox-form-page');
    await see(form.getByLabel(say('entities.ebox.fields.boardNumber'), { exact: true }));
    await seeNo(form.getByText(say('entities.ebox.fields.lastHeartBeat'), { exact: true }));
    await seeNo(form.getByText(say('entities.ebox.fields.applicationVersion'), { exact: true }));
    await screenshot(page(), 'lockers/ebox-form');

    // The same model twice, left to right: one picker per column.
    await page().goto(`/ebox/${lockerId}/edit`);
    const modules = page().getByTestId('ebox-module-list');
    await expect.poll(() => modules.getByText(`Coluna ${suffix}`, { exact: true }).count()).toBe(2);
    await screenshot(page(), 'lockers/ebox-edit-modules');
  });

  test('generating compartments warns first, then fills the locker with numbered compartments', async () => {
    await page().goto(`/ebox/${lockerId}`);
    await see(page().getByTestId('locker-occupancy'));
    const dialog = await openDialog(page(), page().getByTestId('ebox-generate'));
    await see(dialog.getByText(say('entities.ebox.generate.warning')));
    await screenshot(page(), 'lockers/ebox-generate-warning');
    await dialog.getByTestId('confirm-generate').click();
    await seeToast(page(), say('entities.ebox.generate.success', { count: 6 }));
    await settleDialogs(page());
    const compartments = page().getByTestId('ebox-compartiment-list');
    await expect.poll(() => compartments.locator('tbody tr.ant-table-row').count()).toBe(6);
    const total = page()
      .getByTestId('locker-occupancy')
      .getByRole('row')
      .filter({ hasText: say('lockerLive.occupancy.total') });
    await see(total.getByRole('cell', { name: '6', exact: true }));
    await screenshot(page(), 'lockers/ebox-view');
  });

  test('a cluster shows its lockers and their compartments by size', async () => {
    const api = await asOwner();
    const cluster = await api<{ id: string }>('POST', '/cluster', {
      data: { name: `Cluster ${suffix}`, sequence: 'A', operationType: 'RANGE' },
    });
    await api('POST', '/clusterEbox', {
      data: { cluster: cluster.id, ebox: lockerId, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true },
    });
    await page().goto(`/cluster/${cluster.id}`);
    const status = page().getByTestId('cluster-status');
    await see(
      status
        .getByRole('row')
        .filter({ hasText: `P${suffix.slice(-4)}` })
        .getByText('6')
        .first(),
    );
    await see(page().getByTestId('cluster-ebox-list').getByText(name));
    await screenshot(page(), 'lockers/cluster-view');
  });

  test('clone opens a new form filled from the locker, without its code', async () => {
    await page().goto(`/ebox/${lockerId}`);
    await button(page(), say('entities.ebox.clone.action')).click();
    const form = page().getByTestId('ebox-clone-page');
    await see(form);
    await expect.poll(() => form.getByLabel(say('entities.ebox.fields.name'), { exact: true }).inputValue()).toBe(`${name} (2)`);
    await expect.poll(() => form.getByLabel(say('entities.ebox.fields.code'), { exact: true }).inputValue()).toBe('');
    await expect.poll(() => form.getByLabel(say('entities.ebox.fields.city'), { exact: true }).inputValue()).toBe('Rio de Janeiro');
    await screenshot(page(), 'lockers/ebox-clone');
  });
});

describe('the locker list at 1366 px', () => {
  test('no code, status or date cell is cut, in either language', async () => {
    const api = await asOwner();
    const suffix = uniqueSuffix().toUpperCase();
    // As long as a demo code (RJ-LGMACHADO-01), heard from once and refused its relay mapping: the
    // terminal link writes those columns, so they are set here as it would.
    const locker = await api<{ id: string }>('POST', '/ebox', {
      data: {
        name: `Armário Largo do Machado ${suffix}`,
        code: `RJ-${suffix.slice(-12)}`,
        enable: true,
        city: 'Rio de Janeiro',
        state: 'RJ',
      },
    });
    const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
    await client.connect();
    try {
      await client.query(
        `UPDATE ebox SET last_heart_beat = now() - interval '3 days', config_status = 'refused', config_error = 'INVALID_CONFIG' WHERE id = $1`,
        [locker.id],
      );
    } finally {
      await client.end();
    }
    for (const language of ['pt-BR', 'en'] as Language[]) {
      const say = (key: string) => text(language, key);
      const { page } = await ownerPage(browser(), { language, viewport: { width: 1366, height: 800 } });
      try {
        // The demo lockers and this one: every code starts RJ-.
        await page.goto(`/ebox?filter=${encodeURIComponent(JSON.stringify({ code: 'RJ-' }))}`);
        const list = page.getByTestId('ebox-list');
        await see(list.getByRole('row').filter({ hasText: `RJ-${suffix.slice(-12)}` }));
        await see(list.getByRole('row').filter({ hasText: 'RJ-LGMACHADO-01' }));
        const columns = ['code', 'status', 'configStatus', 'lastHeartBeat'].map((field) => say(`entities.ebox.fields.${field}`));
        expect(await cutCells(page, 'ebox-list', columns)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(1366);
        await screenshot(page, `lockers/ebox-list-1366-${language}`, { fullPage: false });
      } finally {
        await page.context().close();
      }
    }
  });
});
