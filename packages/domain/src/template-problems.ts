import { describeHandlebarsError, type HandlebarsProblem } from './entities/qrcode-template';

/*
 * What handlebars would refuse of a template besides a parse error, when compiling or rendering it on
 * the API: the template forms' preview shows it as you type, and the API refuses it on save
 * (modules/message/template-policy.ts). The entity rules (entities/qrcode-template.ts) only check that
 * a template parses, with the light parser every list's first screen carries; this walk over the
 * parsed tree is imported by its own path, so it comes only with the template forms.
 */

/**
 * The helpers a template may call: the API compiles with `knownHelpersOnly`
 * (apps/api/src/modules/message/render.ts), which refuses any other when compiling, although the
 * parser accepts it.
 */
const KNOWN_HELPERS = ['if', 'unless', 'each', 'with', 'lookup', 'log', 'helperMissing', 'blockHelperMissing'];

type AstNode = {
  type?: unknown;
  loc?: { start?: { line?: number } };
  path?: { type?: unknown; original?: unknown; parts?: unknown[] };
  name?: { original?: unknown };
  params?: unknown[];
  hash?: unknown;
};

/** Helpers that throw on every render when not given exactly one value (each: at least one). */
const ONE_ARGUMENT_HELPERS = ['if', 'unless', 'with'];
/** Helpers that draw a block: written as a plain {{if x}} they throw on every render. */
const BLOCK_HELPERS = [...ONE_ARGUMENT_HELPERS, 'each'];

/** What handlebars refuses of a parsed node when compiling or rendering with no helper, partial or decorator of ours. */
function problemOfNode(node: AstNode): string | undefined {
  const isStatement = node.type === 'MustacheStatement' || node.type === 'BlockStatement';
  // A helper is named by a bare name: `this.if` or `../if` read a value.
  const helper = node.path?.type === 'PathExpression' ? String(node.path.original) : undefined;
  const count = node.params?.length ?? 0;
  if (isStatement && helper && ONE_ARGUMENT_HELPERS.includes(helper) && count !== 1) return `#${helper} requires exactly one argument`;
  if (isStatement && helper === 'each' && count === 0) return 'Must pass iterator to #each';
  if (node.type === 'MustacheStatement' && helper && BLOCK_HELPERS.includes(helper))
    return `${helper} needs a block: {{#${helper} …}}…{{/${helper}}}`;
  const isCall = node.type === 'SubExpression' || (isStatement && (count > 0 || Boolean(node.hash)));
  if (isCall && node.path?.type === 'PathExpression') {
    const called = String(node.path.parts?.[0] ?? node.path.original);
    return KNOWN_HELPERS.includes(called) ? undefined : `unknown helper "${called}"`;
  }
  // A partial block draws its own content when the partial is missing; a plain partial fails to render.
  if (node.type === 'PartialStatement') return `unknown partial "${String(node.name?.original ?? '')}"`;
  if (node.type === 'DecoratorStatement' || node.type === 'DecoratorBlock') return 'decorators are not available';
  return undefined;
}

/** The first node of a parsed template that would not compile or render, depth first (the order of the text). */
function findProblem(node: unknown): HandlebarsProblem | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findProblem(item);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const reason = problemOfNode(node as AstNode);
  if (reason) return { line: (node as AstNode).loc?.start?.line ?? 1, reason };
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || typeof value !== 'object') continue;
    const found = findProblem(value);
    if (found) return found;
  }
  return undefined;
}

/** Why the API could not render this template, with the line, or undefined when it can. */
export function templateProblemOf(source: string, parseTemplate: (text: string) => unknown): HandlebarsProblem | undefined {
  if (source.trim() === '') return undefined;
  try {
    return findProblem(parseTemplate(source));
  } catch (error) {
    return describeHandlebarsError(error);
  }
}
