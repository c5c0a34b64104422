import { useCallback, useState } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubjectCountQuery, useSubjectPageQuery, type SubjectFilters } from '../api/projectDataApi';
import { ItemViewer } from '../viewer/ItemViewer';
import { LoadFailure } from '../../../app/LoadFailure';
import { ROW_HEIGHT, SUBJECT_PAGE_SIZE, columnsFor } from './gridGeometry';
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
  // The item open in the viewer, by its index in the whole filtered list.
  const [opened, setOpened] = useState<number | null>(null);
  const openedId = useSubjectIdAt(projectId, filters, opened);
  const renderRow = useCallback(
    (row: number) => <PagedSubjectRow projectId={projectId} filters={filters} first={row * columns} count={Math.min(columns, total - row * columns)} onOpen={setOpened} />,
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
      <ItemViewer
        projectId={projectId}
        dataId={opened === null ? null : (openedId ?? null)}
        position={opened === null ? undefined : { index: opened, count: total }}
        onMove={(delta) => setOpened((i) => (i === null ? i : Math.min(total - 1, Math.max(0, i + delta))))}
        onClose={() => setOpened(null)}
      />
    </div>
  );
}

/** The id of the subject at an index of the filtered list, from the page the grid reads it in (no request of its own when that page is cached). */
function useSubjectIdAt(projectId: number, filters: SubjectFilters, index: number | null): number | undefined {
  const page = index === null ? 0 : Math.floor(index / SUBJECT_PAGE_SIZE);
  const { data } = useSubjectPageQuery({ projectId, filters, page: page + 1, pageSize: SUBJECT_PAGE_SIZE }, { skip: index === null });
  return index === null ? undefined : data?.list[index - page * SUBJECT_PAGE_SIZE]?.dataId;
}
