/**
 * The tracker's matching: where a template (grey) looks most like a part of a search image, by
 * OpenCV's normalised cross-correlation (TM_CCOEFF_NORMED: insensitive to brightness and
 * contrast), with the peak refined to a fraction of a pixel. A prior can lower places far from
 * where the object was expected, so that of two look-alikes the nearer wins.
 */
import { sampleRegion, type Raster } from '../imaging';
import { withMats, type CV } from './opencv';

export interface Peak {
  /** the template's top-left in the search image (fractional) */
  x: number;
  y: number;
  /** the correlation there, 0..1 (before the prior) */
  score: number;
}

/**
 * The best match of `templ` in `search`. `penalty(x, y)` (in the result's coordinates, the
 * template's top-left) is taken off the correlation when choosing the peak; the score answered is
 * the correlation itself. Null when the template does not fit in the search image.
 */
export function matchPeak(cv: CV, search: Raster, templ: Raster, penalty?: (x: number, y: number) => number, weights?: Float32Array, masked = false): Peak | null {
  if (templ.width > search.width || templ.height > search.height || templ.width < 2 || templ.height < 2) return null;
  return withMats((keep) => {
    const r = keep(new cv.Mat());
    if (weights && masked) {
      // OpenCV's own weighted match: float pixels, the weights as the mask
      const s = keep(new cv.Mat(search.height, search.width, cv.CV_32FC1));
      s.data32F.set(search.data);
      const t = keep(new cv.Mat(templ.height, templ.width, cv.CV_32FC1));
      t.data32F.set(templ.data);
      const m = keep(new cv.Mat(templ.height, templ.width, cv.CV_32FC1));
      m.data32F.set(weights);
      cv.matchTemplate(s, t, r, cv.TM_CCOEFF_NORMED, m);
    } else {
      const s = keep(new cv.Mat(search.height, search.width, cv.CV_8UC1));
      s.data.set(search.data);
      const t = keep(new cv.Mat(templ.height, templ.width, cv.CV_8UC1));
      t.data.set(weights ? weighted(templ.data, weights) : templ.data);
      cv.matchTemplate(s, t, r, cv.TM_CCOEFF_NORMED);
    }
    const w = r.cols;
    const h = r.rows;
    const d = r.data32F;
    let best = 0;
    let bestV = -Infinity;
    for (let y = 0, i = 0; y < h; y++)
      for (let x = 0; x < w; x++, i++) {
        // a flat window (no texture) gives NaN or inf: never a match
        const c = Number.isFinite(d[i]!) ? d[i]! : -1;
        const v = penalty ? c - penalty(x, y) : c;
        if (v > bestV) {
          bestV = v;
          best = i;
        }
      }
    const bx = best % w;
    const by = (best / w) | 0;
    const peakV = Number.isFinite(d[best]!) ? d[best]! : -1;
    const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < w && y < h && Number.isFinite(d[y * w + x]!) ? d[y * w + x]! : peakV);
    const sub = (a: number, b: number, c: number) => {
      const den = a - 2 * b + c;
      return den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den)) : 0;
    };
    return { x: bx + sub(at(bx - 1, by), peakV, at(bx + 1, by)), y: by + sub(at(bx, by - 1), peakV, at(bx, by + 1)), score: Math.max(0, Math.min(1, peakV)) };
  });
}

/**
 * The template with its pixels weighed: w x (pixel - weighted mean), moved into 8 bits. Its
 * correlation with a window is then the weighted covariance over the window's own spread (not
 * the weighted one: OpenCV's masked match computes that with three more correlations, four times
 * the cost, for rankings measured the same here). Normalised correlation ignores the 8-bit offset
 * and scale.
 */
function weighted(t: Uint8Array, w: Float32Array): Uint8Array {
  let sw = 0;
  let m = 0;
  for (let i = 0; i < t.length; i++) {
    sw += w[i]!;
    m += w[i]! * t[i]!;
  }
  m /= sw || 1;
  const out = new Uint8Array(t.length);
  for (let i = 0; i < t.length; i++) out[i] = Math.max(0, Math.min(255, 128 + 0.5 * w[i]! * (t[i]! - m) + 0.5));
  return out;
}

/** A grey raster resampled to w x h (bilinear; box-averaged first when shrinking 2x or more). */
export function resized(src: Raster, w: number, h: number): Raster {
  if (src.width === w && src.height === h) return src;
  return sampleRegion(src, { x0: 0, y0: 0, scale: w / src.width }, w, h);
}

/** Weighted normalised cross-correlation of two same-size grey rasters (0..1; 0 when either is flat). */
export function weightedNcc(a: Uint8Array | Float32Array, b: Uint8Array | Float32Array, w?: Float32Array): number {
  let sw = 0;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++) {
    const k = w ? w[i]! : 1;
    sw += k;
    ma += k * a[i]!;
    mb += k * b[i]!;
  }
  if (sw <= 0) return 0;
  ma /= sw;
  mb /= sw;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const k = w ? w[i]! : 1;
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    ab += k * da * db;
    aa += k * da * da;
    bb += k * db * db;
  }
  return aa > 0 && bb > 0 ? Math.max(0, Math.min(1, ab / Math.sqrt(aa * bb))) : 0;
}
