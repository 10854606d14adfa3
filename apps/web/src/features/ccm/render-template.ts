/**
 * Renders a parsed handlebars template the way the API's `Handlebars.compile(source, {strict: false,
 * knownHelpersOnly: true})` does, without compiling it: handlebars' compiler builds a JavaScript
 * function with `new Function`, which the console's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') refuses in the browser. The templates the rules accept use only the built-in helpers
 * (if, unless, each, with, lookup, log) and no partial, so walking the tree with handlebars' own
 * semantics (scopes, @data, block params, proto-less lookups) gives the text the API sends.
 */

type PathNode = { type: 'PathExpression'; data: boolean; depth: number; parts: string[]; original: string };
type LiteralNode = { type: 'StringLiteral' | 'NumberLiteral' | 'BooleanLiteral' | 'UndefinedLiteral' | 'NullLiteral'; value: unknown };
type HashNode = { pairs: { key: string; value: ExpressionNode }[] };
type CallNode = { path: ExpressionNode; params: ExpressionNode[]; hash?: HashNode };
type SubExpressionNode = CallNode & { type: 'SubExpression' };
type ExpressionNode = PathNode | LiteralNode | SubExpressionNode;
type MustacheNode = CallNode & { type: 'MustacheStatement'; escaped: boolean };
type BlockNode = CallNode & { type: 'BlockStatement'; program?: ProgramNode; inverse?: ProgramNode };
type StatementNode = MustacheNode | BlockNode | { type: 'ContentStatement'; value: string } | { type: string };
export type ProgramNode = { type: 'Program'; body: StatementNode[]; blockParams?: string[] };

type Data = Record<string, unknown> & { _parent?: Data };
type Scope = { contexts: unknown[]; data: Data; blockParams: Record<string, unknown>[] };
/** `escape`: handlebars' escapeExpression, typed for strings but made for any value (null gives ''). */
type RenderOptions = { escape: (value: string) => string; isEscaped: boolean };
type BlockCall = {
  fn: (context: unknown, options?: { data?: Data; blockParams?: unknown[] }) => string;
  inverse: (context: unknown) => string;
  hash: Record<string, unknown>;
  data: Data;
};

const KNOWN_HELPERS = new Set(['if', 'unless', 'each', 'with', 'lookup', 'log']);

/** Own properties only, as handlebars 4.6+ reads them (prototype access is off on the API). */
function lookupProperty(parent: unknown, name: string): unknown {
  if (parent === null || parent === undefined) return parent;
  const value = (parent as Record<string, unknown>)[name];
  if (value === null || value === undefined) return value;
  return Object.hasOwn(Object(parent), name) ? value : undefined;
}

function lookupParts(start: unknown, parts: string[]): unknown {
  return parts.reduce<unknown>((value, part) => (value === null || value === undefined ? value : lookupProperty(value, part)), start);
}

/** handlebars' Utils.isEmpty: what #if and #with take as nothing. */
function isEmpty(value: unknown): boolean {
  if (!value && value !== 0) return true;
  return Array.isArray(value) && value.length === 0;
}

function isScoped(path: PathNode): boolean {
  return /^\.|this\b/.test(path.original);
}

function resolvePath(path: PathNode, scope: Scope): unknown {
  if (path.data) {
    let data: Data | undefined = scope.data;
    for (let depth = 0; depth < path.depth && data; depth += 1) data = data._parent;
    return lookupParts(data, path.parts);
  }
  const [head, ...rest] = path.parts;
  if (path.depth === 0 && head !== undefined && !isScoped(path)) {
    const holder = scope.blockParams.find((params) => Object.hasOwn(params, head));
    if (holder) return lookupParts(holder[head], rest);
  }
  return lookupParts(scope.contexts[path.depth], path.parts);
}

function helperNameOf(node: CallNode): string | undefined {
  const path = node.path;
  return path.type === 'PathExpression' && !path.data && path.depth === 0 && path.parts.length === 1 && !isScoped(path)
    ? path.parts[0]
    : undefined;
}

function evaluate(node: ExpressionNode, scope: Scope): unknown {
  if (node.type === 'PathExpression') return resolvePath(node, scope);
  if (node.type === 'SubExpression') return callHelper(helperNameOf(node), node, scope);
  return node.value;
}

function hashOf(node: CallNode, scope: Scope): Record<string, unknown> {
  return Object.fromEntries((node.hash?.pairs ?? []).map((pair) => [pair.key, evaluate(pair.value, scope)]));
}

/** lookup and log, the helpers that draw no block. */
function callHelper(name: string | undefined, node: CallNode, scope: Scope): unknown {
  const params = node.params.map((param) => evaluate(param, scope));
  if (name === 'lookup') return params[0] ? lookupProperty(params[0], String(params[1])) : params[0];
  if (name === 'log') return undefined;
  // A block helper written as {{if x}} fails every render (the rules refuse it before).
  if (name !== undefined && KNOWN_HELPERS.has(name)) throw new Error(`${name} needs a block`);
  throw new Error(`unknown helper "${name ?? ''}"`);
}

function createFrame(data: Data): Data {
  return { ...data, _parent: data };
}

