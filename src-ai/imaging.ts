/**
 * Pixel work the models share, in plain TypeScript so it runs the same in the worker and in unit
 * tests: cutting a region out of an image at a scale (with black outside the image), letterbox,
 * grey.
 *
 * Coordinates are edge coordinates: pixel (i, j) covers [i, i+1) x [j, j+1). A region is given
 * by the image coordinate of the output's left/top edge (x0, y0) and the scale (output pixels per
 * image pixel), so output coordinate u maps to image coordinate x0 + u / scale.
 */

/** Decoded pixels, interleaved, `channels` bytes per pixel (3 = RGB, 1 = grey). */
export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

export interface Region {
  x0: number;
  y0: number;
  scale: number;
}

/** Averages f x f blocks of the part [bx0, bx1) x [by0, by1) of the image (a cheap, alias-free pre-reduction). */
function boxReduce(src: Raster, f: number, bx0: number, by0: number, bx1: number, by1: number): Raster {
  const c = src.channels;
  const w = Math.max(1, Math.ceil((bx1 - bx0) / f));
  const h = Math.max(1, Math.ceil((by1 - by0) / f));
  const acc = new Uint32Array(w * c);
  const cnt = new Uint32Array(w);
  const out = new Uint8Array(w * h * c);
  for (let ry = 0; ry < h; ry++) {
    acc.fill(0);
    cnt.fill(0);
    const yEnd = Math.min(by0 + (ry + 1) * f, by1, src.height);
    for (let y = by0 + ry * f; y < yEnd; y++) {
      let row = (y * src.width + bx0) * c;
      for (let x = bx0; x < bx1; x++) {
        const rx = ((x - bx0) / f) | 0;
        const a = rx * c;
        for (let k = 0; k < c; k++) acc[a + k]! += src.data[row + k]!;
        cnt[rx]!++;
        row += c;
      }
    }
    for (let rx = 0; rx < w; rx++) {
      const n = cnt[rx]! || 1;
      const o = (ry * w + rx) * c;
      for (let k = 0; k < c; k++) out[o + k] = (acc[rx * c + k]! + (n >> 1)) / n;
    }
  }
  return { width: w, height: h, channels: c, data: out };
}

/**
 * Samples an outW x outH view of the image: output pixel u's centre is image coordinate
 * x0 + (u + 0.5) / scale. Bilinear; when shrinking by 2x or more the image part needed is first
 * averaged in blocks, so a 4000-pixel photo shrunk to 512 does not alias. Outside the image: 0.
 */
export function sampleRegion(src: Raster, region: Region, outW: number, outH: number): Raster {
  const c = src.channels;
  let img = src;
  let { x0, y0, scale } = region;
  const f = Math.floor(1 / scale);
  if (f >= 2) {
    const bx0 = Math.max(0, Math.floor(x0));
    const by0 = Math.max(0, Math.floor(y0));
    const bx1 = Math.min(src.width, Math.ceil(x0 + outW / scale));
    const by1 = Math.min(src.height, Math.ceil(y0 + outH / scale));
    if (bx1 > bx0 && by1 > by0) {
      img = boxReduce(src, f, bx0, by0, bx1, by1);
      x0 = (x0 - bx0) / f;
      y0 = (y0 - by0) / f;
      scale *= f;
    }
  }
  const out = new Uint8Array(outW * outH * c);
  const W = img.width;
  const H = img.height;
  const d = img.data;
  // precompute columns
  const xi = new Int32Array(outW);
  const xf = new Float32Array(outW);
  const xIn = new Uint8Array(outW);
  for (let u = 0; u < outW; u++) {
    const sx = x0 + (u + 0.5) / scale - 0.5;
    xIn[u] = sx >= -0.5 && sx <= W - 0.5 ? 1 : 0;
    const cx = Math.min(Math.max(sx, 0), W - 1);
    const i = Math.min(Math.floor(cx), W - 2 < 0 ? 0 : W - 2);
    xi[u] = i;
    xf[u] = W > 1 ? cx - i : 0;
  }
  for (let v = 0; v < outH; v++) {
    const sy = y0 + (v + 0.5) / scale - 0.5;
    if (sy < -0.5 || sy > H - 0.5) continue;
    const cy = Math.min(Math.max(sy, 0), H - 1);
    const j = Math.min(Math.floor(cy), H - 2 < 0 ? 0 : H - 2);
    const fy = H > 1 ? cy - j : 0;
    const j1 = H > 1 ? j + 1 : j;
    const r0 = j * W;
    const r1 = j1 * W;
    let o = v * outW * c;
    for (let u = 0; u < outW; u++, o += c) {
      if (!xIn[u]) continue;
      const i = xi[u]!;
      const fx = xf[u]!;
      const i1 = W > 1 ? i + 1 : i;
      const p00 = (r0 + i) * c;
      const p01 = (r0 + i1) * c;
      const p10 = (r1 + i) * c;
      const p11 = (r1 + i1) * c;
      for (let k = 0; k < c; k++) {
        const top = d[p00 + k]! + (d[p01 + k]! - d[p00 + k]!) * fx;
        const bottom = d[p10 + k]! + (d[p11 + k]! - d[p10 + k]!) * fx;
        out[o + k] = top + (bottom - top) * fy + 0.5;
      }
    }
  }
  return { width: outW, height: outH, channels: c, data: out };
}

