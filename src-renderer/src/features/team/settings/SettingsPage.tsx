import { Flex } from 'antd';
import type { TeamInfo } from '../../../../../src-shared/api/team';
import { useCurrentTeam } from '../common/useCurrentTeam';
import { TeamDetails } from './TeamDetails';
import { TransferOwnership } from './TransferOwnership';
import { DeleteTeam } from './DeleteTeam';

/** The team's name and description, and for its owner: transfer and delete. */
export function SettingsPage({ team }: { team: TeamInfo }) {
  const { may } = useCurrentTeam();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <TeamDetails team={team} canEdit={may('team.update')} />
      {may('team.transfer') && <TransferOwnership team={team} />}
      {may('team.delete') && <DeleteTeam team={team} />}
    </Flex>
  );
}
