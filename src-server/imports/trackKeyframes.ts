/**
 * Which of a track's shapes, one per frame over consecutive frames, it keeps as keyframes: the
 * frames a greedy walk needs for the workspace, moving each keyframe towards the next
 * (src-shared/model/interpolate.ts), to show every frame's shape within KEYFRAME_TOLERANCE of the
 * file's. A file that lists a track on every frame (MOT, COCO) thus stores what its motion needs:
 * our own export's keyframes come back (a box moving steadily between two keyframes is those two
 * keyframes again), a tracker's jittery boxes stay one keyframe a frame. The first and last
 * shape of the run are always kept (the frame after the last is where the track leaves view),
 * and so is a shape the file marks as a keyframe (COCO `keyframe: true`) and one whose label or
 * answers differ from the keyframe before (the frames between carry the earlier keyframe's).
 *
 * The walk ("swinging door", per coordinate): from a kept shape a, a later shape b can be the
 * next keyframe when the straight line from a's coordinates to b's passes within the tolerance of
 * every shape between; the slopes that do form an interval narrowed by each shape passed, so each
 * shape costs O(coordinates). When b cannot, the shape before it (which could) is kept.
 */
import type { SourceObject } from './sourceModel';

/** How far (px) a frame's shape may lie from the file's: well under what anyone sees, well over float noise. */
export const KEYFRAME_TOLERANCE = 0.001;

export interface TrackRow {
  index: number;
  object: SourceObject;
  /** the file calls it a keyframe */
  marked: boolean;
}

/** A shape as the numbers interpolation moves in proportion, and what must be equal for it to do so; null where it is never moved so. */
interface LinearForm {
  /** what interpolation needs equal at both ends (tool, number of points, keypoints' names and visibility) */
  shape: string;
  /** what the frames between two keyframes take from the earlier: label and answers */
  carried: string;
  values: number[];
  /** the position of a box's rotation among the values: it turns the short way, so less than 180° a step */
  rotationAt?: number;
}

function geometryForm(o: SourceObject): (Omit<LinearForm, 'shape' | 'carried'> & { shape: unknown }) | null {
  switch (o.tool) {
    case 'box': {
      const { x, y, width, height, rotation } = o.geometry;
      return rotation === undefined ? { shape: 'box', values: [x, y, width, height] } : { shape: 'rotated box', values: [x, y, width, height, rotation], rotationAt: 4 };
    }
    case 'point':
      return { shape: 'point', values: [o.geometry.x, o.geometry.y] };
    case 'polygon':
    case 'polyline':
    case 'cuboid':
      return { shape: [o.tool, o.geometry.points.length], values: o.geometry.points.flatMap((p) => [p.x, p.y]) };
    case 'keypoints': {
      // an absent point stays where the earlier keyframe had it: part of what must be equal
      const points = o.geometry.points;
      return {
        shape: ['keypoints', points.map((p) => [p.name, p.visibility, ...(p.visibility === 'absent' ? [p.x, p.y] : [])])],
        values: points.flatMap((p) => (p.visibility === 'absent' ? [] : [p.x, p.y])),
      };
    }
    default:
      return null;
  }
}

function linearForm(o: SourceObject): LinearForm | null {
  // a shape still to be converted (chooseTools.ts), or one of several parts of one annotation, is not what the workspace will move
  if (o.asTool || o.group !== undefined) return null;
  const g = geometryForm(o);
  if (!g) return null;
  const { shape, ...form } = g;
  return { ...form, shape: JSON.stringify(shape), carried: JSON.stringify([o.label, o.featureName ?? null, o.attributes]) };
}

/** `keep[k]`: row k of the run (consecutive frames, in order) is a keyframe. */
export function keyframeRows(run: readonly TrackRow[]): boolean[] {
  const forms = run.map((r) => linearForm(r.object));
  const keep = run.map((r, k) => r.marked || k === 0 || k === run.length - 1 || forms[k]?.carried !== forms[k - 1]?.carried);
  let anchor = 0;
  let lo: number[] = [];
  let hi: number[] = [];
  const restart = (k: number) => {
    anchor = k;
    keep[k] = true;
    lo = (forms[k]?.values ?? []).map(() => -Infinity);
    hi = (forms[k]?.values ?? []).map(() => Infinity);
  };
  /** Whether the line from the anchor to row j passes close enough to every row between (the interval of slopes). */
  const reachable = (j: number): boolean => {
    const a = forms[anchor];
    const b = forms[j];
    if (!a || !b || a.shape !== b.shape) return false;
    const steps = run[j]!.index - run[anchor]!.index;
    return b.values.every((v, c) => {
      if (c === a.rotationAt && Math.abs(v - a.values[c]!) >= 180) return false;
      const slope = (v - a.values[c]!) / steps;
      return slope >= lo[c]! && slope <= hi[c]!;
    });
  };
  const narrow = (j: number) => {
    const a = forms[anchor]!;
    const steps = run[j]!.index - run[anchor]!.index;
    forms[j]!.values.forEach((v, c) => {
      lo[c] = Math.max(lo[c]!, (v - KEYFRAME_TOLERANCE - a.values[c]!) / steps);
      hi[c] = Math.min(hi[c]!, (v + KEYFRAME_TOLERANCE - a.values[c]!) / steps);
    });
  };
  restart(0);
  for (let j = 1; j < run.length; j++) {
    if (!reachable(j)) {
      // the row before could end the stretch (it was reached, or it is the anchor): keep it, and look at j again from there
      if (j - 1 > anchor) restart(j - 1);
      if (!reachable(j)) {
        restart(j);
        continue;
      }
    }
    if (keep[j]) restart(j);
    else narrow(j);
  }
  return keep;
}
