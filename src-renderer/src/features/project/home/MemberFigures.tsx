import { Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROJECT_MEMBER_ROLES } from '../../../../../src-shared/model/permissions';
import { useProjectOverviewQuery } from '../api/projectOverviewApi';
import { LoadFailure } from '../../../app/LoadFailure';

/** Members by project role and by the team they come from (the overview's `members` figures). */
export function MemberFigures({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data, error, refetch, isLoading } = useProjectOverviewQuery({ projectId, queryType: 'members' });
  const m = data?.queryType === 'members' ? data : undefined;
  return (
    <Card title={t('project.home.membersByRole')}>
      {error && <LoadFailure title={t('project.home.overviewFailed')} error={error} onRetry={() => void refetch()} />}
      {isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {m && (
        <Descriptions column={1} size="small">
          {PROJECT_MEMBER_ROLES.map((role) => (
            <Descriptions.Item key={role} label={t(`project.role.${role}`)}>
              {m.byRole[role]}
            </Descriptions.Item>
          ))}
          {m.byTeam.map((team) => (
            <Descriptions.Item key={team.teamId ?? 'none'} label={team.teamName ?? t('project.home.noTeam')}>
              {team.fromVendor ? t('project.home.vendorCount', { count: team.count }) : team.count}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}
