import { Button, Empty, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogUpload } from '../../../../../src-shared/api/log';
import type { PageOf } from '../../../../../src-shared/api/envelope';
import { Figure, Timestamp } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';
import { formatBytes } from '../../insight/shared/workstationStorage';
import { LEVEL_COLOR, LEVEL_NAMES } from '../../insight/operations/logLevels';
import type { Paging } from '../common/usePaging';

interface Props {
  data: PageOf<LogUpload> | undefined;
  loading: boolean;
  filtered: boolean;
  paging: Paging;
  onPage: (page: number, pageSize: number) => void;
  downloading: number | null;
  onDownload: (u: LogUpload) => void;
  onUploadNow: (u: LogUpload) => void;
}

/** The team's log zips, newest upload first: whose, which workstation, what span, how much of each level. */
export function LogUploadsTable({ data, loading, filtered, paging, onPage, downloading, onDownload, onUploadNow }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<LogUpload> = [
    { title: t('team.logs.person'), key: 'person', render: (_, u) => <NameCell name={u.userName} maxWidth={180} strong /> },
    {
      title: t('team.logs.device'),
      key: 'device',
      render: (_, u) => (
        // A long host name ends in an ellipsis; the id's start stays whole on its own line (the full id on hover).
        <Space orientation="vertical" size={0}>
          <NameCell name={u.deviceName} maxWidth={160} />
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} title={u.deviceId}>
            {u.deviceId.slice(0, 8)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('team.logs.recordSpan'),
      key: 'span',
      render: (_, u) => (
        <Space orientation="vertical" size={0}>
          <Timestamp at={u.firstAt} precision="second" />
          <Timestamp at={u.lastAt} precision="second" />
        </Space>
      ),
    },
    { title: t('team.logs.records'), dataIndex: 'records', key: 'records', align: 'right', render: (n: number) => <Figure>{n.toLocaleString()}</Figure> },
    {
      title: t('team.logs.levels'),
      key: 'levels',
      render: (_, u) => (
        <Space size={2} wrap style={{ maxWidth: 180 }}>
          {LEVEL_NAMES.filter((n) => u.levels[n] > 0).map((n) => (
            <Tag key={n} color={LEVEL_COLOR[n]} data-testid={`level-${n}`}>
              {t(`team.logs.levelName.${n}`)} {u.levels[n]}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('team.logs.size'), dataIndex: 'sizeBytes', key: 'size', align: 'right', render: (n: number) => <Figure>{formatBytes(n)}</Figure> },
    { title: t('team.logs.uploadedAt'), dataIndex: 'uploadedAt', key: 'uploadedAt', render: (at: number) => <Timestamp at={at} precision="second" /> },
    {
      title: t('team.fields.actions'),
      key: 'actions',
      render: (_, u) => (
        <Space size={0}>
          <Button size="small" type="link" loading={downloading === u.id} onClick={() => onDownload(u)} data-testid={`log-download-${u.id}`}>
            {t('team.logs.download')}
          </Button>
          <Tooltip title={t('team.logs.uploadNowRow')}>
            <Button size="small" type="link" onClick={() => onUploadNow(u)} data-testid={`log-upload-now-${u.id}`}>
              {t('team.logs.uploadNow')}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Table<LogUpload>
      aria-label={t('team.tabs.logs')}
      data-testid="log-uploads-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      locale={{ emptyText: loading ? ' ' : <Empty description={filtered ? t('team.logs.emptyFiltered') : t('team.logs.empty')} /> }}
      pagination={{ current: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0, showSizeChanger: true, onChange: onPage }}
    />
  );
}
