import { theme } from 'antd';
import type { TrackIndex } from '../../../../../../src-shared/model/tracks';

/** What a mark on the timeline says of a frame of the selected track. */
export type TrackMarkKind = 'keyframe' | 'outside' | 'unsure';

export interface TrackMark {
  index: number;
  kind: TrackMarkKind;
}

/** Marks drawn at most: keyframes closer than this share of the timeline share a mark (a long video's thousands would be a solid bar and a slow page). */
const MAX_MARKS = 400;
/** When keyframes share a mark, the one most worth a look shows. */
const WEIGHT: Record<TrackMarkKind, number> = { keyframe: 0, outside: 1, unsure: 2 };
/** The slider's rail starts and ends this far inside its box (antd: half its control size). */
const RAIL_INSET = 5;

/** The selected track's keyframes as timeline marks: where it leaves view, and where the tracker was unsure. */
export function trackMarksOf(tracks: TrackIndex, trackId: string): TrackMark[] {
  return tracks.keyframeObjects(trackId).map((k) => ({ index: k.frameIndex, kind: k.object.outside ? 'outside' : k.object.unsure ? 'unsure' : 'keyframe' }));
}

/**
 * The marks over the frame slider (FrameStrip): a tick per keyframe of the selected track, as
 * CVAT's timeline shows them, coloured by what they say. They let clicks through to the slider.
 */
export function TrackMarks({ marks, count }: { marks: readonly TrackMark[]; count: number }) {
  const { token } = theme.useToken();
  const colour: Record<TrackMarkKind, string> = { keyframe: token.colorPrimary, outside: token.colorTextQuaternary, unsure: token.colorWarning };
  const buckets = new Map<number, TrackMark>();
  const span = Math.max(1, count - 1);
  for (const m of marks) {
    const b = Math.round((m.index / span) * MAX_MARKS);
    const had = buckets.get(b);
    if (!had || WEIGHT[m.kind] > WEIGHT[had.kind]) buckets.set(b, m);
  }
  return (
    <div aria-hidden style={{ position: 'absolute', left: RAIL_INSET, right: RAIL_INSET, top: 0, height: 8, pointerEvents: 'none' }} data-testid="track-marks">
      {[...buckets.values()].map((m) => (
        <span
          key={m.index}
          data-frame={m.index}
          data-kind={m.kind}
          style={{ position: 'absolute', left: `${(m.index / span) * 100}%`, width: 3, height: 8, marginLeft: -1, borderRadius: 1, background: colour[m.kind] }}
        />
      ))}
    </div>
  );
}
