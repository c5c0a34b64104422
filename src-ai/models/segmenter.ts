/**
 * The built-in segmenter: box and/or clicks -> polygon, with OpenCV's GrabCut. No weights.
 *
 * 1. A click stands for the patch of like colour around it (grown by a pixel): the fixed-range
 *    flood fill (each channel within FLOOD_TOLERANCE of the clicked pixel) at working
 *    resolution, or a small disk when the fill leaks over more than a third of the crop (60% of
 *    the whole image when looking for the extent). Positive patches are certain foreground,
 *    negative ones certain background.
 * 2. Region: the prompt box; with clicks only, the box around the positive patches (found on the
 *    whole image shrunk to 256 px) grown by 20%: the clicks say "this object", its patches
 *    how far it goes at least.
 * 3. Crop: the region plus a margin (10% of its longer side, at least 8 px; 25% with clicks only)
 *    for GrabCut to learn the background from, downscaled so its longer side is WORK_SIDE px:
 *    GrabCut's cost grows with the pixel count, and the workspace budget is 300 ms end to end
 *    on a 2-Mpx photo.
 * 4. GrabCut mask: outside the box certain background, inside probable foreground (with clicks
 *    only: outside the region probable background, the crop's rim certain background, so the
 *    object may spill out of the guess); then the click patches.
 * 5. The foreground loses one-pixel threads (a 3x3 opening) and is upsampled (bilinear,
 *    threshold at half) so its outline falls between mask pixels rather than on their centres;
 *    the largest outer contour is simplified with approxPolyDP within `tolerance` image pixels
 *    and mapped back to image coordinates.
 *
 * A box that leaves less than 3% of the crop outside it (an object filling the frame) has no
 * background to learn from: the answer is the box as a four-point outline, score 0.5.
 *
 * The mask is WORK_SIDE px across the crop, so on large objects the outline is only as exact as
 * one mask pixel (crop side / WORK_SIDE image pixels); the polygon never strays more than
 * `tolerance` from that mask's outline. A single polygon has no holes: a negative click inside
 * an object that stays foreground all around it does not cut it out.
 */
import type { Prediction, Prompt } from '../../src-shared/ai/protocol';
import { OBJECT_CLASS } from '../catalog';
import { ServiceFailure } from '../errors';
import { clipBox, round2, type Box, type Point } from '../geometry';
import { floodRegion, sampleRegion, type Raster } from '../imaging';
import { opencvReady, withMats } from './opencv';

export const WORK_SIDE = 160;
const ITERATIONS = 3;
export const DEFAULT_TOLERANCE = 1.5;
export const FLOOD_TOLERANCE = 14;
/** the whole image at this size is where clicks alone find their object's extent */
const COARSE_SIDE = 256;

type Click = NonNullable<Prompt['points']>[number];

interface Work {
  /** the crop in image pixels */
  crop: Box;
  /** working pixels per image pixel */
  s: number;
  pixels: Raster;
}

function workCrop(image: Raster, around: Box, margin: number, side = WORK_SIDE): Work {
  const crop = clipBox(
    { x: Math.floor(around.x - margin), y: Math.floor(around.y - margin), width: Math.ceil(around.width + 2 * margin) + 1, height: Math.ceil(around.height + 2 * margin) + 1 },
    image.width,
    image.height,
  );
  const s = Math.min(1, side / Math.max(crop.width, crop.height));
  const cw = Math.max(8, Math.round(crop.width * s));
  const ch = Math.max(8, Math.round(crop.height * s));
  return { crop, s, pixels: sampleRegion(image, { x0: crop.x, y0: crop.y, scale: s }, cw, ch) };
}

/** The patch a click stands for, in the work's pixels: its flood fill, or a disk when that leaks. */
function clickPatch(work: Work, click: Click, maxShare = 1 / 3): Uint8Array | null {
  const { width: w, height: h } = work.pixels;
  const px = (click.x - work.crop.x) * work.s;
  const py = (click.y - work.crop.y) * work.s;
  if (px < 0 || py < 0 || px >= w || py >= h) return null;
  const flood = floodRegion(work.pixels, px, py, FLOOD_TOLERANCE, Math.floor(w * h * maxShare));
  const radius = Math.max(2, Math.round(0.02 * Math.max(w, h)));
  const patch = flood ?? new Uint8Array(w * h);
  for (let y = Math.max(0, Math.floor(py - radius)); y <= Math.min(h - 1, Math.ceil(py + radius)); y++) {
    for (let x = Math.max(0, Math.floor(px - radius)); x <= Math.min(w - 1, Math.ceil(px + radius)); x++) {
      if ((x + 0.5 - px) ** 2 + (y + 0.5 - py) ** 2 <= radius * radius) patch[y * w + x] = 1;
    }
  }
  // one pixel more: the blended pixels at the patch's edge belong to it
  const grown = patch.slice();
  for (let i = 0; i < patch.length; i++) {
    if (patch[i]) continue;
    const x = i % w;
    if ((x > 0 && patch[i - 1]) || (x < w - 1 && patch[i + 1]) || (i >= w && patch[i - w]) || (i < w * (h - 1) && patch[i + w])) grown[i] = 1;
  }
  return grown;
}

