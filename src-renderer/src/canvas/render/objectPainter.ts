/**
 * Draws many objects fast: instead of one beginPath/stroke per object, every object of one
 * colour goes into the same few Path2D (outlines of closed shapes, open lines, marks for
 * points), each filled or stroked once, so 10,000 polygons cost a handful of draw calls.
 * Coordinates are turned into device pixels here, so line widths and point sizes stay the
 * same at every zoom. Shapes that would be under ~1.5 device pixels are drawn as a dot:
 * tracing their outline would cost the same and show nothing more.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import { boundsOf, boxCorners } from '../geometry/bounds';
import { CUBOID_EDGES } from '../geometry/hitTest';

/** image → device pixels: device = image * scale + offset */
export interface DeviceTransform {
  scale: number;
  ox: number;
  oy: number;
}

export interface PaintStyle {
  /** device pixels */
  lineWidth: number;
  pointRadius: number;
  /** alpha of the fill of closed shapes */
  fillAlpha: number;
  /** dash pattern of pre-annotations (source 'ai'), device pixels */
  dash: number[];
}

/**
 * One device pixel wide lines: Skia draws those as hairlines, four times faster than 1.5 px in
 * software rendering; the selection is drawn thicker in the overlay.
 */
export const defaultStyle = (dpr: number): PaintStyle => ({ lineWidth: dpr, pointRadius: 3.5 * dpr, fillAlpha: 0.18, dash: [6 * dpr, 4 * dpr] });

type PathKind = 'area' | 'areaDashed' | 'line' | 'lineDashed' | 'marks';

/**
 * Chromium's Path2D gets slower per segment the longer it is (10,000 polygons in one Path2D
 * took 2.7 s to build, in 64 pieces 56 ms), so a batch is a list of paths of bounded length.
 */
const SEGMENTS_PER_PATH = 1500;

class Batch {
  private paths = new Map<PathKind, { list: Path2D[]; segments: number }>();

  /** A path of this kind with room for `segments` more. */
  path(kind: PathKind, segments: number): Path2D {
    let p = this.paths.get(kind);
    if (!p) this.paths.set(kind, (p = { list: [new Path2D()], segments: 0 }));
    if (p.segments + segments > SEGMENTS_PER_PATH && p.segments > 0) {
      p.list.push(new Path2D());
      p.segments = 0;
    }
    p.segments += segments;
    return p.list[p.list.length - 1]!;
  }

  each(kind: PathKind, draw: (p: Path2D) => void): boolean {
    const list = this.paths.get(kind)?.list;
    list?.forEach(draw);
    return !!list;
  }
}

/**
 * Adds a path in device pixels, leaving out vertices within half a device pixel of the last one
 * kept. Closed paths are traced with one winding (the direction of Path2D.rect), so where two
 * shapes of one batch overlap the nonzero fill is their union, not a hole.
 */
function tracePath(path: Path2D, points: readonly Point2[], t: DeviceTransform, closed: boolean): void {
  const n = points.length;
  if (!n) return;
  let twiceArea = 0;
  if (closed) for (let i = 0, j = n - 1; i < n; j = i++) twiceArea += (points[j]!.x - points[i]!.x) * (points[j]!.y + points[i]!.y);
  // Path2D.rect (x,y → x+w,y → x+w,y+h → x,y+h) sums positive here: the others are turned to match.
  const reverse = twiceArea < 0;
  const at = (k: number) => points[reverse ? n - 1 - k : k]!;
  let lx = at(0).x * t.scale + t.ox;
  let ly = at(0).y * t.scale + t.oy;
  path.moveTo(lx, ly);
  for (let k = 1; k < n; k++) {
    const p = at(k);
    const x = p.x * t.scale + t.ox;
    const y = p.y * t.scale + t.oy;
    if (Math.abs(x - lx) < 0.5 && Math.abs(y - ly) < 0.5 && k < n - 1) continue;
    path.lineTo(x, y);
    lx = x;
    ly = y;
  }
  if (closed) path.closePath();
}

