import { Alert, Descriptions, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectImportResult } from '../../../../../src-shared/api/projectImport';

const counts = (record: Record<string, number>) => Object.entries(record).filter(([, n]) => n > 0);

/** What an import did, or (dry run) would do: matches, misses, missing labels, what was left out. */
export function ImportResultView({ result }: { result: ProjectImportResult }) {
  const { t } = useTranslation();
  const m = result.matched;
  const counted = { objects: t('common.count.objects', { count: m.objects }), frames: t('common.count.frames', { count: m.frames }) };
  const skipped = counts(result.skippedObjects);
  const dropped = counts(result.droppedAnswers);

  return (
    <div data-testid={result.dryRun ? 'import-preview' : 'import-result'}>
      <Alert
        type={result.dryRun ? 'info' : result.written ? 'success' : 'warning'}
        showIcon
        role="status"
        style={{ marginBottom: 12 }}
        title={
          result.dryRun
            ? t('insight.imports.previewTitle', counted)
            : result.written
              ? t('insight.imports.appliedTitle', counted)
              : t('insight.imports.nothingWritten')
        }
      />
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('insight.imports.files')}>{result.files}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.matchedSubjects')}>{m.subjects}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.matchedFrames')}>{m.frames}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.matchedObjects')}>{m.objects}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.matchedClassifications')}>{m.classifications}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.unmatched')}>
          <span data-testid="import-unmatched">{result.unmatchedFiles.count}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.ambiguous')}>{result.ambiguousFiles.count}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.held')}>{result.heldTaskSubjects.count}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.notInTask')}>{result.subjectsNotInTask.count}</Descriptions.Item>
        <Descriptions.Item label={t('insight.imports.skipped')}>
          {skipped.length === 0 ? '0' : skipped.map(([k, n]) => <Tag key={k}>{t(`insight.imports.skip.${k}`, { defaultValue: k })}: {n}</Tag>)}
        </Descriptions.Item>
        {dropped.length > 0 && (
          <Descriptions.Item label={t('insight.imports.dropped')} span={2}>
            {dropped.map(([k, n]) => (
              <Tag key={k}>
                {t(`insight.imports.drop.${k}`, { defaultValue: k })}: {n}
              </Tag>
            ))}
          </Descriptions.Item>
        )}
      </Descriptions>
      {result.labelsMissing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('insight.imports.labelsMissing', { count: result.labelsMissing.length })}
          description={result.labelsMissing.map((l) => (
            <Tag key={`${l.featureName}/${l.name}`}>{t('insight.imports.labelIn', { name: l.name, feature: l.featureName, tool: t(`insight.exports.tool.${l.tool}`, { defaultValue: l.tool }) })}</Tag>
          ))}
        />
      )}
      {result.labelsCreated.length > 0 && (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          {t('insight.imports.labelsCreated', { names: result.labelsCreated.map((l) => l.name).join(', ') })}
        </Typography.Paragraph>
      )}
      {result.unmatchedFiles.count > 0 && (
        <List
          size="small"
          style={{ marginTop: 12, maxHeight: 160, overflow: 'auto' }}
          header={t('insight.imports.unmatchedList', { shown: result.unmatchedFiles.list.length, count: result.unmatchedFiles.count })}
          dataSource={result.unmatchedFiles.list}
          renderItem={(name) => <List.Item>{name}</List.Item>}
        />
      )}
      {result.warnings.count > 0 && (
        <Alert
          type="warning"
          style={{ marginTop: 12 }}
          title={t('insight.imports.warnings', { count: result.warnings.count })}
          description={result.warnings.list.slice(0, 10).join('\n')}
        />
      )}
    </div>
  );
}
