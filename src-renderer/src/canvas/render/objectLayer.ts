/**
 * The objects drawn once into an offscreen canvas a margin larger than the view, then copied
 * to the screen every frame. Panning copies the same picture shifted; a zoom in progress
 * copies it scaled (a little soft for a moment); the picture is drawn again at full quality
 * when the objects change, when the view has settled at a new zoom (~100 ms without
 * movement), or when the view has left the drawn area. Copying one canvas takes about a
 * millisecond: this is what keeps panning and zooming at 60 fps.
 *
 * Drawing a new picture (10,000 polygons: 100-200 ms in software rendering) is spread over
 * animation frames: each frame gives it a slice of SLICE_MS, into a second canvas, while the
 * last finished picture stays on screen (shifted or scaled to the view); the two swap when the
 * new one is complete. A drawing under way is dropped when the view moves so that it would not
 * hold the view any more, or zooms again while the finished picture still holds the view; and
 * when the objects change, it starts over.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import type { Rect } from '../geometry/rect';
import type { IndexItem } from '../spatial/objectIndex';
import type { ViewState, Viewport } from '../view/viewport';
import { BatchPlanner } from './batches';
import { BatchPainter, defaultStyle, type Skeletons } from './objectPainter';

/** The objects to draw for a part of the image. */
export interface ObjectSource {
  /** shown objects meeting the rect with their bounds, bottom to top */
  visibleItems(rect: Rect, except?: ReadonlySet<string>): readonly IndexItem[];
  /** where objects are at all: screen space beyond it needs no drawing */
  bounds(): Rect | null;
  get(id: string): AnnotationObject | undefined;
}

/** The margin around the view drawn ahead, as a share of the larger side of the view. */
const MARGIN_SHARE = 0.25;
/**
 * Milliseconds of a frame's script time (counted from the frame's start) up to which a new
 * picture may be drawn: with the image, the copy of the picture, the overlay and the raster of
 * all that, a frame stays within its 16.7 ms.
 */
export const SLICE_MS = 8;
/** Time left in a slice below which the step after planning waits for the next frame. */
const PREPARE_MS = 3;
/** The least time a slice gets, even in a frame already late. */
const MIN_SLICE_MS = 2;

interface Drawn {
  view: ViewState;
  /** CSS pixels of margin on each side */
  margin: number;
  width: number;
  height: number;
  dpr: number;
}

interface Picture {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
}

/** A picture being drawn over several frames. */
interface Job {
  drawn: Drawn;
  generation: number;
  except: ReadonlySet<string>;
  items: readonly IndexItem[];
  /** next item to plan */
  next: number;
  planner: BatchPlanner;
  painter: BatchPainter | null;
  /** milliseconds spent so far, and in how many frames */
  spentMs: number;
  frames: number;
}

export interface LayerDraw {
  /** a new picture was completed this frame */
  rendered: boolean;
  /** the copy on screen is scaled: draw again once the view settles */
  stale: boolean;
  /** a new picture is under way: another frame is needed */
  pending: boolean;
}

const newPicture = (): Picture => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d context unavailable');
  return { canvas, ctx };
};

export class ObjectLayer {
  /** what the last full drawing cost (the slices' time summed), in how many frames, and what it held, for stats() */
  lastRenderMs = 0;
  lastRenderFrames = 0;
  lastObjectCount = 0;
  renders = 0;
  private front: Picture & { drawn: Drawn | null; except: ReadonlySet<string> } = { ...newPicture(), drawn: null, except: new Set() };
  private back: Picture = newPicture();
  private job: Job | null = null;
  /** bumped by every change of the objects; the picture on screen was drawn at frontGeneration */
  private generation = 1;
  private frontGeneration = 0;
  /** raster time after a slice over its script time (Chromium rasterises canvas commands later), averaged over slices */
  private rasterRatio = 2;

  constructor(
    private readonly source: ObjectSource,
    private readonly colorOf: () => (o: AnnotationObject) => string,
    private readonly skeletons: () => Skeletons,
  ) {}

