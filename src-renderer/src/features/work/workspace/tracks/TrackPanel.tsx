import { useState } from 'react';
import { Button, Flex, InputNumber, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmKeyframe, deleteTrack, mergeTracks, propagate, removeKeyframe, setOutside, splitTrack } from '../../../../../../src-shared/model/trackOps';
import { defaultNewId } from '../../../../canvas/engine';
import type { TrackedItem } from './useTrackedItem';

/**
 * The selected track on a frame item (docs/video.md, "Tracks"): whether this frame is one of its
 * keyframes, its keyframes before and after, and what can be done to the whole track. Each
 * button is one undoable step over the item. `focus`: the track selected last, shown while
 * nothing is selected (where it is out of view, it cannot be).
 */
export function TrackPanel({ tracked, selection, focus, frameIndex, frameCount, onGoTo }: { tracked: TrackedItem; selection: readonly string[]; focus: string | null; frameIndex: number; frameCount: number; onGoTo: (index: number) => void }) {
  const { t } = useTranslation();
  const [ahead, setAhead] = useState(5);
  const picked = selection.filter((id) => tracked.tracks.keyframes(id).length > 0);
  // On a frame where the track is out of view nothing can be selected: the track last selected stays here, to bring it back.
  const ids = picked.length ? picked : focus && tracked.tracks.keyframes(focus).length > 0 ? [focus] : [];
  if (ids.length === 0) return null;
  const id = ids[0]!;
  const keys = tracked.tracks.keyframes(id);
  const shown = tracked.tracks.objectAt(id, frameIndex);
  const isKey = keys.includes(frameIndex);
  const before = keys.filter((k) => k < frameIndex).at(-1);
  const after = keys.find((k) => k > frameIndex);
  const state = !shown ? 'outside' : shown.kind === 'keyframe' ? 'keyframe' : 'interpolated';
  // a keyframe the tracker placed without being sure: worth a look, and a click to say it is right
  const unsure = shown?.kind === 'keyframe' && shown.object.unsure === true;
  const nextUnsure = tracked.tracks.keyframeObjects(id).find((k) => k.frameIndex > frameIndex && k.object.unsure)?.frameIndex;
  return (
    <Flex vertical gap={6} data-testid="track-panel" data-track={id} data-state={state} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
      <Flex align="center" gap={8}>
        <Typography.Text strong>{t('track.title')}</Typography.Text>
        <Tag color={state === 'keyframe' ? 'gold' : state === 'outside' ? 'default' : 'blue'} data-testid="track-state">
          {t(`track.state.${state}`)}
        </Tag>
        {unsure && (
          <Tag color="orange" data-testid="track-unsure">
            {t('track.unsure')}
          </Tag>
        )}
        <Typography.Text type="secondary">{t('track.keyframes', { count: keys.length })}</Typography.Text>
      </Flex>
      {(unsure || nextUnsure !== undefined) && (
        <Flex gap={4} wrap>
          {unsure && (
            <Tooltip title={t('track.looksRightTip')}>
              <Button size="small" onClick={() => tracked.run(confirmKeyframe(tracked.tracks, id, frameIndex))} data-testid="track-looks-right">
                {t('track.looksRight')}
              </Button>
            </Tooltip>
          )}
          {nextUnsure !== undefined && (
            <Button size="small" onClick={() => onGoTo(nextUnsure)} data-testid="track-next-unsure">
              {t('track.nextUnsure')}
            </Button>
          )}
        </Flex>
      )}
      <Flex gap={4} wrap>
        <Button size="small" disabled={before === undefined} onClick={() => before !== undefined && onGoTo(before)}>
          {t('track.previousKeyframe')}
        </Button>
        <Button size="small" disabled={after === undefined} onClick={() => after !== undefined && onGoTo(after)}>
          {t('track.nextKeyframe')}
        </Button>
      </Flex>
      <Flex gap={4} wrap>
        <Tooltip title={t(state === 'outside' ? 'track.inViewTip' : 'track.outsideTip')}>
          <Button size="small" onClick={() => tracked.run(setOutside(tracked.tracks, id, frameIndex, state !== 'outside'))}>
            {t(state === 'outside' ? 'track.inView' : 'track.outside')}
          </Button>
        </Tooltip>
        <Button size="small" disabled={!isKey || keys.length < 2} onClick={() => tracked.run(removeKeyframe(tracked.tracks, id, frameIndex))}>
          {t('track.removeKeyframe')}
        </Button>
        <Tooltip title={t('track.splitTip')}>
          <Button size="small" disabled={!shown || keys[0]! >= frameIndex} onClick={() => tracked.run(splitTrack(tracked.tracks, id, frameIndex, defaultNewId()))}>
            {t('track.split')}
          </Button>
        </Tooltip>
        {ids.length === 2 && (
          <Tooltip title={t('track.mergeTip')}>
            <Button size="small" onClick={() => tracked.run(mergeTracks(tracked.tracks, id, ids[1]!))}>
              {t('track.merge')}
            </Button>
          </Tooltip>
        )}
        <Button size="small" danger onClick={() => tracked.run(deleteTrack(tracked.tracks, id))}>
          {t('track.delete')}
        </Button>
      </Flex>
      {/* CVAT's propagate: the selected tracks' shapes here as keyframes on the frames ahead, to adjust one by one */}
      <Flex gap={4} align="center">
        <Tooltip title={t('track.propagateTip')}>
          <Button size="small" disabled={!shown || frameIndex >= frameCount - 1} onClick={() => tracked.run(propagate(ids.flatMap((x) => tracked.tracks.objectAt(x, frameIndex)?.object ?? []), frameIndex, ahead, frameCount))}>
            {t('track.propagate')}
          </Button>
        </Tooltip>
        <InputNumber size="small" min={1} max={1000} value={ahead} onChange={(v) => setAhead(v ?? 1)} aria-label={t('track.propagateFrames')} style={{ width: 72 }} />
        <Typography.Text type="secondary">{t('track.frames')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
