/**
 * Optical flow for the tracker (tried for issue 33; a setting, off as shipped: see
 * docs/ai-models.md, "Tracker"): corners inside the object's box on the last frame
 * (goodFeaturesToTrack), followed into the next (pyramidal Lucas-Kanade, calcOpticalFlowPyrLK,
 * from where the motion model expects them), kept when followed back they land within a pixel of
 * where they started; the box moves by their median shift and grows by the median ratio of their
 * distances to each other.
 */
import type { Box } from '../geometry';
import { withMats, type CV } from './opencv';
import type { Pyramid } from './trackPyramid';

/** Longer side of the box in the views the flow is computed on. */
const SIDE = 96;

export function flowBox(cv: CV, prev: Pyramid, next: Pyramid, box: Box, guessDx: number, guessDy: number): Box | null {
  const side = Math.max(box.width, box.height);
  const sc = Math.min(1, SIDE / side);
  const pad = 0.25 * side + Math.hypot(guessDx, guessDy) * 0.5 + 8;
  const x0 = box.x - pad;
  const y0 = box.y - pad;
  const w = Math.round((box.width + 2 * pad) * sc);
  const h = Math.round((box.height + 2 * pad) * sc);
  const a = prev.view(x0, y0, sc, w, h);
  const b = next.view(x0 + guessDx, y0 + guessDy, sc, w, h);
  return withMats((keep) => {
    const A = keep(new cv.Mat(h, w, cv.CV_8UC1));
    A.data.set(a.data);
    const B = keep(new cv.Mat(h, w, cv.CV_8UC1));
    B.data.set(b.data);
    const mask = keep(cv.Mat.zeros(h, w, cv.CV_8UC1));
    const bx0 = Math.max(0, Math.round(pad * sc));
    const by0 = Math.max(0, Math.round(pad * sc));
    for (let y = by0; y < Math.min(h, by0 + Math.round(box.height * sc)); y++) mask.data.fill(255, y * w + bx0, y * w + Math.min(w, bx0 + Math.round(box.width * sc)));
    const p0 = keep(new cv.Mat());
    cv.goodFeaturesToTrack(A, p0, 60, 0.01, 3, mask, 3);
    if (p0.rows < 6) return null;
    const p1 = keep(new cv.Mat());
    const back = keep(new cv.Mat());
    const st = keep(new cv.Mat());
    const st2 = keep(new cv.Mat());
    const err = keep(new cv.Mat());
    const win = new cv.Size(15, 15);
    const crit = new cv.TermCriteria(cv.TermCriteria_COUNT + cv.TermCriteria_EPS, 20, 0.03);
    cv.calcOpticalFlowPyrLK(A, B, p0, p1, st, err, win, 3, crit);
    cv.calcOpticalFlowPyrLK(B, A, p1, back, st2, err, win, 3, crit);
    const from: [number, number][] = [];
    const to: [number, number][] = [];
    for (let i = 0; i < p0.rows; i++) {
      if (!st.data[i] || !st2.data[i]) continue;
      const fb = Math.hypot(back.data32F[2 * i]! - p0.data32F[2 * i]!, back.data32F[2 * i + 1]! - p0.data32F[2 * i + 1]!);
      if (fb > 1) continue;
      from.push([p0.data32F[2 * i]!, p0.data32F[2 * i + 1]!]);
      to.push([p1.data32F[2 * i]!, p1.data32F[2 * i + 1]!]);
    }
    if (from.length < 5) return null;
    const median = (xs: number[]) => [...xs].sort((m, n) => m - n)[xs.length >> 1]!;
    const dx = median(from.map((p, i) => to[i]![0] - p[0])) / sc + guessDx;
    const dy = median(from.map((p, i) => to[i]![1] - p[1])) / sc + guessDy;
    const ratios: number[] = [];
    for (let i = 0; i < from.length; i++)
      for (let j = i + 1; j < from.length; j += 3) {
        const d0 = Math.hypot(from[i]![0] - from[j]![0], from[i]![1] - from[j]![1]);
        if (d0 > 4) ratios.push(Math.hypot(to[i]![0] - to[j]![0], to[i]![1] - to[j]![1]) / d0);
      }
    const k = ratios.length >= 5 ? Math.min(1.15, Math.max(0.87, median(ratios))) : 1;
    const cx = box.x + box.width / 2 + dx;
    const cy = box.y + box.height / 2 + dy;
    return { x: cx - (box.width * k) / 2, y: cy - (box.height * k) / 2, width: box.width * k, height: box.height * k };
  });
}
