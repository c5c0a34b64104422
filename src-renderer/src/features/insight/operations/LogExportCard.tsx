import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LOG_LEVELS, type LogLevel } from '../../../../../src-shared/ipc/logs';
import { workstation } from '../../../host';
import { LocalPathFailure } from '../../../app/LocalPathFailure';
import { SaveTarget } from '../shared/SaveTarget';
import { formatBytes } from '../shared/workstationStorage';
import { useWorkstationSave } from '../shared/useWorkstationSave';
import { LEVEL_NAMES } from './logLevels';

const defaultName = () => `logs-${dayjs().format('YYYYMMDD-HHmmss')}.zip`;

/**
 * Writes the records of a time range to a zip, e.g. to attach to a support ticket: into the
 * browser's downloads in a browser (logs.exportToBrowser), onto the workstation's computer in
 * the desktop app or when a browser on that computer chooses so (useWorkstationSave).
 */
export function LogExportCard() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'day'), dayjs()]);
  const [minLevel, setMinLevel] = useState<LogLevel | undefined>(undefined);
  const span = { from: range[0].valueOf(), to: range[1].valueOf(), ...(minLevel !== undefined ? { minLevel } : {}) };
  const { sides, side, setSide, file, setFile, ready, busy, result, failure, setFailure, save: exportLogs } = useWorkstationSave(defaultName, {
    here: (path) => workstation.invoke('logs.export', { ...span, file: path }),
    toBrowser: () => workstation.invoke('logs.exportToBrowser', span),
  });

  return (
    <Card title={t('insight.operations.exportTitle')}>
      <Form layout="vertical" disabled={busy}>
        <Form.Item label={t('insight.operations.time')} required>
          <DatePicker.RangePicker showTime allowClear={false} value={range} onChange={(r) => r?.[0] && r[1] && setRange([r[0], r[1]])} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('insight.operations.level')}>
          <Select
            allowClear
            placeholder={t('insight.operations.allLevels')}
            value={minLevel}
            onChange={(v: LogLevel | undefined) => setMinLevel(v)}
            options={LEVEL_NAMES.map((n) => ({ value: LOG_LEVELS[n], label: t('insight.operations.atLeast', { level: t(`insight.operations.levelName.${n}`) }) }))}
          />
        </Form.Item>
        <SaveTarget
          sides={sides}
          side={side}
          onSide={setSide}
          file={file}
          onFile={setFile}
          fallbackName={defaultName()}
          onFailure={setFailure}
          disabled={busy}
          label={t('insight.download.path')}
          extra={t('insight.download.pathHint')}
        />
        <Button type="primary" onClick={() => void exportLogs()} loading={busy} disabled={!ready} data-testid="log-export">
          {t('insight.operations.exportButton')}
        </Button>
      </Form>
      {result && (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginTop: 12 }}
          title={'url' in result ? t('browserTransfer.handedOver', { name: result.name, size: formatBytes(result.size) }) : t('insight.operations.exported', { records: t('common.count.records', { count: result.records }), size: formatBytes(result.bytes) })}
          description={'url' in result ? undefined : <Typography.Text copyable code>{result.file}</Typography.Text>}
        />
      )}
      {failure !== null && <LocalPathFailure style={{ marginTop: 12 }} title={t('insight.operations.exportFailed')} error={failure} onRetry={() => void exportLogs()} />}
    </Card>
  );
}