function each(context: unknown, call: BlockCall, current: unknown): string {
  const items: [string | number, unknown][] = Array.isArray(context)
    ? context.map((item, index) => [index, item])
    : context && typeof context === 'object' && Symbol.iterator in context
      ? Array.from(context as Iterable<unknown>, (item, index) => [index, item])
      : context && typeof context === 'object'
        ? Object.keys(context).map((key) => [key, (context as Record<string, unknown>)[key]])
        : [];
  if (items.length === 0) return call.inverse(current);
  return items
    .map(([key, item], index) => {
      const data = { ...createFrame(call.data), key, index, first: index === 0, last: index === items.length - 1 };
      return call.fn(item, { data, blockParams: [item, key] });
    })
    .join('');
}

/** The built-in block helpers, and a section whose name is a value (handlebars' blockHelperMissing). */
function runBlock(name: string | undefined, node: BlockNode, scope: Scope, call: BlockCall): string {
  const current = scope.contexts[0];
  const isKnown = name !== undefined && KNOWN_HELPERS.has(name);
  if (!isKnown && (node.params.length > 0 || node.hash)) throw new Error(`unknown helper "${name ?? ''}"`);
  const value = isKnown ? evaluate(node.params[0] as ExpressionNode, scope) : evaluate(node.path, scope);
  switch (isKnown ? name : undefined) {
    case 'if':
    case 'unless': {
      const isFalse = (!call.hash.includeZero && !value) || isEmpty(value);
      return isFalse === (name === 'if') ? call.inverse(current) : call.fn(current);
    }
    case 'with':
      return isEmpty(value) ? call.inverse(current) : call.fn(value, { blockParams: [value] });
    case 'each':
      return each(value, call, current);
    case 'lookup':
    case 'log':
      return '';
    default:
      if (value === true) return call.fn(current);
      if (value === false || value === null || value === undefined) return call.inverse(current);
      if (Array.isArray(value)) return value.length > 0 ? each(value, call, current) : call.inverse(current);
      return call.fn(value);
  }
}

function renderProgram(program: ProgramNode | undefined, context: unknown, scope: Scope, options: RenderOptions): string {
  if (!program) return '';
  const contexts = context === scope.contexts[0] ? scope.contexts : [context, ...scope.contexts];
  const inner: Scope = { ...scope, contexts };
  return program.body.map((statement) => renderStatement(statement, inner, options)).join('');
}

function withBlockParams(program: ProgramNode | undefined, scope: Scope, values: unknown[] | undefined): Scope {
  const names = program?.blockParams;
  if (!names?.length || !values) return scope;
  return { ...scope, blockParams: [Object.fromEntries(names.map((name, index) => [name, values[index]])), ...scope.blockParams] };
}

function renderStatement(statement: StatementNode, scope: Scope, options: RenderOptions): string {
  switch (statement.type) {
    case 'ContentStatement':
      return (statement as { value: string }).value;
    case 'MustacheStatement': {
      const node = statement as MustacheNode;
      const name = helperNameOf(node);
      const isHelper = name !== undefined && (KNOWN_HELPERS.has(name) || node.params.length > 0 || node.hash !== undefined);
      // A literal in a path's place names a property: {{"first name"}}.
      const path = node.path;
      const value = isHelper
        ? callHelper(name, node, scope)
        : path.type === 'PathExpression' || path.type === 'SubExpression'
          ? evaluate(path, scope)
          : lookupProperty(scope.contexts[0], String(path.value));
      if (options.isEscaped && node.escaped) return options.escape(value as string);
      return value === null || value === undefined ? '' : String(value);
    }
    case 'BlockStatement': {
      const node = statement as BlockNode;
      const call: BlockCall = {
        fn: (context, blockOptions = {}) =>
          renderProgram(
            node.program,
            context,
            { ...withBlockParams(node.program, scope, blockOptions.blockParams), data: blockOptions.data ?? scope.data },
            options,
          ),
        inverse: (context) => renderProgram(node.inverse, context, scope, options),
        hash: hashOf(node, scope),
        data: scope.data,
      };
      return runBlock(helperNameOf(node), node, scope, call);
    }
    default:
      // Comments draw nothing; partials and decorators are refused before a template gets here.
      return '';
  }
}

/**
 * The text of a template parsed by `Handlebars.parse` (whose whitespace control has already trimmed
 * the standalone lines), for `values`. `escape` is handlebars' own escapeExpression: `{{x}}` is
 * HTML-escaped when `isEscaped` (a QR-code page), never in a message (the API compiles with noEscape).
 */
export function renderTemplate(program: ProgramNode, values: unknown, options: RenderOptions): string {
  const scope: Scope = { contexts: [values], data: { root: values }, blockParams: [] };
  return renderProgram(program, values, scope, options);
}

/**
 * The paths of the `{{…}}` at the top of a template, in order: WhatsApp sends them as the body's
 * parameters {{1}}, {{2}}… of the template Meta approved (apps/api/src/modules/message/render.ts
 * renderTemplateParameters takes the same ones).
 */
export function parameterPathsOf(program: ProgramNode): string[] {
  return program.body.flatMap((statement) =>
    statement.type === 'MustacheStatement' && (statement as MustacheNode).path.type === 'PathExpression'
      ? [((statement as MustacheNode).path as PathNode).original]
      : [],
  );
}
