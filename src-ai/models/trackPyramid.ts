/**
 * A frame as the tracker reads it: grey, with halves, quarters... made once per frame and shared
 * by every object followed on it. Cutting a view out of a level at most twice its size is cheap
 * (bilinear only); cutting it out of the colour frame averaged the whole region first, which cost
 * 5 ms for a 200 px object's search window at 1080p, three times per frame for its three sizes.
 */
import { sampleRegion, toGrey, type Raster } from '../imaging';

/** Levels stop at this side: a smaller level saves nothing. */
const SMALLEST = 32;

function half(src: Raster): Raster {
  const w = src.width >> 1;
  const h = src.height >> 1;
  const out = new Uint8Array(w * h);
  const d = src.data;
  const W = src.width;
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * W;
    const r1 = r0 + W;
    for (let x = 0; x < w; x++) out[y * w + x] = (d[r0 + 2 * x]! + d[r0 + 2 * x + 1]! + d[r1 + 2 * x]! + d[r1 + 2 * x + 1]! + 2) >> 2;
  }
  return { width: w, height: h, channels: 1, data: out };
}

export class Pyramid {
  private readonly levels: Raster[];
  constructor(readonly frame: Raster) {
    this.levels = [toGrey(frame)];
  }

  get width(): number {
    return this.frame.width;
  }
  get height(): number {
    return this.frame.height;
  }

  private level(i: number): Raster {
    while (this.levels.length <= i) this.levels.push(half(this.levels[this.levels.length - 1]!));
    return this.levels[i]!;
  }

  /** Grey outW x outH view: output pixel u's centre is frame x0 + (u + 0.5) / scale. */
  view(x0: number, y0: number, scale: number, outW: number, outH: number): Raster {
    let i = 0;
    let f = 1;
    while (scale * f * 2 <= 1 && Math.min(this.frame.width, this.frame.height) / (f * 2) >= SMALLEST) {
      i++;
      f *= 2;
    }
    return sampleRegion(this.level(i), { x0: x0 / f, y0: y0 / f, scale: scale * f }, Math.max(1, Math.round(outW)), Math.max(1, Math.round(outH)));
  }
}
