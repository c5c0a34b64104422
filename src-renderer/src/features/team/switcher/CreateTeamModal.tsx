import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormFailure } from '../../auth/AuthFormParts';
import { useCreateTeamMutation } from '../api/teamApi';
import { TEAM_PATHS } from '../paths';
import { teamNameRules, teamDescriptionRules } from '../common/teamRules';
import { useState } from 'react';

interface CreateTeamForm {
  name: string;
  description?: string;
}

/** Create a team; the creator owns it and it becomes the current team, so we open its members. */
export function CreateTeamModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateTeamForm>();
  const [createTeam, { isLoading }] = useCreateTeamMutation();
  const [failure, setFailure] = useState<unknown>(null);

  const onFinish = async (values: CreateTeamForm) => {
    setFailure(null);
    try {
      const team = await createTeam({ name: values.name.trim(), description: values.description?.trim() || undefined }).unwrap();
      void message.success(t('team.create.done', { name: team.name }));
      form.resetFields();
      onClose();
      void navigate(TEAM_PATHS.invitations);
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('team.create.title')}
      okText={t('team.create.submit')}
      cancelText={t('team.common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'create-team-submit' }}
      destroyOnHidden
    >
      <Form<CreateTeamForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="name" label={t('team.fields.name')} rules={teamNameRules(t)}>
          <Input data-testid="create-team-name" autoFocus placeholder={t('team.create.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="description" label={t('team.fields.description')} rules={teamDescriptionRules(t)}>
          <Input.TextArea rows={3} data-testid="create-team-description" />
        </Form.Item>
        <FormFailure failure={failure} />
      </Form>
    </Modal>
  );
}
