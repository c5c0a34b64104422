import { useState } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListAllMembersQuery } from '../api/memberApi';
import { useRecentDevices } from './LogUploadFilters';
import { deviceLabel } from './logFilters';
import type { UploadTarget } from './useUploadNow';

/** Picks whose workstation to ask: a member of the team, and one of their devices or every one. */
export function UploadNowModal({ open, sending, onSend, onClose }: { open: boolean; sending: boolean; onSend: (t: UploadTarget) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useListAllMembersQuery();
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const [deviceId, setDeviceId] = useState<string | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const devices = useRecentDevices(userId);
  const person = members.data?.find((m) => m.userId === userId);
  const device = devices.find((d) => d.deviceId === deviceId);

  const send = () => {
    if (!person) return setMissing(true);
    onSend({ userId: person.userId, userName: person.name, deviceId: device?.deviceId ?? null, deviceLabel: device ? deviceLabel(device) : null });
  };

  return (
    <Modal
      open={open}
      title={t('team.logs.askTitle')}
      okText={t('team.logs.askSend')}
      cancelText={t('team.common.cancel')}
      confirmLoading={sending}
      onOk={send}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('team.logs.askHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('team.logs.person')} required validateStatus={missing ? 'error' : undefined} help={missing ? t('team.logs.pickPerson') : undefined}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('team.logs.pickPerson')}
            value={userId}
            onChange={(v: number) => {
              setUserId(v);
              setDeviceId(undefined);
              setMissing(false);
            }}
            options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.name }))}
            data-testid="upload-now-person"
          />
        </Form.Item>
        <Form.Item label={t('team.logs.device')}>
          <Select
            allowClear
            placeholder={t('team.logs.everyDevice')}
            value={deviceId}
            onChange={(v: string | undefined) => setDeviceId(v)}
            options={devices.map((d) => ({ value: d.deviceId, label: deviceLabel(d) }))}
            disabled={!userId}
            data-testid="upload-now-device"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
