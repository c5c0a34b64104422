import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Progress, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_MODEL_FILE_MAX_BYTES } from '../../../../../src-shared/api/ai';
import { lengthLimit } from '../../../app/lengthLimit';
import { uploadToTarget } from '../../../app/uploadToTarget';
import { useErrorText } from '../../../app/useErrorText';
import { useModelUploadTargetMutation, useServeModelMutation } from '../aiApi';

interface SamForm {
  name: string;
}
type Part = 'encoder' | 'decoder';

/**
 * Bring your own SAM (docs/ai-models.md): a team's image encoder and prompt decoder, two .onnx
 * files, uploaded to the project's dataset folder and brought in as a segmenter. The server
 * checks the pair against SAM's contract before it stores anything and says in words which
 * tensor does not fit; an accepted pair shows as loading in the Polygons card, then ready.
 */
export function BringSamModal(p: { projectId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<SamForm>();
  const [files, setFiles] = useState<Partial<Record<Part, File>>>({});
  const [missing, setMissing] = useState<Part[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [target] = useModelUploadTargetMutation();
  const [serve] = useServeModelMutation();

  const close = () => {
    if (progress !== null) return;
    form.resetFields();
    setFiles({});
    setMissing([]);
    setFailure(null);
    p.onClose();
  };

  const onFinish = async ({ name }: SamForm) => {
    const absent = (['encoder', 'decoder'] as const).filter((part) => !files[part]);
    setMissing(absent);
    if (absent.length) return;
    const tooLarge = (['encoder', 'decoder'] as const).find((part) => files[part]!.size > AI_MODEL_FILE_MAX_BYTES);
    if (tooLarge) return setFailure(t('aiTab.bringSam.tooLarge', { part: t(`aiTab.bringSam.${tooLarge}`), max: AI_MODEL_FILE_MAX_BYTES / 1024 / 1024 }));
    setFailure(null);
    setProgress(0);
    try {
      // both files first, then the server checks and brings the pair in
      const stamp = Date.now();
      const keys: Partial<Record<Part, string>> = {};
      const total = files.encoder!.size + files.decoder!.size;
      let done = 0;
      for (const part of ['encoder', 'decoder'] as const) {
        const file = files[part]!;
        const to = await target({ projectId: p.projectId, path: `models/sam-${stamp}-${part}.onnx` }).unwrap();
        await uploadToTarget(to, file, (f) => setProgress((done + f * file.size) / Math.max(1, total)));
        done += file.size;
        keys[part] = to.key;
      }
      const model = await serve({ projectId: p.projectId, runtime: 'onnx-sam', name: name.trim(), encoderKey: keys.encoder!, decoderKey: keys.decoder! }).unwrap();
      void message.success(t('aiTab.bringSam.added', { name: model.name }));
      setProgress(null);
      close();
    } catch (err) {
      setFailure(errorText(err));
      setProgress(null);
    }
  };

  const picker = (part: Part) => (
    <Form.Item label={t(`aiTab.bringSam.${part}`)} extra={t(`aiTab.bringSam.${part}Hint`)} required validateStatus={missing.includes(part) ? 'error' : undefined} help={missing.includes(part) ? t('aiTab.bringSam.fileRequired') : undefined}>
      <div data-testid={`ai-sam-${part}`}>
        <Upload
          accept=".onnx"
          maxCount={1}
          fileList={files[part] ? [{ uid: part, name: files[part].name, status: 'done' }] : []}
          beforeUpload={(file) => {
            setFiles((f) => ({ ...f, [part]: file }));
            setMissing((m) => m.filter((x) => x !== part));
            return false; // uploaded on submit, to the project's folder
          }}
          onRemove={() => setFiles((f) => ({ ...f, [part]: undefined }))}
        >
          <Button disabled={progress !== null}>{t('aiTab.bringSam.choose')}</Button>
        </Upload>
      </div>
    </Form.Item>
  );

  return (
    <Modal
      open={p.open}
      title={t('aiTab.bringSam.title')}
      okText={t('aiTab.bringSam.submit')}
      cancelText={t('aiTab.mapping.cancel')}
      confirmLoading={progress !== null}
      onOk={() => form.submit()}
      onCancel={close}
      okButtonProps={{ 'data-testid': 'ai-sam-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('aiTab.bringSam.explain')}</Typography.Paragraph>
      <Form<SamForm> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="name" label={t('aiTab.bringSam.name')} rules={[{ required: true, whitespace: true, message: t('aiTab.bringSam.nameRequired') }]}>
          <Input {...lengthLimit(64)} data-testid="ai-sam-name" />
        </Form.Item>
        {picker('encoder')}
        {picker('decoder')}
        {progress !== null && <Progress percent={Math.floor(progress * 100)} size="small" aria-label={t('aiTab.bringSam.uploading')} />}
        {failure && <Alert type="error" showIcon title={failure} data-testid="ai-sam-error" />}
      </Form>
    </Modal>
  );
}
