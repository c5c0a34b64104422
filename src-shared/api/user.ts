import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { NameText } from '../model/textFields';
import { AVATAR_KEY_PATTERN } from '../model/avatar';
import { SignedUrl } from './obs';

/** Mobile numbers in international form: optional +, 6 to 15 digits (E.164 length). */
export const Mobile = Type.String({ pattern: '^\\+?[1-9][0-9]{5,14}$', minLength: 6, maxLength: 16 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });
export const SmsCode = Type.String({ pattern: '^[0-9]{6}$' });
/**
 * The token a device got when it signed in (LoginResult.deviceToken). Sent with later sign-ins
 * and SMS requests for the same number, it gives the device guess and SMS budgets of its own,
 * so a stranger's failures do not lock the owner out. It is no session: it opens nothing.
 */
export const DeviceToken = Type.String({ minLength: 20, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
export const UserName = NameText(64);
/** An avatar: the key of an image the user uploaded to `user/<me>/avatar/` (src-shared/model/avatar.ts); web addresses are refused. */
export const Avatar = Type.String({ minLength: 1, maxLength: 512, pattern: AVATAR_KEY_PATTERN });

/** A row id as docs/api-conventions.md defines it (a positive 32-bit integer). */

/** Every team role, the owner included (src-shared/model/permissions.ts TEAM_ROLES). */
export const TeamRoleSchema = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('manager'),
  Type.Literal('reviewer'),
  Type.Literal('annotator'),
]);

/** The roles a member may be given; ownership moves only by transfer. */
export const AssignableRoleSchema = Type.Union([
  Type.Literal('admin'),
  Type.Literal('manager'),
  Type.Literal('reviewer'),
  Type.Literal('annotator'),
]);
export type AssignableRole = Static<typeof AssignableRoleSchema>;

/** What an SMS code may be used for. */
export const CodeType = Type.Union([
  Type.Literal('register'),
  Type.Literal('login'),
  Type.Literal('forget'),
]);
export type CodeType = Static<typeof CodeType>;

/** The token convention: the client sends the header `<tokenName>: <tokenValue>`; `deviceToken` is for this device to keep for this number. */
export const LoginResult = Type.Object({
  tokenName: Type.String(),
  tokenValue: Type.String(),
  deviceToken: DeviceToken,
});
export type LoginResult = Static<typeof LoginResult>;

export const UserInfo = Type.Object({
  id: Type.Integer(),
  mobile: Type.String(),
  name: Type.String(),
  currentTeamId: Type.Union([Type.Integer(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer({ description: 'epoch milliseconds' }),
});
export type UserInfo = Static<typeof UserInfo>;

/** A member of a team as member lists show them, with the team's groups they are in. */
export const TeamMember = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  mobile: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  role: TeamRoleSchema,
  joinedAt: Type.Integer(),
  groups: Type.Array(Type.Object({ groupId: Type.Integer(), name: Type.String() })),
});
export type TeamMember = Static<typeof TeamMember>;

/** Own profile edit; `avatar: null` removes the avatar. */
export const UserInfoUpdateBody = Type.Object(
  { name: Type.Optional(UserName), avatar: Type.Optional(Type.Union([Avatar, Type.Null()])) },
  { additionalProperties: false, minProperties: 1 },
);
export type UserInfoUpdateBody = Static<typeof UserInfoUpdateBody>;

/** Change the own password, proving the old one. */
export const PasswordChangeBody = Type.Object(
  { oldPassword: Password, newPassword: Password },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

/** Reset a forgotten password with an SMS code of type forget. */
export const PasswordForgetBody = Type.Object(
  { mobile: Mobile, code: SmsCode, newPassword: Password },
  { additionalProperties: false },
);
export type PasswordForgetBody = Static<typeof PasswordForgetBody>;

/** The number to look up. */
export const UserCheckQuery = Type.Object({ mobile: Mobile }, { additionalProperties: false });
export type UserCheckQuery = Static<typeof UserCheckQuery>;

/** Paging of the current team's member list. */
export const MemberListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type MemberListQuery = Static<typeof MemberListQuery>;

export const RegisterBody = Type.Object(
  { mobile: Mobile, code: SmsCode, password: Password, name: Type.Optional(UserName) },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** Log in with the password or with an SMS code of type `login`: exactly one of the two. */
export const LoginBody = Type.Union([
  Type.Object({ mobile: Mobile, password: Password, deviceToken: Type.Optional(DeviceToken) }, { additionalProperties: false }),
  Type.Object({ mobile: Mobile, code: SmsCode, deviceToken: Type.Optional(DeviceToken) }, { additionalProperties: false }),
]);
export type LoginBody = Static<typeof LoginBody>;

export const SmsSendBody = Type.Object(
  { mobile: Mobile, codeType: CodeType, deviceToken: Type.Optional(DeviceToken) },
  { additionalProperties: false },
);
export type SmsSendBody = Static<typeof SmsSendBody>;

/** The User routes of the spec's section 7, plus POST /sms/send. */
export const userRoutes = {
  register: defineRoute({
    method: 'POST', path: '/user/register', tag: 'User', auth: false,
    summary: 'Create an account with a mobile number, an SMS code of type register and a password; logs in.',
    body: RegisterBody, data: LoginResult,
  }),
  loginMobile: defineRoute({
    method: 'POST', path: '/user/login/mobile', tag: 'User', auth: false,
    summary: 'Log in by mobile number with a password or an SMS code of type login; wrong passwords are limited per number and address (429 user.passwordLocked: the SMS code still works).',
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
    summary: 'Send a 6-digit code to a mobile number for register, login or forget (password reset); limited per number, requester and address.',
    body: SmsSendBody, data: Type.Object({ resendAfterSeconds: Type.Integer() }),
  }),
  members: defineRoute({
    method: 'GET', path: '/user', tag: 'User', auth: true,
    summary: 'Members of the current team, oldest first, each with their role and groups.',
    access: { scope: 'currentTeam', action: 'team.member.read' },
    querystring: MemberListQuery, data: Page(TeamMember),
  }),
  check: defineRoute({
    method: 'GET', path: '/user/check', tag: 'User', auth: false,
    summary: 'Whether a mobile number has an account; rate-limited per client address.',
    querystring: UserCheckQuery, data: Type.Object({ registered: Type.Boolean() }),
  }),
  updateInfo: defineRoute({
    method: 'PUT', path: '/user/info', tag: 'User', auth: true,
    summary: 'Edit the own name and avatar (an image already uploaded to user/<me>/avatar/, at most 1 MiB, PNG, JPEG, WebP or GIF); answers the user as now stored.',
    body: UserInfoUpdateBody, data: UserInfo,
  }),
  avatar: defineRoute({
    method: 'GET', path: '/user/avatar/:userId', tag: 'User', auth: true,
    summary: "A signed URL of a user's avatar, for people who share a team or a project with them (and themselves); null when they have none.",
    params: Type.Object({ userId: Id }, { additionalProperties: false }),
    data: Type.Union([SignedUrl, Type.Null()]),
  }),
  changePassword: defineRoute({
    method: 'PUT', path: '/user/password', tag: 'User', auth: true,
    summary: 'Change the own password; ends every other session of the user.',
    body: PasswordChangeBody, data: Type.Null(),
  }),
  forgetPassword: defineRoute({
    method: 'PUT', path: '/user/password/forget', tag: 'User', auth: false,
    summary: 'Set a new password with an SMS code of type forget; ends every session of the user.',
    body: PasswordForgetBody, data: Type.Null(),
  }),
} as const;
