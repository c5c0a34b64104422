import { Button, DatePicker, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LOG_LEVELS } from '../../../../../src-shared/ipc/logs';
import { LEVEL_NAMES } from '../../insight/operations/logLevels';
import { useListAllMembersQuery } from '../api/memberApi';
import { useListLogUploadsQuery } from '../api/logApi';
import { DEVICE_LOOKBACK, deviceLabel, devicesOf, type LogFilters } from './logFilters';

/** The person's (or everyone's) workstations seen among their latest uploads: the device picker's choices. */
export function useRecentDevices(userId: number | undefined) {
  const { data } = useListLogUploadsQuery({ page: 1, pageSize: DEVICE_LOOKBACK, ...(userId ? { userId } : {}) });
  return devicesOf(data?.list ?? []);
}

/** Person, device, time range of the records and lowest level: the GET route's filters. */
export function LogUploadFilters({ value, onChange }: { value: LogFilters; onChange: (next: LogFilters) => void }) {
  const { t } = useTranslation();
  const members = useListAllMembersQuery();
  const devices = useRecentDevices(value.userId);
  const set = (patch: Partial<LogFilters>) => {
    const next: Record<string, unknown> = { ...value, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === null) delete next[k];
    onChange(next as LogFilters);
  };
  const range = value.from !== undefined || value.to !== undefined ? ([value.from !== undefined ? dayjs(value.from) : null, value.to !== undefined ? dayjs(value.to) : null] as const) : null;

  return (
    <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
      <Form.Item label={t('team.logs.person')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('team.logs.anyPerson')}
          loading={members.isLoading}
          value={value.userId}
          // A new person has other devices: the device filter goes with the old one.
          onChange={(userId: number | undefined) => set({ userId, deviceId: undefined })}
          options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.name }))}
          data-testid="logs-filter-person"
        />
      </Form.Item>
      <Form.Item label={t('team.logs.device')} tooltip={t('team.logs.deviceHint')}>
        <Select
          allowClear
          style={{ width: 240 }}
          placeholder={t('team.logs.anyDevice')}
          value={value.deviceId}
          onChange={(deviceId: string | undefined) => set({ deviceId })}
          options={devices.map((d) => ({ value: d.deviceId, label: deviceLabel(d) }))}
          data-testid="logs-filter-device"
        />
      </Form.Item>
      <Form.Item label={t('team.logs.time')}>
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          value={range as never}
          onChange={(r) => set({ from: r?.[0]?.valueOf(), to: r?.[1]?.valueOf() })}
          data-testid="logs-filter-time"
        />
      </Form.Item>
      <Form.Item label={t('team.logs.minLevel')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('team.logs.anyLevel')}
          value={value.minLevel}
          onChange={(minLevel: number | undefined) => set({ minLevel })}
          options={LEVEL_NAMES.map((n) => ({ value: LOG_LEVELS[n], label: t('team.logs.atLeast', { level: t(`team.logs.levelName.${n}`) }) }))}
          data-testid="logs-filter-level"
        />
      </Form.Item>
      {Object.keys(value).length > 0 && (
        <Form.Item>
          <Button onClick={() => onChange({})}>{t('team.logs.clearFilters')}</Button>
        </Form.Item>
      )}
    </Form>
  );
}
