/**
 * Which pixels of an object's box are the object. A box around a person or an animal is half
 * background; matched as a whole, a box over a panning background follows the background
 * (measured: bench/tracking-quality.ts). The tracker weighs its template's pixels instead:
 * - a polygon says it: its inside weighs 1;
 * - for a box, the colours: a pixel whose colour is common in the box and rare in a ring around
 *   it is likely the object's (the colour model of mean-shift and "distractor-aware" trackers),
 *   with more weight towards the box's centre, where the object usually is.
 */
import type { Box, Point } from '../geometry';
import { sampleRegion, type Raster } from '../imaging';

/** Weight of a pixel that is surely background: a little, so a flat object is still matched. */
const FLOOR = 0.05;
const LEVELS = 10;

const bin = (d: Uint8Array, p: number) => (((d[p]! * LEVELS) >> 8) * LEVELS + ((d[p + 1]! * LEVELS) >> 8)) * LEVELS + ((d[p + 2]! * LEVELS) >> 8);

/** Weights (0..1) on a fw x fh grid over `box` in `img`. */
export function objectWeights(img: Raster, box: Box, fw: number, fh: number, polygon?: readonly Point[]): Float32Array {
  const out = new Float32Array(fw * fh);
  const sx = fw / box.width;
  const sy = fh / box.height;
  if (polygon) {
    for (let j = 0; j < fh; j++)
      for (let i = 0; i < fw; i++) out[j * fw + i] = inside(polygon, box.x + (i + 0.5) / sx, box.y + (j + 0.5) / sy) ? 1 : FLOOR;
    return out;
  }
  // the box and a ring of half its size around it, on the same grid
  const W = fw * 2;
  const H = fh * 2;
  const x0 = box.x - box.width / 2;
  const y0 = box.y - box.height / 2;
  const rgb = sampleRegion(img.channels === 3 ? img : grey3(img), { x0, y0, scale: sx }, W, H);
  const inBox = new Float32Array(LEVELS ** 3);
  const inRing = new Float32Array(LEVELS ** 3);
  let nBox = 0;
  let nRing = 0;
  for (let j = 0; j < H; j++) {
    const y = y0 + (j + 0.5) / sy;
    if (y < 0 || y >= img.height) continue;
    for (let i = 0; i < W; i++) {
      const x = x0 + (i + 0.5) / sx;
      if (x < 0 || x >= img.width) continue;
      const b = bin(rgb.data, (j * W + i) * 3);
      if (i >= fw / 2 && i < fw / 2 + fw && j >= fh / 2 && j < fh / 2 + fh) {
        inBox[b]!++;
        nBox++;
      } else {
        inRing[b]!++;
        nRing++;
      }
    }
  }
  for (let j = 0; j < fh; j++)
    for (let i = 0; i < fw; i++) {
      const b = bin(rgb.data, ((j + (fh >> 1)) * W + i + (fw >> 1)) * 3);
      const p = inBox[b]! / Math.max(1, nBox);
      const q = nRing ? inRing[b]! / nRing : 0;
      const colour = p / (p + q + 1e-6);
      const dx = (i + 0.5) / fw - 0.5;
      const dy = (j + 0.5) / fh - 0.5;
      const centre = Math.max(0, 1 - 2 * (dx * dx + dy * dy));
      out[j * fw + i] = Math.max(FLOOR, colour * centre);
    }
  return out;
}

function grey3(img: Raster): Raster {
  const data = new Uint8Array(img.width * img.height * 3);
  for (let i = 0; i < img.width * img.height; i++) data[i * 3] = data[i * 3 + 1] = data[i * 3 + 2] = img.data[i * img.channels]!;
  return { width: img.width, height: img.height, channels: 3, data };
}

function inside(pts: readonly Point[], x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i]!;
    const b = pts[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}
