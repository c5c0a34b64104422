/**
 * Reads CVAT for video 1.1: every `annotations.xml` of the zip (at any depth) holding `<track>`s
 * is one sequence, named by its folder (our export: one folder per item; CVAT's task export: the
 * zip's root, which goes to the task's only item, as MOT's does: docs/imports.md), its frames by
 * number (`frame`, from 0: the sequence's frame n + 1, as MOT counts).
 *
 * A track is `<track id label>` of shapes (the shape elements of CVAT for images: cvatReader.ts),
 * each on a `frame`, a `keyframe` or not, `outside` where the track leaves view. CVAT writes a
 * track's keyframes and leaves the frames between to interpolation, so the reader does the same:
 * every frame from a shown shape to the next shape gets the shape moved in proportion (boxes with
 * their rotation, points, polygons and polylines of as many points, keypoints by name; else the
 * earlier shape; towards an `outside` shape it is held), `outside` ends it there, and after its
 * last shape it stays in view to the task's last frame (`<stop_frame>` or `<size>` of its meta).
 * The import then keeps the keyframes the motion needs (trackKeyframes.ts), so CVAT's keyframes
 * come back. A track is one object a frame: two shapes of one track on a frame are refused.
 */
import type { ImportedFrame, ImportedItem, ImportedKeypoint, ImportedObject, ImportResult, ZipEntries } from './types';
import { interpolateBox } from '../../../src-shared/model/interpolate';
import { attr, cvatRoot, numberOf, objectsOf, SHAPES, text, type Element } from './cvatReader';
import { badFormat, missingFile } from './formatError';
import { isRecord, labelNamesOf } from './readHelpers';

const CVAT_XML = /(^|\/)annotations\.xml$/;
/** The frames a track may span between two of its shapes: a shape every frame of 1,000,000 frames is as far as anyone goes. */
const MAX_GAP = 1_000_000;

interface Placed {
  frame: number;
  outside: boolean;
  keyframe: boolean;
  object: ImportedObject;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** The shape t of the way from a to b, or a's when they cannot be moved into each other. */
function between(a: ImportedObject, b: ImportedObject, t: number): ImportedObject {
  if (a.tool === 'box' && b.tool === 'box') return { ...a, geometry: interpolateBox(a.geometry, b.geometry, t) };
  if (a.tool === 'point' && b.tool === 'point') return { ...a, geometry: { x: lerp(a.geometry.x, b.geometry.x, t), y: lerp(a.geometry.y, b.geometry.y, t) } };
  if ((a.tool === 'polygon' || a.tool === 'polyline') && a.tool === b.tool && a.geometry.points.length === b.geometry.points.length) {
    const to = b.geometry.points;
    return { ...a, geometry: { points: a.geometry.points.map((p, i) => ({ x: lerp(p.x, to[i]!.x, t), y: lerp(p.y, to[i]!.y, t) })) } };
  }
  if (a.tool === 'keypoints' && b.tool === 'keypoints') {
    const byName = new Map(b.geometry.points.map((p) => [p.name, p]));
    const points = a.geometry.points.map((p): ImportedKeypoint => {
      const q = byName.get(p.name);
      return q && p.visibility !== 'absent' && q.visibility !== 'absent' ? { ...p, x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t) } : { ...p };
    });
    return { ...a, geometry: { points } };
  }
  return a;
}

