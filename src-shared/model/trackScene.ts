/**
 * Between what a person edits on a frame and what is stored (docs/video.md, "Tracks"). On a
 * frame item the canvas shows each track's object on the frame, a keyframe or carried from its
 * keyframes; its edits arrive as changes of those objects. Here they become the stored edits:
 * - a track's shape changed on a frame: a keyframe there (the frames around follow it);
 * - a track's label, feature, answers, order, hidden or locked changed: on every keyframe;
 * - a new object: a track, its first keyframe here;
 * - an object removed: the keyframe or shape stored here goes; a track carried here (not stored
 *   here) leaves view from here (a keyframe marked outside).
 * Shapes (objects on their own frame only) are stored as they are. Pure.
 */
import type { AnnotationObject } from './annotation';
import type { ObjectEdit } from './applyEdit';
import type { TrackIndex } from './tracks';
import { asKeyframe, changeTrack, checked, setOutside, type FrameEdits } from './trackOps';

/** Fields that belong to the whole track, not to one keyframe. */
const TRACK_FIELDS = ['featureId', 'labelId', 'attributes', 'zIndex', 'hidden', 'locked', 'source', 'score'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The stored edits of frames for an edit of the objects shown on frame `index` (`tracks` as before the edit). */
export function storedEdits(tracks: TrackIndex, index: number, edit: ObjectEdit): FrameEdits {
  const out: FrameEdits = new Map();
  const add = (edits: FrameEdits) => {
    for (const [i, e] of edits) {
      const had = out.get(i) ?? {};
      out.set(i, { upsert: [...(had.upsert ?? []).filter((o) => !(e.upsert ?? []).some((u) => u.id === o.id)), ...(e.upsert ?? [])], remove: [...(had.remove ?? []), ...(e.remove ?? [])] });
    }
  };
  const here = (e: ObjectEdit) => add(new Map([[index, e]]));
  const shownHere = new Map(tracks.at(index).map((s) => [s.object.id, s]));
  for (const o of edit.upsert ?? []) {
    const before = shownHere.get(o.id);
    const isTrack = tracks.keyframes(o.id).length > 0;
    if (!before) {
      // a new object (or one coming back on this frame): a track from here on
      here({ upsert: [asKeyframe(o)] });
      continue;
    }
    if (!isTrack) {
      here({ upsert: [o] });
      continue;
    }
    const changed = TRACK_FIELDS.filter((f) => !same(o[f], before.object[f]));
    if (changed.length) {
      const fields = Object.fromEntries(changed.map((f) => [f, o[f]]));
      add(changeTrack(tracks, o.id, (k) => {
        const next = { ...k, ...fields } as Record<string, unknown>;
        for (const f of changed) if (o[f] === undefined) delete next[f];
        return next as AnnotationObject;
      }));
    }
    // A shape a person moved is theirs: the tracker's doubt about it goes.
    const moved = !same(o.geometry, before.object.geometry);
    if (moved || (before.kind === 'keyframe' && changed.length === 0)) here({ upsert: [asKeyframe(moved ? checked(o) : o, before.kind === 'keyframe' && before.object.outside === true)] });
  }
  for (const id of edit.remove ?? []) {
    const before = shownHere.get(id);
    if (!before) continue;
    if (before.kind === 'interpolated') add(setOutside(tracks, id, index, true));
    else here({ remove: [id] });
  }
  // drop empty lists, so an edit says only what it does
  for (const [i, e] of out) out.set(i, { ...(e.upsert?.length ? { upsert: e.upsert } : {}), ...(e.remove?.length ? { remove: e.remove } : {}) });
  return out;
}

/** The objects to show on frame `index`: each track's carried objects marked as the track's (`keyframe`), so an edit of one stays a track's. */
export function shownObjects(tracks: TrackIndex, index: number): AnnotationObject[] {
  return tracks.at(index).map((s) => (s.kind === 'interpolated' ? asKeyframe(s.object) : s.object));
}
