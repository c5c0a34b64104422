import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Slider, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Chord, Command } from './keymap';
import { useChordTip } from './useChordTip';
import { VideoControls, type VideoStrip } from './VideoControls';

/**
 * The timeline of a frame sequence: previous, next, and a slider over every frame. A video item
 * adds its playback controls and says its frames by their numbers in the file.
 */
export function FrameStrip({ count, index, onChange, keymap, video }: { count: number; index: number; onChange: (index: number) => void; keymap: Readonly<Record<Command, Chord>>; video?: VideoStrip }) {
  const { t } = useTranslation();
  const tip = useChordTip();
  const first = video?.info.firstFrame;
  return (
    <Flex align="center" gap={12} style={{ padding: '4px 16px', borderTop: '1px solid #f0f0f0' }} data-testid="frame-strip">
      <Tooltip title={tip(t('work.frames.previous'), keymap.previousFrame)}>
        <Button size="small" disabled={index === 0} onClick={() => onChange(index - 1)} aria-label={t('work.frames.previous')} icon={<LeftOutlined />} />
      </Tooltip>
      <Slider
        min={0}
        max={count - 1}
        value={index}
        onChange={onChange}
        style={{ flex: 1 }}
        tooltip={{ formatter: (v) => (first === undefined ? (v ?? 0) + 1 : first + (v ?? 0)) }}
        aria-label={t('work.frames.timeline')}
      />
      <Tooltip title={tip(t('work.frames.next'), keymap.nextFrame)}>
        <Button size="small" disabled={index >= count - 1} onClick={() => onChange(index + 1)} aria-label={t('work.frames.next')} icon={<RightOutlined />} />
      </Tooltip>
      {video ? <VideoControls video={video} index={index} count={count} onChange={onChange} keymap={keymap} /> : <Typography.Text>{t('work.frames.position', { index: index + 1, count })}</Typography.Text>}
    </Flex>
  );
}
