import {
  addMessageFormats,
  DEFAULT_LANGUAGE,
  type Dictionary,
  dictionaryOf,
  LANGUAGES,
  type Language,
  registerDictionary,
} from '@ebox/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, getToken, storeLanguage } from './api-client';

export const i18n = i18next.createInstance();

/**
 * Each language's dictionary is its own chunk: the console loads the one it shows (about half of
 * the messages' weight on the first screen) and the other only when the user switches to it.
 * A visitor without a session gets the public screens' areas only (sign-in, sign-up, passwords,
 * errors: a quarter of the weight); the whole dictionary comes with the signed-in console
 * (loadConsoleMessages), at once when a session is stored, but for the forms' field hints, which
 * come with the form (kit/form/form-hints.ts).
 */
const DICTIONARIES: Record<Language, () => Promise<{ default: Dictionary }>> = {
  'pt-BR': () => import('virtual:ebox-messages/console/pt-BR'),
  en: () => import('virtual:ebox-messages/console/en'),
};

const PUBLIC_DICTIONARIES: Record<Language, () => Promise<{ default: Dictionary }>> = {
  'pt-BR': () => import('virtual:ebox-messages/public/pt-BR'),
  en: () => import('virtual:ebox-messages/public/en'),
};

/** Whether the console's messages (every area) are wanted, not only the public screens'. */
let consoleMessages = getToken() !== null;
const whole = new Set<Language>();

async function loadDictionary(language: Language): Promise<void> {
  if (whole.has(language)) return;
  if (!consoleMessages && i18n.hasResourceBundle(language, 'translation')) return;
  const dictionary = (await (consoleMessages ? DICTIONARIES : PUBLIC_DICTIONARIES)[language]()).default;
  if (consoleMessages) whole.add(language);
  registerDictionary(language, dictionary);
  i18n.addResourceBundle(language, 'translation', dictionary, true, true);
}

/**
 * Messages a lazily loaded feature brings with it (its chunk, not the console's dictionary), in
 * both languages, merged into whatever is loaded already: a screen of the feature renders after
 * its module, so its words are there from the first paint, and a later language switch keeps them.
 */
export function addFeatureMessages(byLanguage: Record<Language, Dictionary[]>): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', dictionaryOf(byLanguage[language]), true, true);
}

/** The whole dictionary of the language shown: the private layout's route waits for it (router.tsx). */
export function loadConsoleMessages(): Promise<void> {
  consoleMessages = true;
  return loadDictionary(currentLanguage());
}

const initialLanguage = getStoredLanguage();

i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
addMessageFormats(i18n);
document.documentElement.lang = initialLanguage;

/** Resolves once the interface language's messages are in: the console renders after it. */
export const i18nReady: Promise<void> = loadDictionary(initialLanguage);

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'pt-BR';
}

/**
 * Keeps the choice in local storage (the API client sends it as Accept-Language); dayjs follows
 * the language from format.ts, which the screens with dates load.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await loadDictionary(language);
  storeLanguage(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
