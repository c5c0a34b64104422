import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '../../../../../src-shared/api/user';
import { FormFailure } from '../../auth/AuthFormParts';
import { useCreateGroupMutation, useUpdateGroupMutation } from '../api/groupApi';
import { groupNameRules } from '../common/teamRules';
import type { GroupRow } from './groupsFromMembers';

interface GroupForm {
  name: string;
  userIds: number[];
}

/** Create a group, or rename one and change who is in it (`group` given). */
export function GroupFormModal(p: { teamId: number; group: GroupRow | null; open: boolean; members: TeamMember[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupForm>();
  const [create, creating] = useCreateGroupMutation();
  const [update, updating] = useUpdateGroupMutation();
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!p.open) return;
    setFailure(null);
    form.setFieldsValue({ name: p.group?.name ?? '', userIds: p.group?.members.map((m) => m.userId) ?? [] });
  }, [p.open, p.group, form]);

  const onFinish = async ({ name, userIds }: GroupForm) => {
    setFailure(null);
    try {
      if (p.group) await update({ groupId: p.group.groupId, name: name.trim(), userIds }).unwrap();
      else await create({ teamId: p.teamId, name: name.trim(), userIds }).unwrap();
      void message.success(t(p.group ? 'team.groups.saved' : 'team.groups.created', { name: name.trim() }));
      p.onClose();
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open={p.open}
      title={p.group ? t('team.groups.editTitle') : t('team.groups.createTitle')}
      okText={t('team.common.save')}
      cancelText={t('team.common.cancel')}
      confirmLoading={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onCancel={p.onClose}
      okButtonProps={{ 'data-testid': 'group-submit' }}
    >
      <Form<GroupForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="name" label={t('team.fields.groupName')} rules={groupNameRules(t)}>
          <Input autoFocus data-testid="group-name" />
        </Form.Item>
        <Form.Item
          name="userIds"
          label={t('team.fields.groupMembers')}
          extra={t('team.groups.membersHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('team.validation.groupMembersRequired') }]}
        >
          <Select
            mode="multiple"
            data-testid="group-members"
            optionFilterProp="label"
            options={p.members.map((m) => ({ value: m.userId, label: `${m.name} (${m.mobile})` }))}
          />
        </Form.Item>
        <FormFailure failure={failure} />
      </Form>
    </Modal>
  );
}
