import { DatePicker, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportTemplate } from '../../../../../src-shared/api/export';
import type { StepType } from '../../../../../src-shared/api/task';
import type { PlanFormValues } from './planForm';
import { stepName } from '../../../app/stepName';

/** The filter fields of the plan dialog, with the choices the project's template offers. */
export function PlanFilterFields({ template }: { template: ExportTemplate }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlanFormValues>();
  const taskId = Form.useWatch('taskId', form);
  const task = template.tasks.find((x) => x.id === taskId);
  // The template lists a task's steps in workflow order, so a step's position is its index.
  // Labels grouped by feature: two features may hold labels of the same name.
  const features = [...new Set(template.labels.map((l) => l.featureName))];

  return (
    <>
      <Form.Item name="batchIds" label={t('insight.exports.filterBatches')} extra={t('insight.exports.filterAllHint')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={template.batches.map((b) => ({ value: b.id, label: t('insight.exports.batchOption', { name: b.name, count: b.subjectCount }) }))}
        />
      </Form.Item>
      <Form.Item name="taskId" label={t('insight.exports.filterTask')}>
        <Select
          allowClear
          optionFilterProp="label"
          onChange={() => form.setFieldsValue({ workflowIds: [], states: [] })}
          options={template.tasks.map((x) => ({ value: x.id, label: x.name }))}
        />
      </Form.Item>
      <Form.Item name="workflowIds" label={t('insight.exports.filterSteps')} extra={!task ? t('insight.exports.needsTask') : undefined}>
        <Select mode="multiple" allowClear disabled={!task} options={(task?.steps ?? []).map((s, i) => ({ value: s.workflowId, label: stepName(t, { ...s, type: s.type as StepType, stepIndex: i }) }))} />
      </Form.Item>
      <Form.Item name="states" label={t('insight.exports.filterStates')}>
        <Select
          mode="multiple"
          allowClear
          disabled={!task}
          options={template.states.map((s) => ({ value: s, label: t(`insight.exports.state.${s}`, { defaultValue: s }) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('insight.exports.filterChanged')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="labelIds" label={t('insight.exports.filterLabels')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={features.map((f) => ({
            label: f,
            title: f,
            options: template.labels.filter((l) => l.featureName === f).map((l) => ({ value: l.labelId, label: `${l.name} (${f})` })),
          }))}
        />
      </Form.Item>
      <Form.Item name="annotatedOnly" label={t('insight.exports.filterAnnotatedOnly')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
