import { Type, type Static } from 'typebox';
import { defineRoute } from './route';

/** Mobile numbers in international form: optional +, 6 to 15 digits (E.164 length). */
export const Mobile = Type.String({ pattern: '^\\+?[1-9][0-9]{5,14}$', minLength: 6, maxLength: 16 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });
export const SmsCode = Type.String({ pattern: '^[0-9]{6}$' });
export const UserName = Type.String({ minLength: 1, maxLength: 64 });

/** What an SMS code may be used for. */
export const CodeType = Type.Union([
  Type.Literal('register'),
  Type.Literal('login'),
  Type.Literal('forget'),
]);
export type CodeType = Static<typeof CodeType>;

/** The token convention: the client sends the header `<tokenName>: <tokenValue>`. */
export const LoginResult = Type.Object({
  tokenName: Type.String(),
  tokenValue: Type.String(),
});
export type LoginResult = Static<typeof LoginResult>;

export const UserInfo = Type.Object({
  id: Type.Integer(),
  mobile: Type.String(),
  name: Type.String(),
  currentTeamId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer({ description: 'epoch milliseconds' }),
});
export type UserInfo = Static<typeof UserInfo>;

export const RegisterBody = Type.Object(
  { mobile: Mobile, code: SmsCode, password: Password, name: Type.Optional(UserName) },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** Log in with the password or with an SMS code of type `login`: exactly one of the two. */
export const LoginBody = Type.Union([
  Type.Object({ mobile: Mobile, password: Password }, { additionalProperties: false }),
  Type.Object({ mobile: Mobile, code: SmsCode }, { additionalProperties: false }),
]);
export type LoginBody = Static<typeof LoginBody>;

export const SmsSendBody = Type.Object(
  { mobile: Mobile, codeType: CodeType },
  { additionalProperties: false },
);
export type SmsSendBody = Static<typeof SmsSendBody>;

export const userRoutes = {
  register: defineRoute({
    method: 'POST', path: '/user/register', tag: 'User', auth: false,
    summary: 'Create an account with a mobile number, an SMS code of type register and a password; logs in.',
    body: RegisterBody, data: LoginResult,
  }),
  loginMobile: defineRoute({
    method: 'POST', path: '/user/login/mobile', tag: 'User', auth: false,
    summary: 'Log in by mobile number with a password or an SMS code of type login.',
    body: LoginBody, data: LoginResult,
  }),
  logout: defineRoute({
    method: 'POST', path: '/user/logout', tag: 'User', auth: true,
    summary: 'End this device\'s session; other devices stay logged in.',
    data: Type.Null(),
  }),
  isLogin: defineRoute({
    method: 'POST', path: '/user/isLogin', tag: 'User', auth: false,
    summary: 'Whether the token sent is a live session.',
    data: Type.Object({ isLogin: Type.Boolean() }),
  }),
  info: defineRoute({
    method: 'GET', path: '/user/info', tag: 'User', auth: true,
    summary: 'The logged-in user.',
    data: UserInfo,
  }),
  smsSend: defineRoute({
    method: 'POST', path: '/sms/send', tag: 'Sms', auth: false,
    summary: 'Send a 6-digit code to a mobile number for register, login or forget (password reset).',
    body: SmsSendBody, data: Type.Object({ resendAfterSeconds: Type.Integer() }),
  }),
} as const;
