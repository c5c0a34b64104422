import { TeamPage } from './common/TeamPage';
import { GroupsPage } from './groups/GroupsPage';
import { InvitationsPage } from './invitations/InvitationsPage';
import { MembersPage } from './members/MembersPage';
import { AccountPage } from './profile/AccountPage';
import { SettingsPage } from './settings/SettingsPage';
import { VendorsPage } from './vendors/VendorsPage';
import { LogsPage } from './logs/LogsPage';

/** The team area's pages, one chunk loaded when the first of them opens (area.tsx). */
export const MembersRoute = () => <TeamPage tab="members" render={(team) => <MembersPage teamId={team.teamId} />} />;
export const GroupsRoute = () => <TeamPage tab="groups" render={(team) => <GroupsPage teamId={team.teamId} />} />;
export const InvitationsRoute = () => <TeamPage tab="invitations" render={() => <InvitationsPage />} />;
export const VendorsRoute = () => <TeamPage tab="vendors" render={() => <VendorsPage />} />;
export const LogsRoute = () => <TeamPage tab="logs" render={() => <LogsPage />} />;
export const SettingsRoute = () => <TeamPage tab="settings" render={(team) => <SettingsPage team={team} />} />;
export const AccountRoute = AccountPage;
