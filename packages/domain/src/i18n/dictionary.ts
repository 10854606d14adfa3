/** A dictionary: nested message keys down to the texts. */
export type Dictionary = { [key: string]: string | Dictionary };

function mergeDeep(target: Dictionary, source: Dictionary): Dictionary {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'object' && value !== null) {
      const current = target[key];
      target[key] = mergeDeep(typeof current === 'object' ? current : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/**
 * One language's dictionary from its area files (i18n/<language>/index.ts `areas`). Apart from
 * index.ts so the browser can build the one language it shows and load the other only when asked.
 */
export function dictionaryOf(areas: Dictionary[]): Dictionary {
  return areas.reduce<Dictionary>((all, area) => mergeDeep(all, area), {});
}

const loaded = new Map<string, Dictionary>();

/**
 * Makes a language's dictionary available to the domain's own lookups (enum labels, import cells):
 * the server registers both languages (i18n/index.ts), the browser each one as it loads it, so
 * naming a lookup does not pull every language into the first screen.
 */
export function registerDictionary(language: string, dictionary: Dictionary): void {
  loaded.set(language, dictionary);
}

/** A registered language's dictionary; undefined until it is loaded. */
export function loadedDictionary(language: string): Dictionary | undefined {
  return loaded.get(language);
}
