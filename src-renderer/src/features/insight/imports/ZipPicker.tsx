import { Button, Upload, type UploadFile } from 'antd';

/**
 * One zip picked from this computer, shown as picked; never uploaded by the picker itself (the
 * import puts it in the user's storage folder: useZipUpload).
 */
export function ZipPicker({ file, onChange, label, testId }: { file: File | null; onChange: (file: File | null) => void; label: string; testId: string }) {
  const fileList: UploadFile[] = file ? [{ uid: 'zip', name: file.name, size: file.size, status: 'done' }] : [];
  return (
    <Upload
      accept=".zip,application/zip"
      maxCount={1}
      fileList={fileList}
      beforeUpload={(f) => {
        onChange(f);
        return false;
      }}
      onRemove={() => onChange(null)}
    >
      <Button data-testid={testId}>{label}</Button>
    </Upload>
  );
}
