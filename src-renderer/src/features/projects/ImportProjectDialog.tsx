import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_LIMITS, type ArchiveImportResult } from '../../../../src-shared/api/projectArchive';
import { formatBytes } from '../insight/shared/workstationStorage';
import { FailureText } from '../insight/imports/FailureText';
import { ZipPicker } from '../insight/imports/ZipPicker';
import { useZipUpload } from '../insight/imports/useZipUpload';
import { useImportProjectArchiveMutation } from './projectListApi';
import { projectNameRules } from './projectFormRules';

/**
 * A project another of our servers exported whole ("Whole project" export): the zip goes to the
 * user's own storage folder, then the server makes a new project of it. Its name defaults to
 * the archived project's; a name the team uses already is refused and nothing is made.
 */
export function ImportProjectDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (r: ArchiveImportResult) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ projectName?: string }>();
  const [file, setFile] = useState<File | null>(null);
  const { upload, fraction, forget } = useZipUpload();
  const [failure, setFailure] = useState<unknown>(null);
  const [runImport, { isLoading }] = useImportProjectArchiveMutation();
  const busy = fraction !== null || isLoading;

  const submit = async ({ projectName }: { projectName?: string }) => {
    if (!file) return;
    setFailure(null);
    try {
      const key = await upload(file);
      const name = projectName?.trim();
      const result = await runImport({ key, ...(name ? { projectName: name } : {}) }).unwrap();
      void message.success(t('projects.importArchive.done', { name: result.projectName, subjects: t('common.count.subjects', { count: result.subjects }), objects: t('common.count.objects', { count: result.objects }) }));
      form.resetFields();
      setFile(null);
      forget();
      onImported(result);
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('projects.importArchive.title')}
      okText={t('projects.importArchive.submit')}
      cancelText={t('project.common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !file, 'data-testid': 'import-project-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('projects.importArchive.intro', { max: formatBytes(ARCHIVE_LIMITS.zipBytes) })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={busy}>
        <Form.Item label={t('projects.importArchive.file')} required>
          <ZipPicker
            file={file}
            label={t('projects.importArchive.pick')}
            testId="import-project-pick"
            onChange={(f) => {
              setFile(f);
              forget();
              setFailure(null);
            }}
          />
        </Form.Item>
        <Form.Item name="projectName" label={t('projects.importArchive.name')} extra={t('projects.importArchive.nameHint')} rules={projectNameRules(t).filter((r) => !('required' in r))}>
          <Input data-testid="import-project-name" />
        </Form.Item>
      </Form>
      {fraction !== null && <Progress percent={Math.floor(fraction * 100)} size="small" aria-label={t('projects.importArchive.uploading')} />}
      {failure !== null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('projects.importArchive.failed')}
          description={<FailureText failure={failure} />}
        />
      )}
    </Modal>
  );
}
