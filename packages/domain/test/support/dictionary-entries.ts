import { messages } from '../../src/i18n/index';

type Tree = { [key: string]: string | Tree };

/** A dictionary as 'a.b.c' -> text, so tests compare the two languages key by key. */
function entriesOf(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [k, v] of entriesOf(value, path)) keys.set(k, v);
  }
  return keys;
}

export const pt = entriesOf(messages['pt-BR']);
export const en = entriesOf(messages.en);
