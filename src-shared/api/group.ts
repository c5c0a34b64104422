import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Page, PageQuery, Id } from './envelope';
import { TeamMember } from './user';
import { LineText, NameText } from '../model/textFields';

/** A group name: 1 to 64 characters with at least one that is not a space (stored trimmed). */
export const GroupName = NameText(64);

/** Member ids sent with a group; duplicates are ignored. */
export const GroupUserIds = Type.Array(Id, { maxItems: 1000 });

/** A group of members inside a team, with its members' user ids. */
export const GroupInfo = Type.Object({
  groupId: Type.Integer(),
  teamId: Type.Integer(),
  name: Type.String(),
  createdAt: Type.Integer(),
  userIds: Type.Array(Type.Integer()),
});
export type GroupInfo = Static<typeof GroupInfo>;

/** A new group; every user id must be a member of the team. */
export const GroupCreateBody = Type.Object(
  { name: GroupName, userIds: Type.Optional(GroupUserIds) },
  { additionalProperties: false },
);
export type GroupCreateBody = Static<typeof GroupCreateBody>;

/** Rename and/or replace the member list (userIds is the whole new list). */
export const GroupUpdateBody = Type.Object(
  { name: Type.Optional(GroupName), userIds: Type.Optional(GroupUserIds) },
  { additionalProperties: false, minProperties: 1 },
);
export type GroupUpdateBody = Static<typeof GroupUpdateBody>;

/** The group a route acts on, from its path. */
export const GroupIdParams = Type.Object({ groupId: Id });

/** The groups to delete (`?groupIds=1&groupIds=2`). */
export const GroupDeleteQuery = Type.Object(
  { groupIds: Type.Array(Id, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type GroupDeleteQuery = Static<typeof GroupDeleteQuery>;

/** The group and the members to take out of it. */
export const GroupMembersRemoveQuery = Type.Object(
  { groupId: Id, userIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
export type GroupMembersRemoveQuery = Static<typeof GroupMembersRemoveQuery>;

/** Paging of a group's members, with an optional part of a name. */
export const GroupMemberQuery = Type.Object(
  { ...PageQuery, name: Type.Optional(LineText(64)) },
  { additionalProperties: false },
);
export type GroupMemberQuery = Static<typeof GroupMemberQuery>;

const manage = { scope: 'currentTeam', action: 'team.group.manage' } as const;

/** The Group routes of the spec's section 7: groups of members inside the current team. */
export const groupRoutes = {
  create: defineRoute({
    method: 'POST', path: '/group', tag: 'Group', auth: true, access: manage,
    summary: 'Create a group in the current team, optionally with members.',
    body: GroupCreateBody, data: GroupInfo,
  }),
  removeMany: defineRoute({
    method: 'DELETE', path: '/group', tag: 'Group', auth: true, access: manage,
    summary: 'Delete several groups of the current team (all or none).',
    querystring: GroupDeleteQuery, data: Type.Null(),
  }),
  removeMembers: defineRoute({
    method: 'DELETE', path: '/group/v2', tag: 'Group', auth: true, access: manage,
    summary: 'Take members out of a group; ids not in the group are ignored.',
    querystring: GroupMembersRemoveQuery, data: Type.Null(),
  }),
  update: defineRoute({
    method: 'PUT', path: '/group/:groupId', tag: 'Group', auth: true, access: manage,
    summary: 'Rename a group and/or replace its members.',
    params: GroupIdParams, body: GroupUpdateBody, data: GroupInfo,
  }),
  remove: defineRoute({
    method: 'DELETE', path: '/group/:groupId', tag: 'Group', auth: true, access: manage,
    summary: 'Delete one group of the current team.',
    params: GroupIdParams, data: Type.Null(),
  }),
  members: defineRoute({
    method: 'GET', path: '/group/:groupId/member', tag: 'Group', auth: true,
    access: { scope: 'currentTeam', action: 'team.member.read' },
    summary: 'Members of a group, filtered by a part of their name.',
    params: GroupIdParams, querystring: GroupMemberQuery, data: Page(TeamMember),
  }),
} as const;
