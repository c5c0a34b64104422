import { useState } from 'react';
import { CaretRightOutlined, DoubleLeftOutlined, DoubleRightOutlined, PauseOutlined } from '@ant-design/icons';
import { App, Button, Input, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VideoInfo } from '../../../../../src-shared/media/videoInfo';
import type { Chord, Command } from './keymap';
import { useChordTip } from './useChordTip';
import { JUMP } from './useVideoPlayback';
import { itemIndexOf, videoTimeText } from './videoPosition';

/** What the frame strip needs of a video item. */
export interface VideoStrip {
  info: VideoInfo;
  playing: boolean;
  onToggle: () => void;
  /** the time in the file of the item's frame i, in seconds (the file's own times once it is open) */
  timeOf: (i: number) => number;
}

interface Props {
  video: VideoStrip;
  index: number;
  count: number;
  onChange: (index: number) => void;
  keymap: Readonly<Record<Command, Chord>>;
}

/** Play and pause. */
export function PlayButton({ video, keymap }: Pick<Props, 'video' | 'keymap'>) {
  const { t } = useTranslation();
  const tip = useChordTip();
  const text = video.playing ? t('work.frames.pause') : t('work.frames.play');
  return (
    <Tooltip title={tip(text, keymap.playPause)}>
      <Button size="small" type="primary" ghost onClick={video.onToggle} aria-label={text} data-testid="video-play" data-playing={video.playing} icon={video.playing ? <PauseOutlined /> : <CaretRightOutlined />} />
    </Tooltip>
  );
}

/** A jump of ten frames back (-1) or forward (1). */
export function JumpButton({ way, index, count, onChange, keymap }: Omit<Props, 'video'> & { way: -1 | 1 }) {
  const { t } = useTranslation();
  const tip = useChordTip();
  const text = way < 0 ? t('work.frames.jumpBack', { count: JUMP }) : t('work.frames.jumpForward', { count: JUMP });
  return (
    <Tooltip title={tip(text, way < 0 ? keymap.jumpBack : keymap.jumpForward)}>
      <Button
        size="small"
        disabled={way < 0 ? index === 0 : index >= count - 1}
        onClick={() => onChange(Math.max(0, Math.min(count - 1, index + way * JUMP)))}
        aria-label={text}
        icon={way < 0 ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
      />
    </Tooltip>
  );
}

/**
 * Where a video item stands, and a field to go to a frame by its number in the file (Enter goes
 * and gives the keys back to the canvas; Esc leaves it; a number the item does not have says so).
 */
export function VideoPosition({ video, index, count, onChange }: Omit<Props, 'keymap'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
  const leave = (field: HTMLInputElement) => {
    setTyped('');
    field.blur();
  };
  return (
    <>
      <Input
        size="small"
        style={{ width: 120 }}
        value={typed}
        inputMode="numeric"
        placeholder={t('work.frames.goTo')}
        aria-label={t('work.frames.goTo')}
        data-testid="video-go-to"
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={(e) => go(e.currentTarget)}
        onKeyDown={(e) => e.key === 'Escape' && leave(e.currentTarget)}
      />
      <Tooltip title={t('work.frames.videoPositionHint')}>
        <Typography.Text data-testid="video-position" data-frame={firstFrame + index} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {t('work.frames.videoPosition', { frame: firstFrame + index, time: videoTimeText(video.timeOf(index)) })}
        </Typography.Text>
      </Tooltip>
    </>
  );
}
