import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ImportPanel } from '../imports/ImportPanel';
import { AccessGate } from '../shared/AccessGate';
import { useProjectMay } from '../shared/permissionApi';
import { useExportTemplateQuery } from './exportApi';
import { ExportRunsTable } from './ExportRunsTable';
import { PlanList } from './PlanList';
import { useExportEvents } from './useExportEvents';
import { LoadFailure } from '../../../app/LoadFailure';

/** The project's "Exports" tab: saved plans, runs with live progress and downloads, and imports. */
export function ExportsTab() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const { may, error } = useProjectMay(projectId, 'project.export');
  return (
    <AccessGate may={may} error={error} deniedText={t('insight.exports.denied')}>
      <ExportsContent projectId={projectId} />
    </AccessGate>
  );
}

function ExportsContent({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  useExportEvents(projectId);
  const { data: template, error, refetch } = useExportTemplateQuery(projectId);

  if (error) return <LoadFailure title={t('insight.exports.templateFailed')} error={error} onRetry={() => void refetch()} />;
  if (!template) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <PlanList projectId={projectId} template={template} />
      <ExportRunsTable projectId={projectId} />
      <ImportPanel projectId={projectId} template={template} />
    </Flex>
  );
}
