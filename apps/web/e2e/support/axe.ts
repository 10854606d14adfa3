import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core on the page as it is now (WCAG 2.1 A and AA plus best practice), for issue 13's check of
 * every route (accessibility.test.ts) and for screens a route walk cannot reach in their full state
 * (an order with its compartment and customer, a live locker).
 */

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Rules of issue 13's "structure" whose impact axe calls moderate: they fail at any impact. */
export const STRUCTURE_RULES = new Set([
  'page-has-heading-one',
  'landmark-one-main',
  'region',
  'document-title',
  'landmark-unique',
  'empty-table-header',
]);
/** AXE_DISABLE_RULES=color-contrast,... switches rules off for a local run (never in the suite). */
const DISABLED_RULES = (process.env.AXE_DISABLE_RULES ?? '')
  .split(',')
  .map((rule) => rule.trim())
  .filter(Boolean);

type AxeNode = { target: unknown[]; failureSummary?: string };
export type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** Every violation axe finds on the page (axe is added to the page on first use). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(
    async ({ tags, disabled }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return results.violations as AxeViolation[];
    },
    { tags: AXE_TAGS, disabled: DISABLED_RULES },
  );
}

/** The violations that fail (serious, critical, or of the structure), each as "rule (impact) help: elements". */
export async function seriousAxeProblems(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || STRUCTURE_RULES.has(violation.id))
    .map((violation) => {
      const targets = violation.nodes.slice(0, 5).map((node) => node.target.join(' '));
      const more = violation.nodes.length > 5 ? ` and ${violation.nodes.length - 5} more` : '';
      return `${violation.id} (${violation.impact}) ${violation.help}: ${targets.join(' | ')}${more}`;
    });
}
