/**
 * The largest outer outline of a bitmap, simplified: OpenCV's findContours (external contours,
 * every boundary pixel) and approxPolyDP. Points are bitmap pixel centres; the caller maps them
 * back to the picture.
 */
import type { Point } from '../geometry';
import { opencvReady, withMats } from './opencv';

export interface Outline {
  points: Point[];
  /** the outline's area, and the area of every outer outline together (bitmap pixels) */
  area: number;
  totalArea: number;
}

/** The largest outer outline within `epsilon` bitmap pixels, or null when the bitmap has none of 3 points or more. */
export async function largestOutline(bits: Uint8Array, width: number, height: number, epsilon: number): Promise<Outline | null> {
  const cv = await opencvReady();
  return withMats((keep) => {
    const img = keep(new cv.Mat(height, width, cv.CV_8UC1));
    img.data.set(bits);
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    cv.findContours(img, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_NONE);
    let best = -1;
    let area = 0;
    let totalArea = 0;
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      // a one-pixel-wide piece has no area by the contour: count its pixels instead
      const a = Math.max(cv.contourArea(c), c.rows > 0 ? 1 : 0);
      c.delete();
      totalArea += a;
      if (a > area) {
        area = a;
        best = i;
      }
    }
    if (best < 0) return null;
    const contour = keep(contours.get(best));
    const approx = keep(new cv.Mat());
    cv.approxPolyDP(contour, approx, Math.max(0.5, epsilon), true);
    const xy = approx.data32S;
    const points: Point[] = [];
    for (let i = 0; i + 1 < xy.length; i += 2) points.push({ x: xy[i]!, y: xy[i + 1]! });
    return points.length >= 3 ? { points, area, totalArea } : null;
  });
}
