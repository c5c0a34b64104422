import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectSummary } from '../../../../src-shared/api/project';
import { projectPath } from '../../app/paths';
import { EmptyHint } from '../../app/EmptyHint';
import { LoadFailure } from '../../app/LoadFailure';
import { CreateProjectDialog } from './CreateProjectDialog';
import { ImportProjectDialog } from './ImportProjectDialog';
import { ProjectListFilterBar } from './ProjectListFilterBar';
import { RecentProjects } from './RecentProjects';
import { useListProjectsFilteredQuery } from './projectListApi';
import { INITIAL_FILTERS, isFiltered, toProjectListQuery, type ProjectListFilterState } from './projectListFilters';
import { useMyTeamRole } from './useMyTeamRole';
import { Timestamp } from '../../app/figures/Figure';

const sortOrderOf = (f: ProjectListFilterState, key: ProjectListFilterState['orderBy']) =>
  f.orderBy === key ? (f.order === 'asc' ? 'ascend' : 'descend') : null;

/** The projects of the current team the user may see: filtered, sorted and paged by the server. */
export function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState(INITIAL_FILTERS);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const { data, error, isFetching, refetch } = useListProjectsFilteredQuery(toProjectListQuery(filters));
  const { can } = useMyTeamRole();
  const mayCreate = can('team.project.create');

  // Projects removed elsewhere can leave us past the last page; step back to it.
  useEffect(() => {
    if (!data || data.list.length > 0 || filters.page === 1) return;
    const lastPage = Math.max(1, Math.ceil(data.total / filters.pageSize));
    if (lastPage < filters.page) setFilters((f) => ({ ...f, page: lastPage }));
  }, [data, filters]);

  const open = (projectId: number) => void navigate(projectPath(projectId));

  const columns: TableColumnsType<ProjectSummary> = [
    {
      title: t('projects.columns.name'),
      dataIndex: 'projectName',
      key: 'projectName',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'projectName'),
      // A real link, so the row is reachable and opens with the keyboard.
      render: (name: string, p) => (
        <Typography.Link
          onClick={(e) => {
            e.stopPropagation();
            open(p.projectId);
          }}
        >
          {name}
          {p.isVendor && <Tag style={{ marginInlineStart: 8 }}>{t('project.list.sharedIn')}</Tag>}
        </Typography.Link>
      ),
    },
    { title: t('projects.columns.type'), dataIndex: 'type', key: 'type', render: (type: ProjectSummary['type']) => t(`projects.type.${type}`) },
    { title: t('project.list.memberCount'), dataIndex: 'memberCount', key: 'memberCount' },
    { title: t('project.list.myRole'), dataIndex: 'myRole', key: 'myRole', render: (role: ProjectSummary['myRole']) => t(`project.role.${role}`) },
    { title: t('project.list.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, sortOrder: sortOrderOf(filters, 'createdAt'), render: (at: number) => <Timestamp at={at} /> },
    { title: t('projects.columns.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, sortOrder: sortOrderOf(filters, 'updatedAt'), render: (at: number) => <Timestamp at={at} /> },
  ];

  const onTableChange: TableProps<ProjectSummary>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const orderBy = s?.order ? (s.columnKey as ProjectListFilterState['orderBy']) : INITIAL_FILTERS.orderBy;
    const order = s?.order === 'ascend' ? 'asc' : 'desc';
    const pageSize = pagination.pageSize ?? filters.pageSize;
    const sortChanged = orderBy !== filters.orderBy || order !== filters.order;
    setFilters((f) => ({ ...f, orderBy, order, pageSize, page: sortChanged || pageSize !== f.pageSize ? 1 : (pagination.current ?? 1) }));
  };

  const empty = error ? (
    t('projects.loadFailed')
  ) : data && !isFetching ? (
    isFiltered(filters) ? (
      <Empty data-testid="projects-no-match" description={t('project.list.noMatch')} />
    ) : (
      <EmptyHint testId="projects-empty" title={t('projects.emptyTitle')} hint={mayCreate ? t('project.list.emptyCanCreate') : t('projects.emptyHint')} />
    )
  ) : (
    ' ' // while loading: the spinner speaks, not an empty state that may be wrong
  );

  return (
    <>
      <Flex justify="space-between" align="center">
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('projects.title')}
        </Typography.Title>
        {mayCreate && (
          <Flex gap={8}>
            <Button onClick={() => setImporting(true)} data-testid="import-project">
              {t('projects.importArchive.open')}
            </Button>
            <Button type="primary" onClick={() => setCreating(true)} data-testid="create-project">
              {t('project.create.open')}
            </Button>
          </Flex>
        )}
      </Flex>
      <RecentProjects />
      <ProjectListFilterBar filters={filters} onChange={(patch) => setFilters((f) => ({ ...f, ...patch, page: 1 }))} />
      {error && (
        <LoadFailure title={t('projects.loadFailed')} error={error} onRetry={() => void refetch()} />
      )}
      <Table<ProjectSummary>
        aria-label={t('projects.tableLabel')}
        rowKey="projectId"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        locale={{ emptyText: empty }}
        onChange={onTableChange}
        onRow={(p) => ({ onClick: () => open(p.projectId), style: { cursor: 'pointer' } })}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('projects.total', { count: total }),
        }}
      />
      <ImportProjectDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(r) => {
          setImporting(false);
          open(r.projectId);
        }}
      />
      <CreateProjectDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(p) => {
          setCreating(false);
          open(p.projectId);
        }}
      />
    </>
  );
}
