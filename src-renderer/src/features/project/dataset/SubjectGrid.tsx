import { useCallback } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubjectCountQuery, type SubjectFilters } from '../api/projectDataApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { ROW_HEIGHT, columnsFor } from './gridGeometry';
import { PagedSubjectRow } from './PagedSubjectRow';
import { useElementWidth } from './useElementWidth';
import { VirtualRows } from './VirtualRows';

interface Props {
  projectId: number;
  filters: SubjectFilters;
  height: number;
  /** what to say when there is nothing at all (it depends on whether the user may import) */
  emptyText: string;
}

/** Every subject matching the filters as a grid of thumbnails, virtualised by row, paged on demand. */
export function SubjectGrid({ projectId, filters, height, emptyText }: Props) {
  const { t } = useTranslation();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const { data, error, refetch, isLoading } = useSubjectCountQuery({ projectId, filters });
  const total = data?.count ?? 0;
  const columns = columnsFor(width);
  const renderRow = useCallback(
    (row: number) => <PagedSubjectRow projectId={projectId} filters={filters} first={row * columns} count={Math.min(columns, total - row * columns)} />,
    [projectId, filters, columns, total],
  );
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');

  return (
    <div ref={ref} style={{ minWidth: 0 }}>
      {error && <LoadFailure title={t('project.data.loadFailed')} error={error} onRetry={() => void refetch()} />}
      {isLoading || width === 0 ? (
        <Skeleton active />
      ) : total === 0 && !error ? (
        <Empty data-testid="subjects-empty" description={filtered ? t('project.data.noMatch') : emptyText} />
      ) : (
        <VirtualRows rowCount={Math.ceil(total / columns)} rowHeight={ROW_HEIGHT} height={height} renderRow={renderRow} label={t('project.data.gridLabel', { count: total })} />
      )}
    </div>
  );
}
