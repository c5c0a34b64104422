import { useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogUpload } from '../../../../../src-shared/api/log';
import { LoadFailure } from '../../../app/LoadFailure';
import { useErrorText } from '../../../app/useErrorText';
import { useLazyLogUploadUrlQuery, useListLogUploadsQuery } from '../api/logApi';
import { usePaging, useStayOnExistingPage } from '../common/usePaging';
import { useCurrentTeam } from '../common/useCurrentTeam';
import { downloadLogZip, logZipFileName } from './downloadLogZip';
import { deviceLabel, type LogFilters } from './logFilters';
import { LogUploadFilters } from './LogUploadFilters';
import { LogUploadsTable } from './LogUploadsTable';
import { RetentionSetting } from './RetentionSetting';
import { UploadNowModal } from './UploadNowModal';
import { UploadNowStatus } from './UploadNowStatus';
import { useUploadNow, type UploadTarget } from './useUploadNow';

/** The hourly zips of a quiet team show up while the page stays open, without anyone asking. */
const LIST_POLL_MS = 60_000;

/**
 * The team's workstation logs, for its ops (`team.logs.read`: owner, admin; TeamPage offers the
 * tab to no one else): every zip the team's workstations uploaded, filtered and paged by the
 * server, each downloadable; "upload now" for a person or one of their workstations; retention.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { may } = useCurrentTeam();
  const [filters, setFilters] = useState<LogFilters>({});
  const { paging, setPaging, onChange } = usePaging();
  const { data, error, isFetching, refetch } = useListLogUploadsQuery({ ...paging, ...filters }, { refetchOnMountOrArgChange: true, pollingInterval: LIST_POLL_MS });
  useStayOnExistingPage(data, paging, setPaging);
  const uploadNow = useUploadNow();
  const [picking, setPicking] = useState(false);
  const [getUrl] = useLazyLogUploadUrlQuery();
  const [downloading, setDownloading] = useState<number | null>(null);

  const ask = async (target: UploadTarget) => {
    try {
      await uploadNow.ask(target);
      setPicking(false);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const download = async (u: LogUpload) => {
    setDownloading(u.id);
    try {
      const { url } = await getUrl(u.id).unwrap();
      const file = logZipFileName(u);
      await downloadLogZip(url, file);
      void message.success(t('team.logs.downloaded', { file }));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('team.logs.intro')}</Typography.Paragraph>
      <Card size="small" title={t('team.logs.retentionTitle')} style={{ marginBottom: 16 }}>
        <RetentionSetting canEdit={may('team.update')} />
      </Card>
      <UploadNowStatus state={uploadNow.state} onClose={uploadNow.dismiss} />
      <Flex gap={8} justify="space-between" align="start">
        <LogUploadFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPaging({ ...paging, page: 1 });
          }}
        />
        <Button type="primary" onClick={() => setPicking(true)} data-testid="upload-now">
          {t('team.logs.uploadNow')}
        </Button>
      </Flex>
      {error && <LoadFailure title={t('team.logs.loadFailed')} error={error} onRetry={() => void refetch()} />}
      <LogUploadsTable
        data={data}
        loading={isFetching && !data}
        filtered={Object.keys(filters).length > 0}
        paging={paging}
        onPage={onChange}
        downloading={downloading}
        onDownload={(u) => void download(u)}
        onUploadNow={(u) => void ask({ userId: u.userId, userName: u.userName, deviceId: u.deviceId, deviceLabel: deviceLabel(u) })}
      />
      <UploadNowModal open={picking} sending={uploadNow.asking} onSend={(target) => void ask(target)} onClose={() => setPicking(false)} />
    </>
  );
}
