/**
 * The role model, in one table both sides read: the server enforces it (one hook, see
 * src-server/plugins/access.ts), the renderer hides what a role cannot do, and
 * docs/permissions.md is generated from it.
 */

/** A member's role in a team, most powerful first. */
export const TEAM_ROLES = ['owner', 'admin', 'manager', 'reviewer', 'annotator'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Roles that can be given to a member (ownership only moves by transfer). */
export const ASSIGNABLE_TEAM_ROLES = ['admin', 'manager', 'reviewer', 'annotator'] as const;

/** A member's role in one project (project_members.role). */
export const PROJECT_MEMBER_ROLES = ['manager', 'reviewer', 'annotator'] as const;
export type ProjectMemberRole = (typeof PROJECT_MEMBER_ROLES)[number];

/**
 * Effective role of a caller on a project:
 * - `teamAdmin`: owner or admin of the project's team (everything);
 * - `teamManager`: manager of the project's team (all its projects, no delete);
 * - `vendorManager`: owner, admin or manager of a vendor team the project is shared with;
 * - `manager` / `reviewer` / `annotator`: a project member with that project role.
 */
export const PROJECT_ACCESS_ROLES = ['teamAdmin', 'teamManager', 'vendorManager', 'manager', 'reviewer', 'annotator'] as const;
export type ProjectAccessRole = (typeof PROJECT_ACCESS_ROLES)[number];

/** What can be done in a team, and by which team roles. */
export const TEAM_PERMISSIONS = {
  'team.read': ['owner', 'admin', 'manager', 'reviewer', 'annotator'],
  'team.update': ['owner', 'admin'],
  'team.delete': ['owner'],
  'team.transfer': ['owner'],
  'team.member.read': ['owner', 'admin', 'manager', 'reviewer', 'annotator'],
  'team.member.manage': ['owner', 'admin'],
  /** see members' full mobile numbers in member lists (everyone else sees them masked, 138****8000) */
  'team.member.contact': ['owner', 'admin'],
  'team.group.manage': ['owner', 'admin', 'manager'],
  'team.vendor.manage': ['owner', 'admin'],
  'team.invite.manage': ['owner', 'admin'],
  'team.project.create': ['owner', 'admin', 'manager'],
  'team.project.delete': ['owner', 'admin'],
  /** read the performance reports of the team's projects and of its own members' work */
  'team.performance.read': ['owner', 'admin', 'manager'],
  /** list and download the workstations' uploaded log zips, ask a workstation to upload now */
  'team.logs.read': ['owner', 'admin'],
} as const satisfies Record<string, readonly TeamRole[]>;
export type TeamAction = keyof typeof TEAM_PERMISSIONS;

/** What can be done on a project, and by which effective project roles. */
export const PROJECT_PERMISSIONS = {
  'project.read': ['teamAdmin', 'teamManager', 'vendorManager', 'manager', 'reviewer', 'annotator'],
  'project.update': ['teamAdmin', 'teamManager', 'manager'],
  'project.delete': ['teamAdmin'],
  'project.member.manage': ['teamAdmin', 'teamManager', 'vendorManager', 'manager'],
  /** see project members' full mobile numbers (everyone else sees them masked) */
  'project.member.contact': ['teamAdmin'],
  'project.overview': ['teamAdmin', 'teamManager', 'vendorManager', 'manager', 'reviewer'],
  /** import, change and delete batches and subjects, and upload their files */
  'project.data.manage': ['teamAdmin', 'teamManager', 'manager'],
  /** build and change the project's ontology */
  'project.ontology.manage': ['teamAdmin', 'teamManager', 'manager'],
  /** create, configure, clone and delete tasks and their workflows */
  'project.task.manage': ['teamAdmin', 'teamManager', 'manager'],
  /** hand task subjects to workers, cancel it, requeue, move between steps */
  'project.task.dispatch': ['teamAdmin', 'teamManager', 'vendorManager', 'manager'],
  /** work on task subjects (claim, save, skip, submit, review) where the step's members include you */
  'project.task.work': ['teamAdmin', 'teamManager', 'vendorManager', 'manager', 'reviewer', 'annotator'],
  /** resolve and reopen notes, manage note labels */
  'project.note.manage': ['teamAdmin', 'teamManager', 'vendorManager', 'manager', 'reviewer'],
  /** export annotations (plans, jobs, downloads) and import foreign annotation files */
  'project.export': ['teamAdmin', 'teamManager', 'manager'],
  /** see the project's models and their statistics, and ask a model for help on the item in hand */
  'project.ai.use': ['teamAdmin', 'teamManager', 'vendorManager', 'manager', 'reviewer', 'annotator'],
  /** pre-annotate tasks and batches, train, choose default models, allow or forbid AI in the project */
  'project.ai.manage': ['teamAdmin', 'teamManager', 'manager'],
  /** bring the team's own models in: register a model service by URL, upload an ONNX detector */
  'project.ai.models': ['teamAdmin'],
} as const satisfies Record<string, readonly ProjectAccessRole[]>;
export type ProjectAction = keyof typeof PROJECT_PERMISSIONS;

export const teamRoleMay = (role: TeamRole, action: TeamAction): boolean =>
  (TEAM_PERMISSIONS[action] as readonly TeamRole[]).includes(role);

/**
 * Whether a caller of `role` may make someone a project member of `granted`: only a role whose
 * every right the caller has itself, so no one hands out more than they hold (a vendor's manager,
 * who may not export, cannot make their own annotator a project manager who may).
 */
export const mayGrantProjectRole = (role: ProjectAccessRole, granted: ProjectMemberRole): boolean =>
  (Object.keys(PROJECT_PERMISSIONS) as ProjectAction[]).every((action) => !projectRoleMay(granted, action) || projectRoleMay(role, action));

export const projectRoleMay = (role: ProjectAccessRole, action: ProjectAction): boolean =>
  (PROJECT_PERMISSIONS[action] as readonly ProjectAccessRole[]).includes(role);

/**
 * How a route finds the team or project it acts on:
 * - `currentTeam`: the caller's current team (POST /team/switch/{teamId} sets it);
 * - `team`: a team id in the path, query or body under `key`;
 * - `project`: a project id in the path, query or body under `key`;
 * - `taskSubject`: a task subject id there, whose project the project table is checked on.
 */
/** The rule of a route whose project id comes as `projectId` in its params, query or body. */
export const projectIdRule = (action: ProjectAction, from: 'params' | 'query' | 'body') =>
  ({ scope: 'project', action, from, key: 'projectId' }) as const;

/**
 * The rule of a route on one task subject (the spec's task-subject and annotate calls take a
 * taskSubjectId and no project): its project is found from the task subject, and one that does
 * not exist or lies outside the caller's projects answers 404 with `notFound`.
 */
export const taskSubjectRule = (
  action: ProjectAction,
  from: 'params' | 'query' | 'body',
  key = 'taskSubjectId',
  notFound: 'taskSubject.notFound' | 'annotate.notFound' = 'taskSubject.notFound',
) => ({ scope: 'taskSubject', action, from, key, notFound }) as const;

export type AccessRule =
  | { scope: 'currentTeam'; action: TeamAction }
  | { scope: 'team'; action: TeamAction; from: 'params' | 'query' | 'body'; key: string }
  | { scope: 'project'; action: ProjectAction; from: 'params' | 'query' | 'body'; key: string }
  | { scope: 'taskSubject'; action: ProjectAction; from: 'params' | 'query' | 'body'; key: string; notFound: 'taskSubject.notFound' | 'annotate.notFound' };
