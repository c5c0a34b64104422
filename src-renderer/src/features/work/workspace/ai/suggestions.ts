/**
 * What the workspace's AI tools do to a frame, as pure functions: which suggestions of a
 * detection are shown at a confidence, what accepting and rejecting change, what is sent to be
 * followed into the next frames and where the answer lands. The hooks (useAiTools and the tool
 * hooks it puts together) only ask the server and hand these edits to the engine or the journal.
 */
import type { AnnotationObject, FrameData } from '../../../../../../src-shared/model/annotation';
import type { TrackObject } from '../../../../../../src-shared/api/ai';
import { isUnconfirmed } from '../../../../../../src-shared/model/unconfirmed';
import { boundsOf } from '../../../../canvas/geometry/bounds';
import type { Rect } from '../../../../canvas/geometry/rect';
import { classCounts } from '../../../ai/format';

/** Two objects of one label overlapping this much (intersection over union of their bounds) are one object found twice. */
export const DUPLICATE_IOU = 0.7;

const area = (r: Rect) => Math.max(0, r.maxX - r.minX) * Math.max(0, r.maxY - r.minY);

/** Intersection over union of two objects' bounding boxes (0 when either has no area). */
export function boundsIou(a: AnnotationObject, b: AnnotationObject): number {
  const ra = boundsOf(a);
  const rb = boundsOf(b);
  const inter = area({ minX: Math.max(ra.minX, rb.minX), minY: Math.max(ra.minY, rb.minY), maxX: Math.min(ra.maxX, rb.maxX), maxY: Math.min(ra.maxY, rb.maxY) });
  const union = area(ra) + area(rb) - inter;
  return union > 0 ? inter / union : 0;
}

/** An object of the same feature and label already covers this one. */
const duplicates = (o: AnnotationObject, among: readonly AnnotationObject[]) =>
  among.some((x) => x.featureId === o.featureId && x.labelId === o.labelId && boundsIou(x, o) >= DUPLICATE_IOU);

/** The same suggestion as the model answered it: nobody moved, relabelled, accepted or edited it (its place in the drawing order aside). */
export function untouched(onFrame: AnnotationObject, answered: AnnotationObject): boolean {
  const { zIndex: _a, ...a } = onFrame;
  const { zIndex: _b, ...b } = answered;
  return onFrame.source === 'ai' && JSON.stringify(a) === JSON.stringify(b);
}

/** A change of a frame's objects: added ones (above the rest), removed ids. */
export interface SuggestionEdit {
  add: AnnotationObject[];
  remove: string[];
}

/**
 * The edit that shows a detection's suggestions at a minimum score: those at or above it that
 * are not on the frame yet and do not repeat an object already there (same label, IoU ≥ 0.7:
 * what the person drew, or an earlier detection), and takes away its untouched suggestions
 * now below it. A suggestion someone changed stays whatever its score. Running it with a new
 * answer is a detection; with the same answer and another score, the slider.
 */
export function showSuggestions(frame: readonly AnnotationObject[], answer: readonly AnnotationObject[], minScore: number): SuggestionEdit {
  const answered = new Map(answer.map((o) => [o.id, o]));
  const onFrame = new Map(frame.map((o) => [o.id, o]));
  const mine = (o: AnnotationObject) => {
    const a = answered.get(o.id);
    return a !== undefined && untouched(o, a);
  };
  const others = frame.filter((o) => !mine(o));
  const wanted = answer.filter((o) => (o.score ?? 1) >= minScore && !duplicates(o, others.filter((x) => x.id !== o.id)));
  const wantedIds = new Set(wanted.map((o) => o.id));
  return {
    add: wanted.filter((o) => !onFrame.has(o.id)),
    remove: frame.filter((o) => mine(o) && !wantedIds.has(o.id)).map((o) => o.id),
  };
}

const isSuggestion = (o: AnnotationObject) => o.source === 'ai' && !o.locked;
const pick = (objects: readonly AnnotationObject[], ids: readonly string[] | 'all') =>
  ids === 'all' ? objects.filter(isSuggestion) : ids.map((id) => objects.find((o) => o.id === id)).filter((o): o is AnnotationObject => !!o && isSuggestion(o));

/** A suggestion made the person's own: source manual, the model's score dropped. */
export function accepted(o: AnnotationObject): AnnotationObject {
  const { score: _score, ...rest } = o;
  return { ...rest, source: 'manual' } as AnnotationObject;
}

/** The objects that accepting these suggestions (or all of the frame's) replaces: locked ones and the person's own are left alone. */
export const acceptChange = (objects: readonly AnnotationObject[], ids: readonly string[] | 'all'): AnnotationObject[] => pick(objects, ids).map(accepted);

