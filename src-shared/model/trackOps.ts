/**
 * What each track operation changes, frame by frame (docs/video.md, "Tracks"): pure functions
 * from an item's TrackIndex to the stored edits of the frames it touches. The workspace writes
 * each frame's edit to the journal (its unit is one frame) and keeps the lot as one undo step.
 * Frames are the item's frame indexes.
 */
import type { AnnotationObject } from './annotation';
import type { ObjectEdit } from './applyEdit';
import type { TrackIndex } from './tracks';

/** Stored edits by frame index. */
export type FrameEdits = Map<number, ObjectEdit>;

/** Builds per-frame edits; on one frame, the last word on an id wins (an upsert undoes a remove and back). */
class EditsBuilder {
  private readonly frames = new Map<number, { upsert: Map<string, AnnotationObject>; remove: Set<string> }>();

  private frame(index: number) {
    let f = this.frames.get(index);
    if (!f) this.frames.set(index, (f = { upsert: new Map(), remove: new Set() }));
    return f;
  }

  upsert(index: number, o: AnnotationObject): this {
    const f = this.frame(index);
    f.remove.delete(o.id);
    f.upsert.set(o.id, o);
    return this;
  }

  remove(index: number, id: string): this {
    const f = this.frame(index);
    f.upsert.delete(id);
    f.remove.add(id);
    return this;
  }

  build(): FrameEdits {
    const out: FrameEdits = new Map();
    for (const [index, f] of [...this.frames].sort((a, b) => a[0] - b[0])) {
      const edit: { upsert?: AnnotationObject[]; remove?: string[] } = {};
      if (f.upsert.size) edit.upsert = [...f.upsert.values()];
      if (f.remove.size) edit.remove = [...f.remove];
      if (edit.upsert || edit.remove) out.set(index, edit);
    }
    return out;
  }
}

/** A keyframe of `o` (a track's object as shown, or a shape becoming a track) as stored. */
export function asKeyframe(o: AnnotationObject, outside = false): AnnotationObject {
  const { outside: _o, ...rest } = o;
  return { ...rest, keyframe: true, ...(outside ? { outside: true } : {}) } as AnnotationObject;
}

/** A keyframe a person looked at: the tracker's doubt about it dropped. */
export function checked(o: AnnotationObject): AnnotationObject {
  const { unsure: _u, ...rest } = o;
  return rest as AnnotationObject;
}

/** "Looks right": the track's keyframe at `index` no longer marked unsure. Nothing when it is not an unsure keyframe there. */
export function confirmKeyframe(tracks: TrackIndex, trackId: string, index: number): FrameEdits {
  const key = tracks.keyframeObjects(trackId).find((k) => k.frameIndex === index);
  return key?.object.unsure ? new Map([[index, { upsert: [checked(key.object)] }]]) : new Map();
}

/** The track's shape at `index`: shown there, or (where it is outside) the last keyframe's before it. */
function shapeAt(tracks: TrackIndex, trackId: string, index: number): AnnotationObject | null {
  const shown = tracks.objectAt(trackId, index);
  if (shown) return shown.object;
  const before = tracks.keyframeObjects(trackId).filter((k) => k.frameIndex <= index).at(-1);
  return before?.object ?? null;
}

/** The track leaves view at `index` (a keyframe marked outside there), or comes back (the mark taken off). */
export function setOutside(tracks: TrackIndex, trackId: string, index: number, outside: boolean): FrameEdits {
  const edits = new EditsBuilder();
  const shape = shapeAt(tracks, trackId, index);
  if (!shape) return edits.build();
  const here = tracks.keyframeObjects(trackId).find((k) => k.frameIndex === index);
  if (outside) edits.upsert(index, asKeyframe(here?.object ?? shape, true));
  else if (here?.object.outside) edits.upsert(index, asKeyframe(here.object));
  else if (!here) edits.upsert(index, asKeyframe(shape));
  return edits.build();
}

/** Takes out the track's keyframe at `index` (the frames around it follow its neighbours). */
export function removeKeyframe(tracks: TrackIndex, trackId: string, index: number): FrameEdits {
  const edits = new EditsBuilder();
  if (tracks.keyframes(trackId).includes(index)) edits.remove(index, trackId);
  return edits.build();
}

