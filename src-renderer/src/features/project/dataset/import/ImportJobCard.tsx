import { App, Button, Card, Flex, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatasetJob } from '../../../../../../src-shared/ipc/datasets';
import { useErrorText } from '../../../../app/useErrorText';
import { plainFailure } from '../../../../app/plainFailure';
import { workstation } from '../../../../host';
import { importCounts, importPercent, isActive } from './importProgress';
import type { ImportFiles } from './useImportJobs';
import { ResupplyFiles } from './browser/ResupplyFiles';

const STATE_COLOR: Partial<Record<DatasetJob['state'], string>> = { done: 'success', failed: 'error', cancelled: 'default', paused: 'warning' };

/** One import: its total progress, the files in flight and just finished, and pause, resume, cancel. */
export function ImportJobCard({ job, files, onDismiss }: { job: DatasetJob; files: ImportFiles | undefined; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const act = (method: 'datasets.pause' | 'datasets.resume' | 'datasets.cancel') => {
    workstation.invoke(method, { jobId: job.jobId }).catch((err: unknown) => void message.error(errorText(err)));
  };
  const percent = importPercent(job);
  const inFlight = Object.entries(files?.inFlight ?? {});

  return (
    <Card size="small" data-testid="import-job" style={{ marginBottom: 12 }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        {/* A long batch name shortens with an ellipsis (whole in the tooltip); the state keeps its place beside it. */}
        <Flex align="center" gap={8} style={{ minWidth: 0, flex: '1 1 160px' }}>
          <Typography.Text strong ellipsis={{ tooltip: job.batchName }} style={{ minWidth: 0 }} data-testid="import-batch-name">
            {job.batchName}
          </Typography.Text>
          <Tag color={STATE_COLOR[job.state] ?? 'processing'} style={{ marginInlineEnd: 0, flex: 'none' }} data-testid="import-state">{t(`project.import.state.${job.state}`)}</Tag>
        </Flex>
        <Space wrap>
          {isActive(job) && job.state !== 'paused' && <Button size="small" onClick={() => act('datasets.pause')} data-testid="import-pause">{t('project.import.pause')}</Button>}
          {(job.state === 'paused' || job.state === 'failed') && <Button size="small" onClick={() => act('datasets.resume')} data-testid="import-resume">{t('project.import.resume')}</Button>}
          {(isActive(job) || job.state === 'failed') && (
            <Popconfirm title={t('project.import.cancelConfirm')} okText={t('project.import.cancel')} cancelText={t('project.common.close')} onConfirm={() => act('datasets.cancel')}>
              <Button size="small" danger data-testid="import-cancel">{t('project.import.cancel')}</Button>
            </Popconfirm>
          )}
          {!isActive(job) && job.state !== 'failed' && <Button size="small" type="text" onClick={onDismiss} aria-label={t('project.import.dismiss')}>×</Button>}
        </Space>
      </Flex>
      <Progress percent={percent} status={job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : 'active'} format={(p) => `${p ?? 0}%`} aria-label={t('project.import.total')} data-testid="import-progress" />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="import-counts">
        {importCounts(job, t)}
      </Typography.Text>
      {(job.refusedSubjects ?? 0) > 0 && (
        <div data-testid="import-refused">
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {t('project.import.refused', { count: job.refusedSubjects })}
          </Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 18, maxHeight: 120, overflowY: 'auto', fontSize: 12 }}>
            {(job.refused ?? []).map((r) => (
              <li key={`${r.name}\u0000${r.file}`} style={{ overflowWrap: 'anywhere' }}>
                {t('project.import.refusedItem', { name: r.name, reason: t(`error.media.${r.media === 'video' ? 'video.' : ''}${r.reason}`, { format: (r.format ?? '').toUpperCase(), codec: r.codec ?? '' }) })}
              </li>
            ))}
          </ul>
          {job.refusedSubjects > (job.refused?.length ?? 0) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('project.import.refusedMore', { count: job.refusedSubjects - (job.refused?.length ?? 0) })}
            </Typography.Text>
          )}
        </div>
      )}
      {(job.warnings?.length ?? 0) > 0 && (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 18, maxHeight: 120, overflowY: 'auto', fontSize: 12 }} data-testid="import-warnings">
          {job.warnings!.map((w) => (
            <li key={`${w.name}\u0000${w.warning}`} style={{ overflowWrap: 'anywhere' }}>
              {t('project.import.refusedItem', { name: w.name, reason: t(`warning.media.video.${w.warning}`) })}
            </li>
          ))}
        </ul>
      )}
      {job.source === 'browser' && isActive(job) && ['uploading', 'paused'].includes(job.state) && <ResupplyFiles job={job} />}
      {job.error && <Typography.Paragraph type="danger" style={{ marginBottom: 0 }}>{t('project.import.failedBecause', { message: errorText(plainFailure(job.error)) })}</Typography.Paragraph>}
      {inFlight.map(([id, p]) => (
        <Progress key={id} size="small" percent={Math.floor(p)} aria-label={t('project.import.fileInFlight')} />
      ))}
      {files?.recent.length ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }} ellipsis={{ rows: 2 }}>
          {t('project.import.recentFiles', { files: files.recent.map((f) => f.split(/[\\/]/).pop()).join(', ') })}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
