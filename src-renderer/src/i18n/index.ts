import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LANGUAGE, LANGUAGES, browserLanguage, chosenLanguage, dayjsLocaleOf, isLanguage, readStoredLanguage, storeLanguage, type Language } from './language';
import { resources } from './resources';

/** Follow the language everywhere it matters outside React: <html lang>, dayjs, title. */
function applyLanguage(lng: string): void {
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  dayjs.locale(dayjsLocaleOf(language));
  document.documentElement.lang = language;
  document.title = i18n.t('app.name');
}

i18n.on('languageChanged', applyLanguage);

// Resources are bundled, so init can finish synchronously: the first render is translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

/** The person's choice (the language switch): shown, and remembered in this browser. */
export function chooseLanguage(language: Language): Promise<unknown> {
  storeLanguage(language);
  return i18n.changeLanguage(language);
}

/**
 * For a page shown before the workstation is reached (the access-key page, issue 31): the
 * browser's own language when the person has not chosen one in this browser, without taking it
 * for a choice. The workstation itself keeps starting in the stored choice or zh-CN.
 */
export function followBrowserLanguage(languages: readonly string[] = navigator.languages): void {
  if (chosenLanguage() !== null) return;
  const wanted = browserLanguage(languages);
  if (wanted && wanted !== i18n.language) void i18n.changeLanguage(wanted);
}

export { i18n };