function traceCircle(path: Path2D, p: Point2, t: DeviceTransform, r: number): void {
  const x = p.x * t.scale + t.ox;
  const y = p.y * t.scale + t.oy;
  path.moveTo(x + r, y);
  path.arc(x, y, r, 0, 2 * Math.PI);
}

/** Adds one object to its colour's batch (as a dot when it is too small to show its shape). */
function addObject(b: Batch, o: AnnotationObject, t: DeviceTransform, style: PaintStyle): void {
  const dashed = o.source === 'ai';
  const area: PathKind = dashed ? 'areaDashed' : 'area';
  const line: PathKind = dashed ? 'lineDashed' : 'line';
  if (o.tool !== 'point' && o.tool !== 'keypoints') {
    const r = boundsOf(o);
    if ((r.maxX - r.minX) * t.scale < 1.5 && (r.maxY - r.minY) * t.scale < 1.5) {
      b.path('marks', 4).rect(r.minX * t.scale + t.ox - 1, r.minY * t.scale + t.oy - 1, 2, 2);
      return;
    }
  }
  switch (o.tool) {
    case 'box':
      if (o.geometry.rotation) tracePath(b.path(area, 4), boxCorners(o.geometry), t, true);
      else b.path(area, 4).rect(o.geometry.x * t.scale + t.ox, o.geometry.y * t.scale + t.oy, o.geometry.width * t.scale, o.geometry.height * t.scale);
      return;
    case 'polygon':
      tracePath(b.path(area, o.geometry.points.length), o.geometry.points, t, true);
      return;
    case 'polyline':
      tracePath(b.path(line, o.geometry.points.length), o.geometry.points, t, false);
      return;
    case 'point':
      traceCircle(b.path('marks', 8), o.geometry, t, style.pointRadius);
      return;
    case 'keypoints':
      for (const p of o.geometry.points) {
        if (p.visibility === 'absent') continue;
        // An occluded keypoint is a ring: placed, but not seen on the image.
        traceCircle(b.path(p.visibility === 'occluded' ? line : 'marks', 8), p, t, style.pointRadius);
      }
      return;
    case 'cuboid': {
      const c = o.geometry.points;
      tracePath(b.path(area, 4), c.slice(0, 4), t, true);
      const edges = b.path(line, 8);
      for (const [i, j] of CUBOID_EDGES.slice(4)) tracePath(edges, [c[i]!, c[j]!], t, false);
      return;
    }
  }
}

/** Paints objects (bottom to top within a colour; colours in the order they first appear). */
export function paintObjects(ctx: CanvasRenderingContext2D, objects: readonly AnnotationObject[], t: DeviceTransform, colorOf: (o: AnnotationObject) => string, style: PaintStyle): void {
  const batches = new Map<string, Batch>();
  for (const o of objects) {
    const color = colorOf(o);
    let b = batches.get(color);
    if (!b) batches.set(color, (b = new Batch()));
    addObject(b, o, t, style);
  }
  ctx.lineWidth = style.lineWidth;
  ctx.lineJoin = 'round';
  for (const [color, b] of batches) {
    ctx.fillStyle = color;
    ctx.strokeStyle = color;
    ctx.globalAlpha = style.fillAlpha;
    if (style.fillAlpha > 0) {
      b.each('area', (p) => ctx.fill(p));
      b.each('areaDashed', (p) => ctx.fill(p));
    }
    ctx.globalAlpha = 1;
    b.each('area', (p) => ctx.stroke(p));
    b.each('line', (p) => ctx.stroke(p));
    ctx.setLineDash(style.dash);
    b.each('areaDashed', (p) => ctx.stroke(p));
    b.each('lineDashed', (p) => ctx.stroke(p));
    ctx.setLineDash([]);
    b.each('marks', (p) => ctx.fill(p));
  }
}
