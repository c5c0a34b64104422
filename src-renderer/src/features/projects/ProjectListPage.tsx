import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../../../../src-shared/api/project';
import { useErrorText } from '../../app/useErrorText';
import { useListProjectsQuery } from './projectsApi';

/** The server's default page size (src-shared/api/envelope.ts PageQuery). */
const DEFAULT_PAGE_SIZE = 20;

/** The projects of the current team the user may see, paged by the server. */
export function ProjectListPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, error, isFetching, refetch } = useListProjectsQuery(paging);

  // Projects removed elsewhere can leave us past the last page; step back to it.
  useEffect(() => {
    if (!data || data.list.length > 0 || paging.page === 1) return;
    const lastPage = Math.max(1, Math.ceil(data.total / paging.pageSize));
    if (lastPage < paging.page) setPaging((p) => ({ ...p, page: lastPage }));
  }, [data, paging]);

  const columns: TableColumnsType<ProjectSummary> = [
    { title: t('projects.columns.name'), dataIndex: 'projectName', key: 'projectName' },
    { title: t('projects.columns.type'), dataIndex: 'type', key: 'type', render: (type: ProjectSummary['type']) => t(`projects.type.${type}`, { defaultValue: type }) },
    {
      title: t('projects.columns.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
    },
  ];

  const empty = error ? (
    t('projects.loadFailed')
  ) : data && !isFetching ? (
    <Empty
      data-testid="projects-empty"
      description={
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {t('projects.emptyTitle')}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 420, margin: '0 auto' }}>
            {t('projects.emptyHint')}
          </Typography.Paragraph>
        </>
      }
    />
  ) : (
    ' ' // while loading: the spinner speaks, not an empty state that may be wrong
  );

  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('projects.title')}
      </Typography.Title>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('projects.loadFailed')}
          description={errorText(error)}
          action={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<ProjectSummary>
        aria-label={t('projects.tableLabel')}
        rowKey="projectId"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        locale={{ emptyText: empty }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('projects.total', { total }),
          onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
        }}
      />
    </>
  );
}
