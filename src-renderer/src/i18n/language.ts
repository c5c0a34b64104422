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

/** The language the person chose in this browser (only a choice is stored), or null before any. */
export function chosenLanguage(): Language | null {
  try {
    const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export const readStoredLanguage = (): Language => chosenLanguage() ?? DEFAULT_LANGUAGE;

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that the
 * interface has: any Chinese is zh-CN, any English en-US; null when it has none of them.
 */
export function browserLanguage(languages: readonly string[]): Language | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
  }
  return null;
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
