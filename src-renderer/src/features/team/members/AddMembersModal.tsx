import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_TEAM_ROLES } from '../../../../../src-shared/model/permissions';
import type { MemberAddResult } from '../../../../../src-shared/api/team';
import type { AssignableRole } from '../../../../../src-shared/api/user';
import { FormFailure } from '../../auth/AuthFormParts';
import { useAddMembersMutation } from '../api/memberApi';
import { mobilesRules } from '../common/mobilesRules';
import { parseMobiles } from '../common/parseMobiles';

interface AddForm {
  mobiles: string;
  role: AssignableRole;
}

/**
 * Add people who already have an account straight into the team. Numbers without one are
 * reported back, with the way to reach them (an invitation, which waits until they register).
 */
export function AddMembersModal({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddForm>();
  const [add, { isLoading }] = useAddMembersMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const [result, setResult] = useState<MemberAddResult | null>(null);

  const close = () => {
    setFailure(null);
    setResult(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: AddForm) => {
    setFailure(null);
    try {
      setResult(await add({ teamId, mobiles: parseMobiles(values.mobiles).valid, role: values.role }).unwrap());
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('team.members.addTitle')}
      okText={t('team.members.addSubmit')}
      cancelText={t('team.common.close')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<AddForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ role: 'annotator' }}>
        <Form.Item name="mobiles" label={t('team.fields.mobiles')} extra={t('team.invite.mobilesHint')} rules={mobilesRules(t)}>
          <Input.TextArea rows={4} autoFocus data-testid="add-members-mobiles" />
        </Form.Item>
        <Form.Item name="role" label={t('team.fields.role')}>
          <Select options={ASSIGNABLE_TEAM_ROLES.map((r) => ({ value: r, label: t(`team.roles.${r}`) }))} />
        </Form.Item>
      </Form>
      <FormFailure failure={failure} />
      {result && (
        <Alert
          type={result.unknownMobiles.length ? 'warning' : 'success'}
          showIcon
          data-testid="add-members-result"
          title={t('team.members.addResult', { added: result.added.length, already: result.alreadyMembers.length })}
          description={result.unknownMobiles.length ? t('team.members.addUnknown', { mobiles: result.unknownMobiles.join(', ') }) : undefined}
        />
      )}
    </Modal>
  );
}