/** The region GrabCut treats as the object's probable extent, in image pixels. */
export function segmentRegion(image: Raster, prompt: Prompt | undefined): { region: Box; fromBox: boolean } {
  const { width, height } = image;
  if (prompt?.box) {
    const region = clipBox(prompt.box, width, height);
    if (region.width < 2 || region.height < 2) throw new ServiceFailure('badRequest', 'the prompt box is outside the image or smaller than 2 px');
    return { region, fromBox: true };
  }
  const positives = (prompt?.points ?? []).filter((p) => p.positive && p.x >= 0 && p.y >= 0 && p.x < width && p.y < height);
  if (positives.length === 0) throw new ServiceFailure('badRequest', 'the segmenter needs prompt.box or at least one positive point inside the image');
  let x0 = Math.min(...positives.map((p) => p.x));
  let y0 = Math.min(...positives.map((p) => p.y));
  let x1 = Math.max(...positives.map((p) => p.x));
  let y1 = Math.max(...positives.map((p) => p.y));
  const coarse = workCrop(image, { x: 0, y: 0, width, height }, 0, COARSE_SIDE);
  const w = coarse.pixels.width;
  for (const p of positives) {
    const patch = clickPatch(coarse, p, 0.6);
    if (!patch) continue;
    for (let i = 0; i < patch.length; i++) {
      if (!patch[i]) continue;
      const x = coarse.crop.x + ((i % w) + 0.5) / coarse.s;
      const y = coarse.crop.y + (Math.floor(i / w) + 0.5) / coarse.s;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const grow = Math.max(0.2 * Math.max(x1 - x0, y1 - y0), 4);
  const region = clipBox({ x: x0 - grow, y: y0 - grow, width: x1 - x0 + 2 * grow, height: y1 - y0 + 2 * grow }, width, height);
  return { region, fromBox: false };
}

const GC_BGD = 0;
const GC_FGD = 1;
const GC_PR_BGD = 2;
const GC_PR_FGD = 3;

export async function segment(image: Raster, prompt: Prompt | undefined, tolerance = DEFAULT_TOLERANCE): Promise<Prediction[]> {
  const cv = await opencvReady();
  const { region, fromBox } = segmentRegion(image, prompt);
  const margin = Math.max((fromBox ? 0.1 : 0.25) * Math.max(region.width, region.height), 8);
  const work = workCrop(image, region, margin);
  const { crop, s } = work;
  const cw = work.pixels.width;
  const ch = work.pixels.height;

  // 4. the initial mask
  const m = new Uint8Array(cw * ch).fill(fromBox ? GC_BGD : GC_PR_BGD);
  const rx0 = Math.max(0, Math.floor((region.x - crop.x) * s));
  const ry0 = Math.max(0, Math.floor((region.y - crop.y) * s));
  const rx1 = Math.min(cw, Math.ceil((region.x + region.width - crop.x) * s));
  const ry1 = Math.min(ch, Math.ceil((region.y + region.height - crop.y) * s));
  for (let y = ry0; y < ry1; y++) m.fill(GC_PR_FGD, y * cw + rx0, y * cw + rx1);
  if (!fromBox) {
    // the crop's rim is background for certain, so the two models both have samples
    for (let x = 0; x < cw; x++) m[x] = m[(ch - 1) * cw + x] = GC_BGD;
    for (let y = 0; y < ch; y++) m[y * cw] = m[y * cw + cw - 1] = GC_BGD;
  }
  // negatives last: where a negative patch overlaps a positive one, the later click wins
  for (const p of [...(prompt?.points ?? []).filter((q) => q.positive), ...(prompt?.points ?? []).filter((q) => !q.positive)]) {
    const patch = clickPatch(work, p);
    if (!patch) continue;
    for (let i = 0; i < patch.length; i++) if (patch[i]) m[i] = p.positive ? GC_FGD : GC_BGD;
  }
  // A box over (nearly) the whole picture leaves GrabCut no background to learn from: it would take
  // the object's own rim for background and answer a fragment (one eye of a cat that fills the
  // frame). The honest answer then is that the object fills the box: its outline, to adjust.
  const negatives = (prompt?.points ?? []).some((q) => !q.positive);
  if (fromBox && !negatives && backgroundShare(m) < FILLS_FRAME_BACKGROUND) {
    const r = clipBox(region, image.width, image.height);
    const points = [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y },
      { x: r.x + r.width, y: r.y + r.height },
      { x: r.x, y: r.y + r.height },
    ].map((q) => ({ x: round2(q.x), y: round2(q.y) }));
    return [{ tool: 'polygon', className: OBJECT_CLASS, score: 0.5, points } satisfies Prediction];
  }
  ensureBothSides(m, cw, ch);

  return withMats((keep) => {
    const img = keep(new cv.Mat(ch, cw, cv.CV_8UC3));
    img.data.set(work.pixels.data);
    const mask = keep(new cv.Mat(ch, cw, cv.CV_8UC1));
    mask.data.set(m);
    const bgd = keep(new cv.Mat());
    const fgd = keep(new cv.Mat());
    cv.grabCut(img, mask, new cv.Rect(0, 0, 1, 1), bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_MASK);

    // 4. foreground, upsampled, largest outline
    const fg = keep(new cv.Mat(ch, cw, cv.CV_8UC1));
    const md = mask.data;
    const fd = fg.data;
    let fgCount = 0;
    for (let i = 0; i < md.length; i++) {
      const on = md[i] === GC_FGD || md[i] === GC_PR_FGD;
      fd[i] = on ? 255 : 0;
      if (on) fgCount++;
    }
    if (fgCount === 0) return [];
    // an opening drops one-pixel threads (the blended rim of a region a click removed)
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.morphologyEx(fg, fg, cv.MORPH_OPEN, kernel);
    const up = Math.min(4, Math.max(2, Math.ceil(1 / s)));
    const big = keep(new cv.Mat());
    cv.resize(fg, big, new cv.Size(cw * up, ch * up), 0, 0, cv.INTER_LINEAR);
    cv.threshold(big, big, 127, 255, cv.THRESH_BINARY);
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    cv.findContours(big, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_NONE);
    let best = -1;
    let bestArea = 0;
    let totalArea = 0;
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const a = cv.contourArea(c);
      c.delete();
      totalArea += a;
      if (a > bestArea) {
        bestArea = a;
        best = i;
      }
    }
    if (best < 0 || bestArea <= 0) return [];
    const contour = keep(contours.get(best));
    const approx = keep(new cv.Mat());
    // epsilon in upsampled-mask pixels for `tolerance` image pixels
    cv.approxPolyDP(contour, approx, Math.max(0.5, tolerance * s * up), true);
    const xy = approx.data32S;
    const points: Point[] = [];
    for (let i = 0; i + 1 < xy.length; i += 2) {
      const x = crop.x + (xy[i]! + 0.5) / up / s;
      const y = crop.y + (xy[i + 1]! + 0.5) / up / s;
      points.push({ x: round2(Math.min(Math.max(x, 0), image.width)), y: round2(Math.min(Math.max(y, 0), image.height)) });
    }
    if (points.length < 3) return [];
    // how much of the foreground the one polygon keeps: 1 when GrabCut found a single piece
    const score = Math.round(Math.min(1, bestArea / totalArea) * 1e4) / 1e4;
    return [{ tool: 'polygon', className: OBJECT_CLASS, score, points } satisfies Prediction];
  });
}

/** Below this share of background pixels around a box, the box is taken to be the object's outline. */
export const FILLS_FRAME_BACKGROUND = 0.03;

function backgroundShare(m: Uint8Array): number {
  let bg = 0;
  for (const v of m) if (v === GC_BGD || v === GC_PR_BGD) bg++;
  return bg / Math.max(1, m.length);
}

/** GrabCut needs samples of both sides for its colour models. */
function ensureBothSides(m: Uint8Array, w: number, h: number) {
  let bg = 0;
  let fg = 0;
  for (const v of m) {
    if (v === GC_BGD || v === GC_PR_BGD) bg++;
    else fg++;
  }
  if (bg < 16) {
    for (let x = 0; x < w; x++) m[x] = m[(h - 1) * w + x] = GC_BGD;
    for (let y = 0; y < h; y++) m[y * w] = m[y * w + w - 1] = GC_BGD;
  }
  if (fg < 16) {
    const cx = w >> 1;
    const cy = h >> 1;
    for (let y = Math.max(0, cy - 2); y <= Math.min(h - 1, cy + 2); y++) for (let x = Math.max(0, cx - 2); x <= Math.min(w - 1, cx + 2); x++) m[y * w + x] = GC_PR_FGD;
  }
}
