import { App, Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail } from '../../../../../src-shared/api/project';
import { useErrorText } from '../../../app/useErrorText';
import { useUpdateProjectMutation } from '../api/projectSettingsApi';
import { projectDescriptionRules, projectNameRules } from '../../projects/projectFormRules';

interface Values {
  projectName: string;
  description: string;
}

/** Name and description: a form for those who may change them, plain text for the others. */
export function GeneralSettings({ project, editable }: { project: ProjectDetail; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [update, { isLoading }] = useUpdateProjectMutation();

  if (!editable) {
    return (
      <Card title={t('project.settings.general')}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('project.create.name')}>{project.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('project.create.description')}>{project.description || '–'}</Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }

  const submit = async (v: Values) => {
    try {
      await update({ projectId: project.projectId, body: { projectName: v.projectName.trim(), description: v.description.trim() } }).unwrap();
      void message.success(t('project.settings.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card title={t('project.settings.general')}>
      <Form<Values>
        layout="vertical"
        key={`${project.projectName}|${project.description}`}
        initialValues={{ projectName: project.projectName, description: project.description }}
        onFinish={submit}
      >
        <Form.Item
          name="projectName"
          label={t('project.create.name')}
          rules={projectNameRules(t)}
        >
          <Input data-testid="settings-name" />
        </Form.Item>
        <Form.Item name="description" label={t('project.create.description')} rules={projectDescriptionRules(t)}>
          <Input.TextArea rows={3} data-testid="settings-description" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="settings-save">
          {t('project.common.save')}
        </Button>
      </Form>
    </Card>
  );
}
