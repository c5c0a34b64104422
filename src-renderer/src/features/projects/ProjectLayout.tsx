import { Alert, Breadcrumb, Button, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { PROJECT_TABS } from '../../app/areas';
import { PATHS, projectPath } from '../../app/paths';
import { useErrorText } from '../../app/useErrorText';
import { useGetProjectQuery } from './projectApi';

/** The frame of one project's pages: its name, and a tab for each project page the features provide. */
export function ProjectLayout() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const projectId = Number(useParams().projectId);
  const { data: project, error, refetch } = useGetProjectQuery(projectId, { skip: !Number.isInteger(projectId) });
  const segment = pathname.split('/')[3] ?? '';

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={PATHS.projects}>{t('projects.title')}</Link> }, { title: project?.projectName ?? '…' }]} style={{ marginBottom: 8 }} />
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('projects.loadFailed')}
          description={errorText(error)}
          action={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
        />
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