/** The ids that rejecting these suggestions (or all of the frame's) removes. */
export const rejectIds = (objects: readonly AnnotationObject[], ids: readonly string[] | 'all'): string[] => pick(objects, ids).map((o) => o.id);

/** A box prompt from an object: its bounding box (a rotated box's bounds). */
export function promptBox(o: AnnotationObject): { x: number; y: number; width: number; height: number } {
  const b = boundsOf(o);
  return { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY };
}

/** At most this many objects are followed in one call (the route's limit). */
export const TRACK_MAX_OBJECTS = 200;

/** What tracking is sent for the selection: its boxes and polygons as they are now; anything else is counted as skipped. */
export function trackObjectsOf(objects: readonly AnnotationObject[], selection: readonly string[]): { objects: TrackObject[]; skipped: number } {
  const chosen = new Set(selection);
  const out: TrackObject[] = [];
  let skipped = 0;
  for (const o of objects) {
    if (!chosen.has(o.id)) continue;
    const base = { id: o.id, featureId: o.featureId, labelId: o.labelId };
    if (o.tool === 'box' && o.geometry.width > 0 && o.geometry.height > 0 && out.length < TRACK_MAX_OBJECTS) {
      out.push({ ...base, tool: 'box', box: promptBox(o) });
    } else if (o.tool === 'polygon' && o.geometry.points.length >= 3 && out.length < TRACK_MAX_OBJECTS) {
      out.push({ ...base, tool: 'polygon', points: o.geometry.points.map((p) => ({ x: p.x, y: p.y })) });
    } else skipped++;
  }
  return { objects: out, skipped };
}

/** Objects to put on one frame. */
export interface FramePlacement {
  frameId: number;
  upsert: AnnotationObject[];
}

/**
 * Where followed objects land: on their frames above what is there, with ids the frame does
 * not use yet, leaving out any that repeat an object already on that frame (same label,
 * IoU ≥ 0.7: the person drew or copied it there). Frames that get nothing are left out.
 */
export function placeOnFrames(
  answer: readonly { frameId: number; objects: readonly AnnotationObject[] }[],
  frames: ReadonlyMap<number, FrameData>,
  newId: () => string,
): FramePlacement[] {
  const out: FramePlacement[] = [];
  for (const f of answer) {
    const existing = frames.get(f.frameId)?.objects ?? [];
    const ids = new Set(existing.map((o) => o.id));
    let z = existing.reduce((top, o) => Math.max(top, o.zIndex), 0);
    const upsert: AnnotationObject[] = [];
    for (const o of [...f.objects].sort((a, b) => a.zIndex - b.zIndex)) {
      if (duplicates(o, existing)) continue;
      const id = ids.has(o.id) ? newId() : o.id;
      ids.add(id);
      upsert.push({ ...o, id, zIndex: ++z } as AnnotationObject);
    }
    if (upsert.length) out.push({ frameId: f.frameId, upsert });
  }
  return out;
}

/**
 * Followed objects with their originals' answers: the tracker knows only shapes, so the server
 * gives each copy its feature's defaults (issue 31), and what the person answered on the object
 * they followed (Truncated: yes) goes with it onto the next frames, as CVAT's tracks keep theirs.
 */
export function withOriginalAnswers<F extends { objects: readonly AnnotationObject[] }>(answer: readonly F[], originals: readonly AnnotationObject[]): F[] {
  const byId = new Map(originals.map((o) => [o.id, o.attributes]));
  return answer.map((f) => ({ ...f, objects: f.objects.map((o) => ({ ...o, attributes: { ...o.attributes, ...byId.get(o.id) } })) }));
}

/** A suggestion's caption on the canvas: its label, the model's score (two decimals), and a mark (the reviewer's "unconfirmed"). */
export const captionText = (labelName: string, score: number | undefined, mark?: string): string =>
  [labelName, score === undefined ? null : score.toFixed(2), mark ? `· ${mark}` : null].filter((part) => part !== null).join(' ');

/**
 * What accepting every suggestion of the item changes, frame by frame ("Accept all and submit"):
 * each unconfirmed object made the person's own, locked ones too, so none is left unconfirmed.
 */
export function acceptEverywhere(frames: ReadonlyMap<number, FrameData>): { frameId: number; replace: AnnotationObject[] }[] {
  return [...frames].flatMap(([frameId, data]) => {
    const replace = data.objects.filter(isUnconfirmed).map(accepted);
    return replace.length ? [{ frameId, replace }] : [];
  });
}

/** The classes no label took, most found first, as "3 car, 1 dog": the AI tab's wording, every class. */
export const unmappedText = (unmapped: readonly { className: string; count: number }[]): string => classCounts(unmapped);
