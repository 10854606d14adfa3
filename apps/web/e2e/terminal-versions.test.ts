import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { seriousAxeProblems } from './support/axe';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';
import { chooseOption } from './support/controls';
import { asOwner } from './support/users';

/**
 * Issue 31, first part on screen: a terminal UI build is uploaded from its form with a progress bar
 * (PUT straight to the signed URL), registered, listed and shown with the SHA-256 the server
 * computed; versions are listed under the Terminal submenu, newest version number first (1.10.0
 * before 1.9.2); axe finds nothing serious on these screens.
 */

const browser = setUpBrowser();

describe('terminal software screens', () => {
  test('a UI build uploads with its progress bar, then shows in the list and on its page with its SHA-256', async () => {
    const language = 'pt-BR';
    const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
    const api = await asOwner();
    const companyName = `Rede Armários ${uniqueSuffix()}`;
    await api('POST', '/company', { data: { name: companyName, type: 'carrier' } });
    const { page } = await ownerPage(browser(), { language, axe: true });

    // 8 MB: large enough for the bar to move while it goes.
    const build = Buffer.alloc(8 * 1024 * 1024, 7);
    build.write('PK\u0003\u0004', 0, 'latin1');
    const sha256 = createHash('sha256').update(build).digest('hex');
    const identification = `UI ${uniqueSuffix()}`;

    // Tall enough for the company's dropdown to open below its field beside the upload.
    await page.setViewportSize({ width: 1366, height: 1100 });
    await page.goto('/terminalUiVersion/new');
    await page.getByLabel(t('entities.terminalUiVersion.fields.identification'), { exact: true }).fill(identification);
    await page.getByLabel(t('entities.terminalUiVersion.fields.description'), { exact: true }).fill('Nova tela de retirada');
    await chooseOption(page, t('entities.terminalUiVersion.fields.company'), companyName);
    await page.getByTestId('ui-build-upload').locator('input[type=file]').setInputFiles({
      name: 'ui-build.zip',
      mimeType: 'application/zip',
      buffer: build,
    });
    const progress = page.getByTestId('ui-build-progress');
    await see(progress);
    await see(page.getByTestId('ui-build-done').getByText(t('entities.terminalUiVersion.upload.done', { name: 'ui-build.zip' })));
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('100');
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-31/terminal-ui-version-uploaded');

    await page.getByRole('button', { name: t('kit.actions.save') }).click();
    await page.waitForURL((url) => url.pathname === '/terminalUiVersion');
    await see(page.getByRole('cell', { name: identification }));
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-31/terminal-ui-version-list');

    const { rows } = await api<{ rows: { id: string; sha256: string; sizeInBytes: number }[] }>(
      'GET',
      `/terminalUiVersion?filter[identification]=${encodeURIComponent(identification)}`,
    );
    expect(rows[0]?.sha256).toBe(sha256);
    await page.goto(`/terminalUiVersion/${rows[0]?.id}`);
    await see(page.getByText(sha256));
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-31/terminal-ui-version-view');
  });

  test('versions sit in the Terminal submenu, listed by version number, and an edit returns to the version', async () => {
    const language = 'en';
    const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
    const api = await asOwner();
    const company = await api<{ id: string }>('POST', '/company', { data: { name: `Lockers ${uniqueSuffix()}`, type: 'carrier' } });
    const tag = uniqueSuffix();
    for (const versionNumber of ['1.9.2', '1.10.0']) {
      await api('POST', '/versions', {
        data: {
          identification: `App ${tag} ${versionNumber}`,
          description: 'Terminal app',
          company: company.id,
          versionNumber,
          osApplication: 'linux',
        },
      });
    }
    const { page } = await ownerPage(browser(), { language, axe: true });
    await page.goto('/');
    await page.getByRole('menuitem', { name: t('layout.menu.terminal') }).click();
    // Its words exactly: "Fleet versions" sits in the same submenu.
    await page
      .getByRole('menuitem')
      .filter({ has: page.getByText(t('entities.version.menu'), { exact: true }) })
      .click();
    await page.waitForURL((url) => url.pathname === '/versions');
    await page.goto(`/versions?filter[identification]=${encodeURIComponent(`App ${tag}`)}`);
    const first = page.getByRole('row').filter({ hasText: `App ${tag}` });
    await expect
      .poll(async () => (await first.allTextContents()).map((row) => (row.includes('1.10.0') ? '1.10.0' : '1.9.2')))
      .toEqual(['1.10.0', '1.9.2']);
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-31/versions-list');

    const { rows } = await api<{ rows: { id: string }[] }>(
      'GET',
      `/versions?filter[identification]=${encodeURIComponent(`App ${tag} 1.9.2`)}`,
    );
    const id = rows[0]?.id;
    await page.goto(`/versions/${id}/edit`);
    await page.getByLabel(t('entities.version.fields.versionNumber'), { exact: true }).fill('1.9.3');
    await page.getByRole('button', { name: t('kit.actions.save') }).click();
    await page.waitForURL((url) => url.pathname === `/versions/${id}`);
    await see(page.getByText('1.9.3'));
    expect(await seriousAxeProblems(page)).toEqual([]);
    await screenshot(page, 'issue-31/version-view');
  });
});
