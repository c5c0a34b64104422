import { Mobile, Password, SmsCode, UserName } from '../../../../src-shared/api/user';

/**
 * The client-side checks, read from the server's own schemas (src-shared/api/user.ts) so the
 * two can never disagree; the forms only add translated messages.
 */
interface StringLimits {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

const limits = (schema: object): StringLimits => schema as StringLimits;
const patternOf = (schema: object): RegExp => new RegExp(limits(schema).pattern ?? '');

export const MOBILE_PATTERN = patternOf(Mobile);
export const SMS_CODE_PATTERN = patternOf(SmsCode);
export const PASSWORD_MIN = limits(Password).minLength ?? 8;
export const PASSWORD_MAX = limits(Password).maxLength ?? 128;
export const USER_NAME_MAX = limits(UserName).maxLength ?? 64;

export const isValidMobile = (value: string): boolean => MOBILE_PATTERN.test(value);
export const isValidSmsCode = (value: string): boolean => SMS_CODE_PATTERN.test(value);
export const isValidPassword = (value: string): boolean =>
  value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX;

/** Spaces people type inside a phone number or code ("138 0013 8000") are never part of it. */
export const stripSpaces = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, '') : '');
