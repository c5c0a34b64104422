/**
 * How alike in colour an object is to its first appearance. Grey correlation alone took a man in
 * a black suit with a white face for a musician in a pale shirt and dark trousers (light over
 * dark, correlation 0.6 to 0.7): the colours tell them apart. A histogram of 4 x 4 x 4 colours
 * over the box's pixels, each weighed by how likely it is the object's (trackWeights.ts),
 * compared by the Bhattacharyya coefficient (1: the same colours, 0: none in common). On grey
 * footage it compares brightness only.
 */
import type { Box } from '../geometry';
import type { Raster } from '../imaging';

const BINS = 8;

/** The weighted colour histogram of `box` in `img`, sampled at the centres of a gw x gh grid (the weights' grid). */
export function colourHistogram(img: Raster, box: Box, gw: number, gh: number, weights?: Float32Array): Float32Array {
  const h = new Float32Array(BINS ** 3);
  const c = img.channels;
  let total = 0;
  for (let j = 0; j < gh; j++) {
    const y = Math.floor(box.y + ((j + 0.5) * box.height) / gh);
    if (y < 0 || y >= img.height) continue;
    for (let i = 0; i < gw; i++) {
      const x = Math.floor(box.x + ((i + 0.5) * box.width) / gw);
      if (x < 0 || x >= img.width) continue;
      const p = (y * img.width + x) * c;
      const r = img.data[p]!;
      const g = c === 3 ? img.data[p + 1]! : r;
      const b = c === 3 ? img.data[p + 2]! : r;
      const w = weights ? weights[j * gw + i]! : 1;
      h[(((r * BINS) >> 8) * BINS + ((g * BINS) >> 8)) * BINS + ((b * BINS) >> 8)]! += w;
      total += w;
    }
  }
  if (total > 0) for (let k = 0; k < h.length; k++) h[k]! /= total;
  return h;
}

export function colourLikeness(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += Math.sqrt(a[k]! * b[k]!);
  return Math.min(1, s);
}
