/**
 * The built-in tracker: follows boxes and polygons from `image` through `frames` (trackFollow.ts:
 * template matching with a motion model, three sizes, a template that remembers the first
 * appearance, pixels weighed by how likely they are the object's). Frame by frame, every object
 * on each, so a frame's grey levels are made once (trackPyramid.ts). A box keeps its aspect and
 * moves and grows with the object; a polygon's points move and scale with its box about the
 * box's centre.
 *
 * The score on each frame is how much what was found looks like the object's first appearance:
 * the weighted correlation of grey levels times the likeness of colours (trackColour.ts), 0..1.
 * Chosen on footage with known motion (bench/tracking-quality.ts, docs/ai-models.md "Tracker"):
 * - lost, no prediction on that frame or after: a score under `lost` (or under the request's
 *   minScore, when that is higher), or a box mostly outside the picture;
 * - under `unsure`, the prediction carries `unsure: true` (the workspace can mark such keyframes
 *   for a look).
 */
import type { AiPoint, Prediction, Prompt } from '../../src-shared/ai/protocol';
import { OBJECT_CLASS } from '../catalog';
import { ServiceFailure } from '../errors';
import { boundingBox, clipBox, round2, type Box } from '../geometry';
import type { Raster } from '../imaging';
import { opencvReady } from './opencv';
import { Follower, type TrackSettings } from './trackFollow';
import { Pyramid } from './trackPyramid';

export interface TrackerSettings extends TrackSettings {
  /** below: lost, stop */
  lost: number;
  /** below: unsure */
  unsure: number;
  /** lost too below this share of the object's usual score (a sudden fall), 0: off (tried, see docs/ai-models.md) */
  drop: number;
}

export const TRACKER_SETTINGS: TrackerSettings = {
  motion: true,
  scales: [1 / 1.04, 1, 1.04],
  firstWeight: 0.5,
  adapt: 0.2,
  margin: 0.5,
  minMargin: 24,
  speedMargin: 0.75,
  prior: 0.1,
  coarse: 48,
  fine: 96,
  scaleCost: 0,
  weigh: true,
  maskedMatch: false,
  scoreByFirst: true,
  colour: true,
  firstReach: 64,
  flow: false,
  learn: 0.4,
  lost: 0.25,
  unsure: 0.55,
  drop: 0,
};

/** The request's minScore when it names none: the tracker's own lost threshold. */
export const DEFAULT_TRACK_MIN_SCORE = TRACKER_SETTINGS.lost;
/** An object with less than this share of its box inside the picture has left it. */
const IN_VIEW = 0.5;

export async function track(first: Raster, frames: Raster[], prompt: Prompt | undefined, minScore: number, settings: TrackerSettings = TRACKER_SETTINGS): Promise<Prediction[]> {
  const cv = await opencvReady();
  const objects = prompt?.objects ?? [];
  if (objects.length === 0) throw new ServiceFailure('badRequest', 'the tracker needs prompt.objects');
  const lost = Math.max(minScore, settings.lost);
  const start = new Pyramid(first);
  // frame by frame, every object on each: a frame's grey levels are made once for all of them
  const alive: { id: string; follower: Follower; start: Box; points?: AiPoint[] }[] = [];
  for (const o of objects) {
    const points = o.tool === 'polygon' ? o.points : undefined;
    if (o.tool === 'polygon' && (!points || points.length < 3)) throw new ServiceFailure('badRequest', `object ${o.id}: a polygon needs at least 3 points`);
    if (o.tool === 'box' && !o.box) throw new ServiceFailure('badRequest', `object ${o.id}: a box object needs its box`);
    const box: Box = points ? boundingBox(points) : o.box!;
    const inPicture = clipBox(box, first.width, first.height);
    if (inPicture.width < 3 || inPicture.height < 3) continue;
    alive.push({ id: o.id, follower: new Follower(cv, start, box, settings, points), start: box, ...(points ? { points } : {}) });
  }
  const out: Prediction[] = [];
  for (let f = 0; f < frames.length && alive.length; f++) {
    const next = new Pyramid(frames[f]!);
    for (let i = alive.length - 1; i >= 0; i--) {
      const { id, follower, start: s0, points } = alive[i]!;
      const found = follower.find(next);
      const b = found?.box;
      const seen = b && clipBox(b, next.width, next.height);
      if (!found || !b || !seen || found.score < Math.max(lost, settings.drop * follower.typical) || seen.width * seen.height < IN_VIEW * b.width * b.height) {
        alive.splice(i, 1);
        continue;
      }
      const sure = found.score >= settings.unsure;
      follower.accept(next, found);
      if (sure) follower.typical = follower.typical ? 0.7 * follower.typical + 0.3 * found.score : found.score;
      const common = { className: OBJECT_CLASS, score: Math.round(found.score * 1e4) / 1e4, trackOf: id, frameIndex: f, ...(sure ? {} : { unsure: true }) };
      if (points) {
        // the outline moves and scales with its box, about the box's centre
        const k = b.width / s0.width;
        const cx = s0.x + s0.width / 2;
        const cy = s0.y + s0.height / 2;
        const ncx = b.x + b.width / 2;
        const ncy = b.y + b.height / 2;
        out.push({ ...common, tool: 'polygon', points: points.map((p) => ({ x: round2(ncx + (p.x - cx) * k), y: round2(ncy + (p.y - cy) * k) })) });
      } else out.push({ ...common, tool: 'box', box: { x: round2(seen.x), y: round2(seen.y), width: round2(seen.width), height: round2(seen.height) } });
    }
  }
  // the answer lists each object's frames together, in the order the objects were asked
  const order = new Map(objects.map((o, i) => [o.id, i]));
  return out.sort((a, b) => order.get(a.trackOf!)! - order.get(b.trackOf!)! || a.frameIndex! - b.frameIndex!);
}
