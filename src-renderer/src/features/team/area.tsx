import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { lazyPage } from '../../app/areas/lazyPage';
import { ReceivedInvitations } from './invitations/ReceivedInvitations';
import { TeamSwitcher } from './switcher/TeamSwitcher';
import { TEAM_PATHS } from './paths';

/** Area route paths are relative to the root: `/team/members` -> `team/members`. */
const rel = (path: string) => path.slice(1);

/** A team page from the area's one lazily loaded chunk (routes.tsx): the first screen does not download them. */
const page = (name: 'MembersRoute' | 'GroupsRoute' | 'InvitationsRoute' | 'VendorsRoute' | 'LogsRoute' | 'SettingsRoute' | 'AccountRoute') =>
  lazyPage(() => import('./routes').then((m) => ({ default: m[name] })));

/** What this feature area adds to the shell: its routes, navigation entries, project tabs and header widgets. */
export const teamRoutes: AreaRoute[] = [
  { path: rel(TEAM_PATHS.root), element: <Navigate to={TEAM_PATHS.members} replace /> },
  { path: rel(TEAM_PATHS.members), element: page('MembersRoute') },
  { path: rel(TEAM_PATHS.groups), element: page('GroupsRoute') },
  { path: rel(TEAM_PATHS.invitations), element: page('InvitationsRoute') },
  { path: rel(TEAM_PATHS.vendors), element: page('VendorsRoute') },
  { path: rel(TEAM_PATHS.logs), element: page('LogsRoute') },
  { path: rel(TEAM_PATHS.settings), element: page('SettingsRoute') },
  { path: rel(TEAM_PATHS.account), element: page('AccountRoute') },
];
export const teamNav: NavEntry[] = [
  { key: 'team', path: TEAM_PATHS.root, labelKey: 'team.nav.team' },
  { key: 'account', path: TEAM_PATHS.account, labelKey: 'team.nav.account' },
];
export const teamProjectTabs: ProjectTab[] = [];
/** Small components the shell's header shows (a switcher, a status light, a banner trigger). */
export const teamHeaderWidgets: ComponentType[] = [ReceivedInvitations, TeamSwitcher];
