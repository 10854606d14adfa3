import { sampleMessageValues } from '@ebox/domain';
import { templateProblemOf } from '@ebox/domain/template-problems';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { type ProgramNode, parameterPathsOf, renderTemplate } from '../src/features/ccm/render-template';

/**
 * The console's preview walks the parsed template instead of compiling it (the Content-Security-Policy
 * forbids the compiler's `new Function`): each template here renders to exactly what the API's
 * Handlebars.compile gives for the same values.
 */

const values = {
  ...sampleMessageValues('pt-BR'),
  items: ['a', 'b', 'c'],
  empty: [],
  zero: 0,
  flag: true,
  nested: {
    list: [
      { name: 'x', tags: ['t1', 't2'] },
      { name: 'y', tags: [] },
    ],
  },
  html: '<b>"Olá" & \'tchau\'</b>',
  map: { first: 1, second: 2 },
};

const TEMPLATES = [
  'Olá {{customer.name}}, seu código é {{accessCode}}.',
  '{{#if accessCode}}Código: {{accessCode}}{{else}}sem código{{/if}}',
  '{{#unless missing}}nada{{else}}algo{{/unless}}',
  '{{#if zero}}zero é verdade{{else}}zero é falso{{/if}} {{#if zero includeZero=true}}com includeZero{{/if}}',
  '{{#each items}}{{@index}}:{{this}}{{#if @first}}(primeiro){{/if}}{{#if @last}}(último){{/if}} {{/each}}',
  '{{#each empty}}x{{else}}lista vazia{{/each}}',
  '{{#each map}}{{@key}}={{this}};{{/each}}',
  '{{#each nested.list as |item i|}}{{i}}-{{item.name}}[{{#each item.tags}}{{this}}/{{../name}}/{{@../index}} {{/each}}]{{/each}}',
  '{{#with customer}}{{name}} <{{email}}> da {{../company.name}}{{/with}}',
  '{{#with missing}}x{{else}}sem cliente{{/with}}',
  '{{#customer}}{{name}}{{/customer}} {{#flag}}sim{{/flag}} {{^missing}}faltando{{/missing}} {{#items}}[{{this}}]{{/items}}',
  '{{lookup customer "name"}} {{lookup items 1}} {{#with (lookup nested.list 0)}}{{name}}{{/with}}',
  '{{html}} {{{html}}} {{&html}}',
  '{{! comentário }}{{!-- outro --}}linha',
  'Antes\n{{#if flag}}\n  dentro\n{{/if}}\ndepois   {{~customer.name~}}   fim',
  '{{@root.company.name}} {{#each items}}{{@root.order.trackingCode}}{{/each}}',
  '{{this.customer.name}} {{./accessCode}} {{missing.deep.path}} {{zero}} {{flag}}',
  '{{#if flag}}a{{else if zero}}b{{else}}c{{/if}}{{#if missing}}a{{else if items}}b{{else}}c{{/if}}',
  '{{log "x"}}fim',
  '{{"customer"}}',
];

describe('the preview renders as the API does', () => {
  for (const isHtml of [false, true]) {
    it.each(TEMPLATES)(`${isHtml ? 'an HTML page' : 'a message'}: %s`, (source) => {
      const expected = Handlebars.compile(source, { noEscape: !isHtml, strict: false, knownHelpersOnly: true })(values, {
        allowProtoPropertiesByDefault: false,
        allowProtoMethodsByDefault: false,
      });
      const program = Handlebars.parse(source) as unknown as ProgramNode;
      expect(renderTemplate(program, values, { isEscaped: isHtml, escape: Handlebars.Utils.escapeExpression })).toBe(expected);
    });
  }

  it('reads no property of a prototype', () => {
    const program = Handlebars.parse('{{constructor}}{{customer.__proto__}}{{items.length}}') as unknown as ProgramNode;
    expect(renderTemplate(program, values, { isEscaped: false, escape: String })).toBe('3');
  });

  it("names the top-level variables WhatsApp sends as the template's parameters, in order", () => {
    const program = Handlebars.parse(
      'Olá {{customer.name}}, {{#if accessCode}}{{accessCode}}{{/if}} em {{locker.name}}',
    ) as unknown as ProgramNode;
    expect(parameterPathsOf(program)).toEqual(['customer.name', 'locker.name']);
  });

  it('a template the API cannot compile or render is said so instead of a preview, with its line', () => {
    const parse = (source: string) => Handlebars.parse(source);
    expect(templateProblemOf('Olá\n{{#if}}', parse)).toEqual({ line: 2, reason: "unexpected 'EOF'" });
    expect(templateProblemOf('a\n{{#if x}}\n{{/each}}', parse)).toEqual({ line: 2, reason: "if doesn't match each" });
    expect(templateProblemOf('{{#if}}x{{/if}}', parse)).toEqual({ line: 1, reason: '#if requires exactly one argument' });
    expect(templateProblemOf('\n\n{{if flag}}', parse)).toEqual({ line: 3, reason: 'if needs a block: {{#if …}}…{{/if}}' });
    expect(templateProblemOf('{{upper customer.name}}', parse)).toEqual({ line: 1, reason: 'unknown helper "upper"' });
    expect(templateProblemOf('{{> footer}}', parse)).toEqual({ line: 1, reason: 'unknown partial "footer"' });
    expect(templateProblemOf('{{this.if}} {{#each items}}{{/each}}', parse)).toBeUndefined();
  });
});
