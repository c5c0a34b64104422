import { Form, InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VIDEO_LIMITS, type VideoSplit } from '../../../../../../src-shared/media/videoInfo';

/** What the dialog holds: no split, or a split by frames or seconds with an overlap in frames. */
export interface VideoSplitChoice {
  unit: 'none' | VideoSplit['unit'];
  frames: number;
  seconds: number;
  overlap: number;
}

/** Default: one item per video file (docs/video.md, "Long videos"); the lengths offered when a split is picked. */
export const NO_SPLIT: VideoSplitChoice = { unit: 'none', frames: 3000, seconds: 60, overlap: 0 };

/** The call's `videoSplit`, or undefined for none; null when the choice cannot be sent (an overlap not shorter than an item of frames). */
export function videoSplitOf(c: VideoSplitChoice): VideoSplit | undefined | null {
  if (c.unit === 'none') return undefined;
  const length = c.unit === 'frames' ? c.frames : c.seconds;
  if (!(length > 0)) return null;
  if (c.unit === 'frames' && c.overlap >= length) return null;
  return { unit: c.unit, length, ...(c.overlap > 0 ? { overlap: c.overlap } : {}) };
}

/** How the folder's videos become items: kept whole, or cut by frames or by seconds with frames shared at each seam. */
export function VideoSplitFields({ value, onChange }: { value: VideoSplitChoice; onChange: (v: VideoSplitChoice) => void }) {
  const { t } = useTranslation();
  const bad = value.unit === 'frames' && value.overlap >= value.frames;
  return (
    <Form.Item label={t('project.import.split.title')} validateStatus={bad ? 'error' : undefined} help={bad ? t('project.import.split.overlapTooLong') : undefined} data-testid="import-video-split">
      <Radio.Group
        value={value.unit}
        onChange={(e) => onChange({ ...value, unit: e.target.value as VideoSplitChoice['unit'] })}
        optionType="button"
        options={(['none', 'frames', 'seconds'] as const).map((v) => ({ value: v, label: t(`project.import.split.${v}`) }))}
      />
      {value.unit !== 'none' && (
        <Space wrap style={{ marginTop: 8 }}>
          <Typography.Text>{t('project.import.split.length')}</Typography.Text>
          {value.unit === 'frames' ? (
            <InputNumber<number> min={1} max={VIDEO_LIMITS.framesPerItem} precision={0} value={value.frames} onChange={(v) => onChange({ ...value, frames: v ?? 0 })} suffix={t('project.import.split.frameUnit')} aria-label={t('project.import.split.lengthFrames')} data-testid="import-split-frames" />
          ) : (
            <InputNumber<number> min={0.1} max={36_000} step={1} value={value.seconds} onChange={(v) => onChange({ ...value, seconds: v ?? 0 })} suffix={t('project.import.split.secondUnit')} aria-label={t('project.import.split.lengthSeconds')} data-testid="import-split-seconds" />
          )}
          <Typography.Text>{t('project.import.split.overlap')}</Typography.Text>
          <InputNumber<number> min={0} max={1000} precision={0} value={value.overlap} onChange={(v) => onChange({ ...value, overlap: v ?? 0 })} suffix={t('project.import.split.frameUnit')} aria-label={t('project.import.split.overlap')} data-testid="import-split-overlap" />
        </Space>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4, marginBottom: 0 }}>{t(`project.import.split.hint.${value.unit}`)}</Typography.Paragraph>
    </Form.Item>
  );
}
