import { Breadcrumb, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { projectRoleMay } from '../../../../src-shared/model/permissions';
import { PROJECT_TABS } from '../../app/areas';
import { PATHS, projectPath } from '../../app/paths';
import { LoadFailure } from '../../app/LoadFailure';
import { useProjectLive } from '../../app/useProjectLive';
import { ProjectNotFound, ProjectTabDenied } from './ProjectDeadEnds';
import { useGetProjectQuery } from './projectApi';

/** 404 for a project that is not there or not the caller's; 403 is the same to a non-member (not a retryable failure). */
const isOutOfReach = (error: unknown) => [403, 404].includes((error as { status?: number } | undefined)?.status ?? 0);

/**
 * The frame of one project's pages: its name, and a tab for each project page the features
 * provide that the caller's role may use. A tab opened by its address that the role may not use
 * says so instead of showing the page's failures. While it is open the project's lists hear its
 * real-time room (useProjectLive).
 */
export function ProjectLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const projectId = Number(useParams().projectId);
  const validId = Number.isSafeInteger(projectId) && projectId > 0;
  const { data: project, error, refetch } = useGetProjectQuery(projectId, { skip: !validId });
  // Every tab's lists stay fresh after colleagues' changes, not only the user's own.
  useProjectLive(project ? projectId : null);
  const segment = pathname.split('/')[3] ?? '';
  const mayUse = (tab: (typeof PROJECT_TABS)[number]) => !tab.requires || (project !== undefined && projectRoleMay(project.myRole, tab.requires));
  const activeTab = PROJECT_TABS.find((tab) => tab.segment === segment);

  if (!validId || isOutOfReach(error)) return <ProjectNotFound />;
  return (
    <>
      <Breadcrumb items={[{ title: <Link to={PATHS.projects}>{t('projects.title')}</Link> }, { title: project?.projectName ?? '…' }]} style={{ marginBottom: 8 }} />
      {error ? (
        <LoadFailure title={t('resilience.projectLoadFailed')} error={error} onRetry={() => void refetch()} />
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
            items={PROJECT_TABS.filter(mayUse).map((tab) => ({ key: tab.segment, label: t(tab.labelKey) }))}
          />
          {activeTab && !mayUse(activeTab) ? <ProjectTabDenied projectId={projectId} tab={activeTab} /> : <Outlet />}
        </>
      )}
    </>
  );
}
