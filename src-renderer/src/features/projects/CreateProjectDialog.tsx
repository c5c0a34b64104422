import { App, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail, ProjectType } from '../../../../src-shared/api/project';
import { useErrorText } from '../../app/useErrorText';
import { useCreateProjectMutation } from './projectListApi';
import { projectDescriptionRules, projectNameRules } from './projectFormRules';

interface Values {
  projectName: string;
  type: ProjectType;
  description?: string;
}

/** A new project: name (unique in the team), type, and an optional description. */
export function CreateProjectDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (p: ProjectDetail) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const [create, { isLoading }] = useCreateProjectMutation();

  const submit = async (values: Values) => {
    try {
      const project = await create({ projectName: values.projectName.trim(), type: values.type, description: values.description?.trim() ?? '' }).unwrap();
      void message.success(t('project.create.created', { name: project.projectName }));
      form.resetFields();
      onCreated(project);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('project.create.title')}
      okText={t('project.create.submit')}
      cancelText={t('project.common.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'create-project-submit' } }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ type: 'image' }} onFinish={submit}>
        <Form.Item
          name="projectName"
          label={t('project.create.name')}
          rules={projectNameRules(t)}
        >
          <Input autoFocus data-testid="create-project-name" />
        </Form.Item>
        <Form.Item name="type" label={t('project.create.type')}>
          <Radio.Group
            options={(['image', 'frame'] as const).map((v) => ({ value: v, label: t(`projects.type.${v}`) }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item name="description" label={t('project.create.description')} rules={projectDescriptionRules(t)}>
          <Input.TextArea rows={3} data-testid="create-project-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
