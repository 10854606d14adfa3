import pg from 'pg';
import { describe, inject, test } from 'vitest';
import { ownerPage, screenshot, see, setUpBrowser, text, uniqueSuffix } from './support/browser';

/**
 * Issue 9, item 1 on screen: a large filtered total reads "more than 10,000 records" and a button
 * asks for the exact figure.
 */

const browser = setUpBrowser();

describe('a capped list total', () => {
  test('reads "mais de 10.000 registros" and counts all on request, in both languages', async () => {
    const name = `Contagem ${uniqueSuffix()}`;
    const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
    await client.connect();
    try {
      await client.query(`INSERT INTO customer (name) SELECT $1 || ' ' || i FROM generate_series(1, 10001) AS i`, [name]);
    } finally {
      await client.end();
    }
    const filter = encodeURIComponent(JSON.stringify({ name }));
    for (const [language, viewport] of [
      ['pt-BR', { width: 1366, height: 800 }],
      ['en', { width: 390, height: 844 }],
    ] as const) {
      const { context, page } = await ownerPage(browser(), { language, viewport });
      try {
        await page.goto(`/customer?filter=${filter}`);
        await see(
          page.getByText(text(language, 'kit.list.totalMoreThan', { total: language === 'en' ? '10,000' : '10.000' }), { exact: true }),
        );
        await screenshot(page, `list-total-capped-${language}-${viewport.width}`);
        await page.getByTestId('list-count-all').click();
        await see(page.getByText(text(language, 'kit.list.total', { count: 10001 }), { exact: true }));
        await screenshot(page, `list-total-exact-${language}-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  });
});
