import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id } from './envelope';
import type { TeamAction } from '../model/permissions';
import { AssignableRoleSchema, Mobile, TeamMember, TeamRoleSchema } from './user';
import { GroupCreateBody, GroupInfo } from './group';
import { FreeText, NameText } from '../model/textFields';

/** A team name: 1 to 64 characters with at least one that is not a space (stored trimmed). */
export const TeamName = NameText(64);
/** A team's description (stored trimmed). */
export const TeamDescription = FreeText(512);

/** A team as the caller sees it: its details plus the caller's own standing in it. */
export const TeamInfo = Type.Object({
  teamId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  ownerId: Type.Integer(),
  ownerName: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  memberCount: Type.Integer({ minimum: 0 }),
  myRole: TeamRoleSchema,
  isCurrent: Type.Boolean(),
});
export type TeamInfo = Static<typeof TeamInfo>;

/** A new team; the caller becomes its owner. */
export const TeamCreateBody = Type.Object(
  { name: TeamName, description: Type.Optional(TeamDescription) },
  { additionalProperties: false },
);
export type TeamCreateBody = Static<typeof TeamCreateBody>;

/** Rename a team and/or change its description. */
export const TeamUpdateBody = Type.Object(
  { name: Type.Optional(TeamName), description: Type.Optional(TeamDescription) },
  { additionalProperties: false, minProperties: 1 },
);
export type TeamUpdateBody = Static<typeof TeamUpdateBody>;

/** The team a route acts on, from its path. */
export const TeamIdParams = Type.Object({ teamId: Id });

/** Add registered users by mobile number, all with one role. */
export const MemberAddBody = Type.Object(
  { mobiles: Type.Array(Mobile, { minItems: 1, maxItems: 100 }), role: AssignableRoleSchema },
  { additionalProperties: false },
);
export type MemberAddBody = Static<typeof MemberAddBody>;

/** What adding by mobile did: numbers without an account are reported, not an error. */
export const MemberAddResult = Type.Object({
  added: Type.Array(TeamMember),
  alreadyMembers: Type.Array(Type.String()),
  unknownMobiles: Type.Array(Type.String()),
});
export type MemberAddResult = Static<typeof MemberAddResult>;

/** Give one member another (assignable) role. */
export const MemberRoleBody = Type.Object({ userId: Id, role: AssignableRoleSchema }, { additionalProperties: false });
export type MemberRoleBody = Static<typeof MemberRoleBody>;

/** Give several members one (assignable) role. */
export const MemberRolesBody = Type.Object(
  { userIds: Type.Array(Id, { minItems: 1, maxItems: 500 }), role: AssignableRoleSchema },
  { additionalProperties: false },
);
export type MemberRolesBody = Static<typeof MemberRolesBody>;

