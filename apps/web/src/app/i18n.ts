import { DEFAULT_LANGUAGE, i18nResources, LANGUAGES, type Language } from '@ebox/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, storeLanguage } from './api-client';
import { applyDayjsLocale } from './format';

export const i18n = i18next.createInstance();

const initialLanguage = getStoredLanguage();

i18n.use(initReactI18next).init({
  resources: i18nResources,
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
applyDayjsLocale(initialLanguage);
document.documentElement.lang = initialLanguage;

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'pt-BR';
}

/** Keeps the choice in local storage (the API client sends it as Accept-Language) and switches dayjs with it. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  applyDayjsLocale(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
