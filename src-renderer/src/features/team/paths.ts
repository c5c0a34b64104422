/** Client routes of the team area (all under `/team`, which this area owns). */
export const TEAM_PATHS = {
  root: '/team',
  members: '/team/members',
  groups: '/team/groups',
  invitations: '/team/invitations',
  vendors: '/team/vendors',
  logs: '/team/logs',
  settings: '/team/settings',
  account: '/team/account',
} as const;

/** The tabs of the team pages, in display order; `account` is the user's own, not the team's. */
export const TEAM_TABS = ['members', 'groups', 'invitations', 'vendors', 'logs', 'settings'] as const;
export type TeamTab = (typeof TEAM_TABS)[number];
