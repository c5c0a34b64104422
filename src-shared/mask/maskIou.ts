/**
 * Intersection over union of shapes as pixels, from runs alone (as pycocotools' rleIou): no
 * bitmap of a frame or of a shape is made. Every shape becomes its set pixels column by column
 * (COCO's column-major order, in which a stored mask already is), and two shapes meet column by
 * column, interval against interval. A mask over 2,000 x 2,000 px is a few thousand runs, where
 * its bitmap is 4 MB.
 *
 * Which pixels a shape has: a mask's set pixels; a polygon's and a box's are those whose centre
 * is inside (polygonToMask.ts, the rule a polygon turned into a mask follows, so a polygon and
 * the mask made of it have the same pixels). Everything is cut to a clip box (the frame): a
 * pixel off the picture is nobody's, and a shape's cost is bounded by the frame it is on.
 */
import type { MaskGeometry, Point2 } from '../model/annotation';
import { forEachSetStretch, runStarts } from './maskRuns';
import { polygonScan, type ScanBox } from './polygonToMask';

/**
 * A shape's set pixels by column: frame column `x + c` holds the rows `[ys[k], ys[k + 1])` for
 * the even k from `at[c]` to `at[c + 1]`, top to bottom, none touching the next.
 */
export interface ColumnRuns {
  x: number;
  width: number;
  at: Int32Array;
  ys: Int32Array;
  /** rows of the set pixels: from minRow to maxRow (end-exclusive); 0 and 0 when none */
  minRow: number;
  maxRow: number;
  area: number;
}

const EMPTY: ColumnRuns = Object.freeze({ x: 0, width: 0, at: new Int32Array(1), ys: new Int32Array(0), minRow: 0, maxRow: 0, area: 0 });

/** Collects intervals column by column, in column order, into typed arrays grown by doubling. */
class ColumnWriter {
  private readonly at: Int32Array;
  private ys: Int32Array;
  private n = 0;
  private column = 0;
  private area = 0;
  private minRow = Infinity;
  private maxRow = -Infinity;

  constructor(
    private readonly x: number,
    private readonly width: number,
    intervals = width,
  ) {
    this.at = new Int32Array(width + 1);
    this.ys = new Int32Array(2 * Math.max(1, intervals));
  }

  /** Rows [from, to) of frame column `column` (columns in order, intervals downwards, from < to). */
  add(column: number, from: number, to: number): void {
    const c = column - this.x;
    while (this.column < c) this.at[++this.column] = this.n;
    // a run cut at a column's end goes on at the next column's top, never in the same column: only an exact touch joins
    if (this.n > this.at[c]! && this.ys[this.n - 1] === from) this.ys[this.n - 1] = to;
    else {
      if (this.n + 2 > this.ys.length) {
        const more = new Int32Array(this.ys.length * 2);
        more.set(this.ys);
        this.ys = more;
      }
      this.ys[this.n++] = from;
      this.ys[this.n++] = to;
    }
    this.area += to - from;
    if (from < this.minRow) this.minRow = from;
    if (to > this.maxRow) this.maxRow = to;
  }

  done(): ColumnRuns {
    while (this.column < this.width) this.at[++this.column] = this.n;
    if (this.area === 0) return EMPTY;
    return { x: this.x, width: this.width, at: this.at, ys: this.ys.subarray(0, this.n), minRow: this.minRow, maxRow: this.maxRow, area: this.area };
  }
}

/**
 * A stored mask's set pixels inside `clip`, straight from its runs (maskRuns.ts
 * forEachSetStretch: each set run cut at the ends of the columns it spans). A text that does not
 * decode has none.
 */
export function columnRunsOfMask(g: MaskGeometry, clip: ScanBox): ColumnRuns {
  const x0 = Math.max(g.x, clip.x);
  const x1 = Math.min(g.x + g.width, clip.x + clip.width);
  const top = Math.max(g.y, clip.y);
  const bottom = Math.min(g.y + g.height, clip.y + clip.height);
  if (x0 >= x1 || top >= bottom) return EMPTY;
  const out = new ColumnWriter(x0, x1 - x0, (runStarts(g).length >> 1) + (x1 - x0));
  forEachSetStretch(g, (column, fromRow, toRow) => {
    const x = g.x + column;
    if (x < x0 || x >= x1) return;
    const from = Math.max(g.y + fromRow, top);
    const to = Math.min(g.y + toRow, bottom);
    if (from < to) out.add(x, from, to);
  });
  return out.done();
}

