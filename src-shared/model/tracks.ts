/**
 * Tracks on the frames of an item (frame sequences and videos; docs/video.md, "Tracks"). A
 * track is the objects with one id and `keyframe: true` on several frames: only its keyframes
 * are stored. On any frame the track's shape is
 * - its keyframe there, when it has one;
 * - nothing before its first keyframe, and nothing from a keyframe marked `outside` until the next;
 * - between two keyframes, the earlier one moved towards the later in proportion (boxes,
 *   points, keypoints, and shapes with as many points: interpolate.ts; others keep the earlier
 *   shape), an `outside` keyframe too (its shape is where the object left view);
 * - after its last keyframe, that keyframe's shape, to the item's end.
 * Objects without `keyframe` are on their own frame only (image items, and what was drawn on
 * frame items before tracks existed).
 *
 * Storing keyframes only keeps an item's size proportional to what people did, not to its
 * frames: 50 objects followed over a 54,000-frame video are a few hundred keyframes, not
 * 2.7 million objects. Everything that needs every frame's objects (the workspace, exports)
 * resolves them here. Pure.
 */
import type { AnnotationObject, FrameData } from './annotation';
import { interpolateObjects } from './interpolate';

/** An object as seen on a frame: drawn there (a shape, or a track's keyframe) or carried by its track. */
export interface ShownObject {
  object: AnnotationObject;
  kind: 'shape' | 'keyframe' | 'interpolated';
}

interface Keyframe {
  frameIndex: number;
  object: AnnotationObject;
}

const isKeyframe = (o: AnnotationObject) => o.keyframe === true;

/** The last keyframe at or before `index` (binary search over keyframes in frame order), or -1. */
function lastAtOrBefore(keys: readonly Keyframe[], index: number): number {
  let lo = 0;
  let hi = keys.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]!.frameIndex <= index) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** A carried object: the keyframe's fields and shape, without the marks of a keyframe (the tracker's doubt is about that frame only). */
function carried(o: AnnotationObject): AnnotationObject {
  const { keyframe: _k, outside: _o, unsure: _u, ...rest } = o;
  return rest as AnnotationObject;
}

/** A track's object on frame `index` from its keyframes (in frame order), or null where it is not shown. */
export function trackObjectAt(keys: readonly Keyframe[], index: number): ShownObject | null {
  const at = lastAtOrBefore(keys, index);
  if (at < 0) return null;
  const prev = keys[at]!;
  if (prev.object.outside) return null;
  if (prev.frameIndex === index) return { object: prev.object, kind: 'keyframe' };
  const next = keys[at + 1];
  if (!next) return { object: carried(prev.object), kind: 'interpolated' };
  // towards an outside keyframe too: its shape is where the object left view
  const moved = interpolateObjects([prev, next], index);
  return { object: carried(moved ?? prev.object), kind: 'interpolated' };
}

/**
 * The tracks and shapes of one item, by frame index, kept up to date frame by frame as edits
 * land (`setFrame`), so showing a frame costs a binary search per track, not a walk of every frame.
 */
export class TrackIndex {
  private readonly tracks = new Map<string, Keyframe[]>();
  private readonly shapes = new Map<number, AnnotationObject[]>();
  /** each frame's keyframe ids, to take them out again when the frame changes */
  private readonly keyIds = new Map<number, string[]>();

  /** `frames[i]`: the stored annotation of the item's frame i (undefined: nothing drawn). */
  constructor(frames: readonly (FrameData | undefined)[]) {
    frames.forEach((f, i) => this.setFrame(i, f));
  }

  /** Frame `index` now holds `data` (after an edit, or as loaded). */
  setFrame(index: number, data: FrameData | undefined): void {
    for (const id of this.keyIds.get(index) ?? []) {
      const keys = this.tracks.get(id)!;
      const at = keys.findIndex((k) => k.frameIndex === index);
      if (at >= 0) keys.splice(at, 1);
      if (!keys.length) this.tracks.delete(id);
    }
    this.keyIds.delete(index);
    this.shapes.delete(index);
    const shapes: AnnotationObject[] = [];
    const ids: string[] = [];
    for (const o of data?.objects ?? []) {
      if (!isKeyframe(o)) {
        shapes.push(o);
        continue;
      }
      const keys = this.tracks.get(o.id) ?? [];
      const at = lastAtOrBefore(keys, index);
      keys.splice(at + 1, 0, { frameIndex: index, object: o });
      this.tracks.set(o.id, keys);
      ids.push(o.id);
    }
    if (shapes.length) this.shapes.set(index, shapes);
    if (ids.length) this.keyIds.set(index, ids);
  }

  /** Every object shown on frame `index`: the frame's own shapes, then each track's object there. */
  at(index: number): ShownObject[] {
    const out: ShownObject[] = (this.shapes.get(index) ?? []).map((object) => ({ object, kind: 'shape' as const }));
    // an id is unique on a frame: a shape stored there with a track's id hides the track there
    const taken = new Set(out.map((s) => s.object.id));
    for (const [id, keys] of this.tracks) {
      if (taken.has(id)) continue;
      const shown = trackObjectAt(keys, index);
      if (shown) out.push(shown);
    }
    return out;
  }

  /** The frame indexes of a track's keyframes, in order (empty for an id that is no track). */
  keyframes(trackId: string): number[] {
    return (this.tracks.get(trackId) ?? []).map((k) => k.frameIndex);
  }

  /** A track's keyframe objects by frame index, in order. */
  keyframeObjects(trackId: string): readonly Keyframe[] {
    return this.tracks.get(trackId) ?? [];
  }

  /** A track's object on frame `index`, or null where it is not shown. */
  objectAt(trackId: string, index: number): ShownObject | null {
    const keys = this.tracks.get(trackId);
    return keys ? trackObjectAt(keys, index) : null;
  }

  trackIds(): string[] {
    return [...this.tracks.keys()];
  }
}

/**
 * Each frame's objects as shown, tracks resolved (for exports), each with its kind: a keyframe's
 * object without the marks of a keyframe, so formats see a plain object either way; outside and
 * not-yet-started tracks are absent.
 */
export function resolvedShown(frames: readonly (FrameData | undefined)[]): ShownObject[][] {
  const index = new TrackIndex(frames);
  return frames.map((_, i) => index.at(i).map((s) => (s.kind === 'keyframe' ? { object: carried(s.object), kind: s.kind } : s)));
}

/** Each frame's objects as shown, tracks resolved (for exports): outside and not-yet-started tracks are absent. */
export function resolvedFrames(frames: readonly (FrameData | undefined)[]): AnnotationObject[][] {
  return resolvedShown(frames).map((shown) => shown.map((s) => s.object));
}

/**
 * The objects shown on one frame of an item (`frames` in order, the stored frames by frame id,
 * as the annotation routes answer them): its own, and its tracks' there. For a view of one frame
 * at a time (the project's item viewer).
 */
export function objectsShownOn(frames: readonly { frameId: number }[], stored: readonly { frameId: number; data: FrameData }[], frameId: number): AnnotationObject[] {
  const byFrame = new Map(stored.map((f) => [f.frameId, f.data]));
  const at = frames.findIndex((f) => f.frameId === frameId);
  if (at < 0) return [];
  return new TrackIndex(frames.map((f) => byFrame.get(f.frameId))).at(at).map((s) => s.object);
}
