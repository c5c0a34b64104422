import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectPath } from '../../app/paths';
import { useRecentProjectsQuery } from './projectListApi';

/** The projects the user opened last (the server records each visit), as quick links. */
export function RecentProjects() {
  const { t } = useTranslation();
  const { data } = useRecentProjectsQuery(undefined, { refetchOnMountOrArgChange: true });
  // Nothing opened yet, or still loading: the list below is enough; no empty block here.
  if (!data?.length) return null;
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }} data-testid="recent-projects">
      <Typography.Text type="secondary">{t('project.list.recent')}</Typography.Text>
      {data.map((p) => (
        <Tag key={p.projectId} style={{ marginInlineEnd: 0 }}>
          <Link to={projectPath(p.projectId)}>{p.projectName}</Link>
        </Tag>
      ))}
    </Flex>
  );
}
