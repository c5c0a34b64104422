import { Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileSide, FileSides } from '../host/fileSides';

/**
 * The choice a browser on the workstation's own computer has (FileSides `either`): files from
 * and to the browser, which is the default, or the workstation machine's folders. Says what the
 * machine's side is for under it (and that a folder is allowed at its first use), so nobody
 * meets the chosen-folders rule as a failure first. Shows nothing where there is one side only.
 * Plain radios, not a segmented bar: the options are sentences, and wrap in a narrow dialog.
 */
export function FileSideChoice({ purpose, sides, side, onChange, disabled }: { purpose: 'import' | 'save'; sides: FileSides | null; side: FileSide | null; onChange: (side: FileSide) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  if (sides !== 'either' || side === null) return null;
  const label = t(`browserTransfer.side.${purpose}.label`);
  return (
    <div style={{ marginBottom: 16 }} data-testid="file-side">
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>{label}</Typography.Text>
      <Radio.Group
        value={side}
        onChange={(e) => onChange(e.target.value as FileSide)}
        disabled={disabled}
        aria-label={label}
        options={(['browser', 'machine'] as const).map((value) => ({ value, label: <span data-testid={`file-side-${value}`}>{t(`browserTransfer.side.${purpose}.${value}`)}</span> }))}
      />
      {side === 'machine' && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4, marginBottom: 0 }} data-testid="file-side-hint">
          {t(`browserTransfer.side.${purpose}.machineHint`)}
        </Typography.Paragraph>
      )}
    </div>
  );
}
