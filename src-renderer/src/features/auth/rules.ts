import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX, isValidMobile, isValidPassword, isValidSmsCode } from './validation';
import { textRule } from '../../app/textRule';

/** antd Form rules with translated messages; built per render so a language switch applies. */
const check = (ok: (value: string) => boolean, message: string): FormRule => ({
  validator: (_rule, value: unknown) =>
    typeof value !== 'string' || value === '' || ok(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

export const mobileRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('validation.mobileRequired') },
  check(isValidMobile, t('validation.mobileInvalid')),
];

export const codeRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('validation.codeRequired') },
  check(isValidSmsCode, t('validation.codeInvalid')),
];

export const passwordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('validation.passwordRequired') },
  check(isValidPassword, t('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX })),
];

/** The confirmation must equal the `password` field of the same form. */
export const passwordConfirmRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('validation.passwordConfirmRequired') },
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || getFieldValue('password') === value
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.passwordMismatch'))),
  }),
];

export const nameRules = (t: TFunction): FormRule[] => [
  { max: USER_NAME_MAX, message: t('validation.nameTooLong', { max: USER_NAME_MAX }) },
  textRule(t),
];
