import { useCallback } from 'react';
import { teamRoleMay, type TeamAction } from '../../../../../src-shared/model/permissions';
import { useInfoQuery } from '../../auth/authApi';
import { useListTeamsQuery } from '../api/teamApi';

/**
 * The caller's current team and what their role there allows. Screens use `may` only to hide
 * what would be refused; the server still decides (src-shared/model/permissions.ts).
 */
export function useCurrentTeam() {
  const info = useInfoQuery();
  const teams = useListTeamsQuery();
  const teamId = info.data?.currentTeamId ?? null;
  const team = teams.data?.find((t) => t.teamId === teamId) ?? null;
  const role = team?.myRole ?? null;
  const may = useCallback((action: TeamAction) => role !== null && teamRoleMay(role, action), [role]);
  return {
    user: info.data ?? null,
    teamId,
    team,
    role,
    may,
    teams: teams.data ?? [],
    isLoading: info.isLoading || teams.isLoading,
    error: info.error ?? teams.error,
    refetch: () => {
      void info.refetch();
      void teams.refetch();
    },
  };
}
