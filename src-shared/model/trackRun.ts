/**
 * Automatic tracking (docs/video.md, "Automatic tracking"): the tracker's answers for a stretch of
 * frames made into the keyframes a person would place. The workspace asks the tracker a stretch
 * at a time, forward or backward, and after each stretch goes on with the objects still followed
 * from the last frame answered, until none is left, the item ends or the person stops it.
 *
 * Per object, frame by frame in the order tracked:
 * - followed there: a keyframe of its track with the tracker's shape (marked `unsure` where the
 *   tracker said so), the track's label and answers as they are;
 * - not followed there (the tracker lost it): the track leaves view there (an outside keyframe
 *   with its last shape), and it is followed no further;
 * - a keyframe of its track is there already (placed by a person, or an earlier run): it is kept
 *   as it is, and the object is followed no further: what a person placed is not overwritten.
 * Pure.
 */
import type { AnnotationObject } from './annotation';
import type { TrackIndex } from './tracks';
import { asKeyframe, checked, type FrameEdits } from './trackOps';

/** What one stretch came to. */
export interface TrackStretch {
  /** the keyframes (and outside keyframes) to store, by frame index */
  edits: FrameEdits;
  /** the objects still followed, with their shape on the stretch's last frame */
  following: AnnotationObject[];
  /** tracks lost in the stretch (left view where the tracker lost them) */
  lost: string[];
  /** tracks that met one of their own keyframes */
  met: string[];
  /** keyframes placed that the tracker was not sure of */
  unsure: number;
  /** frames of the stretch that got a keyframe (out of view ones too) */
  placed: number;
}

/**
 * The stretch's keyframes. `following`: the objects followed, as shown on frame `from` (the frame
 * before the stretch); `answered`: the frames of the stretch in the order tracked (nearest
 * first), each with the tracker's objects there (by the followed object's id).
 */
export function placeStretch(
  tracks: TrackIndex,
  from: number,
  following: readonly AnnotationObject[],
  answered: readonly { index: number; objects: readonly AnnotationObject[] }[],
): TrackStretch {
  const edits: FrameEdits = new Map();
  const put = (index: number, o: AnnotationObject) => {
    const had = edits.get(index)?.upsert ?? [];
    edits.set(index, { upsert: [...had, o] });
  };
  const still: AnnotationObject[] = [];
  const lost: string[] = [];
  const met: string[] = [];
  let unsure = 0;
  for (const start of following) {
    // A shape of this frame only (stored before tracks): it becomes a track, its first keyframe here.
    if (tracks.keyframes(start.id).length === 0) put(from, asKeyframe(start));
    let last = start;
    let gone = false;
    for (const frame of answered) {
      if (tracks.keyframes(start.id).includes(frame.index)) {
        met.push(start.id);
        gone = true;
        break;
      }
      const found = frame.objects.find((o) => o.id === start.id && o.tool === start.tool);
      if (!found) {
        put(frame.index, asKeyframe(checked(last), true));
        lost.push(start.id);
        gone = true;
        break;
      }
      // The track's own fields (label, answers, source), the tracker's shape and its doubt.
      const { keyframe: _k, outside: _o, unsure: _u, ...fields } = last;
      last = { ...fields, geometry: found.geometry, keyframe: true, ...(found.unsure ? { unsure: true } : {}) } as AnnotationObject;
      if (found.unsure) unsure++;
      put(frame.index, last);
    }
    if (!gone) still.push(last);
  }
  const placed = [...edits.keys()].filter((i) => i !== from).length;
  return { edits, following: still, lost, met, unsure, placed };
}
