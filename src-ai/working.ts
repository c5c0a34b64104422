/**
 * Between the picture's own pixels (what prompts and predictions are in) and the working raster
 * a large picture is decoded into (images.ts: at most WORKING_SIDE a side): prompts go in scaled
 * down, predictions come back scaled up, clipped to the picture. A picture decoded at its own
 * size passes through untouched.
 */
import type { Prediction, Prompt } from '../src-shared/ai/protocol';
import type { SharedImage } from './engine/messages';
import { round2 } from './geometry';

/** Picture pixels per working pixel, across and down. */
export function factor(img: SharedImage): { x: number; y: number } {
  return { x: img.sourceWidth / img.width, y: img.sourceHeight / img.height };
}

const whole = (img: SharedImage) => img.sourceWidth === img.width && img.sourceHeight === img.height;

/** A prompt in the picture's pixels, in the working raster's. */
export function promptToWorking(prompt: Prompt | undefined, img: SharedImage): Prompt | undefined {
  if (!prompt || whole(img)) return prompt;
  const f = factor(img);
  const box = (b: { x: number; y: number; width: number; height: number }) => ({ x: b.x / f.x, y: b.y / f.y, width: b.width / f.x, height: b.height / f.y });
  const pt = <P extends { x: number; y: number }>(p: P): P => ({ ...p, x: p.x / f.x, y: p.y / f.y });
  return {
    ...(prompt.box ? { box: box(prompt.box) } : {}),
    ...(prompt.points ? { points: prompt.points.map(pt) } : {}),
    ...(prompt.objects ? { objects: prompt.objects.map((o) => ({ ...o, ...(o.box ? { box: box(o.box) } : {}), ...(o.points ? { points: o.points.map(pt) } : {}) })) } : {}),
  };
}

/** A length in the picture's pixels (the segmenter's tolerance), in the working raster's. */
export function lengthToWorking(length: number, img: SharedImage): number {
  return whole(img) ? length : length / Math.max(factor(img).x, factor(img).y);
}

/** Predictions on the working raster of `imageOf(p)`, in that picture's own pixels. */
export function predictionsToSource(predictions: Prediction[], imageOf: (p: Prediction) => SharedImage): Prediction[] {
  return predictions.map((p) => {
    const img = imageOf(p);
    if (whole(img)) return p;
    const f = factor(img);
    const x = (v: number) => round2(Math.min(Math.max(v * f.x, 0), img.sourceWidth));
    const y = (v: number) => round2(Math.min(Math.max(v * f.y, 0), img.sourceHeight));
    const out: Prediction = { ...p };
    if (p.box) {
      const x0 = x(p.box.x);
      const y0 = y(p.box.y);
      out.box = { x: x0, y: y0, width: round2(x(p.box.x + p.box.width) - x0), height: round2(y(p.box.y + p.box.height) - y0) };
    }
    if (p.points) out.points = p.points.map((q) => ({ x: x(q.x), y: y(q.y) }));
    if (p.keypoints) out.keypoints = p.keypoints.map((k) => ({ ...k, x: x(k.x), y: y(k.y) }));
    return out;
  });
}
