import { parse } from '@handlebars/parser';
import { defineEntity } from '../kit/entity';
import { QRCODE_TEMPLATE_TYPES } from './enums';

/** Why a template does not compile, in handlebars' own words, and the line it names. */
export type HandlebarsProblem = { line: number; reason: string };

/**
 * Handlebars' error as a line and a short reason: a parse error names its line in the text ("Parse
 * error on line 2: … Expecting 'ID', got 'EOF'"), a block error in `lineNumber` ("if doesn't match
 * each - 3:3"). The parser's list of every token it expected says little to a person: past three,
 * only the one it met is kept ("unexpected 'EOF'").
 */
export function describeHandlebarsError(error: unknown): HandlebarsProblem {
  const message = error instanceof Error ? error.message : String(error);
  const numbered = (error as { lineNumber?: unknown }).lineNumber;
  const line = typeof numbered === 'number' ? numbered : Number(/on line (\d+)/.exec(message)?.[1] ?? 1);
  const reason = message
    .slice(message.lastIndexOf('\n') + 1)
    .replace(/ - \d+:\d+$/, '')
    .replace(/^Expecting ('[^']*', ){3,}'[^']*', got /, 'unexpected ');
  return { line, reason };
}

/**
 * Why a template does not parse (empty is left to `required`), or undefined when it does. In the
 * console the parser loads on the first check (src/bundling/handlebars-parser.ts), which lets the
 * text through: the API checks again on save.
 */
export function handlebarsProblemOf(source: unknown): HandlebarsProblem | undefined {
  if (typeof source !== 'string' || source.trim() === '') return undefined;
  try {
    parse(source);
    return undefined;
  } catch (error) {
    return describeHandlebarsError(error);
  }
}

/** True when the text is a handlebars template that compiles (empty is left to `required`). */
export function isCompilableHandlebars(source: unknown): boolean {
  // The parser alone (not the whole compiler) keeps this check light enough for the browser.
  return handlebarsProblemOf(source) === undefined;
}

/** A rule refusing a template field that does not compile, its message saying the line and why. */
export function compilableTemplateRule(path: string, message: string) {
  return {
    message,
    path,
    check: (data: Record<string, unknown>) => isCompilableHandlebars(data[path]),
    values: (data: Record<string, unknown>) => ({ ...handlebarsProblemOf(data[path]) }),
  };
}

/** The page a locker shows with an order's QR code at a given moment of its lifecycle. */
export const qrcodeTemplate = defineEntity({
  name: 'qrcodeTemplate',
  path: 'qrcodeTemplate',
  table: 'qrcode_template',
  labelField: 'type',
  scope: { kind: 'company', field: 'company' },
  fields: {
    type: { type: 'enum', options: QRCODE_TEMPLATE_TYPES, required: true },
    hbsContent: { type: 'text', required: true, max: 100_000, multiline: true },
    company: { type: 'relation', entity: 'company', required: true },
    /** The cluster whose lockers use it (none: every cluster of the company). */
    cluster: { type: 'relation', entity: 'cluster' },
    enable: { type: 'boolean' },
  },
  rules: [compilableTemplateRule('hbsContent', 'entities.qrcodeTemplate.errors.hbsContentInvalid')],
  listColumns: ['type', 'company', 'enable', 'createdAt'],
  filters: ['type', 'company', 'cluster', 'enable', 'createdAt'],
  importColumns: ['type', 'hbsContent', 'company', 'enable'],
});
