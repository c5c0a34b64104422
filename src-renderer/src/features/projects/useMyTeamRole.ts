import { teamRoleMay, type TeamAction, type TeamRole } from '../../../../src-shared/model/permissions';
import { useInfoQuery } from '../auth/authApi';
import { useTeamMembersForProjectQuery } from '../project/api/projectMembersApi';

/** The caller's role in their current team (null until known, or with no team), and what it allows. */
export function useMyTeamRole(): { role: TeamRole | null; can: (action: TeamAction) => boolean } {
  const { data: me } = useInfoQuery();
  const { data: members } = useTeamMembersForProjectQuery(undefined, { skip: !me?.currentTeamId });
  const role = members?.list.find((m) => m.userId === me?.id)?.role ?? null;
  return { role, can: (action) => (role ? teamRoleMay(role, action) : false) };
}
