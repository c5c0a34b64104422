/**
 * Masks as pictures: each mask's pixels in its label's colour on a canvas of its box's size,
 * made once per geometry and colour and drawn scaled by the painter (one drawImage a mask, so
 * 200 masks cost 200 copies, never a pass over their pixels per frame). A box past MAX_SIDE is
 * made at a reduced size (a pixel of it is set when any mask pixel it covers is): a mask over a
 * 20,000 px frame is seen whole when zoomed out, and its edits stay exact (they work on the
 * mask, not on this picture).
 * Bounded by pixels like the decoded bitmaps, for the same reason (an undo history).
 */
import type { MaskGeometry } from '../../../../src-shared/model/annotation';
import { BudgetCache } from '../../../../src-shared/mask/budgetCache';
import { forEachSetStretch } from '../../../../src-shared/mask/maskRuns';

const MAX_SIDE = 4096;
/** Pixels of pictures kept (four bytes each): 256 MiB. */
const BUDGET_PIXELS = 64 * 1024 * 1024;

interface Picture {
  color: string;
  canvas: HTMLCanvasElement;
  pixels: number;
}

// A picture let go gives its pixels back at once rather than at the next collection.
const pictures = new BudgetCache<MaskGeometry, Picture>(BUDGET_PIXELS, (p) => p.pixels, (p) => void (p.canvas.width = 0));

function rgb(color: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : [22, 119, 255];
}

function draw(g: MaskGeometry, color: string): Picture {
  const k = Math.max(1, Math.max(g.width, g.height) / MAX_SIDE);
  const w = Math.max(1, Math.round(g.width / k));
  const h = Math.max(1, Math.round(g.height / k));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(w, h);
  const data = new Uint32Array(image.data.buffer);
  const [r, gr, b] = rgb(color);
  // ImageData is RGBA in memory; as little-endian 32-bit words that is 0xAABBGGRR.
  const on = ((255 << 24) | (b << 16) | (gr << 8) | r) >>> 0;
  // From the runs, not the bitmap: a mask past 16k px is never decoded whole to be seen.
  forEachSetStretch(g, (column, from, to) => {
    const x = Math.min(w - 1, Math.floor(column / k));
    for (let y = Math.floor(from / k), end = Math.min(h - 1, Math.floor((to - 1) / k)); y <= end; y++) data[y * w + x] = on;
  });
  ctx.putImageData(image, 0, 0);
  return { color, canvas, pixels: w * h };
}

/** The mask's picture in `color`, to be drawn over its box. */
export function maskPicture(g: MaskGeometry, color: string): HTMLCanvasElement {
  const hit = pictures.get(g);
  if (hit?.color === color) return hit.canvas;
  const made = draw(g, color);
  pictures.set(g, made);
  return made.canvas;
}
