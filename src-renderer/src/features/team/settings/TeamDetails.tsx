import { useEffect } from 'react';
import { App, Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamInfo } from '../../../../../src-shared/api/team';
import { useErrorText } from '../../../app/useErrorText';
import { useUpdateTeamMutation } from '../api/teamApi';
import { teamDescriptionRules, teamNameRules } from '../common/teamRules';
import { Timestamp } from '../../../app/figures/Figure';

interface DetailsForm {
  name: string;
  description: string;
}

/** The team's name and description: a form for owner and admins, read-only for everyone else. */
export function TeamDetails({ team, canEdit }: { team: TeamInfo; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<DetailsForm>();
  const [update, { isLoading }] = useUpdateTeamMutation();

  useEffect(() => {
    form.setFieldsValue({ name: team.name, description: team.description });
  }, [team, form]);

  const onFinish = async (values: DetailsForm) => {
    try {
      await update({ teamId: team.teamId, body: { name: values.name.trim(), description: values.description?.trim() ?? '' } }).unwrap();
      void message.success(t('team.common.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card size="small" title={t('team.settings.detailsTitle')}>
      {/* One fact per line: an owner name of 64 characters beside two figures squeezed the figures into broken lines. */}
      <Descriptions size="small" column={1} style={{ marginBottom: canEdit ? 16 : 0 }}>
        <Descriptions.Item label={t('team.settings.owner')}>{team.ownerName}</Descriptions.Item>
        <Descriptions.Item label={t('team.settings.memberCount')}>{team.memberCount}</Descriptions.Item>
        <Descriptions.Item label={t('team.settings.createdAt')}><Timestamp at={team.createdAt} precision="day" /></Descriptions.Item>
        {!canEdit && <Descriptions.Item label={t('team.fields.description')}>{team.description || '—'}</Descriptions.Item>}
      </Descriptions>
      {canEdit && (
        <Form<DetailsForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item name="name" label={t('team.fields.name')} rules={teamNameRules(t)}>
            <Input data-testid="settings-name" />
          </Form.Item>
          <Form.Item name="description" label={t('team.fields.description')} rules={teamDescriptionRules(t)}>
            <Input.TextArea rows={3} data-testid="settings-description" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="settings-save">
            {t('team.common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
