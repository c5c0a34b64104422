import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, Progress, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportJob, ExportStatus } from '../../../../../src-shared/api/export';
import { useErrorText } from '../../../app/useErrorText';
import { DownloadExportDialog } from './DownloadExportDialog';
import { ExportReport } from './ExportReport';
import { RecordDeliveryDialog } from './RecordDeliveryDialog';
import { useCancelExportMutation, useDeleteExportMutation, useListExportsQuery } from './exportApi';
import { formatBytes } from '../shared/workstationStorage';
import { LoadFailure } from '../../../app/LoadFailure';
import { Timestamp } from '../../../app/figures/Figure';

const STATUS_COLOR: Record<ExportStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };
const isActive = (s: ExportStatus) => s === 'queued' || s === 'running';
/** Events keep the list live; this poll only covers a dropped real-time connection. */
const FALLBACK_POLL_MS = 5000;

/** The project's export runs, newest first, with live progress, cancel, delete, report, download and recorded deliveries. */
export function ExportRunsTable({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [downloading, setDownloading] = useState<(ExportJob & { objectKey: string }) | null>(null);
  const [polling, setPolling] = useState(false);
  const [recording, setRecording] = useState<ExportJob | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const toggleExpanded = (id: number) => setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));
  const { data, error, isLoading, refetch } = useListExportsQuery({ projectId, ...paging }, { pollingInterval: polling ? FALLBACK_POLL_MS : 0 });
  const anyActive = data?.list.some((j) => isActive(j.status)) ?? false;
  if (anyActive !== polling) setPolling(anyActive);
  const [cancel] = useCancelExportMutation();
  const [remove] = useDeleteExportMutation();

  const act = async (what: Promise<unknown>, done: string) => {
    try {
      await what;
      void message.success(done);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<ExportJob> = [
    { title: t('insight.exports.runName'), dataIndex: 'name', key: 'name' },
    { title: t('insight.exports.format'), dataIndex: 'format', key: 'format', render: (f: ExportJob['format']) => t(`insight.exports.formatName.${f}`) },
    {
      title: t('insight.exports.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: ExportStatus) => <Tag color={STATUS_COLOR[s]}>{t(`insight.exports.statusName.${s}`)}</Tag>,
    },
    {
      title: t('insight.exports.progress'),
      key: 'progress',
      width: 220,
      render: (_, j) => (
        <Progress
          percent={Math.floor(j.percent)}
          size="small"
          status={j.status === 'failed' ? 'exception' : j.status === 'done' ? 'success' : isActive(j.status) ? 'active' : 'normal'}
          aria-label={t('insight.exports.progressOf', { name: j.name })}
          data-testid={`export-progress-${j.id}`}
        />
      ),
    },
    { title: t('insight.exports.size'), dataIndex: 'sizeBytes', key: 'size', render: (n: number) => (n ? formatBytes(n) : '–') },
    { title: t('insight.exports.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: (at: number) => <Timestamp at={at} precision="second" /> },
    {
      title: t('insight.exports.deliveries'),
      key: 'deliveries',
      render: (_, j) =>
        j.transfers.length === 0 ? (
          '–'
        ) : (
          // The list itself is in the expanded row (ExportReport); this opens or closes it.
          <Button
            size="small"
            type="link"
            aria-expanded={expanded.includes(j.id)}
            aria-label={t('insight.exports.deliveriesOf', { name: j.name, count: j.transfers.length })}
            onClick={() => toggleExpanded(j.id)}
            data-testid={`deliveries-${j.id}`}
          >
            {j.transfers.length}
          </Button>
        ),
    },
    {
      title: t('insight.common.actions'),
      key: 'actions',
      render: (_, j) => (
        <Flex gap={8} wrap>
          {j.status === 'done' && j.objectKey !== null && (
            <Button size="small" type="primary" onClick={() => setDownloading({ ...j, objectKey: j.objectKey! })} data-testid={`download-${j.id}`}>
              {t('insight.exports.download')}
            </Button>
          )}
          {j.status === 'done' && (
            <Button size="small" onClick={() => setRecording(j)} data-testid={`record-delivery-${j.id}`}>
              {t('insight.exports.recordDelivery')}
            </Button>
          )}
          {isActive(j.status) && (
            <Button size="small" onClick={() => void act(cancel({ projectId, id: j.id }).unwrap(), t('insight.exports.cancelled'))}>
              {t('insight.exports.cancel')}
            </Button>
          )}
          <Popconfirm
            title={t('insight.exports.deleteConfirm')}
            okText={t('insight.common.delete')}
            cancelText={t('insight.common.cancel')}
            onConfirm={() => act(remove({ projectId, id: j.id }).unwrap(), t('insight.exports.deleted'))}
          >
            <Button size="small" danger>
              {t('insight.common.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card title={t('insight.exports.runsTitle')}>
      {error && <LoadFailure title={t('insight.exports.runsFailed')} error={error} onRetry={() => void refetch()} />}
      <Table<ExportJob>
        rowKey="id"
        size="small"
        aria-label={t('insight.exports.runsTitle')}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isLoading}
        expandable={{
          expandedRowRender: (j) => <ExportReport job={j} />,
          rowExpandable: (j) => !isActive(j.status),
          expandedRowKeys: expanded,
          onExpand: (_open, j) => toggleExpanded(j.id),
        }}
        locale={{ emptyText: <Empty description={t('insight.exports.runsEmpty')} /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
      />
      {downloading && <DownloadExportDialog job={downloading} onClose={() => setDownloading(null)} />}
      {recording && (
        <RecordDeliveryDialog
          projectId={projectId}
          job={recording}
          onClose={() => setRecording(null)}
          // Open the run's details so the new delivery is seen arriving in its list.
          onRecorded={() => setExpanded((keys) => (keys.includes(recording.id) ? keys : [...keys, recording.id]))}
        />
      )}
    </Card>
  );
}
