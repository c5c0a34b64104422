import type { Locator, Page } from '@playwright/test';

/** The roles a new team has on day one (issue 17), each as a project sees them. */
export const ROLES = ['owner', 'manager', 'annotator', 'reviewer'] as const;
export type Role = (typeof ROLES)[number];

/** The ids a world gives the addresses (tests/e2e/pages/routeWorld.ts). */
export interface RouteIds {
  projectId: number;
  taskId: number;
  annotateStep: number;
}

/** What shows that a page is there: its heading or landmark, all of them visible. */
export type Mark = (page: Page) => Locator[];

/**
 * What opening an address must end in: its own page, the page the app sends the role to
 * instead (`to`, with that page's mark), or a proper "no permission" or "not found" state.
 * Never a blank window, never a failure panel.
 */
export type Outcome = { kind: 'page'; mark: Mark; to?: RegExp } | { kind: 'denied' } | { kind: 'notFound' };

const heading = (name: string): Mark => (page) => [page.getByRole('heading', { name, exact: true })];
const testId = (id: string): Mark => (page) => [page.getByTestId(id)];
/** A page inside a frame with tabs (team, project): the frame's title, and its own tab selected. */
const tabOf = (frameTestId: string, tab: string): Mark => (page) => [page.getByTestId(frameTestId), page.getByRole('tab', { name: tab, exact: true, selected: true })];

/** The workspace's answer to someone who is not a member of the step (its end screen has no test id). */
const notStepMember: Mark = (page) => [page.getByRole('alert').filter({ hasText: 'You are not a member of this step' }), page.getByRole('button', { name: 'Back to My work' })];
/** The address shows a page: `mark` is on screen (and the address became `to`, after a redirect). */
const shows = (mark: Mark, to?: RegExp): Outcome => ({ kind: 'page', mark, to });
const everyone = (outcome: Outcome) => (): Outcome => outcome;
/** Offered to the roles listed; the others opening it by address get `otherwise`. */
const only = (roles: readonly Role[], outcome: Outcome, otherwise: Outcome) => (role: Role): Outcome => (roles.includes(role) ? outcome : otherwise);

const TEAM_ADMINS: readonly Role[] = ['owner'];
const TEAM_LEADS: readonly Role[] = ['owner', 'manager'];
const teamTab = (tab: string) => shows(tabOf('team-title', tab));
const projectTab = (tab: string) => shows(tabOf('project-title', tab));

/** One address of the renderer and what each role must see there. */
export interface RouteCase {
  name: string;
  path: (ids: RouteIds) => string;
  outcome: (role: Role) => Outcome;
  /** opened as these roles only: an address that leads nowhere does so whatever the role */
  roles?: readonly Role[];
}

/**
 * Every route of the renderer (src-renderer/src/app/AppRoutes.tsx: the shell's pages, the
 * feature areas' routes and project tabs) and the addresses that lead nowhere. The menu check of
 * the spec fails when the app offers an entry or a tab this list does not name.
 */
