import { useState } from 'react';
import { CaretRightOutlined, DoubleLeftOutlined, DoubleRightOutlined, PauseOutlined } from '@ant-design/icons';
import { App, Button, Input, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VideoInfo } from '../../../../../src-shared/media/videoInfo';
import type { Chord, Command } from './keymap';
import { useChordTip } from './useChordTip';
import { JUMP } from './useVideoPlayback';
import { itemIndexOf, videoTimeText } from './videoPosition';

export interface VideoStrip {
  info: VideoInfo;
  playing: boolean;
  onToggle: () => void;
  /** the time in the file of the item's frame i, in seconds (the file's own times once it is open) */
  timeOf: (i: number) => number;
}

/**
 * A video item's controls in the frame strip: play and pause, jumps of ten frames, a field to go
 * to a frame by its number in the file (Enter goes, and gives the keys back to the canvas), and
 * where the item stands: that number and its time.
 */
export function VideoControls({ video, index, count, onChange, keymap }: { video: VideoStrip; index: number; count: number; onChange: (index: number) => void; keymap: Readonly<Record<Command, Chord>> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tip = useChordTip();
  const [typed, setTyped] = useState('');
  const { firstFrame } = video.info;
  const go = (field: HTMLInputElement) => {
    const at = itemIndexOf(typed, firstFrame, count);
    if (at === null) return;
    if (at === 'outside') {
      void message.warning(t('work.frames.outOfItem', { first: firstFrame, last: firstFrame + count - 1, frame: typed.trim() }));
      return;
    }
    setTyped('');
    field.blur();
    onChange(at);
  };
  const playText = video.playing ? t('work.frames.pause') : t('work.frames.play');
  return (
    <>
      <Tooltip title={tip(playText, keymap.playPause)}>
        <Button size="small" onClick={video.onToggle} aria-label={playText} data-testid="video-play" data-playing={video.playing} icon={video.playing ? <PauseOutlined /> : <CaretRightOutlined />} />
      </Tooltip>
      <Tooltip title={tip(t('work.frames.jumpBack', { n: JUMP }), keymap.jumpBack)}>
        <Button size="small" disabled={index === 0} onClick={() => onChange(Math.max(0, index - JUMP))} aria-label={t('work.frames.jumpBack', { n: JUMP })} icon={<DoubleLeftOutlined />} />
      </Tooltip>
      <Tooltip title={tip(t('work.frames.jumpForward', { n: JUMP }), keymap.jumpForward)}>
        <Button size="small" disabled={index >= count - 1} onClick={() => onChange(Math.min(count - 1, index + JUMP))} aria-label={t('work.frames.jumpForward', { n: JUMP })} icon={<DoubleRightOutlined />} />
      </Tooltip>
      <Input
        size="small"
        style={{ width: 96 }}
        value={typed}
        inputMode="numeric"
        placeholder={t('work.frames.goTo')}
        aria-label={t('work.frames.goTo')}
        data-testid="video-go-to"
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={(e) => go(e.currentTarget)}
        onKeyDown={(e) => e.key === 'Escape' && (setTyped(''), e.currentTarget.blur())}
      />
      <Tooltip title={t('work.frames.videoPositionHint')}>
        <Typography.Text data-testid="video-position" data-frame={firstFrame + index} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {t('work.frames.videoPosition', { frame: firstFrame + index, time: videoTimeText(video.timeOf(index)) })}
        </Typography.Text>
      </Tooltip>
    </>
  );
}
