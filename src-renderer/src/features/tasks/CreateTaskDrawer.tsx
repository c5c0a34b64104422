import { useState } from 'react';
import { App, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StepInput } from '../../../../src-shared/api/task';
import { useErrorText } from '../../app/useErrorText';
import { StepsEditor } from './StepsEditor';
import { useCreateTaskMutation, useTaskBatchChoicesQuery, useTaskMemberChoicesQuery } from './tasksApi';
import { textRule } from '../../app/textRule';
import { validFormValues } from '../../app/validFormValues';
import { lengthLimit } from '../../app/lengthLimit';

const FIRST_STEPS = (): StepInput[] => [{ type: 'annotate', memberIds: [] }, { type: 'review', memberIds: [] }];

/** Creates a task over batches with its workflow of annotate and review steps. */
export function CreateTaskDrawer(p: { projectId: number; open: boolean; onClose: () => void; onCreated: (taskId: number) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ name: string; description?: string; batchIds?: number[] }>();
  const [steps, setSteps] = useState<StepInput[]>(FIRST_STEPS);
  const { data: batches } = useTaskBatchChoicesQuery(p.projectId, { skip: !p.open });
  const { data: members } = useTaskMemberChoicesQuery(p.projectId, { skip: !p.open });
  const [createTask, { isLoading }] = useCreateTaskMutation();

  const submit = async () => {
    const values = await validFormValues(form);
    if (!values) return; // the form shows what is missing
    try {
      const task = await createTask({
        projectId: p.projectId,
        name: values.name.trim(),
        ...(values.description ? { description: values.description } : {}),
        ...(values.batchIds?.length ? { batchIds: values.batchIds } : {}),
        workflow: { steps },
      }).unwrap();
      void message.success(t('tasks.form.created'));
      form.resetFields();
      setSteps(FIRST_STEPS());
      p.onCreated(task.id);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Drawer
      title={t('tasks.form.title')}
      open={p.open}
      onClose={p.onClose}
      size={720}
      extra={
        <Flex gap={8}>
          <Button onClick={p.onClose}>{t('tasks.form.cancel')}</Button>
          <Button type="primary" loading={isLoading} onClick={() => void submit()}>
            {t('tasks.form.create')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <Form.Item name="name" label={t('tasks.form.name')} rules={[{ required: true, whitespace: true, message: t('tasks.form.nameRequired') }, textRule(t)]}>
          <Input {...lengthLimit(128)} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('tasks.form.description')}>
          <Input.TextArea {...lengthLimit(1024)} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="batchIds" label={t('tasks.form.batches')} extra={t('tasks.form.batchesHint')}>
          <Select
            mode="multiple"
            aria-label={t('tasks.form.batches')}
            optionFilterProp="label"
            options={(batches?.list ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.subjectCount})` }))}
          />
        </Form.Item>
        <Form.Item label={t('tasks.form.steps')} extra={t('tasks.form.stepsHint')}>
          <StepsEditor value={steps} onChange={setSteps} members={(members?.list ?? []).map((m) => ({ userId: m.userId, name: m.name || m.mobile }))} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
