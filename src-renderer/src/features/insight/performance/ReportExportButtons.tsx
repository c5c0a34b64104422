import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupedReportBody, ReportExportBody } from '../../../../../src-shared/api/performance';
import { useErrorText } from '../../../app/useErrorText';
import { downloadReportFile } from './downloadReportFile';

type Format = ReportExportBody['format'];

/** Saves the report on screen, with the same filters, as CSV or XLSX (headers in the UI's language). */
export function ReportExportButtons({ report, body }: { report: ReportExportBody['report']; body: GroupedReportBody }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<Format | null>(null);

  const save = async (format: Format) => {
    setBusy(format);
    try {
      const name = await downloadReportFile({ ...body, report, format }, i18n.language);
      void message.success(t('insight.performance.exported', { name }));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex gap={8}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button key={format} onClick={() => void save(format)} loading={busy === format} disabled={busy !== null} data-testid={`performance-export-${format}`}>
          {t(`insight.performance.export.${format}`)}
        </Button>
      ))}
    </Flex>
  );
}
