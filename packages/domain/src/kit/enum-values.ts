import { loadedDictionary } from '../i18n/dictionary';
import { LANGUAGES, type Language } from '../i18n/languages';
import { normalizedKey } from './normalized-key';

/**
 * Enumeration values as people read and write them. A stored value ('carrier', 'STORED') is a key;
 * screens and exports show its translation ('Transportadora' / 'Carrier'), and an import takes back
 * either the key or the label in either language, so a file exported in English imports in a
 * Portuguese console. The translations are entities.<entity>.enumerators.<leaf>.<value>.
 */

type Tree = { [key: string]: string | Tree };

function leafOf(path: string): string {
  return path.split('.').pop() ?? path;
}

function branch(tree: Tree | string | undefined, key: string): Tree | string | undefined {
  return typeof tree === 'object' ? tree[key] : undefined;
}

/** The translation of one enumeration value, or the value itself when none is written. */
export function enumValueLabel(entityName: string, path: string, value: string, language: Language): string {
  let node: Tree | string | undefined = loadedDictionary(language);
  for (const key of ['entities', entityName, 'enumerators', leafOf(path), value]) node = branch(node, key);
  return typeof node === 'string' ? node : value;
}

/**
 * The stored value a person wrote: the key ('carrier', any case) or its label in any language
 * ('Transportadora', 'carrier', 'TRANSPORTADORA'), without regard to case or accents. Undefined
 * when it is none of them (the schema then refuses it with the list of accepted values).
 */
export function parseEnumValue(entityName: string, path: string, options: readonly string[], text: string): string | undefined {
  const wanted = normalizedKey(text);
  if (!wanted) return undefined;
  for (const option of options) {
    if (normalizedKey(option) === wanted) return option;
    if (LANGUAGES.some((language) => normalizedKey(enumValueLabel(entityName, path, option, language)) === wanted)) return option;
  }
  return undefined;
}

/** How an export writes enumeration values: the labels in the reader's language, several joined by commas. */
export function formatEnumValues(entityName: string, path: string, values: readonly string[], language: Language): string {
  return values.map((value) => enumValueLabel(entityName, path, value, language)).join(', ');
}