/** The member to remove. */
export const MemberRemoveQuery = Type.Object({ userId: Id }, { additionalProperties: false });
/** The members to remove (`?userIds=1&userIds=2`). */
export const MembersRemoveQuery = Type.Object(
  { userIds: Type.Array(Id, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);

/** `hasOwn=true` lists the owner role too. */
export const TeamRoleQuery = Type.Object({ hasOwn: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

/** A team role as role pickers list it; `role` doubles as the translation key's last part. */
export const TeamRoleItem = Type.Object({ role: TeamRoleSchema, assignable: Type.Boolean() });
export type TeamRoleItem = Static<typeof TeamRoleItem>;

/** The member who becomes the owner. */
export const TransferBody = Type.Object({ userId: Id }, { additionalProperties: false });

/** The access rule of a route acting on the team in its path. */
const onTeam = (action: TeamAction) => ({ scope: 'team', action, from: 'params', key: 'teamId' }) as const;

/** The Team routes of the spec's section 7 (GET /team/{teamId}/vendor lives with the vendors). */
export const teamRoutes = {
  list: defineRoute({
    method: 'GET', path: '/team', tag: 'Team', auth: true,
    summary: 'The teams the caller belongs to, with their role and which one is current.',
    data: Type.Array(TeamInfo),
  }),
  create: defineRoute({
    method: 'POST', path: '/team', tag: 'Team', auth: true,
    summary: 'Create a team owned by the caller and make it the current team.',
    body: TeamCreateBody, data: TeamInfo,
  }),
  switch: defineRoute({
    method: 'POST', path: '/team/switch/:teamId', tag: 'Team', auth: true, access: onTeam('team.read'),
    summary: 'Make a team the caller belongs to the current team.',
    params: TeamIdParams, data: TeamInfo,
  }),
  get: defineRoute({
    method: 'GET', path: '/team/:teamId', tag: 'Team', auth: true, access: onTeam('team.read'),
    summary: 'Details of a team.',
    params: TeamIdParams, data: TeamInfo,
  }),
  update: defineRoute({
    method: 'PUT', path: '/team/:teamId', tag: 'Team', auth: true, access: onTeam('team.update'),
    summary: 'Rename a team or change its description.',
    params: TeamIdParams, body: TeamUpdateBody, data: TeamInfo,
  }),
  remove: defineRoute({
    method: 'DELETE', path: '/team/:teamId', tag: 'Team', auth: true, access: onTeam('team.delete'),
    summary: 'Delete a team and everything in it; members whose current team it was have none.',
    params: TeamIdParams, data: Type.Null(),
  }),
  createGroup: defineRoute({
    method: 'POST', path: '/team/:teamId/group', tag: 'Team', auth: true, access: onTeam('team.group.manage'),
    summary: 'Create a group in the team, optionally with members.',
    params: TeamIdParams, body: GroupCreateBody, data: GroupInfo,
  }),
  addMembers: defineRoute({
    method: 'POST', path: '/team/:teamId/member', tag: 'Team', auth: true, access: onTeam('team.member.manage'),
    summary: 'Add registered users by mobile number; unknown numbers are reported back.',
    params: TeamIdParams, body: MemberAddBody, data: MemberAddResult,
  }),
  setRole: defineRoute({
    method: 'PUT', path: '/team/:teamId/member', tag: 'Team', auth: true, access: onTeam('team.member.manage'),
    summary: 'Change one member\'s role (never to or from owner).',
    params: TeamIdParams, body: MemberRoleBody, data: TeamMember,
  }),
  removeMember: defineRoute({
    method: 'DELETE', path: '/team/:teamId/member', tag: 'Team', auth: true, access: onTeam('team.member.manage'),
    summary: 'Remove one member (never the owner) from the team, its groups and its projects.',
    params: TeamIdParams, querystring: MemberRemoveQuery, data: Type.Null(),
  }),
  setRoles: defineRoute({
    method: 'PUT', path: '/team/:teamId/member/v2', tag: 'Team', auth: true, access: onTeam('team.member.manage'),
    summary: 'Change several members\' role at once (all or none).',
    params: TeamIdParams, body: MemberRolesBody, data: Type.Array(TeamMember),
  }),
  removeMembers: defineRoute({
    method: 'DELETE', path: '/team/:teamId/member/v2', tag: 'Team', auth: true, access: onTeam('team.member.manage'),
    summary: 'Remove several members at once (all or none).',
    params: TeamIdParams, querystring: MembersRemoveQuery, data: Type.Null(),
  }),
  curators: defineRoute({
    method: 'GET', path: '/team/:teamId/project/curator', tag: 'Team', auth: true, access: onTeam('team.member.read'),
    summary: 'Members who may manage projects: owner, admins and managers.',
    params: TeamIdParams, data: Type.Array(TeamMember),
  }),
  roles: defineRoute({
    method: 'GET', path: '/team/:teamId/role', tag: 'Team', auth: true, access: onTeam('team.read'),
    summary: 'The team roles, most powerful first; the owner role only with hasOwn=true.',
    params: TeamIdParams, querystring: TeamRoleQuery, data: Type.Array(TeamRoleItem),
  }),
  transfer: defineRoute({
    method: 'PUT', path: '/team/:teamId/transfer', tag: 'Team', auth: true, access: onTeam('team.transfer'),
    summary: 'Make another member the owner; the old owner becomes an admin.',
    params: TeamIdParams, body: TransferBody, data: TeamInfo,
  }),
} as const;
