import i18next, { type i18n, type TFunction } from 'i18next';
import { areas as enAreas } from './en/index';
import { areas as ptAreas } from './pt-BR/index';

export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

type Tree = { [key: string]: string | Tree };

function mergeDeep(target: Tree, source: Tree): Tree {
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

function merge(areas: Tree[]): Tree {
  return areas.reduce<Tree>((all, area) => mergeDeep(all, area), {});
}

export const messages: Record<Language, Tree> = {
  'pt-BR': merge(ptAreas),
  en: merge(enAreas),
};

export const i18nResources = {
  'pt-BR': { translation: messages['pt-BR'] },
  en: { translation: messages.en },
};

/** Picks a supported language from an Accept-Language header or a stored choice. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

let serverInstance: i18n | undefined;

/** A translator for server-side use (API error messages, emails, exports). */
export function translatorFor(language: Language): TFunction {
  if (!serverInstance) {
    serverInstance = i18next.createInstance();
    serverInstance.init({
      resources: i18nResources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      initAsync: false,
      showSupportNotice: false,
    });
  }
  return serverInstance.getFixedT(language);
}
