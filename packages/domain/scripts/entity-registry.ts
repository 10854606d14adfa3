/**
 * Writes the registries that follow from the entity declarations, so declaring an entity is writing
 * its declaration and its translations, never a line in a list:
 * - src/entities/declared.ts: DECLARED_ENTITIES, every declaration a file of src/entities exports
 *   under its own name (`export const webhook = defineEntity({ name: 'webhook', … })`); the
 *   platform's declarations are exported under another (`userEntity`, `outboxEntity`) and stay out;
 * - src/entities/permission-nouns.ts: the permission prefix of each (permissions.ts names every
 *   entity's permissions after it; a separate file because permissions.ts must not load the
 *   declarations, which read the permission registry);
 * - src/i18n/<language>/entities/index.ts: every translation file of the folder;
 * - src/i18n/<language>/entity-nouns.ts: each entity's noun, from its translations (label,
 *   labelPlural), for the permission and predefined-role wording. Written as data rather than
 *   derived in the browser: the words cost the signed-in console's dictionary what they did when
 *   written by hand, and no code.
 *
 * Node has no import.meta.glob (and the API's bundle could not follow one), so the lists are
 * written here, by `npm run db:generate -w @ebox/api` (the step every new entity runs for its
 * table) or `npx tsx packages/domain/scripts/entity-registry.ts`; packages/domain/test/entity-registry.test.ts
 * fails while a written list is behind its folder.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Dictionary } from '../src/i18n/dictionary';
import type { EntityDeclaration } from '../src/kit/entity';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
const LANGUAGES = ['en', 'pt-BR'];
/** The written files themselves, beside the declarations they list. */
const GENERATED = new Set(['index.ts', 'declared.ts', 'permission-nouns.ts', 'entity-nouns.ts']);
const HEADER = '// Written by packages/domain/scripts/entity-registry.ts (`npm run db:generate -w @ebox/api`): do not edit.';

export type DeclaredExport = { file: string; exportName: string; declaration: EntityDeclaration };

function isDeclaration(value: unknown): value is EntityDeclaration {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<EntityDeclaration>;
  return typeof candidate.name === 'string' && typeof candidate.table === 'string' && typeof candidate.fields === 'object';
}

function moduleNamesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !GENERATED.has(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

function camelCaseOf(kebab: string): string {
  return kebab.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The declarations the files of `dir` export under their own names, in file order. */
export async function declaredExportsIn(dir: string): Promise<DeclaredExport[]> {
  const found: DeclaredExport[] = [];
  for (const file of moduleNamesIn(dir)) {
    const module: Record<string, unknown> = await import(pathToFileURL(path.join(dir, `${file}.ts`)).href);
    for (const [exportName, value] of Object.entries(module)) {
      if (isDeclaration(value) && value.name === exportName) found.push({ file, exportName, declaration: value });
    }
  }
  return found;
}

/** Each entity's permission prefix, once, in declaration order. */
export function permissionNounsOf(declarations: readonly EntityDeclaration[]): string[] {
  return [...new Set(declarations.map((declaration) => declaration.permissionPrefix ?? declaration.name))];
}

function listLines(names: readonly string[], quoted: boolean): string[] {
  return names.map((name) => `  ${quoted ? `'${name}'` : name},`);
}

function declaredSource(found: readonly DeclaredExport[]): string {
  const byFile = new Map<string, string[]>();
  for (const { file, exportName } of found) byFile.set(file, [...(byFile.get(file) ?? []), exportName]);
  return [
    HEADER,
    "import type { EntityDeclaration } from '../kit/entity';",
    ...[...byFile].map(([file, names]) => `import { ${names.join(', ')} } from './${file}';`),
    '',
    '/** Every declaration a file of this folder exports under its own name (see entities/index.ts). */',
    'export const DECLARED_ENTITIES = {',
    ...listLines(
      found.map((entry) => entry.exportName),
      false,
    ),
    '} satisfies Record<string, EntityDeclaration>;',
    '',
  ].join('\n');
}

function permissionNounsSource(nouns: readonly string[]): string {
  return [
    HEADER,
    '',
    "/** Each declared entity's permission prefix: its name, or the one it borrows (`permissionPrefix`). */",
    'export const ENTITY_PERMISSION_NOUNS = [',
    ...listLines(nouns, true),
    '] as const;',
    '',
  ].join('\n');
}

function translationsIndexSource(files: readonly string[]): string {
  const names = files.map(camelCaseOf);
  return [
    HEADER,
    ...files.map((file, index) => `import ${names[index]} from './${file}';`),
    '',
    '/** One area per translated entity: entities.<name>.{menu,label,labelPlural,fields,enumerators,hints,...}. */',
    'export const entityAreas = [',
    ...listLines(names, false),
    '];',
    '',
  ].join('\n');
}

/** An entity's noun as the wording uses it: [singular ("Webhook"), plural ("Webhooks"; inSentence reads it mid-sentence)]. */
export type EntityNoun = [singular: string, plural: string];

/** The nouns of the entities named in `nouns` that translation areas word (label, labelPlural). */
export function entityNounsOf(areas: readonly Dictionary[], nouns: readonly string[]): Record<string, EntityNoun> {
  const found: Record<string, EntityNoun> = {};
  for (const area of areas) {
    const entities = area.entities;
    if (typeof entities !== 'object') continue;
    for (const [name, entry] of Object.entries(entities)) {
      if (!nouns.includes(name) || typeof entry !== 'object') continue;
      if (typeof entry.label === 'string' && typeof entry.labelPlural === 'string') found[name] = [entry.label, entry.labelPlural];
    }
  }
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** The translation areas the files of `dir` export (their default export). */
async function translationAreasIn(dir: string): Promise<Dictionary[]> {
  const areas: Dictionary[] = [];
  for (const file of moduleNamesIn(dir)) areas.push((await import(pathToFileURL(path.join(dir, `${file}.ts`)).href)).default);
  return areas;
}

function entityNounsSource(nouns: Record<string, EntityNoun>): string {
  return [
    HEADER,
    '',
    "/** Each entity's noun from its translations: [singular, plural] (permissions.ts, predefined-roles.ts). */",
    'export const ENTITY_NOUNS: Record<string, [singular: string, plural: string]> = {',
    ...Object.entries(nouns).map(([name, words]) => `  ${name}: [${words.map((word) => `'${word.replaceAll("'", "\\'")}'`).join(', ')}],`),
    '};',
    '',
  ].join('\n');
}

/** The written files (path under src, contents) for the declarations and translations on disk. */
export async function entityRegistryFiles(): Promise<Record<string, string>> {
  const found = await declaredExportsIn(path.join(SRC, 'entities'));
  const nouns = permissionNounsOf(found.map((entry) => entry.declaration));
  const files: Record<string, string> = {
    'entities/declared.ts': declaredSource(found),
    'entities/permission-nouns.ts': permissionNounsSource(nouns),
  };
  for (const language of LANGUAGES) {
    const translations = path.join(SRC, 'i18n', language, 'entities');
    files[`i18n/${language}/entities/index.ts`] = translationsIndexSource(moduleNamesIn(translations));
    files[`i18n/${language}/entity-nouns.ts`] = entityNounsSource(entityNounsOf(await translationAreasIn(translations), nouns));
  }
  return files;
}

export function pathInSource(file: string): string {
  return path.join(SRC, file);
}

export async function writeEntityRegistry(): Promise<void> {
  for (const [file, contents] of Object.entries(await entityRegistryFiles())) writeFileSync(pathInSource(file), contents);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await writeEntityRegistry();
