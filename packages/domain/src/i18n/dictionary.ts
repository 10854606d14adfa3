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

/**
 * Words only some lazily loaded screens show, by key pattern (`*` is any one key), kept in their area
 * files beside the words every screen needs: each field's hint (an entity's form) and the predefined
 * roles' descriptions (the role and user screens). The browser's console dictionary leaves
 * them out and each screen's chunk brings its part (apps/web/vite.config.ts, messageParts), which
 * keeps the first screen light (issue 8); the server keeps every word.
 */
export const SCREEN_MESSAGE_PARTS = {
  'form-hints': ['entities.*.hints'],
  'role-descriptions': ['roles.predefined.*.description'],
} as const satisfies Record<string, readonly string[]>;

export type ScreenMessagePart = keyof typeof SCREEN_MESSAGE_PARTS;

function takeMatching(source: Dictionary, pattern: readonly string[], taken: Dictionary): void {
  const [head, ...rest] = pattern;
  if (head === undefined) return;
  for (const key of head === '*' ? Object.keys(source) : [head]) {
    const value = source[key];
    if (value === undefined) continue;
    if (rest.length === 0) {
      taken[key] = value;
      delete source[key];
    } else if (typeof value === 'object') {
      const inner: Dictionary = {};
      takeMatching(value, rest, inner);
      if (Object.keys(inner).length) taken[key] = inner;
    }
  }
}

/** A language's dictionary cut into the console's words and each screen's part: merged back, they are the whole. */
export function splitScreenMessages(dictionary: Dictionary): { console: Dictionary; parts: Record<ScreenMessagePart, Dictionary> } {
  const rest = structuredClone(dictionary);
  const parts = {} as Record<ScreenMessagePart, Dictionary>;
  for (const [part, patterns] of Object.entries(SCREEN_MESSAGE_PARTS) as [ScreenMessagePart, readonly string[]][]) {
    const taken: Dictionary = {};
    for (const pattern of patterns) takeMatching(rest, pattern.split('.'), taken);
    parts[part] = taken;
  }
  return { console: rest, parts };
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
