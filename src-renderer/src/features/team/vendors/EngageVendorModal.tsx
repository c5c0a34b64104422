import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { teamRoleMay } from '../../../../../src-shared/model/permissions';
import { FormFailure } from '../../auth/AuthFormParts';
import { useEngageVendorMutation } from '../api/vendorApi';
import { useCurrentTeam } from '../common/useCurrentTeam';
import { TEAM_PATHS } from '../paths';

interface EngageForm {
  vendorTeamId: number;
  name?: string;
  remark?: string;
}

/**
 * Engage another team the user also runs (owner or admin there too: they consent for both
 * sides). Any other team becomes a vendor only by joining with the vendor code.
 */
export function EngageVendorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { teams, teamId } = useCurrentTeam();
  const [form] = Form.useForm<EngageForm>();
  const [engage, { isLoading }] = useEngageVendorMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const candidates = teams.filter((x) => x.teamId !== teamId && teamRoleMay(x.myRole, 'team.vendor.manage'));

  const close = () => {
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: EngageForm) => {
    setFailure(null);
    try {
      const vendor = await engage({ vendorTeamId: values.vendorTeamId, name: values.name?.trim() || undefined, remark: values.remark?.trim() || undefined }).unwrap();
      void message.success(t('team.vendors.engaged', { name: vendor.name }));
      close();
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('team.vendors.engageTitle')}
      okText={t('team.vendors.engage')}
      cancelText={t('team.common.cancel')}
      confirmLoading={isLoading}
      okButtonProps={{ disabled: candidates.length === 0 }}
      onOk={() => form.submit()}
      onCancel={close}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <>
            {t('team.vendors.engageHint')} <Link to={TEAM_PATHS.invitations} onClick={close}>{t('team.vendors.toCodes')}</Link>
          </>
        }
      />
      {candidates.length > 0 && (
        <Form<EngageForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item name="vendorTeamId" label={t('team.vendors.ownTeam')} rules={[{ required: true, message: t('team.vendors.pickTeam') }]}>
            <Select options={candidates.map((x) => ({ value: x.teamId, label: x.name }))} />
          </Form.Item>
          <Form.Item name="name" label={t('team.vendors.displayName')} extra={t('team.vendors.displayNameHint')} rules={[{ max: 64, message: t('team.validation.tooLong', { max: 64 }) }]}>
            <Input />
          </Form.Item>
          <Form.Item name="remark" label={t('team.vendors.remark')} rules={[{ max: 512, message: t('team.validation.tooLong', { max: 512 }) }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      )}
      <FormFailure failure={failure} />
    </Modal>
  );
}