  /** The objects, their colours or skeletons changed: draw again from the next frame on. */
  invalidate(): void {
    this.generation++;
  }

  /**
   * Objects left out of the picture on screen that should now be in it (a drag just ended):
   * the overlay draws them until the new picture is complete, so they do not blink out.
   */
  missing(except: ReadonlySet<string>): string[] {
    if (this.frontGeneration === this.generation) return [];
    return [...this.front.except].filter((id) => !except.has(id));
  }

  /** Copies the picture to the screen, after a slice of a new drawing if one is needed (until `deadline`, a performance.now() time). */
  draw(target: CanvasRenderingContext2D, vp: Viewport, settled: boolean, except: ReadonlySet<string>, deadline = performance.now() + SLICE_MS): LayerDraw {
    const d = this.front.drawn;
    const sameScale = !!d && d.view.scale === vp.scale && d.dpr === vp.devicePixelRatio;
    const frontHolds = !!d && this.covers(d, vp);
    let job = this.job;
    if (job) {
      const jobScale = job.drawn.view.scale === vp.scale && job.drawn.dpr === vp.devicePixelRatio;
      const outdated = job.generation !== this.generation || !this.covers(job.drawn, vp) || (!jobScale && frontHolds && this.frontGeneration === this.generation);
      if (outdated) job = this.job = null;
    }
    const need = this.frontGeneration !== this.generation || !d || !frontHolds || (settled && !sameScale);
    if (!job && need) job = this.job = this.start(vp, except);
    let rendered = false;
    if (job && this.work(job, deadline)) {
      this.finish(job);
      rendered = true;
    }
    const shown = this.front.drawn;
    if (shown) this.blit(target, vp, shown);
    const stale = !!shown && (shown.view.scale !== vp.scale || shown.dpr !== vp.devicePixelRatio);
    return { rendered, stale, pending: !!this.job };
  }

  destroy(): void {
    this.job = null;
    for (const p of [this.front, this.back]) {
      p.canvas.width = 0;
      p.canvas.height = 0;
    }
  }

  /**
   * Whether a picture holds every object now on screen: the screen, cut down to where objects
   * are, must lie inside the image area that was drawn. (Zoomed out past the objects, panning
   * never needs a new drawing.)
   */
  private covers(d: Drawn, vp: Viewport): boolean {
    if (d.width !== vp.width || d.height !== vp.height || d.dpr !== vp.devicePixelRatio) return false;
    const content = this.source.bounds();
    if (!content) return true;
    const view = vp.visibleRect();
    const need = { minX: Math.max(view.minX, content.minX), minY: Math.max(view.minY, content.minY), maxX: Math.min(view.maxX, content.maxX), maxY: Math.min(view.maxY, content.maxY) };
    if (need.minX > need.maxX || need.minY > need.maxY) return true;
    const m = d.margin / d.view.scale;
    const drawnMinX = -d.view.offsetX / d.view.scale - m;
    const drawnMinY = -d.view.offsetY / d.view.scale - m;
    const drawnMaxX = (d.width - d.view.offsetX) / d.view.scale + m;
    const drawnMaxY = (d.height - d.view.offsetY) / d.view.scale + m;
    return need.minX >= drawnMinX && need.minY >= drawnMinY && need.maxX <= drawnMaxX && need.maxY <= drawnMaxY;
  }

  private start(vp: Viewport, except: ReadonlySet<string>): Job {
    const t0 = performance.now();
    const margin = Math.round(Math.max(vp.width, vp.height) * MARGIN_SHARE);
    const rect = vp.visibleRect(margin);
    const items = this.source.visibleItems(rect, except);
    return {
      drawn: { view: vp.state(), margin, width: vp.width, height: vp.height, dpr: vp.devicePixelRatio },
      generation: this.generation,
      except: new Set(except),
      items,
      next: 0,
      planner: new BatchPlanner(rect, items.length),
      painter: null,
      spentMs: performance.now() - t0,
      frames: 0,
    };
  }