/** The pixels whose centre is inside an axis-aligned box, inside `clip`: a box drawn as a four-point polygon has the same. */
export function columnRunsOfBox(b: { x: number; y: number; width: number; height: number }, clip: ScanBox): ColumnRuns {
  const x0 = Math.max(Math.ceil(b.x - 0.5), clip.x);
  const x1 = Math.min(Math.ceil(b.x + b.width - 0.5), clip.x + clip.width);
  const from = Math.max(Math.ceil(b.y - 0.5), clip.y);
  const to = Math.min(Math.ceil(b.y + b.height - 0.5), clip.y + clip.height);
  if (x0 >= x1 || from >= to) return EMPTY;
  // one interval per column, the same in each
  const width = x1 - x0;
  const at = new Int32Array(width + 1);
  const ys = new Int32Array(2 * width);
  for (let c = 0; c < width; c++) {
    at[c + 1] = 2 * c + 2;
    ys[2 * c] = from;
    ys[2 * c + 1] = to;
  }
  return { x: x0, width, at, ys, minRow: from, maxRow: to, area: width * (to - from) };
}

/** Where `v` is in a sorted array, or where it would go (binary search). */
function slotOf(sorted: readonly number[], v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds v to a sorted set, or takes it out when it is there. */
function toggle(sorted: number[], v: number): void {
  const k = slotOf(sorted, v);
  if (sorted[k] === v) sorted.splice(k, 1);
  else sorted.splice(k, 0, v);
}

/**
 * The pixels whose centre is inside the rings (even-odd), inside `clip`, from the rows the
 * polygon scan gives: turned to columns by a sweep over the columns, keeping the rows where
 * "set" changes (a row switched on or off flips that row and the next). The cost is the scan's
 * runs, their ends per column and the columns, never the pixels.
 */
export function columnRunsOfPolygon(rings: readonly (readonly Point2[])[], clip: ScanBox): ColumnRuns {
  const scan = polygonScan(rings, clip);
  if (!scan) return EMPTY;
  const { x: x0, width } = scan.box;
  const spans: number[] = [];
  scan.spans((row, from, to) => spans.push(row, from, to));
  if (spans.length === 0) return EMPTY;
  // Each run switches its row on at its first column and off past its last: bucketed by column.
  const starts = new Int32Array(width + 2);
  for (let k = 0; k < spans.length; k += 3) {
    starts[spans[k + 1]! - x0 + 1]!++;
    starts[spans[k + 2]! - x0 + 1]!++;
  }
  for (let c = 1; c < starts.length; c++) starts[c]! += starts[c - 1]!;
  const rows = new Int32Array(spans.length / 3 * 2);
  const fill = starts.slice(0, width + 1);
  for (let k = 0; k < spans.length; k += 3) {
    rows[fill[spans[k + 1]! - x0]!++] = spans[k]!;
    rows[fill[spans[k + 2]! - x0]!++] = spans[k]!;
  }
  const out = new ColumnWriter(x0, width);
  const edges: number[] = []; // rows where "set" changes, sorted: set between edges[0] and edges[1], ...
  for (let c = 0; c < width; c++) {
    for (let e = starts[c]!; e < starts[c + 1]!; e++) {
      toggle(edges, rows[e]!);
      toggle(edges, rows[e]! + 1);
    }
    for (let k = 0; k + 1 < edges.length; k += 2) out.add(x0 + c, edges[k]!, edges[k + 1]!);
  }
  return out.done();
}

/** Pixels set in both, without a bitmap: column against column, interval against interval. */
export function intersectionArea(a: ColumnRuns, b: ColumnRuns): number {
  if (a.area === 0 || b.area === 0 || a.maxRow <= b.minRow || b.maxRow <= a.minRow) return 0;
  const from = Math.max(a.x, b.x);
  const to = Math.min(a.x + a.width, b.x + b.width);
  let inter = 0;
  for (let x = from; x < to; x++) {
    let i = a.at[x - a.x]!;
    const iEnd = a.at[x - a.x + 1]!;
    let j = b.at[x - b.x]!;
    const jEnd = b.at[x - b.x + 1]!;
    while (i < iEnd && j < jEnd) {
      const lo = Math.max(a.ys[i]!, b.ys[j]!);
      const hi = Math.min(a.ys[i + 1]!, b.ys[j + 1]!);
      if (hi > lo) inter += hi - lo;
      if (a.ys[i + 1]! < b.ys[j + 1]!) i += 2;
      else j += 2;
    }
  }
  return inter;
}

/**
 * Intersection over union of two pixel sets; 0 when neither has a pixel. With `atLeast`, a pair
 * whose boxes show it cannot reach that IoU answers 0 without its columns being compared: what
 * overlaps is at most the smaller area and the overlap of the boxes, and the union at least the
 * areas less that. Matching (metrics.ts) needs no IoU below its lowest threshold.
 */
export function columnRunsIoU(a: ColumnRuns, b: ColumnRuns, atLeast = 0): number {
  if (atLeast > 0) {
    const cols = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
    const rows = Math.min(a.maxRow, b.maxRow) - Math.max(a.minRow, b.minRow);
    const most = cols > 0 && rows > 0 ? Math.min(a.area, b.area, cols * rows) : 0;
    if (most === 0 || most / (a.area + b.area - most) < atLeast) return 0;
  }
  const inter = intersectionArea(a, b);
  const union = a.area + b.area - inter;
  return union > 0 ? inter / union : 0;
}