export const ROUTES: RouteCase[] = [
  { name: 'projects', path: () => '/projects', outcome: everyone(shows(heading('Projects'))) },
  { name: 'my work', path: () => '/work', outcome: everyone(shows(heading('My work'))) },
  { name: 'team', path: () => '/team', outcome: everyone(shows(tabOf('team-title', 'Members'), /#\/team\/members$/)) },
  { name: 'team members', path: () => '/team/members', outcome: everyone(teamTab('Members')) },
  { name: 'team groups', path: () => '/team/groups', outcome: everyone(teamTab('Groups')) },
  // A team page the role may not use sends it to the members (TeamPage.tsx), whose tab is offered.
  { name: 'team invitations', path: () => '/team/invitations', outcome: only(TEAM_ADMINS, teamTab('Invitations'), shows(tabOf('team-title', 'Members'), /#\/team\/members$/)) },
  { name: 'team vendors', path: () => '/team/vendors', outcome: only(TEAM_ADMINS, teamTab('Vendors'), shows(tabOf('team-title', 'Members'), /#\/team\/members$/)) },
  // Other people's logs are the owner's and admins' (team.logs.read), offered to no one else.
  { name: 'team logs', path: () => '/team/logs', outcome: only(TEAM_ADMINS, teamTab('Workstation logs'), shows(tabOf('team-title', 'Members'), /#\/team\/members$/)) },
  { name: 'team settings', path: () => '/team/settings', outcome: everyone(teamTab('Settings')) },
  { name: 'my account', path: () => '/team/account', outcome: everyone(shows(heading('My account'))) },
  { name: 'performance', path: () => '/performance', outcome: only(TEAM_LEADS, shows(heading('Performance')), { kind: 'denied' }) },
  { name: 'wall screen', path: () => '/performance/wall', outcome: only(TEAM_LEADS, shows(testId('wall-screen')), { kind: 'denied' }) },
  { name: 'operations', path: () => '/operations', outcome: everyone(shows(heading('Operations'))) },
  { name: 'project overview', path: ({ projectId }) => `/projects/${projectId}`, outcome: everyone(projectTab('Overview')) },
  { name: 'project data', path: ({ projectId }) => `/projects/${projectId}/data`, outcome: everyone(projectTab('Data')) },
  { name: 'project members', path: ({ projectId }) => `/projects/${projectId}/members`, outcome: everyone(projectTab('Members')) },
  { name: 'project ontology', path: ({ projectId }) => `/projects/${projectId}/ontology`, outcome: everyone(projectTab('Ontology')) },
  { name: 'project tasks', path: ({ projectId }) => `/projects/${projectId}/tasks`, outcome: everyone(projectTab('Tasks')) },
  { name: 'one task', path: ({ projectId, taskId }) => `/projects/${projectId}/tasks/${taskId}`, outcome: everyone(shows(testId('task-title'))) },
  { name: 'project notes', path: ({ projectId }) => `/projects/${projectId}/notes`, outcome: everyone(projectTab('Notes')) },
  { name: 'project AI', path: ({ projectId }) => `/projects/${projectId}/ai`, outcome: everyone(projectTab('AI')) },
  { name: 'project exports', path: ({ projectId }) => `/projects/${projectId}/exports`, outcome: only(TEAM_LEADS, projectTab('Exports & imports'), { kind: 'denied' }) },
  { name: 'project settings', path: ({ projectId }) => `/projects/${projectId}/settings`, outcome: everyone(shows(testId('project-settings'))) },
  // The annotate step's members work there; anyone else is told they are not a member of it.
  { name: 'workspace', path: ({ projectId, taskId, annotateStep }) => `/work/${projectId}/${taskId}/${annotateStep}`, outcome: only(['annotator'], shows(testId('workspace-stage')), shows(notStepMember)) },
  // A work package is on one workstation only: one this workstation does not have is a dead end with a way back to My work.
  { name: 'a work package that does not exist', path: () => '/work/package/987654321', outcome: everyone({ kind: 'notFound' }), roles: ['annotator'] },
  { name: 'a project that does not exist', path: () => '/projects/987654321', outcome: everyone({ kind: 'notFound' }), roles: ['annotator'] },
  { name: 'a project page that does not exist', path: ({ projectId }) => `/projects/${projectId}/no-such-page`, outcome: everyone({ kind: 'notFound' }), roles: ['reviewer'] },
  { name: 'an address that does not exist', path: () => '/no-such-page', outcome: everyone(shows(heading('Projects'), /#\/projects$/)), roles: ['manager'] },
];

/** The side menu each role is offered (labels in English), every entry a page it can use. */
export const MENU: Record<Role, string[]> = {
  owner: ['Projects', 'My work', 'Team', 'My account', 'Performance', 'Operations'],
  manager: ['Projects', 'My work', 'Team', 'My account', 'Performance', 'Operations'],
  annotator: ['Projects', 'My work', 'Team', 'My account', 'Operations'],
  reviewer: ['Projects', 'My work', 'Team', 'My account', 'Operations'],
};

/** The project tabs each role is offered. */
export const PROJECT_TABS: Record<Role, string[]> = {
  owner: ['Overview', 'Data', 'Members', 'Ontology', 'Tasks', 'Notes', 'AI', 'Exports & imports', 'Settings'],
  manager: ['Overview', 'Data', 'Members', 'Ontology', 'Tasks', 'Notes', 'AI', 'Exports & imports', 'Settings'],
  annotator: ['Overview', 'Data', 'Members', 'Ontology', 'Tasks', 'Notes', 'AI', 'Settings'],
  reviewer: ['Overview', 'Data', 'Members', 'Ontology', 'Tasks', 'Notes', 'AI', 'Settings'],
};

/** The team tabs each role is offered. */
export const TEAM_TABS: Record<Role, string[]> = {
  owner: ['Members', 'Groups', 'Invitations', 'Vendors', 'Workstation logs', 'Settings'],
  manager: ['Members', 'Groups', 'Settings'],
  annotator: ['Members', 'Groups', 'Settings'],
  reviewer: ['Members', 'Groups', 'Settings'],
};
