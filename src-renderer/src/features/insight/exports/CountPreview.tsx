import { Alert, Flex, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLASS_FOLDER_FORMATS, type ExportFilters, type ExportFormatName, type ExportOptions } from '../../../../../src-shared/api/export';
import { useErrorText } from '../../../app/useErrorText';
import { useDebounced } from '../shared/useDebounced';
import { useCountExportQuery } from './exportApi';

/**
 * What the plan being edited would export now, in its format: the objects it keeps, as the
 * server's writers keep them (a VOC export counts its boxes only; the class-folder formats the
 * pictures they file under a class). It follows the plan half a second behind.
 */
export function CountPreview({ projectId, filters, format, options }: { projectId: number; filters: ExportFilters; format: ExportFormatName; options: ExportOptions }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settled = useDebounced(JSON.stringify({ filters, format, options }), 400);
  const { data, error, isFetching } = useCountExportQuery({ projectId, ...(JSON.parse(settled) as { filters: ExportFilters; format: ExportFormatName; options: ExportOptions }) });

  if (error) return <Alert type="warning" showIcon role="status" title={t('insight.exports.countFailed')} description={errorText(error)} />;
  return (
    <Spin spinning={isFetching}>
      <Flex gap={32} role="status" aria-live="polite" data-testid="export-count">
        <Statistic title={t('insight.exports.countSubjects')} value={data?.subjects ?? '–'} />
        <Statistic title={t('insight.exports.countFrames')} value={data?.frames ?? '–'} />
        <Statistic title={t(CLASS_FOLDER_FORMATS.includes(format) ? 'insight.exports.filedByClass' : 'insight.exports.countObjects')} value={data?.objects ?? '–'} />
      </Flex>
      {data && data.unconfirmed > 0 && (
        <Alert type="info" showIcon data-testid="export-unconfirmed" title={t('insight.exports.countUnconfirmed', { count: data.unconfirmed })} style={{ marginTop: 8 }} />
      )}
      {data && data.subjects === 0 && (
        <Alert type="info" showIcon title={t('insight.exports.countNone')} style={{ marginTop: 8 }} />
      )}
    </Spin>
  );
}
