import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Progress, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_FORMATS, IMPORT_LIMITS, type ImportFormat, type ImportMode, type ProjectImportResult } from '../../../../../src-shared/api/projectImport';
import type { ExportTemplate } from '../../../../../src-shared/api/export';
import { formatBytes } from '../shared/workstationStorage';
import { FailureText } from './FailureText';
import { ImportResultView } from './ImportResultView';
import { useImportAnnotationsMutation } from './importApi';
import { useZipUpload } from './useZipUpload';
import { ZipPicker } from './ZipPicker';
import { validFormValues } from '../../../app/validFormValues';

interface Choices {
  taskId?: number;
  format: ImportFormat;
  mode: ImportMode;
}

/**
 * Imports annotation files (COCO, YOLO, VOC, PNG masks, lossless zip) onto a task: the zip goes to the
 * user's own storage folder, a dry run shows what would happen, and only then is it applied,
 * creating the labels the ontology lacks when the user confirms it.
 */
export function ImportPanel({ projectId, template }: { projectId: number; template: ExportTemplate }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Choices>();
  const [file, setFile] = useState<File | null>(null);
  const { upload, uploaded, fraction: uploadFraction, forget } = useZipUpload();
  const [preview, setPreview] = useState<ProjectImportResult | null>(null);
  const [applied, setApplied] = useState<ProjectImportResult | null>(null);
  const [createLabels, setCreateLabels] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [runImport, { isLoading: importing }] = useImportAnnotationsMutation();
  const busy = uploadFraction !== null || importing;

  const reset = () => {
    setPreview(null);
    setApplied(null);
    setCreateLabels(false);
    setFailure(null);
  };

  /** Uploads the zip once (again only when another file is picked), then runs the dry run. */
  const previewImport = async (withLabels = createLabels) => {
    const choices = await validFormValues(form);
    if (!choices) return; // the form shows what is missing
    if (!file) return;
    setApplied(null);
    setFailure(null);
    try {
      const key = await upload(file);
      setPreview(await runImport({ projectId, taskId: choices.taskId!, format: choices.format, mode: choices.mode, key, dryRun: true, createMissingLabels: withLabels }).unwrap());
    } catch (err) {
      setFailure(err);
    }
  };

  const apply = async () => {
    if (!uploaded) return;
    const choices = form.getFieldsValue();
    setFailure(null);
    try {
      const result = await runImport({
        projectId, taskId: choices.taskId!, format: choices.format, mode: choices.mode, key: uploaded.key, dryRun: false, createMissingLabels: createLabels,
      }).unwrap();
      setApplied(result);
      setPreview(null);
      void message.success(t('insight.imports.appliedTitle', { objects: t('common.count.objects', { count: result.matched.objects }), frames: t('common.count.frames', { count: result.matched.frames }) }));
    } catch (err) {
      setFailure(err);
    }
  };

  const needsConfirmation = (preview?.labelsMissing.length ?? 0) > 0 && !createLabels;

  return (
    <Card title={t('insight.imports.title')}>
      <Typography.Paragraph type="secondary">{t('insight.imports.intro', { max: formatBytes(IMPORT_LIMITS.zipBytes) })}</Typography.Paragraph>
      {template.tasks.length === 0 ? (
        <Alert type="info" showIcon title={t('insight.imports.noTasks')} />
      ) : (
        <Form form={form} layout="inline" initialValues={{ format: 'coco', mode: 'append' }} disabled={busy} onValuesChange={reset} style={{ rowGap: 12 }}>
          <Form.Item name="taskId" label={t('insight.imports.task')} rules={[{ required: true, message: t('insight.imports.taskRequired') }]}>
            <Select style={{ width: 220 }} options={template.tasks.map((x) => ({ value: x.id, label: x.name }))} data-testid="import-task" />
          </Form.Item>
          <Form.Item name="format" label={t('insight.imports.format')}>
            <Select
              style={{ width: 200 }}
              popupMatchSelectWidth={false}
              // every format in view at once (an option is 32 px high)
              listHeight={IMPORT_FORMATS.length * 32 + 8}
              virtual={false}
              options={IMPORT_FORMATS.map((f) => ({ value: f, label: t(`insight.imports.formatName.${f}`) }))}
              data-testid="import-format"
            />
          </Form.Item>
          <Form.Item name="mode" label={t('insight.imports.mode')} tooltip={t('insight.imports.modeHint')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'append', label: t('insight.imports.modeAppend') },
                { value: 'replace', label: t('insight.imports.modeReplace') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('insight.imports.file')} required>
            <ZipPicker
              file={file}
              label={t('insight.imports.pick')}
              testId="import-pick"
              onChange={(f) => {
                setFile(f);
                forget();
                reset();
              }}
            />
          </Form.Item>
        </Form>
      )}
      <Flex gap={8} style={{ marginTop: 16 }} align="center">
        <Button
          onClick={() => {
            setPreview(null);
            setCreateLabels(false);
            void previewImport(false);
          }}
          disabled={!file || busy} loading={busy && !preview} data-testid="import-dry-run">
          {t('insight.imports.dryRun')}
        </Button>
        {preview && (
          <Button type="primary" onClick={() => void apply()} disabled={needsConfirmation || preview.matched.frames === 0} loading={importing} data-testid="import-apply">
            {t('insight.imports.apply')}
          </Button>
        )}
        {uploadFraction !== null && <Progress percent={Math.floor(uploadFraction * 100)} size="small" style={{ width: 240 }} aria-label={t('insight.imports.uploading')} />}
      </Flex>
      {failure !== null && <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} title={t('insight.imports.failed')} description={<FailureText failure={failure} />} />}
      {preview && (
        <div style={{ marginTop: 16 }}>
          <ImportResultView result={preview} />
          {preview.labelsMissing.length > 0 && (
            <Checkbox
              checked={createLabels}
              onChange={(e) => {
                // The preview changes with the answer: objects of missing labels count only once they may be created.
                setCreateLabels(e.target.checked);
                void previewImport(e.target.checked);
              }}
              style={{ marginTop: 12 }}
              data-testid="import-create-labels"
            >
              {t('insight.imports.confirmCreate', { count: preview.labelsMissing.length })}
            </Checkbox>
          )}
        </div>
      )}
      {applied && (
        <div style={{ marginTop: 16 }}>
          <ImportResultView result={applied} />
        </div>
      )}
    </Card>
  );
}
