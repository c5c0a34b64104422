import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VendorItem } from '../../../../../src-shared/api/vendor';
import { FormFailure } from '../../auth/AuthFormParts';
import { useUpdateVendorMutation } from '../api/vendorApi';
import { nameRules } from '../common/teamRules';

interface EditForm {
  name: string;
  remark: string;
}

/** The current team's own display name and note for a vendor (the vendor team's name is theirs). */
export function EditVendorModal({ vendor, onClose }: { vendor: VendorItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditForm>();
  const [update, { isLoading }] = useUpdateVendorMutation();
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!vendor) return;
    setFailure(null);
    form.setFieldsValue({ name: vendor.name, remark: vendor.remark });
  }, [vendor, form]);

  const onFinish = async (values: EditForm) => {
    if (!vendor) return;
    setFailure(null);
    try {
      await update({ id: vendor.vendorId, name: values.name.trim(), remark: values.remark?.trim() ?? '' }).unwrap();
      void message.success(t('team.common.saved'));
      onClose();
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open={vendor !== null}
      title={t('team.vendors.editTitle', { name: vendor?.vendorTeamName ?? '' })}
      okText={t('team.common.save')}
      cancelText={t('team.common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<EditForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="name" label={t('team.vendors.displayName')} rules={nameRules(t, 64)}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="remark" label={t('team.vendors.remark')} rules={[{ max: 512, message: t('team.validation.tooLong', { max: 512 }) }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <FormFailure failure={failure} />
      </Form>
    </Modal>
  );
}