/** Deletes the whole track: every keyframe. */
export function deleteTrack(tracks: TrackIndex, trackId: string): FrameEdits {
  const edits = new EditsBuilder();
  for (const i of tracks.keyframes(trackId)) edits.remove(i, trackId);
  return edits.build();
}

/** Applies `update` to every keyframe of the track (its label, attributes, order, hidden and locked are the track's). */
export function changeTrack(tracks: TrackIndex, trackId: string, update: (o: AnnotationObject) => AnnotationObject): FrameEdits {
  const edits = new EditsBuilder();
  for (const k of tracks.keyframeObjects(trackId)) edits.upsert(k.frameIndex, { ...update(k.object), id: trackId, tool: k.object.tool, keyframe: true } as AnnotationObject);
  return edits.build();
}

/**
 * Splits the track at `index`: up to the frame before it stays `trackId` (which goes outside at
 * `index`), from `index` on it is `newId`, starting with the shape it had there. Nothing when
 * the track is not shown at `index` or `index` is its first keyframe (nothing would be left before).
 */
export function splitTrack(tracks: TrackIndex, trackId: string, index: number, newId: string): FrameEdits {
  const edits = new EditsBuilder();
  const keys = tracks.keyframeObjects(trackId);
  const shown = tracks.objectAt(trackId, index);
  if (!shown || !keys.length || keys[0]!.frameIndex >= index) return edits.build();
  edits.upsert(index, asKeyframe({ ...shown.object, id: newId } as AnnotationObject));
  for (const k of keys) {
    if (k.frameIndex < index) continue;
    edits.remove(k.frameIndex, trackId);
    if (k.frameIndex > index) edits.upsert(k.frameIndex, { ...k.object, id: newId } as AnnotationObject);
  }
  edits.upsert(index, asKeyframe(shown.object, true));
  return edits.build();
}

/**
 * Joins `otherId` into `keepId`: the other's keyframes become the kept track's, with its label,
 * feature and answers; where both have a keyframe on one frame, the kept track's stays. Nothing
 * when the two are not the same tool.
 */
export function mergeTracks(tracks: TrackIndex, keepId: string, otherId: string): FrameEdits {
  const edits = new EditsBuilder();
  const keep = tracks.keyframeObjects(keepId);
  const other = tracks.keyframeObjects(otherId);
  if (!keep.length || !other.length || keepId === otherId || keep[0]!.object.tool !== other[0]!.object.tool) return edits.build();
  const own = new Set(keep.map((k) => k.frameIndex));
  const { featureId, labelId, attributes, zIndex } = keep[0]!.object;
  for (const k of other) {
    edits.remove(k.frameIndex, otherId);
    if (!own.has(k.frameIndex)) edits.upsert(k.frameIndex, { ...k.object, id: keepId, featureId, labelId, attributes, zIndex } as AnnotationObject);
  }
  return edits.build();
}

/**
 * Copies the objects as they are on frame `index` to the next `count` frames as keyframes
 * (CVAT's "propagate"), within the item's `frameCount`; an object that was a shape on its frame
 * becomes a track there too.
 */
export function propagate(objects: readonly AnnotationObject[], index: number, count: number, frameCount: number): FrameEdits {
  const edits = new EditsBuilder();
  for (const o of objects) {
    const key = asKeyframe(o);
    if (!o.keyframe) edits.upsert(index, key);
    for (let i = index + 1; i <= Math.min(frameCount - 1, index + count); i++) edits.upsert(i, { ...key });
  }
  return edits.build();
}

/** The edits that take `edits` back, from each frame's stored objects before them (`before(index)`). */
export function invertFrameEdits(edits: FrameEdits, before: (index: number) => readonly AnnotationObject[]): FrameEdits {
  const out = new EditsBuilder();
  for (const [index, edit] of edits) {
    const had = new Map(before(index).map((o) => [o.id, o]));
    for (const o of edit.upsert ?? []) {
      const was = had.get(o.id);
      if (was) out.upsert(index, was);
      else out.remove(index, o.id);
    }
    for (const id of edit.remove ?? []) {
      const was = had.get(id);
      if (was) out.upsert(index, was);
    }
  }
  return out.build();
}
