/**
 * Which objects are drawn together, and in what order, so that the picture stacks by zIndex
 * while thousands of objects still cost a few dozen fill/stroke calls. (Pure: runs in Node.)
 *
 * A batch is a run of objects of one style (colour, dashed for `source: 'ai'`, filled or not)
 * drawn with the same few calls. Walking the objects bottom to top, a new batch starts only
 * when the style changes; and since two objects that do not overlap can be drawn in either
 * order, an object also joins an earlier batch of its style when nothing it overlaps has been
 * drawn after that batch. In practice each object gets a level: the lowest level at or above
 * that of every overlapping object below it of the same style, and above that of every
 * overlapping object below it of another style. Batches are the (level, style) pairs, drawn
 * level by level. Two objects of one level and different styles never overlap, so the order
 * of styles within a level does not matter; an object above an overlapping one of another
 * style is always in a later level. Overlap is judged by bounds (a safe over-estimate).
 *
 * With one colour, or objects that do not overlap, this is one batch per style; with the
 * worst case (every object overlapping the one below in another colour) one per object, which
 * is what z-order then costs.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import type { Rect } from '../geometry/rect';

/** How an object is drawn: objects of one style can share a batch. */
export interface BatchStyle {
  color: string;
  /** dashed outline: a pre-annotation (source 'ai') */
  dashed: boolean;
  /** a closed shape with a fill (box, polygon, cuboid) rather than lines and marks */
  filled: boolean;
  /** masks: drawn as pictures, one copy each, never in the same batch as shapes */
  mask: boolean;
}

export interface PlannedBatch extends BatchStyle {
  /** bottom to top */
  objects: AnnotationObject[];
  /** their bounds, as given to the planner */
  bounds: Rect[];
}

export const isFilled = (o: AnnotationObject) => o.tool === 'box' || o.tool === 'polygon' || o.tool === 'cuboid';
export const styleOf = (o: AnnotationObject, color: string): BatchStyle => ({ color, dashed: o.source === 'ai', filled: isFilled(o), mask: o.tool === 'mask' });

/**
 * Overlaps are found with a uniform grid of about one object per cell (at most GRID_MAX cells a
 * side); objects spanning more than BIG_CELLS cells are kept in a list of their own, checked
 * against every object, rather than in hundreds of cells.
 */
const GRID_MAX = 256;
const BIG_CELLS = 64;

/**
 * Plans batches one object at a time (bottom to top), so the work can be spread over several
 * animation frames: add() each object with its bounds, then finish().
 */
export class BatchPlanner {
  /** style ids by colour, then by dashed x filled (0-3), or mask and dashed (4-5) */
  private readonly styleIds = new Map<string, number[]>();
  private readonly styles: BatchStyle[] = [];
  private objects: AnnotationObject[] = [];
  private rects: Rect[] = [];
  private level: number[] = [];
  private style: number[] = [];
  private box: Float64Array;
  /** per cell, its first entry (-1: none); entries are linked lists of object numbers, allocation-free */
  private readonly head: Int32Array;
  private entryObject: Int32Array;
  private entryNext: Int32Array;
  private entries = 0;
  private readonly big: number[] = [];
  private readonly cellW: number;
  private readonly cellH: number;
  private readonly cols: number;
  private readonly rows: number;

  /**
   * `area`: the part of the image being drawn (objects reaching out of it are clamped to it);
   * `expected`: about how many objects will be added (sizes the grid).
   */
  constructor(
    private readonly area: Rect,
    expected: number,
  ) {
    const w = Math.max(area.maxX - area.minX, 1e-9);
    const h = Math.max(area.maxY - area.minY, 1e-9);
    const perSide = Math.max(1, Math.min(GRID_MAX, Math.ceil(Math.sqrt(expected))));
    const side = Math.max(w, h) / perSide;
    this.cols = Math.max(1, Math.min(GRID_MAX, Math.ceil(w / side)));
    this.rows = Math.max(1, Math.min(GRID_MAX, Math.ceil(h / side)));
    this.box = new Float64Array(4 * Math.max(16, expected));
    this.cellW = w / this.cols;
    this.cellH = h / this.rows;
    this.head = new Int32Array(this.cols * this.rows).fill(-1);
    this.entryObject = new Int32Array(4 * Math.max(16, expected));
    this.entryNext = new Int32Array(4 * Math.max(16, expected));
  }

  get size(): number {
    return this.objects.length;
  }

