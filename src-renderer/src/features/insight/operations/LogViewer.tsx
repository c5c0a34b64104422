import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LOG_LEVELS, type LogLevel, type LogRecord } from '../../../../../src-shared/ipc/logs';
import { LEVEL_COLOR, LEVEL_NAMES, levelName } from './logLevels';
import { useLogPage } from './useLogPage';
import { LoadFailure } from '../../../app/LoadFailure';
import { Timestamp } from '../../../app/figures/Figure';

const PAGE_SIZE = 50;

/** The workstation's own log (the local SQLite store): filter by level, time and text, page back in time. */
export function LogViewer() {
  const { t } = useTranslation();
  const [minLevel, setMinLevel] = useState<LogLevel | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [search, setSearch] = useState('');
  const filters = {
    ...(minLevel !== undefined ? { minLevel } : {}),
    ...(range?.[0] ? { from: range[0].valueOf() } : {}),
    ...(range?.[1] ? { to: range[1].valueOf() } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const log = useLogPage(filters, PAGE_SIZE);
  const filtered = Object.keys(filters).length > 0;

  return (
    <Card title={t('insight.operations.logTitle')}>
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item label={t('insight.operations.level')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('insight.operations.allLevels')}
            value={minLevel}
            onChange={(v: LogLevel | undefined) => setMinLevel(v)}
            options={LEVEL_NAMES.map((n) => ({ value: LOG_LEVELS[n], label: t('insight.operations.atLeast', { level: t(`insight.operations.levelName.${n}`) }) }))}
            data-testid="log-level"
          />
        </Form.Item>
        <Form.Item label={t('insight.operations.time')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} value={range} onChange={(r) => setRange(r)} />
        </Form.Item>
        <Form.Item label={t('insight.operations.search')}>
          <Input.Search allowClear onSearch={setSearch} style={{ width: 240 }} placeholder={t('insight.operations.searchPlaceholder')} data-testid="log-search" />
        </Form.Item>
      </Form>
      {log.error !== null && <LoadFailure title={t('insight.operations.logFailed')} error={log.error} onRetry={log.reload} />}
      <Table<LogRecord>
        size="small"
        rowKey="id"
        aria-label={t('insight.operations.logTitle')}
        loading={log.loading}
        dataSource={log.rows}
        pagination={false}
        data-testid="log-table"
        locale={{ emptyText: <Empty description={filtered ? t('insight.operations.logEmptyFiltered') : t('insight.operations.logEmpty')} /> }}
        expandable={{
          expandedRowRender: (r) => <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.extra, null, 2)}</Typography.Text>,
          rowExpandable: (r) => Object.keys(r.extra).length > 0,
        }}
        columns={[
          { title: t('insight.operations.time'), dataIndex: 'at', width: 216, render: (at: number) => <Timestamp at={at} precision="millisecond" /> },
          {
            title: t('insight.operations.level'),
            dataIndex: 'level',
            width: 90,
            render: (l: LogLevel) => <Tag color={LEVEL_COLOR[levelName(l)]}>{t(`insight.operations.levelName.${levelName(l)}`)}</Tag>,
          },
          { title: t('insight.operations.message'), dataIndex: 'message', ellipsis: true },
        ]}
      />
      <Flex justify="end" align="center" gap={8} style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">{t('insight.operations.page', { page: log.page })}</Typography.Text>
        <Button onClick={log.newer} disabled={!log.hasNewer}>
          {t('insight.operations.newer')}
        </Button>
        <Button onClick={log.older} disabled={!log.hasOlder}>
          {t('insight.operations.older')}
        </Button>
      </Flex>
    </Card>
  );
}
