import { enUS } from './en-US';
import { zhCN } from './zh-CN';
import type { Language } from './language';

/** Every locale's texts in i18next's `{ lng: { namespace: texts } }` form. */
export const resources: Record<Language, { translation: typeof zhCN }> = {
  'zh-CN': { translation: zhCN },
  'en-US': { translation: enUS },
};
