import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { MAX_MOBILES, parseMobiles } from './parseMobiles';

/** A list of mobile numbers: at least one, every one well-formed, at most MAX_MOBILES. */
export const mobilesRules = (t: TFunction): FormRule[] => [
  {
    validator: (_rule, value: unknown) => {
      const { valid, invalid } = parseMobiles(typeof value === 'string' ? value : '');
      if (invalid.length) return Promise.reject(new Error(t('team.validation.mobilesInvalid', { mobiles: invalid.slice(0, 5).join(', ') })));
      if (!valid.length) return Promise.reject(new Error(t('team.validation.mobilesRequired')));
      if (valid.length > MAX_MOBILES) return Promise.reject(new Error(t('team.validation.mobilesTooMany', { max: MAX_MOBILES })));
      return Promise.resolve();
    },
  },
];