function readTrack(file: string, el: unknown, i: number, frames: (n: number) => ImportedFrame, lastFrame: number, warnings: string[]): void {
  const at = `track[${i}]`;
  if (!isRecord(el)) throw badFormat(file, `${at} must be an element`, { field: at });
  const key = text(attr(el, 'id')) ?? String(i);
  const label = text(attr(el, 'label'));
  const shapes: Placed[] = [];
  for (const kind of SHAPES) {
    ((el[kind] as unknown[] | undefined) ?? []).forEach((shape, k) => {
      const where = `${at}.${kind}[${k}]`;
      if (!isRecord(shape)) throw badFormat(file, `${where} must be an element`, { field: where });
      const frame = numberOf(file, where, shape as Element, 'frame');
      if (!Number.isInteger(frame) || frame < 0) throw badFormat(file, `${where}.frame must be a whole number from 0`, { field: `${where}.frame` });
      const [object] = objectsOf(file, kind, shape as Element, where, frames(frame), warnings, label);
      if (!object) return;
      shapes.push({ frame, outside: attr(shape as Element, 'outside') === '1', keyframe: attr(shape as Element, 'keyframe') !== '0', object });
    });
  }
  shapes.sort((a, b) => a.frame - b.frame);
  for (let k = 0; k < shapes.length; k++) {
    const s = shapes[k]!;
    const next = shapes[k + 1];
    if (next && next.frame === s.frame) throw badFormat(file, `${at} has two shapes on frame ${s.frame}`, { field: `${at}`, frame: s.frame });
    if (s.outside) continue;
    frames(s.frame).objects.push({ ...s.object, track: { key, keyframe: s.keyframe } });
    if (!next) {
      // After its last shape a track stays in view to the task's end, as CVAT shows it.
      if (lastFrame - s.frame > MAX_GAP) throw badFormat(file, `${at} runs from frame ${s.frame} to ${lastFrame}`, { field: at });
      for (let f = s.frame + 1; f <= lastFrame; f++) frames(f).objects.push({ ...s.object, attributes: { ...s.object.attributes }, track: { key, keyframe: false } });
      continue;
    }
    if (next.frame - s.frame > MAX_GAP) throw badFormat(file, `${at} jumps from frame ${s.frame} to ${next.frame}`, { field: at });
    // The frames between two shapes: moved towards the next one, or held when the next is where it leaves view.
    for (let f = s.frame + 1; f < next.frame; f++) {
      const object = next.outside ? s.object : between(s.object, next.object, (f - s.frame) / (next.frame - s.frame));
      frames(f).objects.push({ ...object, attributes: { ...object.attributes }, track: { key, keyframe: false } });
    }
  }
}

/** The task's last frame: `<stop_frame>` or `<size>` of its meta, else the last frame any shape is on. */
function lastFrameOf(root: Record<string, unknown>, tracks: unknown[]): number {
  const task = isRecord(root.meta) && isRecord(root.meta.task) ? root.meta.task : isRecord(root.meta) && isRecord(root.meta.job) ? root.meta.job : {};
  const stop = Number(text(task.stop_frame));
  const size = Number(text(task.size));
  if (Number.isInteger(stop) && stop >= 0 && text(task.stop_frame) !== undefined) return stop;
  if (Number.isInteger(size) && size > 0) return size - 1;
  let last = 0;
  for (const t of tracks) {
    if (!isRecord(t)) continue;
    for (const kind of SHAPES) for (const s of (t[kind] as unknown[] | undefined) ?? []) if (isRecord(s)) last = Math.max(last, Number(attr(s, 'frame')) || 0);
  }
  return last;
}

function readSequence(file: string, root: Record<string, unknown>, warnings: string[]): ImportedItem {
  const folder = file.slice(0, file.length - 'annotations.xml'.length).replace(/\/$/, '');
  const byNumber = new Map<number, ImportedFrame>();
  const frames = (n: number) => {
    let f = byNumber.get(n);
    if (!f) byNumber.set(n, (f = { fileName: `${file}#${n + 1}`, width: null, height: null, objects: [], sequence: { folder, file, frame: n + 1, line: 0 } }));
    return f;
  };
  const tracks = (root.track as unknown[] | undefined) ?? [];
  const lastFrame = lastFrameOf(root, tracks);
  tracks.forEach((t, i) => readTrack(file, t, i, frames, lastFrame, warnings));
  return { name: folder, frames: [...byNumber.values()].sort((a, b) => a.sequence!.frame - b.sequence!.frame) };
}

export function readCvatVideo(entries: ZipEntries): ImportResult {
  const items: ImportedItem[] = [];
  const warnings: string[] = [];
  const files = [...entries.keys()].filter((p) => CVAT_XML.test(p)).sort();
  if (files.length === 0) throw missingFile('annotations.xml');
  for (const file of files) {
    const root = cvatRoot(file, entries.get(file)!);
    if (Array.isArray(root.image) && root.image.length > 0) {
      throw badFormat(file, 'is CVAT for images (<image> elements); import it as CVAT for images 1.1', { field: 'image' });
    }
    items.push(readSequence(file, root, warnings));
  }
  return { items, labelNames: labelNamesOf(items), warnings };
}
