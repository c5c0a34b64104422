import { useEffect, useState } from 'react';
import { Button, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectBatchesQuery, type SubjectFilters } from '../api/projectDataApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { useProjectAccess } from '../shared/useProjectAccess';
import { BatchPanel } from './BatchPanel';
import { ImportDialog } from './import/ImportDialog';
import { ImportJobs } from './import/ImportJobs';
import { SampleDialog } from './SampleDialog';
import { SubjectFilterBar } from './SubjectFilterBar';
import { SubjectGrid } from './SubjectGrid';

/** The batches the panel lists; projects rarely have more, and the grid's batch filter uses the same list. */
const BATCHES_SHOWN = 200;
/** The grid fills the window below the shell header, project title, tabs and filters (measured at 1280x720). */
const HEIGHT_ABOVE_GRID = 300;
const MIN_GRID_HEIGHT = 320;

/** The project's data: batches, the subject grid with filters and sampling, and folder imports. */
export function DataPage() {
  const { t } = useTranslation();
  const { projectId, project, can } = useProjectAccess();
  const mayManage = can('project.data.manage');
  const [filters, setFilters] = useState<SubjectFilters>({});
  const [importing, setImporting] = useState(false);
  const [sampling, setSampling] = useState(false);
  const batches = useProjectBatchesQuery({ projectId, page: 1, pageSize: BATCHES_SHOWN });
  const gridHeight = useGridHeight();
  if (!project) return <Skeleton active />;

  return (
    <Flex gap={16} align="start" data-testid="project-data">
      <div style={{ width: 260, flex: 'none' }}>
        {mayManage && (
          <Button type="primary" block onClick={() => setImporting(true)} style={{ marginBottom: 12 }} data-testid="import-open">
            {t('project.import.open')}
          </Button>
        )}
        {mayManage && <ImportJobs projectId={projectId} />}
        {batches.error && <LoadFailure title={t('project.batch.loadFailed')} error={batches.error} onRetry={() => void batches.refetch()} />}
        <BatchPanel
          projectId={projectId}
          batches={batches.data?.list ?? []}
          loading={batches.isLoading}
          selected={filters.batchId}
          onSelect={(batchId) => setFilters((f) => ({ ...f, batchId }))}
          editable={mayManage}
        />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <SubjectFilterBar filters={filters} batches={batches.data?.list ?? []} onChange={setFilters} onSample={() => setSampling(true)} />
        <SubjectGrid projectId={projectId} filters={filters} height={gridHeight} emptyText={mayManage ? t('project.data.emptyCanImport') : t('project.data.empty')} />
      </div>
      {mayManage && <ImportDialog projectId={projectId} defaultType={project.type} open={importing} onClose={() => setImporting(false)} />}
      <SampleDialog projectId={projectId} filters={filters} open={sampling} onClose={() => setSampling(false)} />
    </Flex>
  );
}

/** The grid's height: the window's, less the shell and project header above it. */
function useGridHeight(): number {
  const [windowHeight, setWindowHeight] = useState(window.innerHeight);
  useEffect(() => {
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return Math.max(MIN_GRID_HEIGHT, windowHeight - HEIGHT_ABOVE_GRID);
}
