import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Page, PageQuery, Id } from './envelope';
import { PROJECT_ACCESS_ROLES, PROJECT_MEMBER_ROLES } from '../model/permissions';
import { literals } from '../model/literals';
import { FreeJsonObject, FreeText, LineText, NameText } from '../model/textFields';

/** A row id as docs/api-conventions.md defines it. */

/** Project types; point clouds come later and will be added here. */
export const ProjectType = Type.Union([Type.Literal('image'), Type.Literal('frame')]);
export type ProjectType = Static<typeof ProjectType>;

/** A project name: 1 to 64 characters with at least one that is not a space (stored trimmed). */
export const ProjectName = NameText(64);
/** The role a project member holds in one project. */
export const ProjectMemberRole = literals(PROJECT_MEMBER_ROLES);
/** The caller's effective role on a project (src-shared/model/permissions.ts). */
export const ProjectAccessRole = literals(PROJECT_ACCESS_ROLES);

/** One project as the project list shows it. */
export const ProjectSummary = Type.Object({
  projectId: Type.Integer(),
  projectName: Type.String(),
  type: ProjectType,
  /** true: the project belongs to another team and reaches the current team through vendor sharing */
  isVendor: Type.Boolean(),
  teamId: Type.Integer(),
  description: Type.String(),
  memberCount: Type.Integer(),
  myRole: ProjectAccessRole,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type ProjectSummary = Static<typeof ProjectSummary>;

/** One project as its own page shows it; here isVendor means the caller reaches it only through a vendor team. */
export const ProjectDetail = Type.Object({
  ...ProjectSummary.properties,
  instruction: Type.String(),
  /** vendors of the project's team it is shared with; empty for callers who reach it as a vendor */
  vendors: Type.Array(Type.Object({ vendorId: Type.Integer(), name: Type.String() })),
  createdBy: Type.Integer(),
});
export type ProjectDetail = Static<typeof ProjectDetail>;

/** The list filters; `maxIds` bounds the id lists (a URL carries fewer than a JSON body). */
const listFilters = (maxIds: number) => ({
  ...PageQuery,
  isVendor: Type.Optional(Type.Boolean()),
  memberIds: Type.Optional(Type.Array(Id, { maxItems: Math.min(maxIds, 1000) })),
  /** any (default): at least one of them is a member; all: every one is; none: none is */
  memberIdsCondition: Type.Optional(literals(['any', 'all', 'none'] as const)),
  order: Type.Optional(literals(['asc', 'desc'] as const)),
  orderBy: Type.Optional(literals(['createdAt', 'updatedAt', 'projectName'] as const)),
  projectIds: Type.Optional(Type.Array(Id, { maxItems: maxIds })),
  projectIdCondition: Type.Optional(literals(['in', 'notIn'] as const)),
  projectName: Type.Optional(LineText(64)),
  /** contains (default) and startsWith ignore ASCII case; equals is exact */
  projectNameCondition: Type.Optional(literals(['contains', 'equals', 'startsWith'] as const)),
  typeCondition: Type.Optional(literals(['in', 'notIn'] as const)),
});

/** GET /project filters: arrays as repeated keys (`type=image&type=frame`). */
export const ProjectListQuery = Type.Object(
  { ...listFilters(200), type: Type.Optional(Type.Array(ProjectType, { maxItems: 2 })) },
  { additionalProperties: false },
);
export type ProjectListQuery = Static<typeof ProjectListQuery>;

/** POST /project/list: the same filters in a body, for long id lists; `type` one value or several. */
export const ProjectListBody = Type.Object(
  { ...listFilters(10_000), type: Type.Optional(Type.Union([ProjectType, Type.Array(ProjectType, { maxItems: 2 })])) },
  { additionalProperties: false },
);
export type ProjectListBody = Static<typeof ProjectListBody>;

/** A user and the project role to give them. */
export const ProjectMemberInput = Type.Object({ userId: Id, role: ProjectMemberRole }, { additionalProperties: false });
export type ProjectMemberInput = Static<typeof ProjectMemberInput>;

const Description = FreeText(1024);
const VendorIds = Type.Array(Id, { maxItems: 100 });

/** A new project in the current team; vendorIds only for the team's owner and admins. */
export const ProjectCreateBody = Type.Object(
  {
    projectName: ProjectName,
    type: ProjectType,
    description: Type.Optional(Description),
    memberIds: Type.Optional(Type.Array(ProjectMemberInput, { maxItems: 500 })),
    vendorIds: Type.Optional(VendorIds),
  },
  { additionalProperties: false },
);
export type ProjectCreateBody = Static<typeof ProjectCreateBody>;

/** Changes to a project; vendorIds (the whole new list) only for the team's owner and admins. */
export const ProjectUpdateBody = Type.Object(
  {
    projectName: Type.Optional(ProjectName),
    description: Type.Optional(Description),
    type: Type.Optional(ProjectType),
    vendorIds: Type.Optional(VendorIds),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ProjectUpdateBody = Static<typeof ProjectUpdateBody>;

/** The project a route acts on, from the path. */
export const ProjectIdParams = Type.Object({ projectId: Id });
/** DELETE /project: the projects to delete, as a repeated query key. */
export const ProjectIdsQuery = Type.Object({ projectIds: Type.Array(Id, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });

/** A recently opened project, with when the caller last opened it. */
export const ProjectRecent = Type.Object({ ...ProjectSummary.properties, visitedAt: Type.Integer() });
export type ProjectRecent = Static<typeof ProjectRecent>;

/** Free-form project settings: any JSON object of at most PROJECT_CONFIG_MAX_BYTES serialized. */
export const ProjectConfig = FreeJsonObject();
export type ProjectConfig = Static<typeof ProjectConfig>;
export const PROJECT_CONFIG_MAX_BYTES = 64 * 1024;

/** Rich-text instruction (HTML as given; the renderer sanitises it for display). */
export const ProjectInstructionBody = Type.Object({ instruction: FreeText(100_000) }, { additionalProperties: false });
/** The instruction as stored, with the project's new update time. */
export const ProjectInstruction = Type.Object({ projectId: Type.Integer(), instruction: Type.String(), updatedAt: Type.Integer() });
export type ProjectInstruction = Static<typeof ProjectInstruction>;

/** A project member with where they come from (the project's team or a vendor team). */
export const ProjectMember = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  mobile: Type.String(),
  role: ProjectMemberRole,
  /** null: no longer in the project's team nor in a vendor team it is shared with */
  teamId: Type.Union([Type.Integer(), Type.Null()]),
  teamName: Type.Union([Type.String(), Type.Null()]),
  /** true: a member of a vendor team the project is shared with, not of the project's team */
  fromVendor: Type.Boolean(),
  addedAt: Type.Integer(),
});
export type ProjectMember = Static<typeof ProjectMember>;

/** Members to add, or whose project role to change. */
export const ProjectMembersBody = Type.Object(
  { members: Type.Array(ProjectMemberInput, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type ProjectMembersBody = Static<typeof ProjectMembersBody>;
/** Member list filters: name contains (ASCII case ignored), exact role. */
export const ProjectMemberListQuery = Type.Object(
  { ...PageQuery, name: Type.Optional(LineText(64)), role: Type.Optional(ProjectMemberRole) },
  { additionalProperties: false },
);
export type ProjectMemberListQuery = Static<typeof ProjectMemberListQuery>;
/** DELETE /project/{projectId}/member/v2: the members to remove, as a repeated query key. */
export const ProjectMemberRemoveQuery = Type.Object({ userIds: Type.Array(Id, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });

/** The overview figures that exist today; subject and task figures come with those issues. */
export const ProjectOverviewType = literals(['summary', 'members'] as const);
export type ProjectOverviewType = Static<typeof ProjectOverviewType>;
/** queryType summary: counts of what the project has, and its times. */
export const ProjectOverviewSummary = Type.Object({
  queryType: Type.Literal('summary'),
  memberCount: Type.Integer(),
  vendorCount: Type.Integer(),
  rejectReasonCount: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
/** queryType members: members by project role and by the team they come from. */
export const ProjectOverviewMembers = Type.Object({
  queryType: Type.Literal('members'),
  byRole: Type.Object({ manager: Type.Integer(), reviewer: Type.Integer(), annotator: Type.Integer() }),
  /** members by the team they come from (teamId null: in neither team any more) */
  byTeam: Type.Array(
    Type.Object({ teamId: Type.Union([Type.Integer(), Type.Null()]), teamName: Type.Union([Type.String(), Type.Null()]), fromVendor: Type.Boolean(), count: Type.Integer() }),
  ),
});
/** One kind of overview figures, tagged by queryType. */
export const ProjectOverview = Type.Union([ProjectOverviewSummary, ProjectOverviewMembers]);
export type ProjectOverview = Static<typeof ProjectOverview>;

/** The caller's effective role and every project action it allows (PROJECT_PERMISSIONS). */
export const ProjectPermission = Type.Object({ role: ProjectAccessRole, actions: Type.Array(Type.String()) });
export type ProjectPermission = Static<typeof ProjectPermission>;

/** A reason reviewers pick when they reject work; unique per project. */
export const ProjectRejectReason = Type.Object({ id: Type.Integer(), reason: Type.String(), createdAt: Type.Integer() });
export type ProjectRejectReason = Static<typeof ProjectRejectReason>;
/** A new reject reason (stored trimmed). */
export const ProjectRejectReasonBody = Type.Object(
  { reason: NameText(256) },
  { additionalProperties: false },
);
/** At most this many reject reasons per project, so their list stays a plain array. */
export const PROJECT_REJECT_REASONS_MAX = 200;

const at = (action: 'project.read' | 'project.update' | 'project.delete' | 'project.member.manage' | 'project.overview') =>
  ({ scope: 'project', action, from: 'params', key: 'projectId' }) as const;
const base = { tag: 'Project', auth: true } as const;
const byId = { ...base, params: ProjectIdParams };

/** The Project routes of the spec's section 7 (subjects, tasks and ontology come later). */
export const projectRoutes = {
  list: defineRoute({
    ...base, method: 'GET', path: '/project',
    summary: 'Projects of the current team (and shared with it as a vendor) the caller may see; newest first unless ordered.',
    querystring: ProjectListQuery, data: Page(ProjectSummary),
  }),
  listPost: defineRoute({
    ...base, method: 'POST', path: '/project/list',
    summary: 'The project list with its filters in a JSON body, for long id lists.',
    body: ProjectListBody, data: Page(ProjectSummary),
  }),
  create: defineRoute({
    ...base, method: 'POST', path: '/project', access: { scope: 'currentTeam', action: 'team.project.create' },
    summary: 'Create a project in the current team; names are unique per team.',
    body: ProjectCreateBody, data: ProjectDetail,
  }),
  removeMany: defineRoute({
    ...base, method: 'DELETE', path: '/project', access: { scope: 'currentTeam', action: 'team.project.delete' },
    summary: 'Delete projects of the current team; any id outside it deletes nothing (404).',
    querystring: ProjectIdsQuery, data: Type.Null(),
  }),
  recently: defineRoute({
    ...base, method: 'GET', path: '/project/recently',
    summary: 'The caller\'s last opened projects (at most 10, newest first) still visible in the current team.',
    data: Type.Array(ProjectRecent),
  }),
  get: defineRoute({
    ...byId, method: 'GET', path: '/project/:projectId', access: at('project.read'),
    summary: 'One project; records the visit for /project/recently.',
    data: ProjectDetail,
  }),
  update: defineRoute({
    ...byId, method: 'PUT', path: '/project/:projectId', access: at('project.update'),
    summary: 'Rename, describe, retype a project, or (team owner and admins) set the vendors it is shared with.',
    body: ProjectUpdateBody, data: ProjectDetail,
  }),
  remove: defineRoute({
    ...byId, method: 'DELETE', path: '/project/:projectId', access: at('project.delete'),
    summary: 'Delete a project with its members, sharing, visits and reject reasons.',
    data: Type.Null(),
  }),
  getConfig: defineRoute({
    ...byId, method: 'GET', path: '/project/:projectId/config', access: at('project.read'),
    summary: 'The project\'s settings object.',
    data: ProjectConfig,
  }),
  putConfig: defineRoute({
    ...byId, method: 'PUT', path: '/project/:projectId/config', access: at('project.update'),
    summary: 'Replace the project\'s settings object (at most 64 KB as JSON).',
    body: ProjectConfig, data: ProjectConfig,
  }),
  addInstruction: defineRoute({
    ...byId, method: 'POST', path: '/project/:projectId/instruction', access: at('project.update'),
    summary: 'Set the project\'s instruction (HTML).',
    body: ProjectInstructionBody, data: ProjectInstruction,
  }),
  putInstruction: defineRoute({
    ...byId, method: 'PUT', path: '/project/:projectId/instruction', access: at('project.update'),
    summary: 'Replace the project\'s instruction (HTML).',
    body: ProjectInstructionBody, data: ProjectInstruction,
  }),
  addMembers: defineRoute({
    ...byId, method: 'POST', path: '/project/:projectId/member', access: at('project.member.manage'),
    summary: 'Add members or change their project role; answers them as they now are.',
    body: ProjectMembersBody, data: Type.Array(ProjectMember),
  }),
  listMembers: defineRoute({
    ...byId, method: 'GET', path: '/project/:projectId/member/list', access: at('project.read'),
    summary: 'The project\'s members, with the team each comes from.',
    querystring: ProjectMemberListQuery, data: Page(ProjectMember),
  }),
  removeMembers: defineRoute({
    ...byId, method: 'DELETE', path: '/project/:projectId/member/v2', access: at('project.member.manage'),
    summary: 'Remove members from the project; vendor managers only members of their own team.',
    querystring: ProjectMemberRemoveQuery, data: Type.Null(),
  }),
  overview: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/overview/:queryType', access: at('project.overview'),
    summary: 'Overview figures of one kind: summary or members.',
    params: Type.Object({ projectId: Id, queryType: ProjectOverviewType }), data: ProjectOverview,
  }),
  checkPermission: defineRoute({
    ...byId, method: 'GET', path: '/project/:projectId/check/permission', access: at('project.read'),
    summary: 'The caller\'s effective role on the project and every action it allows.',
    data: ProjectPermission,
  }),
  addRejectReason: defineRoute({
    ...byId, method: 'POST', path: '/project/:projectId/rejectReason/add', access: at('project.update'),
    summary: 'Add a reject reason (unique per project, at most 200).',
    body: ProjectRejectReasonBody, data: ProjectRejectReason,
  }),
  listRejectReasons: defineRoute({
    ...byId, method: 'GET', path: '/project/:projectId/user/rejectReason/list', access: at('project.read'),
    summary: 'The project\'s reject reasons, oldest first.',
    data: Type.Array(ProjectRejectReason),
  }),
  removeRejectReason: defineRoute({
    ...base, method: 'DELETE', path: '/project/:projectId/user/rejectReason/del/:id', access: at('project.update'),
    summary: 'Delete one reject reason of the project.',
    params: Type.Object({ projectId: Id, id: Id }), data: Type.Null(),
  }),
} as const;
