import type { Page } from 'playwright-core';

/**
 * The cells of the named columns of a list (by its data-testid) whose content is wider than the
 * cell, so cut, as "column: text"; a column missing from the table is named too. Issue 29: a
 * record's code, a status and a date are never cut at 1366 px.
 */
export function cutCells(page: Page, listTestId: string, titles: string[]): Promise<string[]> {
  return page.evaluate(
    ({ testId, wanted }) => {
      const table = document.querySelector(`[data-testid="${testId}"] table`);
      if (!table) return ['no table'];
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const cut: string[] = [];
      for (const title of wanted) {
        const index = headers.indexOf(title);
        if (index < 0) {
          cut.push(`${title}: no such column`);
          continue;
        }
        for (const row of table.querySelectorAll('tbody tr.ant-table-row')) {
          const cell = (row as HTMLTableRowElement).cells[index];
          if (cell && cell.scrollWidth > cell.clientWidth) cut.push(`${title}: ${cell.textContent}`);
        }
      }
      return cut;
    },
    { testId: listTestId, wanted: titles },
  );
}
