import { useState } from 'react';
import { Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRejectReasonsQuery } from '../../project/api/projectSettingsApi';
import type { RejectInput } from './useWorkSession';
import { lengthLimit } from '../../../app/lengthLimit';

/**
 * Rejecting an item: the project's reasons to tick, a free reason, and a note pinned to the
 * selected object when one is selected, so the annotator sees where the problem is.
 */
export function RejectDialog({
  projectId,
  open,
  selectedObjectId,
  frameId,
  onCancel,
  onReject,
}: {
  projectId: number;
  open: boolean;
  selectedObjectId: string | undefined;
  frameId: number | undefined;
  onCancel: () => void;
  onReject: (input: RejectInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { data: reasons } = useRejectReasonsQuery(projectId, { skip: !open });
  const [reasonIds, setReasonIds] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const empty = reasonIds.length === 0 && reason.trim() === '';

  const submit = async () => {
    setBusy(true);
    try {
      const notes = note.trim() ? [{ content: note.trim(), ...(selectedObjectId ? { objectId: selectedObjectId } : {}), ...(frameId ? { frameId } : {}) }] : [];
      await onReject({ reasonIds, ...(reason.trim() ? { reason: reason.trim() } : {}), notes });
      setReasonIds([]);
      setReason('');
      setNote('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('work.reject.title')}
      okText={t('work.reject.confirm')}
      okButtonProps={{ danger: true, disabled: empty, loading: busy }}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('work.reject.reasons')}>
          {reasons && reasons.length > 0 ? (
            <Checkbox.Group value={reasonIds} onChange={(v) => setReasonIds(v as number[])}>
              <Flex vertical gap={4}>
                {reasons.map((r) => (
                  <Checkbox key={r.id} value={r.id}>
                    {r.reason}
                  </Checkbox>
                ))}
              </Flex>
            </Checkbox.Group>
          ) : (
            <Typography.Text type="secondary">{t('work.reject.noReasons')}</Typography.Text>
          )}
        </Form.Item>
        <Form.Item label={t('work.reject.reason')}>
          <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} {...lengthLimit(1024)} autoSize={{ minRows: 2, maxRows: 5 }} aria-label={t('work.reject.reason')} />
        </Form.Item>
        <Form.Item label={selectedObjectId ? t('work.reject.noteOnObject') : t('work.reject.noteOnItem')}>
          <Input.TextArea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            {...lengthLimit(10_000)}
            autoSize={{ minRows: 2, maxRows: 5 }}
            aria-label={selectedObjectId ? t('work.reject.noteOnObject') : t('work.reject.noteOnItem')}
          />
        </Form.Item>
        {empty && <Typography.Text type="secondary">{t('work.reject.needReason')}</Typography.Text>}
      </Form>
    </Modal>
  );
}
