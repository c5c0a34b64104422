/**
 * The built-in tracker as it was before issue 33 (src-ai/models/tracker.ts at 67d380a), kept
 * unchanged so bench/tracking-quality.ts measures it next to today's in one run: follows boxes and polygons from `image` through `frames`, one frame to
 * the next, by template matching (OpenCV matchTemplate, normalised cross-correlation on grey),
 * coarse to fine:
 * - coarse: the object's box from the previous frame, shrunk so its longer side is 64 px, is
 *   searched for in the next frame within 0.75 of its size (at least 32 px) around where it was;
 * - fine: the same box at up to 160 px is searched for within a few pixels of the coarse answer;
 *   the peak is refined to a fraction of a pixel with a parabola through its neighbours.
 * The shift moves the shape rigidly (a box, or every point of a polygon). The score is the fine
 * correlation peak (0..1); an object whose score falls below `minScore` is not followed further
 * (no prediction on that frame or after). The template is taken again on every frame, so slow
 * changes of appearance are followed.
 */
import type { Prediction, Prompt } from '../../src-shared/ai/protocol';
import { OBJECT_CLASS } from '../../src-ai/catalog';
import { ServiceFailure } from '../../src-ai/errors';
import { boundingBox, clipBox, round2, type Box } from '../../src-ai/geometry';
import { sampleRegion, toGrey, type Raster } from '../../src-ai/imaging';
import { opencvReady, withMats, type CV } from '../../src-ai/models/opencv';

const COARSE = 64;
const FINE = 160;

interface Peak {
  x: number;
  y: number;
  score: number;
}

/** Best match of `templ` in `search` (both grey), with sub-pixel refinement. */
function matchPeak(cv: CV, search: Raster, templ: Raster): Peak | null {
  if (templ.width > search.width || templ.height > search.height || templ.width < 2 || templ.height < 2) return null;
  return withMats((keep) => {
    const s = keep(new cv.Mat(search.height, search.width, cv.CV_8UC1));
    s.data.set(search.data);
    const t = keep(new cv.Mat(templ.height, templ.width, cv.CV_8UC1));
    t.data.set(templ.data);
    const r = keep(new cv.Mat());
    cv.matchTemplate(s, t, r, cv.TM_CCOEFF_NORMED);
    const w = r.cols;
    const h = r.rows;
    const d = r.data32F;
    let best = 0;
    let bestV = -Infinity;
    for (let i = 0; i < d.length; i++) {
      const v = Number.isFinite(d[i]!) ? d[i]! : -1;
      if (v > bestV) {
        bestV = v;
        best = i;
      }
    }
    const bx = best % w;
    const by = (best / w) | 0;
    const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h && Number.isFinite(d[y * w + x]!) ? d[y * w + x]! : bestV);
    const sub = (a: number, b: number, c: number) => {
      const den = a - 2 * b + c;
      return den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den)) : 0;
    };
    return { x: bx + sub(at(bx - 1, by), bestV, at(bx + 1, by)), y: by + sub(at(bx, by - 1), bestV, at(bx, by + 1)), score: Math.max(0, Math.min(1, bestV)) };
  });
}

function greyRegion(img: Raster, x0: number, y0: number, scale: number, w: number, h: number): Raster {
  return toGrey(sampleRegion(img, { x0, y0, scale }, Math.max(1, w), Math.max(1, h)));
}

/** How far the content of `box` in `prev` moved in `next`, and how well it matched. */
function matchShift(cv: CV, prev: Raster, next: Raster, box: Box): { dx: number; dy: number; score: number } | null {
  const b = clipBox(box, prev.width, prev.height);
  if (b.width < 3 || b.height < 3) return null;
  const side = Math.max(b.width, b.height);

  // coarse
  const s1 = Math.min(1, COARSE / side);
  const margin = Math.max(0.75 * side, 32);
  const tw = Math.round(b.width * s1);
  const th = Math.round(b.height * s1);
  const templ = greyRegion(prev, b.x, b.y, s1, tw, th);
  const mx = Math.round(margin * s1);
  const search = greyRegion(next, b.x - mx / s1, b.y - mx / s1, s1, tw + 2 * mx, th + 2 * mx);
  const coarse = matchPeak(cv, search, templ);
  if (!coarse) return null;
  let dx = (coarse.x - mx) / s1;
  let dy = (coarse.y - mx) / s1;
  let score = coarse.score;

  // fine
  const s2 = Math.min(1, FINE / side);
  if (s2 > s1) {
    const fw = Math.round(b.width * s2);
    const fh = Math.round(b.height * s2);
    const fineT = greyRegion(prev, b.x, b.y, s2, fw, fh);
    const r = Math.ceil(s2 / s1) + 2;
    const fineS = greyRegion(next, b.x + dx - r / s2, b.y + dy - r / s2, s2, fw + 2 * r, fh + 2 * r);
    const fine = matchPeak(cv, fineS, fineT);
    if (fine) {
      dx += (fine.x - r) / s2;
      dy += (fine.y - r) / s2;
      score = fine.score;
    }
  }
  return { dx, dy, score };
}

export async function track(first: Raster, frames: Raster[], prompt: Prompt | undefined, minScore: number): Promise<Prediction[]> {
  const cv = await opencvReady();
  const objects = prompt?.objects ?? [];
  if (objects.length === 0) throw new ServiceFailure('badRequest', 'the tracker needs prompt.objects');
  const out: Prediction[] = [];
  for (const o of objects) {
    const points = o.tool === 'polygon' ? o.points : undefined;
    if (o.tool === 'polygon' && (!points || points.length < 3)) throw new ServiceFailure('badRequest', `object ${o.id}: a polygon needs at least 3 points`);
    if (o.tool === 'box' && !o.box) throw new ServiceFailure('badRequest', `object ${o.id}: a box object needs its box`);
    let box: Box = points ? boundingBox(points) : o.box!;
    let moved = points?.map((p) => ({ ...p }));
    let prev = first;
    for (let f = 0; f < frames.length; f++) {
      const next = frames[f]!;
      const shift = matchShift(cv, prev, next, box);
      if (!shift || shift.score < minScore) break;
      box = { ...box, x: box.x + shift.dx, y: box.y + shift.dy };
      moved = moved?.map((p) => ({ x: p.x + shift.dx, y: p.y + shift.dy }));
      const score = Math.round(shift.score * 1e4) / 1e4;
      if (moved) out.push({ tool: 'polygon', className: OBJECT_CLASS, score, points: moved.map((p) => ({ x: round2(p.x), y: round2(p.y) })), trackOf: o.id, frameIndex: f });
      else out.push({ tool: 'box', className: OBJECT_CLASS, score, box: { x: round2(box.x), y: round2(box.y), width: round2(box.width), height: round2(box.height) }, trackOf: o.id, frameIndex: f });
      prev = next;
    }
  }
  return out;
}
