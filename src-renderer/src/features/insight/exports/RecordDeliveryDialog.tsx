import { useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { ExportJob, ExportTransfer, ExportTransferBody } from '../../../../../src-shared/api/export';
import { useErrorText } from '../../../app/useErrorText';
import { useRecordDeliveryMutation } from './exportApi';

/** The limits of ExportTransferBody (src-shared/api/export.ts), checked here before the server does. */
const DESTINATION_MAX = 1024;
const MESSAGE_MAX = 1024;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\x00-\x1f\x7f]/;

interface DeliveryForm {
  destination: string;
  status: ExportTransfer['status'];
  message?: string;
  bytes?: number | null;
}

/**
 * Records that a finished export reached (or failed to reach) a place outside the object store,
 * e.g. a customer's bucket or an SFTP host: POST /export/transfer/callback. The export's
 * deliveries list shows it once the list is read again.
 */
export function RecordDeliveryDialog({ projectId, job, onClose, onRecorded }: { projectId: number; job: ExportJob; onClose: () => void; onRecorded: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<DeliveryForm>();
  const [record, { isLoading }] = useRecordDeliveryMutation();
  const [failure, setFailure] = useState<unknown>(null);

  const plain = (max: number): Rule[] => [
    { max, message: t('insight.delivery.tooLong', { max }) },
    { validator: async (_r, v?: string) => (v && CONTROL_CHARS.test(v) ? Promise.reject(new Error(t('insight.delivery.controlChars'))) : undefined) },
  ];

  const onFinish = async (v: DeliveryForm) => {
    setFailure(null);
    const body: ExportTransferBody = { projectId, exportId: job.id, destination: v.destination.trim(), status: v.status };
    if (v.message?.trim()) body.message = v.message.trim();
    if (typeof v.bytes === 'number') body.bytes = v.bytes;
    try {
      await record(body).unwrap();
      void message.success(t('insight.delivery.recorded', { name: job.name }));
      onRecorded();
      onClose();
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open
      title={t('insight.delivery.title', { name: job.name })}
      okText={t('insight.delivery.save')}
      cancelText={t('insight.common.cancel')}
      okButtonProps={{ 'data-testid': 'delivery-save' }}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('insight.delivery.hint')}</Typography.Paragraph>
      <Form<DeliveryForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isLoading}
        initialValues={{ status: 'delivered', bytes: job.sizeBytes || undefined }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="destination"
          label={t('insight.delivery.destination')}
          extra={t('insight.delivery.destinationHint')}
          rules={[{ required: true, whitespace: true, message: t('insight.delivery.destinationRequired') }, ...plain(DESTINATION_MAX)]}
        >
          <Input autoFocus placeholder="s3://bucket/path/" data-testid="delivery-destination" />
        </Form.Item>
        <Form.Item name="status" label={t('insight.delivery.status')} rules={[{ required: true, message: t('insight.delivery.statusRequired') }]}>
          <Radio.Group
            data-testid="delivery-status"
            options={[
              { value: 'delivered', label: t('insight.exports.delivery.delivered') },
              { value: 'failed', label: t('insight.exports.delivery.failed') },
            ]}
          />
        </Form.Item>
        <Form.Item name="message" label={t('insight.delivery.message')} rules={plain(MESSAGE_MAX)}>
          <Input data-testid="delivery-message" />
        </Form.Item>
        <Form.Item
          name="bytes"
          label={t('insight.delivery.bytes')}
          extra={t('insight.delivery.bytesHint')}
          rules={[{ type: 'integer', min: 0, message: t('insight.delivery.bytesInvalid') }]}
        >
          <InputNumber min={0} precision={0} style={{ width: 220 }} data-testid="delivery-bytes" />
        </Form.Item>
      </Form>
      {failure !== null && <Alert type="error" showIcon role="alert" title={t('insight.delivery.failed')} description={errorText(failure)} />}
    </Modal>
  );
}
