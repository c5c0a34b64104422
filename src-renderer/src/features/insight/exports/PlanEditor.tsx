import { App, Button, Descriptions, Divider, Form, Input, Modal, Radio, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepsUnconfirmed, type ExportFormatName, type ExportPlan, type ExportTemplate } from '../../../../../src-shared/api/export';
import { useErrorText } from '../../../app/useErrorText';
import { CountPreview } from './CountPreview';
import { useCreateExportPlanMutation, useStartExportMutation, useUpdateExportPlanMutation } from './exportApi';
import { PlanFilterFields } from './PlanFilterFields';
import { filtersOf, formValuesOf, optionsOf, type PlanFormValues } from './planForm';
import { textRule } from '../../../app/textRule';
import { validFormValues } from '../../../app/validFormValues';
import { lengthLimit } from '../../../app/lengthLimit';

interface Props {
  projectId: number;
  template: ExportTemplate;
  /** the plan to edit; absent for a new one */
  plan: ExportPlan | null;
  onClose: () => void;
}

/** A switch that shows `fallback` while its form value is unset (the option left to its default). */
function DefaultedSwitch({ checked, onChange, fallback, testId }: { checked?: boolean; onChange?: (v: boolean) => void; fallback: boolean; testId: string }) {
  return <Switch checked={checked ?? fallback} onChange={onChange} data-testid={testId} />;
}

/** A choice that shows `fallback` while its form value is unset. */
function DefaultedChoice({ value, onChange, fallback, choices, label, testId }: { value?: string; onChange?: (v: string) => void; fallback: string; choices: string[]; label: (choice: string) => string; testId: string }) {
  return (
    <Radio.Group
      optionType="button"
      value={value ?? fallback}
      onChange={(e) => onChange?.(e.target.value as string)}
      options={choices.map((c) => ({ value: c, label: label(c) }))}
      data-testid={testId}
    />
  );
}

/** Create or change a saved export plan, seeing what it would export as the filters change. */
export function PlanEditor({ projectId, template, plan, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<PlanFormValues>();
  const values = Form.useWatch([], form) as Partial<PlanFormValues> | undefined;
  const [create, creating] = useCreateExportPlanMutation();
  const [update, updating] = useUpdateExportPlanMutation();
  const [start, starting] = useStartExportMutation();
  const busy = creating.isLoading || updating.isLoading || starting.isLoading;
  const formatName: ExportFormatName = values?.format ?? plan?.format ?? 'coco';
  const format = template.formats.find((f) => f.format === formatName);
  const optionHint = (name: string) =>
    name === 'includeMedia' && format
      ? t('insight.exports.mediaFolder', { folder: format.mediaFolder })
      : name === 'includeUnconfirmed'
        ? t('insight.exports.unconfirmedHint')
        : name === 'cocoMasks'
          ? t('insight.exports.cocoMasksHint')
          : undefined;

  const save = async (thenRun: boolean) => {
    const v = await validFormValues(form);
    if (!v) return; // the form shows what is missing
    const body = { projectId, name: v.name.trim(), format: v.format, filters: filtersOf(v), options: optionsOf(v) };
    try {
      const saved = plan ? await update({ id: plan.id, body }).unwrap() : await create(body).unwrap();
      if (thenRun) {
        await start({ projectId, planId: saved.id }).unwrap();
        void message.success(t('insight.exports.started', { name: saved.name }));
      } else {
        void message.success(t('insight.exports.planSaved', { name: saved.name }));
      }
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const initial: Partial<PlanFormValues> = plan ? formValuesOf(plan) : { format: 'coco', annotatedOnly: false, includeMedia: false };

  return (
    <Modal
      open
      width={720}
      title={plan ? t('insight.exports.editPlan', { name: plan.name }) : t('insight.exports.newPlan')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('insight.common.cancel')}
        </Button>,
        <Button key="save" onClick={() => void save(false)} loading={busy} data-testid="plan-save">
          {t('insight.exports.savePlan')}
        </Button>,
        <Button key="run" type="primary" onClick={() => void save(true)} loading={busy} data-testid="plan-save-run">
          {t('insight.exports.saveAndRun')}
        </Button>,
      ]}
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} initialValues={initial} disabled={busy}>
        <Form.Item name="name" label={t('insight.exports.planName')} rules={[{ required: true, whitespace: true, message: t('insight.exports.planNameRequired') }, { max: 64 }, textRule(t)]}>
          <Input {...lengthLimit(64)} autoFocus />
        </Form.Item>
        <Form.Item name="format" label={t('insight.exports.format')} rules={[{ required: true }]}>
          {/* Every format in view at once (an option is 32 px high): none hidden below a scroll. */}
          <Select data-testid="plan-format" listHeight={template.formats.length * 32 + 8} virtual={false} options={template.formats.map((f) => ({ value: f.format, label: t(`insight.exports.formatName.${f.format}`) }))} />
        </Form.Item>
        {format && (
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }} bordered>
            <Descriptions.Item label={t('insight.exports.formatFiles')}>
              <Typography.Text code>{format.files.join(', ')}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('insight.exports.formatTools')}>
              {format.tools.length === 0 && format.classifications
                ? t('insight.exports.formatClassFolders')
                : `${format.tools.map((tool) => t(`insight.exports.tool.${tool}`, { defaultValue: tool })).join(', ')}${format.classifications ? ` · ${t('insight.exports.formatClassifications')}` : ''}`}
            </Descriptions.Item>
          </Descriptions>
        )}
        <PlanFilterFields template={template} />
        {template.options
          .filter((o) => !o.formats || o.formats.includes(formatName))
          .map((o) => (
            <Form.Item
              key={o.name}
              name={o.name}
              label={t(`insight.exports.option.${o.name}`, { defaultValue: o.name })}
              valuePropName={o.type === 'boolean' ? 'checked' : 'value'}
              extra={optionHint(o.name)}
            >
              {o.type === 'boolean' ? (
                // Until it is touched, the suggestions' switch shows the chosen format's default.
                <DefaultedSwitch fallback={o.name === 'includeUnconfirmed' ? keepsUnconfirmed(formatName, {}) : o.default} testId={`plan-option-${o.name}`} />
              ) : (
                <DefaultedChoice fallback={o.default} choices={o.choices} label={(c) => t(`insight.exports.choice.${o.name}.${c}`, { defaultValue: c })} testId={`plan-option-${o.name}`} />
              )}
            </Form.Item>
          ))}
      </Form>
      <Divider titlePlacement="start">{t('insight.exports.countTitle')}</Divider>
      <CountPreview projectId={projectId} filters={filtersOf(values ?? initial)} format={formatName} options={optionsOf(values ?? initial)} />
    </Modal>
  );
}
