/** The languages of the interface; each option shows its own name, never a translation. */
export const LANGUAGES = [
  { code: 'zh-CN', nativeName: '中文' },
  { code: 'en-US', nativeName: 'English' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Where the choice is remembered across restarts. */
export const LANGUAGE_STORAGE_KEY = 'workstation.language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** localStorage when the page may use it; storage can throw (disabled, sandboxed). */
function storage(): KeyValueStorage | undefined {
  try {
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredLanguage(): Language {
  try {
    const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is better than failing the switch itself.
  }
}

/** dayjs names its locales in lower case and without region for English. */
export const dayjsLocaleOf = (language: Language): string => (language === 'zh-CN' ? 'zh-cn' : 'en');
