import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LANGUAGE, LANGUAGES, dayjsLocaleOf, isLanguage, readStoredLanguage, storeLanguage } from './language';
import { resources } from './resources';

/** Follow the language everywhere it matters outside React: storage, <html lang>, dayjs, title. */
function applyLanguage(lng: string): void {
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  storeLanguage(language);
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

export { i18n };