  /** Adds the next object up: it must be above every object added before. */
  add(o: AnnotationObject, color: string, b: Rect): void {
    const dashed = o.source === 'ai';
    const filled = isFilled(o);
    const mask = o.tool === 'mask';
    let ids = this.styleIds.get(color);
    if (!ids) this.styleIds.set(color, (ids = [-1, -1, -1, -1, -1, -1]));
    const variant = mask ? 4 + (dashed ? 1 : 0) : (dashed ? 2 : 0) + (filled ? 1 : 0);
    let s = ids[variant]!;
    if (s < 0) {
      ids[variant] = s = this.styles.length;
      this.styles.push({ color, dashed, filled, mask });
    }
    const i = this.objects.length;
    const c0 = this.col(b.minX);
    const c1 = this.col(b.maxX);
    const r0 = this.row(b.minY);
    const r1 = this.row(b.maxY);
    let level = 0;
    const bx = this.box;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        for (let e = this.head[r * this.cols + c]!; e >= 0; e = this.entryNext[e]!) {
          const j = this.entryObject[e]!;
          const k = 4 * j;
          if (bx[k]! > b.maxX || bx[k + 2]! < b.minX || bx[k + 1]! > b.maxY || bx[k + 3]! < b.minY) continue;
          const need = this.level[j]! + (this.style[j] === s ? 0 : 1);
          if (need > level) level = need;
        }
      }
    }
    for (const j of this.big) {
      const k = 4 * j;
      if (bx[k]! > b.maxX || bx[k + 2]! < b.minX || bx[k + 1]! > b.maxY || bx[k + 3]! < b.minY) continue;
      const need = this.level[j]! + (this.style[j] === s ? 0 : 1);
      if (need > level) level = need;
    }
    if (4 * i + 4 > this.box.length) {
      const grown = new Float64Array(this.box.length * 2);
      grown.set(this.box);
      this.box = grown;
    }
    this.objects.push(o);
    this.rects.push(b);
    this.level.push(level);
    this.style.push(s);
    this.box[4 * i] = b.minX;
    this.box[4 * i + 1] = b.minY;
    this.box[4 * i + 2] = b.maxX;
    this.box[4 * i + 3] = b.maxY;
    if ((c1 - c0 + 1) * (r1 - r0 + 1) > BIG_CELLS) this.big.push(i);
    else for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.link(r * this.cols + c, i);
  }

  /** The batches in drawing order: by level, then by style in the order styles first appeared. */
  finish(): PlannedBatch[] {
    const byKey = new Map<number, PlannedBatch>();
    const n = this.styles.length;
    for (let i = 0; i < this.objects.length; i++) {
      const key = this.level[i]! * n + this.style[i]!;
      let b = byKey.get(key);
      if (!b) byKey.set(key, (b = { ...this.styles[this.style[i]!]!, objects: [], bounds: [] }));
      b.objects.push(this.objects[i]!);
      b.bounds.push(this.rects[i]!);
    }
    return [...byKey.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
  }

  private link(cell: number, object: number): void {
    if (this.entries === this.entryObject.length) {
      const objects = new Int32Array(this.entries * 2);
      const next = new Int32Array(this.entries * 2);
      objects.set(this.entryObject);
      next.set(this.entryNext);
      this.entryObject = objects;
      this.entryNext = next;
    }
    const e = this.entries++;
    this.entryObject[e] = object;
    this.entryNext[e] = this.head[cell]!;
    this.head[cell] = e;
  }

  private col(x: number): number {
    return Math.max(0, Math.min(this.cols - 1, Math.floor((x - this.area.minX) / this.cellW)));
  }

  private row(y: number): number {
    return Math.max(0, Math.min(this.rows - 1, Math.floor((y - this.area.minY) / this.cellH)));
  }
}

/** Batches for objects given bottom to top, in drawing order (the whole plan at once). */
export function planBatches(objects: readonly AnnotationObject[], colorOf: (o: AnnotationObject) => string, boundsOf: (o: AnnotationObject) => Rect): PlannedBatch[] {
  if (!objects.length) return [];
  const bounds = objects.map(boundsOf);
  const area = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const b of bounds) {
    area.minX = Math.min(area.minX, b.minX);
    area.minY = Math.min(area.minY, b.minY);
    area.maxX = Math.max(area.maxX, b.maxX);
    area.maxY = Math.max(area.maxY, b.maxY);
  }
  const planner = new BatchPlanner(area, objects.length);
  objects.forEach((o, i) => planner.add(o, colorOf(o), bounds[i]!));
  return planner.finish();
}
