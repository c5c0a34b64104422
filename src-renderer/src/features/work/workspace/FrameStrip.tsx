import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Slider, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Chord, Command } from './keymap';
import { TrackMarks, type TrackMark } from './tracks/TrackMarks';
import { useChordTip } from './useChordTip';
import { JumpButton, PlayButton, VideoPosition, type VideoStrip } from './VideoControls';

/**
 * The timeline of a frame sequence: previous, next, and a slider over every frame. A video item
 * adds play and jumps of ten around previous and next, and a field to go to a frame; its frames
 * are named by their numbers in the file. The selected track's keyframes are marked on it.
 */
export function FrameStrip({
  count,
  index,
  onChange,
  keymap,
  video,
  marks,
}: {
  count: number;
  index: number;
  onChange: (index: number) => void;
  keymap: Readonly<Record<Command, Chord>>;
  video?: VideoStrip;
  /** the selected track's keyframes */
  marks?: readonly TrackMark[];
}) {
  const { t } = useTranslation();
  const tip = useChordTip();
  const first = video?.info.firstFrame;
  const moves = { index, count, onChange, keymap };
  const previous = (
    <Tooltip title={tip(t('work.frames.previous'), keymap.previousFrame)}>
      <Button size="small" disabled={index === 0} onClick={() => onChange(index - 1)} aria-label={t('work.frames.previous')} icon={<LeftOutlined />} />
    </Tooltip>
  );
  const next = (
    <Tooltip title={tip(t('work.frames.next'), keymap.nextFrame)}>
      <Button size="small" disabled={index >= count - 1} onClick={() => onChange(index + 1)} aria-label={t('work.frames.next')} icon={<RightOutlined />} />
    </Tooltip>
  );
  const slider = (
    <div style={{ flex: 1, position: 'relative' }}>
      <Slider
        min={0}
        max={count - 1}
        value={index}
        onChange={onChange}
        tooltip={{ formatter: (v) => (first === undefined ? (v ?? 0) + 1 : first + (v ?? 0)) }}
        aria-label={t('work.frames.timeline')}
      />
      {marks && marks.length > 0 && <TrackMarks marks={marks} count={count} />}
    </div>
  );
  return (
    <Flex align="center" gap={12} style={{ padding: '4px 16px', borderTop: '1px solid #f0f0f0' }} data-testid="frame-strip">
      {video ? (
        <>
          <Flex gap={4}>
            <JumpButton way={-1} {...moves} />
            {previous}
            <PlayButton video={video} keymap={keymap} />
            {next}
            <JumpButton way={1} {...moves} />
          </Flex>
          {slider}
          <VideoPosition video={video} index={index} count={count} onChange={onChange} />
        </>
      ) : (
        <>
          {previous}
          {slider}
          {next}
          <Typography.Text>{t('work.frames.position', { index: index + 1, count })}</Typography.Text>
        </>
      )}
    </Flex>
  );
}
