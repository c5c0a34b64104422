import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { AreaRoute, NavEntry, ProjectTab } from '../../app/areas/types';
import { TeamPage } from './common/TeamPage';
import { GroupsPage } from './groups/GroupsPage';
import { InvitationsPage } from './invitations/InvitationsPage';
import { ReceivedInvitations } from './invitations/ReceivedInvitations';
import { MembersPage } from './members/MembersPage';
import { AccountPage } from './profile/AccountPage';
import { SettingsPage } from './settings/SettingsPage';
import { TeamSwitcher } from './switcher/TeamSwitcher';
import { VendorsPage } from './vendors/VendorsPage';
import { TEAM_PATHS } from './paths';

/** Area route paths are relative to the root: `/team/members` -> `team/members`. */
const rel = (path: string) => path.slice(1);

/** What this feature area adds to the shell: its routes, navigation entries, project tabs and header widgets. */
export const teamRoutes: AreaRoute[] = [
  { path: rel(TEAM_PATHS.root), element: <Navigate to={TEAM_PATHS.members} replace /> },
  { path: rel(TEAM_PATHS.members), element: <TeamPage tab="members" render={(team) => <MembersPage teamId={team.teamId} />} /> },
  { path: rel(TEAM_PATHS.groups), element: <TeamPage tab="groups" render={(team) => <GroupsPage teamId={team.teamId} />} /> },
  { path: rel(TEAM_PATHS.invitations), element: <TeamPage tab="invitations" render={() => <InvitationsPage />} /> },
  { path: rel(TEAM_PATHS.vendors), element: <TeamPage tab="vendors" render={() => <VendorsPage />} /> },
  { path: rel(TEAM_PATHS.settings), element: <TeamPage tab="settings" render={(team) => <SettingsPage team={team} />} /> },
  { path: rel(TEAM_PATHS.account), element: <AccountPage /> },
];
export const teamNav: NavEntry[] = [
  { key: 'team', path: TEAM_PATHS.root, labelKey: 'team.nav.team' },
  { key: 'account', path: TEAM_PATHS.account, labelKey: 'team.nav.account' },
];
export const teamProjectTabs: ProjectTab[] = [];
/** Small components the shell's header shows (a switcher, a status light, a banner trigger). */
export const teamHeaderWidgets: ComponentType[] = [ReceivedInvitations, TeamSwitcher];
