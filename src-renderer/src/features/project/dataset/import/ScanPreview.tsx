import { Descriptions, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatasetScan } from '../../../../../../src-shared/ipc/datasets';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** What a folder would become: subjects (images, sequences or videos), files, size, videos, files left out, the first subjects. */
export function ScanPreview({ scan }: { scan: DatasetScan }) {
  const { t } = useTranslation();
  return (
    <div data-testid="scan-preview">
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('project.import.subjects')}><span data-testid="scan-subjects">{scan.subjects}</span></Descriptions.Item>
        <Descriptions.Item label={t('project.import.files')}>{scan.files}</Descriptions.Item>
        <Descriptions.Item label={t('project.import.size')}>{t('project.import.megabytes', { mb: mb(scan.bytes) })}</Descriptions.Item>
        {scan.videos > 0 && <Descriptions.Item label={t('project.import.videos')}><span data-testid="scan-videos">{scan.videos}</span></Descriptions.Item>}
        <Descriptions.Item label={t('project.import.ignored')}>{scan.ignored}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t('project.import.duplicatesLater')}</Typography.Paragraph>
      <List
        size="small"
        header={t('project.import.firstSubjects', { count: scan.sample.length })}
        dataSource={scan.sample}
        style={{ maxHeight: 200, overflowY: 'auto' }}
        renderItem={(s) => (
          <List.Item>
            <Typography.Text ellipsis style={{ maxWidth: 420 }} data-testid="scan-subject-name">{s.name}</Typography.Text>
            <Typography.Text type="secondary">{t('project.import.fileCount', { count: s.files.length })}</Typography.Text>
          </List.Item>
        )}
      />
    </div>
  );
}