  /**
   * One slice of a drawing, until the deadline: plan the batches (object by object), then sort
   * them and clear the back canvas (left to the next frame when less than PREPARE_MS are left:
   * for 100,000 boxes that takes several milliseconds), then paint the batches into it. A
   * small scene is done within one slice. Chromium rasterises canvas commands later than they
   * are given, so a slice that leaves painting unfinished ends by making it rasterise (a
   * one-pixel read); the ratio of that raster time to the script time before it shortens the
   * script time of the next slices. True when the picture is complete.
   */
  private work(job: Job, until: number): boolean {
    const t0 = performance.now();
    // However late the frame, a slice does some work: the drawing always gets done.
    const deadline = Math.max(until, t0 + MIN_SLICE_MS);
    job.frames++;
    try {
      const { items, planner } = job;
      const planning = job.next < items.length;
      if (planning) {
        const colorOf = this.colorOf();
        while (job.next < items.length) {
          const item = items[job.next++]!;
          planner.add(item.object, colorOf(item.object), item);
          if (job.next % 256 === 0 && performance.now() > deadline) return false;
        }
        if (performance.now() > deadline - PREPARE_MS) return false;
      }
      const preparing = !job.painter;
      let painter = job.painter;
      if (!painter) {
        const d = job.drawn;
        const w = Math.ceil((d.width + 2 * d.margin) * d.dpr);
        const h = Math.ceil((d.height + 2 * d.margin) * d.dpr);
        const { canvas, ctx } = this.back;
        if (canvas.width !== w || canvas.height !== h) {
          canvas.width = w;
          canvas.height = h;
        } else {
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          ctx.clearRect(0, 0, w, h);
        }
        const t = { scale: d.view.scale * d.dpr, ox: (d.view.offsetX + d.margin) * d.dpr, oy: (d.view.offsetY + d.margin) * d.dpr };
        painter = job.painter = new BatchPainter(planner.finish(), t, defaultStyle(d.dpr), this.skeletons());
      }
      const t1 = performance.now();
      const budget = (deadline - t1) / (1 + this.rasterRatio);
      if (budget < 0.5 && (planning || preparing)) return false;
      if (painter.step(this.back.ctx, t1 + budget)) return true;
      // Rasterise what this slice recorded now, in this frame, rather than all of it at the end.
      const t2 = performance.now();
      this.back.ctx.getImageData(0, 0, 1, 1);
      const ratio = (performance.now() - t2) / Math.max(0.25, t2 - t1);
      this.rasterRatio = Math.min(8, (this.rasterRatio + ratio) / 2);
      return false;
    } finally {
      job.spentMs += performance.now() - t0;
    }
  }

  private finish(job: Job): void {
    const old = this.front;
    this.front = { ...this.back, drawn: job.drawn, except: job.except };
    this.back = old;
    this.frontGeneration = job.generation;
    this.job = null;
    this.renders++;
    this.lastObjectCount = job.items.length;
    this.lastRenderMs = job.spentMs;
    this.lastRenderFrames = job.frames;
  }

  private blit(target: CanvasRenderingContext2D, vp: Viewport, d: Drawn): void {
    const canvas = this.front.canvas;
    const dpr = vp.devicePixelRatio;
    const k = vp.scale / d.view.scale;
    let x = ((-d.margin - d.view.offsetX) * k + vp.offsetX) * dpr;
    let y = ((-d.margin - d.view.offsetY) * k + vp.offsetY) * dpr;
    target.setTransform(1, 0, 0, 1, 0, 0);
    if (k === 1 && d.dpr === dpr) {
      // Whole device pixels: a plain copy, sharp and the cheapest draw there is.
      x = Math.round(x);
      y = Math.round(y);
      target.drawImage(canvas, x, y);
    } else {
      const s = k * (dpr / d.dpr);
      target.imageSmoothingEnabled = true;
      target.drawImage(canvas, x, y, canvas.width * s, canvas.height * s);
    }
  }
}
