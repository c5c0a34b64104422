/**
 * Draws many objects fast: instead of one beginPath/stroke per object, the objects of a batch
 * (objects of one style that can be drawn together without breaking the z-order, see
 * batches.ts) go into the same few Path2D (outlines of closed shapes, open lines, marks for
 * points), each filled or stroked once, so 10,000 polygons cost a few hundred draw calls.
 * The drawing can stop at a deadline and go on later (BatchPainter), so a big picture is drawn
 * over several animation frames. Keypoints are joined by their feature's skeleton.
 * Coordinates are turned into device pixels here, so line widths and point sizes stay the
 * same at every zoom. Shapes that would be under ~1.5 device pixels are drawn as a dot:
 * tracing their outline would cost the same and show nothing more.
 */
import type { AnnotationObject, MaskGeometry, Point2 } from '../../../../src-shared/model/annotation';
import { boundsOf, boxCorners } from '../geometry/bounds';
import { CUBOID_EDGES } from '../geometry/hitTest';
import type { Rect } from '../geometry/rect';
import { planBatches, type PlannedBatch } from './batches';
import { maskPicture } from './maskPictures';

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
  /** alpha of a mask's pixels (a pre-annotation's at two thirds of it) */
  maskAlpha: number;
}

/**
 * One device pixel wide lines: Skia draws those as hairlines, four times faster than 1.5 px in
 * software rendering; the selection is drawn thicker in the overlay.
 */
export const defaultStyle = (dpr: number): PaintStyle => ({ lineWidth: dpr, pointRadius: 3.5 * dpr, fillAlpha: 0.18, dash: [6 * dpr, 4 * dpr], maskAlpha: 0.45 });

/** A keypoint feature's skeleton: its points (by id) and the edges between them (indexes into points). */
export interface KeypointSkeleton {
  points: readonly { id: string }[];
  edges: readonly { from: number; to: number }[];
}

/** Skeletons by feature id, prepared for drawing. */
export type Skeletons = ReadonlyMap<number, PreparedSkeleton>;

export interface PreparedSkeleton {
  /** skeleton point id → its index */
  index: ReadonlyMap<string, number>;
  size: number;
  edges: readonly { from: number; to: number }[];
}

export function prepareSkeletons(byFeature: ReadonlyMap<number, KeypointSkeleton>): Skeletons {
  const out = new Map<number, PreparedSkeleton>();
  for (const [feature, s] of byFeature) {
    const index = new Map(s.points.map((p, i) => [p.id, i] as const));
    out.set(feature, { index, size: s.points.length, edges: s.edges.filter((e) => e.from >= 0 && e.to >= 0 && e.from < s.points.length && e.to < s.points.length && e.from !== e.to) });
  }
  return out;
}

/**
 * What painting uses of a Path2D and of a 2D context, spelled out so this module needs no DOM
 * types (the unit tests run it in Node with recording fakes); the real ones fit.
 */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  closePath(): void;
}

export interface PaintContext {
  fillStyle: unknown;
  strokeStyle: unknown;
  globalAlpha: number;
  lineWidth: number;
  lineJoin: unknown;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  setLineDash(segments: number[]): void;
  fill(path: PathSink): void;
  stroke(path: PathSink): void;
  /** masks only (a context that never paints one need not have it) */
  drawImage?(image: HTMLCanvasElement, dx: number, dy: number, dw: number, dh: number): void;
  imageSmoothingEnabled?: boolean;
}

const newPath = (): PathSink => new (globalThis as unknown as { Path2D: new () => PathSink }).Path2D();

/**
 * Chromium's Path2D gets slower per segment the longer it is (10,000 polygons in one Path2D
 * took 2.7 s to build, in 64 pieces 56 ms), so a batch is drawn as pieces of bounded length.
 */
export const SEGMENTS_PER_PATH = 1500;

type PathKind = 0 | 1 | 2;
/** closed shapes (filled, then outlined), open lines, marks (filled dots and points) */
const AREA: PathKind = 0;
const LINE: PathKind = 1;
const MARKS: PathKind = 2;

