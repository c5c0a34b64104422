/**
 * The fill tool: a click inside a closed outline fills the hole. Unset pixels join through their
 * four sides only, so an outline drawn with diagonal steps (a one-pixel brush line) still holds
 * the fill; this is the same rule the outlines use (contours.ts), where set pixels that touch at
 * a corner are one part and the unset pixels between them are not connected.
 */
import type { MaskRegion } from './region';

/**
 * Fills the enclosed unset area around frame pixel (px, py) (4-connected): 'set' when that pixel
 * is already set, 'open' when the unset area reaches the region's edge (not enclosed; a pixel
 * outside the region is open too), else the filled region (same box, bits of its own).
 */
export function fillEnclosed(r: MaskRegion, px: number, py: number): MaskRegion | 'open' | 'set' {
  const { width, height } = r;
  const x = Math.floor(px) - r.x;
  const y = Math.floor(py) - r.y;
  if (x < 0 || y < 0 || x >= width || y >= height) return 'open';
  if (r.bits[y * width + x]) return 'set';
  const bits = r.bits.slice();
  // Scanline fill: each pop fills a whole run of its row, then seeds the runs above and below.
  // Filled pixels are written as set, so they stop the fill like the outline does.
  const stack: number[] = [x, y];
  while (stack.length > 0) {
    const sy = stack.pop()!;
    const sx = stack.pop()!;
    const row = sy * width;
    if (bits[row + sx]) continue;
    let left = sx;
    while (left > 0 && !bits[row + left - 1]) left--;
    let right = sx;
    while (right < width - 1 && !bits[row + right + 1]) right++;
    if (left === 0 || right === width - 1 || sy === 0 || sy === height - 1) return 'open';
    bits.fill(1, row + left, row + right + 1);
    for (const ny of [sy - 1, sy + 1]) {
      const nrow = ny * width;
      for (let i = left; i <= right; i++) {
        if (!bits[nrow + i] && (i === left || bits[nrow + i - 1])) stack.push(i, ny);
      }
    }
  }
  return { x: r.x, y: r.y, width, height, bits };
}