/** The region that fits the whole image into inW x inH keeping its aspect, centred, black bars around. */
export function letterboxRegion(width: number, height: number, inW: number, inH: number): Region {
  const scale = Math.min(inW / width, inH / height);
  return { x0: -(inW - width * scale) / 2 / scale, y0: -(inH - height * scale) / 2 / scale, scale };
}

/** Output coordinate of a region back to the image. */
export const toImage = (r: Region, u: number, v: number) => ({ x: r.x0 + u / r.scale, y: r.y0 + v / r.scale });

/** ITU-R BT.601 luma of an RGB raster. */
export function toGrey(src: Raster): Raster {
  if (src.channels === 1) return src;
  const n = src.width * src.height;
  const out = new Uint8Array(n);
  const d = src.data;
  for (let i = 0, p = 0; i < n; i++, p += src.channels) out[i] = (d[p]! * 299 + d[p + 1]! * 587 + d[p + 2]! * 114 + 500) / 1000;
  return { width: src.width, height: src.height, channels: 1, data: out };
}

/**
 * The 4-connected region around (x, y) whose every pixel is within `tolerance` of the seed's
 * colour in each channel (a fixed-range flood fill). Null when it would exceed `maxPixels`
 * (it leaked into a large uniform area) or the seed is outside the raster.
 */
export function floodRegion(src: Raster, x: number, y: number, tolerance: number, maxPixels: number): Uint8Array | null {
  const { width: w, height: h, channels: c, data: d } = src;
  const sx = Math.floor(x);
  const sy = Math.floor(y);
  if (sx < 0 || sy < 0 || sx >= w || sy >= h) return null;
  const seed = Array.from(d.subarray((sy * w + sx) * c, (sy * w + sx) * c + c));
  const mask = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let top = 0;
  let count = 0;
  const near = (i: number) => {
    const p = i * c;
    for (let k = 0; k < c; k++) if (Math.abs(d[p + k]! - seed[k]!) > tolerance) return false;
    return true;
  };
  mask[sy * w + sx] = 1;
  stack[top++] = sy * w + sx;
  while (top > 0) {
    const i = stack[--top]!;
    if (++count > maxPixels) return null;
    const px = i % w;
    const neighbours = [px > 0 ? i - 1 : -1, px < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < w * (h - 1) ? i + w : -1];
    for (const n of neighbours) {
      if (n < 0 || mask[n]) continue;
      if (!near(n)) continue;
      mask[n] = 1;
      stack[top++] = n;
    }
  }
  return mask;
}
