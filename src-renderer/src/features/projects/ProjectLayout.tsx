import { Breadcrumb, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { PROJECT_TABS } from '../../app/areas';
import { PATHS, projectPath } from '../../app/paths';
import { LoadFailure } from '../../app/LoadFailure';
import { useGetProjectQuery } from './projectApi';

/** The frame of one project's pages: its name, and a tab for each project page the features provide. */
export function ProjectLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const projectId = Number(useParams().projectId);
  const { data: project, error, refetch } = useGetProjectQuery(projectId, { skip: !Number.isInteger(projectId) });
  const segment = pathname.split('/')[3] ?? '';

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={PATHS.projects}>{t('projects.title')}</Link> }, { title: project?.projectName ?? '…' }]} style={{ marginBottom: 8 }} />
      {error ? (
        <LoadFailure title={t('projects.loadFailed')} error={error} onRetry={() => void refetch()} />
      ) : !project ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }} data-testid="project-title">
            {project.projectName}
          </Typography.Title>
          <Tabs
            activeKey={segment}
            onChange={(key) => void navigate(projectPath(projectId, key))}
            items={PROJECT_TABS.map((tab) => ({ key: tab.segment, label: t(tab.labelKey) }))}
          />
          <Outlet />
        </>
      )}
    </>
  );
}
