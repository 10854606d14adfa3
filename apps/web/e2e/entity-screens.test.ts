import { ENTITIES, type EntityDeclaration, type Field, type Language, PREDEFINED_ROLES, userEntity } from '@ebox/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, see, setUpBrowser, setUpOwnerPage, text } from './support/browser';
import { visibleRawKeys } from './support/controls';

/**
 * Issue 3: every reference entity's list and form, in both languages, as the demo data fills them.
 * Each page is checked for what a reader would notice (translated column headers and form labels,
 * no raw i18n keys, no raw enum values, rows where rows are expected) and saved as a screenshot
 * for a person to look at. One test per screen, all on one signed-in page per language: each is a
 * few seconds, so a busy machine slows them without running a test out of its budget, and a broken
 * screen fails on its own without hiding the others.
 */

const browser = setUpBrowser();

const REFERENCE_ENTITIES = [
  'customer',
  'product',
  'company',
  'warehouse',
  'group',
  'building',
  'compartimentLayout',
  'eboxModule',
  'webhook',
  'ccm',
  'qrcodeTemplate',
  'iam',
  'role',
] as const;

/** Issue 32: the bots' forms, drawn by the kit (their lists have no demo rows yet); issue 33: the address book's. */
const FORM_ONLY_ENTITIES = ['bot', 'botFlow', 'address'] as const;

/** Screens the kit draws from the declaration alone; iam and role have forms of their own. */
const KIT_FORMS = new Set<string>([...REFERENCE_ENTITIES.filter((name) => name !== 'iam' && name !== 'role'), ...FORM_ONLY_ENTITIES]);

function declarationOf(name: string): EntityDeclaration {
  const entity = name === 'iam' ? userEntity : ENTITIES[name];
  if (!entity) throw new Error(`no declaration ${name}`);
  return entity;
}

function leafOf(path: string): string {
  return path.split('.').pop() ?? path;
}

/** The label the console must show for a field: the entity's own translation, or the shared one of id and timestamps. */
function fieldLabelIn(language: Language, entity: EntityDeclaration, path: string): string {
  try {
    return text(language, `entities.${entity.name}.fields.${leafOf(path)}`);
  } catch {
    return text(language, `resource.fields.${leafOf(path)}`);
  }
}

function fieldAt(entity: EntityDeclaration, path: string): Field | undefined {
  const [head, ...rest] = path.split('.');
  let field: Field | undefined = entity.fields[head ?? ''];
  for (const part of rest) field = field?.type === 'object' ? field.fields[part] : undefined;
  return field;
}

/** Enum values the list shows translated; seeing the raw value in a cell means a missing translation. */
function rawEnumValues(language: Language, entity: EntityDeclaration): string[] {
  const raw: string[] = [];
  for (const path of entity.listColumns) {
    const field = fieldAt(entity, path);
    if (field?.type !== 'enum') continue;
    for (const option of field.options) {
      let label: string | undefined;
      try {
        label = text(language, `entities.${entity.name}.enumerators.${leafOf(path)}.${option}`);
      } catch {
        label = undefined;
      }
      if (label !== option) raw.push(option);
    }
  }
  return raw;
}

/** The form's visible labels (nested object fields show their leaves). */
function formLabelsOf(language: Language, entity: EntityDeclaration): string[] {
  const labels: string[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly || field.hideInForm) continue;
    if (field.type === 'object') {
      for (const inner of Object.keys(field.fields)) labels.push(fieldLabelIn(language, entity, `${name}.${inner}`));
    } else labels.push(fieldLabelIn(language, entity, name));
  }
  return labels;
}

async function checkList(page: Page, language: Language, name: string): Promise<void> {
  const entity = declarationOf(name);
  await page.goto(`/${entity.path}`);
  // The demo data (and the predefined roles, the owner) give every list rows.
  await see(page.locator('.ant-table-row'));
  const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((header) => header.trim());
  for (const column of entity.listColumns) expect(headers, `header of ${column}`).toContain(fieldLabelIn(language, entity, column));
  const cells = (await page.locator('.ant-table-row td').allInnerTexts())
    .flatMap((cell) => cell.split(/,\s*|\n/))
    .map((cell) => cell.trim());
  // Predefined roles are stored by identifier ('customerViewer'); lists show their translated names.
  const raw = [...rawEnumValues(language, entity), ...(name === 'role' || name === 'iam' ? Object.keys(PREDEFINED_ROLES) : [])];
  expect(
    cells.filter((cell) => raw.includes(cell)),
    'raw enum values or role identifiers in cells',
  ).toEqual([]);
  expect(await visibleRawKeys(page), 'untranslated keys').toEqual([]);
  await screenshot(page, `issue3-${name}-list-${language}`);
}

async function checkForm(page: Page, language: Language, name: string, width?: number): Promise<void> {
  const entity = declarationOf(name);
  await page.goto(`/${entity.path}/new`);
  await see(page.getByRole('button', { name: text(language, 'kit.actions.save') }));
  if (width) {
    // On a phone the form is one column that fits: nothing to scroll sideways, no field cut.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(width);
    expect(await visibleRawKeys(page), 'untranslated keys').toEqual([]);
    await screenshot(page, `issue8-${name}-form-${width}-${language}`);
    return;
  }
  if (KIT_FORMS.has(name)) {
    const labels = (await page.locator('.ant-form-item-label label').allInnerTexts()).map((label) => label.trim());
    for (const label of formLabelsOf(language, entity)) expect(labels, 'form label').toContain(label);
  }
  expect(await visibleRawKeys(page), 'untranslated keys').toEqual([]);
  await screenshot(page, `issue3-${name}-form-${language}`);
}

describe.each(['pt-BR', 'en'] as const)('issue 3: the reference entities’ lists and forms in %s', (language) => {
  const page = setUpOwnerPage(browser, { language });
  for (const name of REFERENCE_ENTITIES) {
    test(`the ${name} list reads right in ${language}`, () => checkList(page(), language, name));
    test(`the ${name} form reads right in ${language}`, () => checkForm(page(), language, name));
  }
  for (const name of FORM_ONLY_ENTITIES) {
    test(`the ${name} form reads right in ${language}`, () => checkForm(page(), language, name));
  }
});

describe.each(['pt-BR', 'en'] as const)('issue 8: every form fits a phone in %s', (language) => {
  const page = setUpOwnerPage(browser, { language, viewport: { width: 390, height: 844 } });
  for (const name of REFERENCE_ENTITIES) {
    test(`the ${name} form fits 390 px in ${language}`, () => checkForm(page(), language, name, 390));
  }
});
