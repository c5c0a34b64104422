/** Plain geometry on image pixels (boxes are x, y, width, height; polygons are point lists). */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

export function area(b: Box): number {
  return Math.max(0, b.width) * Math.max(0, b.height);
}

export function intersection(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: Box, b: Box): number {
  const inter = intersection(a, b);
  if (inter === 0) return 0;
  return inter / (area(a) + area(b) - inter);
}

/** The box clipped to the image; width/height 0 when nothing of it is inside. */
export function clipBox(b: Box, width: number, height: number): Box {
  const x0 = Math.min(Math.max(b.x, 0), width);
  const y0 = Math.min(Math.max(b.y, 0), height);
  const x1 = Math.min(Math.max(b.x + b.width, 0), width);
  const y1 = Math.min(Math.max(b.y + b.height, 0), height);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

export function boundingBox(points: readonly Point[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Absolute area of a simple polygon (shoelace). */
export function polygonArea(points: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return Math.abs(s) / 2;
}

/**
 * Greedy non-maximum suppression: keeps the best-scoring item and drops the ones overlapping it
 * by more than `iouThreshold`, within the same class when `perClass` (the default).
 */
export function nms<T extends { box: Box; score: number; className: string }>(items: readonly T[], iouThreshold: number, perClass = true): T[] {
  const sorted = [...items].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const item of sorted) {
    if (kept.some((k) => (!perClass || k.className === item.className) && iou(k.box, item.box) > iouThreshold)) continue;
    kept.push(item);
  }
  return kept;
}

export const round2 = (v: number) => Math.round(v * 100) / 100;
