import { Alert, Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLASS_FOLDER_FORMATS, type ExportJob } from '../../../../../src-shared/api/export';
import { formatBytes } from '../shared/workstationStorage';
import { Timestamp } from '../../../app/figures/Figure';
import { exportWarningText } from './exportWarningText';

/** One run in detail: what the writer wrote and left out, why it failed, and where it was delivered. */
export function ExportReport({ job }: { job: ExportJob }) {
  const { t, i18n } = useTranslation();
  const r = job.report;
  const skipped = Object.entries(r?.skipped ?? {}).filter(([, n]) => n > 0);
  const errorKey = job.errorCode ? (job.errorCode.startsWith('error.') ? job.errorCode : `error.${job.errorCode}`) : null;

  return (
    <div data-testid={`export-report-${job.id}`}>
      {errorKey && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={i18n.exists(errorKey) ? t(errorKey) : t('insight.exports.failedUnknown')}
          description={job.errorDetail ?? undefined}
        />
      )}
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('insight.exports.reportSubjects')}>{r?.subjects ?? job.done}</Descriptions.Item>
        <Descriptions.Item label={t('insight.exports.reportFrames')}>{r?.frames ?? '–'}</Descriptions.Item>
        <Descriptions.Item label={t(CLASS_FOLDER_FORMATS.includes(job.format) ? 'insight.exports.filedByClass' : 'insight.exports.reportObjects')}>{r?.objectsWritten ?? '–'}</Descriptions.Item>
        <Descriptions.Item label={t('insight.exports.reportMedia')}>{r?.mediaFiles ?? '–'}</Descriptions.Item>
        <Descriptions.Item label={t('insight.exports.reportSize')}>{job.sizeBytes ? formatBytes(job.sizeBytes) : '–'}</Descriptions.Item>
        <Descriptions.Item label={t('insight.exports.reportAttempts')}>{job.attempts}</Descriptions.Item>
        <Descriptions.Item label={t('insight.exports.reportSkipped')} span={3}>
          {skipped.length === 0
            ? t('insight.exports.reportNothingSkipped')
            : skipped.map(([reason, n]) => (
                <Tag key={reason} color="orange">
                  {t(`insight.exports.skip.${reason}`, { defaultValue: reason })}: {n}
                </Tag>
              ))}
        </Descriptions.Item>
        {r && r.warnings.length > 0 && (
          <Descriptions.Item label={t('insight.exports.reportWarnings')} span={3}>
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {r.warnings.map((w, i) => (
                <li key={i}>
                  <Typography.Text>{exportWarningText(t, w)}</Typography.Text>
                </li>
              ))}
            </ul>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('insight.exports.deliveries')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={job.transfers}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('insight.exports.deliveriesEmpty')} /> }}
        columns={[
          { title: t('insight.exports.deliveryDestination'), dataIndex: 'destination', key: 'destination' },
          {
            title: t('insight.exports.deliveryStatus'),
            dataIndex: 'status',
            key: 'status',
            render: (s: 'delivered' | 'failed') => <Tag color={s === 'delivered' ? 'green' : 'red'}>{t(`insight.exports.delivery.${s}`)}</Tag>,
          },
          { title: t('insight.exports.deliveryMessage'), dataIndex: 'message', key: 'message' },
          { title: t('insight.exports.deliveryAt'), dataIndex: 'reportedAt', key: 'reportedAt', render: (at: number) => <Timestamp at={at} /> },
        ]}
      />
    </div>
  );
}
