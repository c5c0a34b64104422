import type { ReactNode } from 'react';
import type { TeamInfo } from '../../../../../src-shared/api/team';
import { Navigate, useNavigate } from 'react-router';
import { Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamAction } from '../../../../../src-shared/model/permissions';
import { TEAM_PATHS, TEAM_TABS, type TeamTab } from '../paths';
import { useCurrentTeam } from './useCurrentTeam';
import { LoadFailure } from '../../../app/LoadFailure';
import { NoTeam } from './NoTeam';

/** What a role needs to see each tab (src-shared/model/permissions.ts). */
const TAB_ACTION: Record<TeamTab, TeamAction> = {
  members: 'team.member.read',
  groups: 'team.member.read',
  invitations: 'team.invite.manage',
  vendors: 'team.vendor.manage',
  // other people's logs: owners and admins only (docs/logging.md)
  logs: 'team.logs.read',
  settings: 'team.read',
};

/**
 * The frame of the team's pages: the team's name, a tab per page the caller's role may use,
 * and the page. Without a current team it says how to get one instead.
 */
export function TeamPage({ tab, render }: { tab: TeamTab; render: (team: TeamInfo) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { team, teamId, may, isLoading, error, refetch } = useCurrentTeam();

  if (error) return <LoadFailure title={t('team.page.loadFailed')} error={error} onRetry={refetch} />;
  if (isLoading) return <Skeleton active />;
  if (teamId === null) return <NoTeam />;
  if (!team) return <Skeleton active />;
  // A page the role may not use (an old link, a role just lowered): go where they may look.
  if (!may(TAB_ACTION[tab])) return <Navigate to={TEAM_PATHS.members} replace />;

  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }} data-testid="team-title">
        {team.name}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(TEAM_PATHS[key as TeamTab])}
        items={TEAM_TABS.filter((x) => may(TAB_ACTION[x])).map((x) => ({ key: x, label: t(`team.tabs.${x}`) }))}
      />
      {render(team)}
    </>
  );
}
