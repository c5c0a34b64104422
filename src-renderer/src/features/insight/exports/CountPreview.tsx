import { Alert, Flex, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportFilters } from '../../../../../src-shared/api/export';
import { useErrorText } from '../../../app/useErrorText';
import { useDebounced } from '../shared/useDebounced';
import { useCountExportQuery } from './exportApi';

/** What the filters being edited would export now; it follows the filters half a second behind. */
export function CountPreview({ projectId, filters }: { projectId: number; filters: ExportFilters }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settled = useDebounced(JSON.stringify(filters), 400);
  const { data, error, isFetching } = useCountExportQuery({ projectId, filters: JSON.parse(settled) as ExportFilters });

  if (error) return <Alert type="warning" showIcon role="status" title={t('insight.exports.countFailed')} description={errorText(error)} />;
  return (
    <Spin spinning={isFetching}>
      <Flex gap={32} role="status" aria-live="polite" data-testid="export-count">
        <Statistic title={t('insight.exports.countSubjects')} value={data?.subjects ?? '–'} />
        <Statistic title={t('insight.exports.countFrames')} value={data?.frames ?? '–'} />
        <Statistic title={t('insight.exports.countObjects')} value={data?.objects ?? '–'} />
      </Flex>
      {data && data.subjects === 0 && (
        <Alert type="info" showIcon title={t('insight.exports.countNone')} style={{ marginTop: 8 }} />
      )}
    </Spin>
  );
}