/**
 * Adds a path in device pixels, leaving out vertices within half a device pixel of the last one
 * kept. Closed paths are traced with one winding (the direction of Path2D.rect), so where two
 * shapes of one batch overlap the nonzero fill is their union, not a hole.
 */
function tracePath(path: PathSink, points: readonly Point2[], t: DeviceTransform, closed: boolean): void {
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

function traceCircle(path: PathSink, p: Point2, t: DeviceTransform, r: number): void {
  const x = p.x * t.scale + t.ox;
  const y = p.y * t.scale + t.oy;
  path.moveTo(x + r, y);
  path.arc(x, y, r, 0, 2 * Math.PI);
}

/**
 * Paints planned batches in order, piece by piece: each kind of path (areas, lines, marks) of
 * the current batch is filled or stroked when it reaches SEGMENTS_PER_PATH segments and at the
 * end of the batch. step() stops once a deadline has passed and goes on from there next time.
 */
export class BatchPainter {
  private batch = 0;
  private object = 0;
  private readonly paths: [PathSink | null, PathSink | null, PathSink | null] = [null, null, null];
  private readonly segments = [0, 0, 0];
  private dashed: boolean | null = null;

  constructor(
    private readonly batches: readonly PlannedBatch[],
    private readonly t: DeviceTransform,
    private readonly style: PaintStyle,
    private readonly skeletons: Skeletons = new Map(),
  ) {}

  get done(): boolean {
    return this.batch >= this.batches.length;
  }

  /** Paints until `deadline` (performance.now() time) has passed or everything is painted; true when done. */
  step(ctx: PaintContext, deadline = Infinity): boolean {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.lineWidth = this.style.lineWidth;
    ctx.lineJoin = 'round';
    this.dashed = null;
    let n = 0;
    while (this.batch < this.batches.length) {
      const b = this.batches[this.batch]!;
      if (this.object < b.objects.length) {
        this.add(ctx, b, b.objects[this.object]!, b.bounds[this.object++]!);
        if (++n % 16 === 0 && performance.now() > deadline) return false;
        continue;
      }
      for (const kind of [AREA, LINE, MARKS] as const) this.flush(ctx, b, kind);
      this.batch++;
      this.object = 0;
    }
    ctx.setLineDash([]);
    return true;
  }

  /** A path of this kind with room for `segments` more (the full one is painted first). */
  private path(ctx: PaintContext, b: PlannedBatch, kind: PathKind, segments: number): PathSink {
    if (this.segments[kind]! + segments > SEGMENTS_PER_PATH && this.segments[kind]! > 0) this.flush(ctx, b, kind);
    this.segments[kind]! += segments;
    return (this.paths[kind] ??= newPath());
  }

  private flush(ctx: PaintContext, b: PlannedBatch, kind: PathKind): void {
    const p = this.paths[kind];
    if (!p) return;
    this.paths[kind] = null;
    this.segments[kind] = 0;
    ctx.fillStyle = b.color;
    ctx.strokeStyle = b.color;
    if (kind === MARKS) return ctx.fill(p);
    if (kind === AREA && this.style.fillAlpha > 0) {
      ctx.globalAlpha = this.style.fillAlpha;
      ctx.fill(p);
      ctx.globalAlpha = 1;
    }
    if (this.dashed !== b.dashed) {
      ctx.setLineDash(b.dashed ? this.style.dash : []);
      this.dashed = b.dashed;
    }
    ctx.stroke(p);
  }

  /** Adds one object to the batch's paths (as a dot when it is too small to show its shape). */
  private add(ctx: PaintContext, b: PlannedBatch, o: AnnotationObject, r: Rect): void {
    const t = this.t;
    if (o.tool === 'mask') return this.paintMask(ctx, b, o.geometry);
    if (o.tool !== 'point' && o.tool !== 'keypoints') {
      if ((r.maxX - r.minX) * t.scale < 1.5 && (r.maxY - r.minY) * t.scale < 1.5) {
        this.path(ctx, b, MARKS, 4).rect(r.minX * t.scale + t.ox - 1, r.minY * t.scale + t.oy - 1, 2, 2);
        return;
      }
    }
    switch (o.tool) {
      case 'box':
        if (o.geometry.rotation) tracePath(this.path(ctx, b, AREA, 4), boxCorners(o.geometry), t, true);
        else this.path(ctx, b, AREA, 4).rect(o.geometry.x * t.scale + t.ox, o.geometry.y * t.scale + t.oy, o.geometry.width * t.scale, o.geometry.height * t.scale);
        return;
      case 'polygon':
        tracePath(this.path(ctx, b, AREA, o.geometry.points.length), o.geometry.points, t, true);
        return;
      case 'polyline':
        tracePath(this.path(ctx, b, LINE, o.geometry.points.length), o.geometry.points, t, false);
        return;
      case 'point':
        traceCircle(this.path(ctx, b, MARKS, 8), o.geometry, t, this.style.pointRadius);
        return;
      case 'keypoints': {
        const pts = o.geometry.points;
        const skeleton = this.skeletons.get(o.featureId);
        if (skeleton?.edges.length) {
          // Skeleton edges first (the marks are painted over them), only between points that are placed.
          const slots: (Point2 | undefined)[] = new Array<Point2 | undefined>(skeleton.size);
          for (const p of pts) {
            const i = skeleton.index.get(p.pointId);
            if (i !== undefined && p.visibility !== 'absent') slots[i] = p;
          }
          const edges = this.path(ctx, b, LINE, 2 * skeleton.edges.length);
          for (const e of skeleton.edges) {
            const p = slots[e.from];
            const q = slots[e.to];
            if (p && q) tracePath(edges, [p, q], t, false);
          }
        }
        for (const p of pts) {
          if (p.visibility === 'absent') continue;
          // An occluded keypoint is a ring: placed, but not seen on the image.
          traceCircle(this.path(ctx, b, p.visibility === 'occluded' ? LINE : MARKS, 8), p, t, this.style.pointRadius);
        }
        return;
      }
      case 'cuboid': {
        const c = o.geometry.points;
        tracePath(this.path(ctx, b, AREA, 4), c.slice(0, 4), t, true);
        const edges = this.path(ctx, b, LINE, 8);
        for (const [i, j] of CUBOID_EDGES.slice(4)) tracePath(edges, [c[i]!, c[j]!], t, false);
        return;
      }
    }
  }

  /**
   * A mask is copied at once as its picture (its batch holds masks only, so the order with
   * shapes is kept), pixels sharp when zoomed in. With the alpha at 0 (the selection's outline
   * pass) nothing is drawn: the picture has no outline to stroke.
   */
  private paintMask(ctx: PaintContext, b: PlannedBatch, g: MaskGeometry): void {
    const alpha = this.style.maskAlpha * (b.dashed ? 2 / 3 : 1);
    if (alpha <= 0 || !ctx.drawImage) return;
    const t = this.t;
    ctx.imageSmoothingEnabled = false;
    ctx.globalAlpha = alpha;
    ctx.drawImage(maskPicture(g, b.color), g.x * t.scale + t.ox, g.y * t.scale + t.oy, g.width * t.scale, g.height * t.scale);
    ctx.globalAlpha = 1;
  }
}

/**
 * Paints objects given bottom to top, stacked by that order (a few objects: the overlay's
 * selection and drag preview; the cached layer plans and paints in slices instead).
 */
export function paintObjects(
  ctx: PaintContext,
  objects: readonly AnnotationObject[],
  t: DeviceTransform,
  colorOf: (o: AnnotationObject) => string,
  style: PaintStyle,
  skeletons?: Skeletons,
): void {
  if (objects.length) new BatchPainter(planBatches(objects, colorOf, boundsOf), t, style, skeletons).step(ctx);
}
