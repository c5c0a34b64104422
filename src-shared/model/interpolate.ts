/**
 * Objects across the frames of a video or image sequence: an object's shape on a frame between
 * two keyframes, and copies of a frame's objects for the next one. Pure functions.
 */
import type { AnnotationObject, Point2 } from './annotation';

type BoxGeometry = Extract<AnnotationObject, { tool: 'box' }>['geometry'];
type Keypoint = Extract<AnnotationObject, { tool: 'keypoints' }>['geometry']['points'][number];

/** One keyframe of an object's track: the object as drawn on that frame. */
export interface Keyframe {
  frameIndex: number;
  object: AnnotationObject;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const lerpPoint = (a: Point2, b: Point2, t: number): Point2 => ({ x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t) });
const clamp01 = (t: number) => Math.min(1, Math.max(0, t));

/** Turns the short way round (350° to 10° passes 0°, not 180°) and stays inside the model's ±360°. */
function lerpAngle(a: number, b: number, t: number): number {
  const delta = ((((b - a) % 360) + 540) % 360) - 180;
  const r = a + delta * t;
  return r > 360 ? r - 360 : r < -360 ? r + 360 : r;
}

/** The box a fraction t (0 to 1) of the way from a to b: position, size and rotation alike. */
export function interpolateBox(a: BoxGeometry, b: BoxGeometry, t: number): BoxGeometry {
  const s = clamp01(t);
  const box: BoxGeometry = { x: lerp(a.x, b.x, s), y: lerp(a.y, b.y, s), width: lerp(a.width, b.width, s), height: lerp(a.height, b.height, s) };
  if (a.rotation !== undefined || b.rotation !== undefined) box.rotation = lerpAngle(a.rotation ?? 0, b.rotation ?? 0, s);
  return box;
}

const lerpPoints = (a: readonly Point2[], b: readonly Point2[], t: number): Point2[] | null =>
  a.length === b.length ? a.map((p, i) => lerpPoint(p, b[i] ?? p, t)) : null;

/** Keypoints move when both ends show them; a point absent at either end stays as it was at the first. */
function lerpKeypoints(a: readonly Keypoint[], b: readonly Keypoint[], t: number): Keypoint[] | null {
  if (a.length !== b.length || a.some((k, i) => k.pointId !== b[i]?.pointId)) return null;
  return a.map((k, i) => {
    const to = b[i];
    if (!to || k.visibility === 'absent' || to.visibility === 'absent') return { ...k };
    return { ...k, ...lerpPoint(k, to, t) };
  });
}

/** The object a fraction t of the way from a to b, with a's id and fields; null when the shapes do not match. */
function between(a: AnnotationObject, b: AnnotationObject, t: number): AnnotationObject | null {
  if (a.tool === 'box' && b.tool === 'box') return { ...a, geometry: interpolateBox(a.geometry, b.geometry, t) };
  if (a.tool === 'point' && b.tool === 'point') return { ...a, geometry: lerpPoint(a.geometry, b.geometry, t) };
  if (a.tool === 'keypoints' && b.tool === 'keypoints') {
    const points = lerpKeypoints(a.geometry.points, b.geometry.points, t);
    return points ? { ...a, geometry: { points } } : null;
  }
  if ((a.tool === 'polygon' || a.tool === 'polyline' || a.tool === 'cuboid') && a.tool === b.tool) {
    const points = lerpPoints(a.geometry.points, b.geometry.points, t);
    return points ? { ...a, geometry: { points } } : null;
  }
  return null;
}

/**
 * An object's shape on a frame from its keyframes (in any order): a keyframe's own object on
 * its frame; between two keyframes the shape moved in proportion (boxes, points, and shapes
 * with the same number of points), else the earlier keyframe's object; after the last keyframe
 * the last one's object; before the first, null (the object is not there yet).
 */
export function interpolateObjects(keyframes: readonly Keyframe[], frameIndex: number): AnnotationObject | null {
  let prev: Keyframe | undefined;
  let next: Keyframe | undefined;
  for (const k of keyframes) {
    if (k.frameIndex <= frameIndex && (!prev || k.frameIndex > prev.frameIndex)) prev = k;
    if (k.frameIndex > frameIndex && (!next || k.frameIndex < next.frameIndex)) next = k;
  }
  if (!prev) return null;
  if (prev.frameIndex === frameIndex || !next) return structuredClone(prev.object);
  const t = (frameIndex - prev.frameIndex) / (next.frameIndex - prev.frameIndex);
  return structuredClone(between(prev.object, next.object, t) ?? prev.object);
}

/** Copies of objects for another frame ("copy to the next frame"), each with an id from newId. */
export function copyToFrame(objects: readonly AnnotationObject[], newId: () => string): AnnotationObject[] {
  return objects.map((o) => ({ ...structuredClone(o), id: newId() }));
}
