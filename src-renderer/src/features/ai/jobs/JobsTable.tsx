import { useState } from 'react';
import { App, Button, Card, Popconfirm, Progress, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_OUTLINES_PER_PICTURE, FINISHED_JOB_STATES, type AiJob, type AiJobState } from '../../../../../src-shared/api/ai';
import { LoadFailure } from '../../../app/LoadFailure';
import { relativeTime } from '../../../app/relativeTime';
import { useErrorText } from '../../../app/useErrorText';
import { useAiJobsQuery, useStopJobMutation } from '../aiApi';
import { TrainOutcomeDetail, TrainVerdict } from './TrainOutcome';
import { classCounts } from '../format';
import { ClassMappingModal } from '../mapping/ClassMappingModal';

const PAGE_SIZE = 10;
/** Events keep the list live; this poll only covers a dropped real-time connection while something runs. */
const FALLBACK_POLL_MS = 10_000;
const STATE_COLOR: Record<AiJobState, string> = { queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', cancelled: 'warning' };
const isActive = (j: AiJob) => !FINISHED_JOB_STATES.includes(j.state);

/** Every AI job of the project, newest first: progress live from the project's events, what each did, and stop for managers. */
export function JobsTable({ projectId, mayManage }: { projectId: number; mayManage: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [polling, setPolling] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const { data, error, isFetching, refetch } = useAiJobsQuery({ projectId, page, pageSize: PAGE_SIZE }, { pollingInterval: polling ? FALLBACK_POLL_MS : 0 });
  const anyActive = data?.list.some(isActive) ?? false;
  if (anyActive !== polling) setPolling(anyActive);
  const [stop, { isLoading: stopping, originalArgs: stopArgs }] = useStopJobMutation();
  const [mapping, setMapping] = useState<AiJob | null>(null);

  const stopJob = async (job: AiJob) => {
    try {
      await stop({ projectId, jobId: job.jobId, type: job.type }).unwrap();
      void message.success(t(job.type === 'train' ? 'aiTab.jobs.terminated' : 'aiTab.jobs.cancelled', { id: job.jobId }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const jobError = (job: AiJob) => {
    if (!job.error) return null;
    const key = `error.${job.error.code}`;
    return i18n.exists(key) ? t(key) : job.error.message;
  };
  const hasOutcome = (j: AiJob) => j.type === 'train' && j.train !== null;

  const columns: TableColumnsType<AiJob> = [
    {
      title: t('aiTab.jobs.job'),
      key: 'job',
      width: 190,
      render: (_, j) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text type="secondary">#{j.jobId}</Typography.Text>
            <Tag>{t(`aiTab.jobs.types.${j.type}`)}</Tag>
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('aiTab.jobs.by', { name: j.createdByName, when: relativeTime(j.createdAt, t) })}
            {j.finishedAt ? ` · ${t('aiTab.jobs.ended', { when: relativeTime(j.finishedAt, t) })}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('aiTab.jobs.model'), dataIndex: 'modelName', key: 'model', render: (name: string, j) => `${name} · ${t(`aiTab.tools.${j.tool}`)}` },
    {
      title: t('aiTab.jobs.state'),
      key: 'state',
      width: 110,
      render: (_, j) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLOR[j.state]} data-testid={`ai-job-state-${j.jobId}`}>
            {t(`aiTab.jobs.states.${j.state}`)}
          </Tag>
          {j.error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {jobError(j)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('aiTab.jobs.progress'),
      key: 'progress',
      width: 150,
      render: (_, j) => (
        <Progress
          size="small"
          data-testid={`ai-job-progress-${j.jobId}`}
          aria-label={t('aiTab.jobs.progressOf', { id: j.jobId })}
          percent={j.total ? Math.floor((j.done / j.total) * 100) : j.state === 'succeeded' ? 100 : 0}
          status={j.state === 'failed' ? 'exception' : j.state === 'succeeded' ? 'success' : isActive(j) ? 'active' : 'normal'}
          format={() => `${j.done}/${j.total}`}
        />
      ),
    },
    {
      title: t('aiTab.jobs.result'),
      key: 'result',
      render: (_, j) =>
        j.type === 'predict' ? (
          <Space orientation="vertical" size={0} data-testid={`ai-job-applied-${j.jobId}`}>
            <Typography.Text>{t('aiTab.jobs.applied', { items: t('common.count.items', { count: j.applied.items }), objects: t('common.count.objects', { count: j.applied.objects }) })}</Typography.Text>
            <Tooltip title={t('aiTab.jobs.appliedHint')}>
              <Typography.Text type={j.applied.failed > 0 ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
                {t('aiTab.jobs.appliedLeft', { skipped: j.applied.skippedTouched, failed: j.applied.failed })}
              </Typography.Text>
            </Tooltip>
            {j.applied.notOutlined > 0 && (
              <Tooltip title={t('aiTab.jobs.notOutlinedHint', { max: AI_OUTLINES_PER_PICTURE })}>
                <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`ai-job-not-outlined-${j.jobId}`}>
                  {t('aiTab.jobs.notOutlined', { count: j.applied.notOutlined })}
                </Typography.Text>
              </Tooltip>
            )}
            {j.state === 'succeeded' && j.applied.objects === 0 && j.applied.unmapped.length === 0 && j.applied.items + j.applied.skippedTouched > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`ai-job-nothing-${j.jobId}`}>
                {t('aiTab.mapping.foundNothing')}
              </Typography.Text>
            )}
            {j.applied.unmapped.length > 0 && (
              // Why a run wrote fewer objects than the model found: the classes no label takes, and the way to map them.
              <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`ai-job-unmapped-${j.jobId}`}>
                {t('aiTab.mapping.unmappedJob', { list: classCounts(j.applied.unmapped, 6), count: j.applied.unmapped.length })}{' '}
                <Button size="small" type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setMapping(j)}>
                  {t('aiTab.mapping.mapClasses')}
                </Button>
              </Typography.Text>
            )}
          </Space>
        ) : j.type === 'train' ? (
          <TrainVerdict job={j} />
        ) : j.type === 'evaluate' && j.state === 'succeeded' ? (
          <Typography.Text type="secondary">{t('aiTab.jobs.evaluated', { count: j.total })}</Typography.Text>
        ) : null,
    },
    ...(mayManage
      ? [
          {
            title: t('aiTab.jobs.actions'),
            key: 'actions',
            width: 90,
            render: (_: unknown, j: AiJob) => {
              if (!isActive(j)) return null;
              const busy = stopping && stopArgs?.jobId === j.jobId;
              return j.type === 'train' ? (
                <Popconfirm title={t('aiTab.jobs.terminateConfirm')} onConfirm={() => void stopJob(j)}>
                  <Button size="small" danger loading={busy}>
                    {t('aiTab.jobs.terminate')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button size="small" loading={busy} onClick={() => void stopJob(j)} data-testid={`ai-job-cancel-${j.jobId}`}>
                  {t('aiTab.jobs.cancel')}
                </Button>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Card size="small" title={t('aiTab.jobs.title')}>
      {error && <LoadFailure title={t('aiTab.jobs.loadFailed')} error={error} onRetry={() => void refetch()} />}
      <Table<AiJob>
        size="small"
        rowKey="jobId"
        aria-label={t('aiTab.jobs.title')}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching && !data}
        expandable={{
          rowExpandable: hasOutcome,
          expandedRowKeys: (data?.list ?? []).filter((j) => hasOutcome(j) && !collapsed.has(j.jobId)).map((j) => j.jobId),
          onExpand: (open, j) =>
            setCollapsed((prev) => {
              const next = new Set(prev);
              if (open) next.delete(j.jobId);
              else next.add(j.jobId);
              return next;
            }),
          expandedRowRender: (j) => (j.train ? <TrainOutcomeDetail projectId={projectId} job={j} outcome={j.train} /> : null),
        }}
        locale={{ emptyText: data ? t('aiTab.jobs.empty') : ' ' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showTotal: (total) => t('aiTab.jobs.total', { count: total }), hideOnSinglePage: true }}
      />
      {mapping && (
        <ClassMappingModal
          projectId={projectId}
          modelId={mapping.modelId}
          modelName={mapping.modelName}
          mayManage={mayManage}
          onDone={(saved) => {
            setMapping(null);
            if (saved) void message.success(t('aiTab.mapping.saved'));
          }}
        />
      )}
    </Card>
  );
}
