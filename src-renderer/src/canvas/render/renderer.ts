/**
 * Puts the three layers on the visible canvas: the image, the cached objects, the overlay.
 * Nothing is drawn unless something asked for it (requestFrame), and then once, on the next
 * animation frame, however many requests came in between; while a new picture of the objects
 * is being drawn (a slice per frame), every frame asks for the next. It keeps the cost of its last
 * frames for stats() and benchmarks.
 */
import type { Viewport } from '../view/viewport';
import { ImageLayer } from './imageLayer';
import { ObjectLayer, SLICE_MS, type ObjectSource } from './objectLayer';
import type { Skeletons } from './objectPainter';
import { paintOverlay, type OverlayContent } from './overlayPainter';
import type { AnnotationObject } from '../../../../src-shared/model/annotation';

/** How long the view must stay still before the objects are drawn again at the new zoom. */
export const SETTLE_MS = 100;
const BACKGROUND = '#262626';
const KEPT_FRAMES = 600;

/** The cost of recent frames, milliseconds. */
export interface RenderStats {
  /** time spent drawing each of the last frames (at most 600), oldest first */
  frameMs: number[];
  /** full drawings of the object layer so far, and the last one's cost and object count */
  objectRenders: number;
  /** the script and raster time of the last drawing's slices, summed */
  lastObjectRenderMs: number;
  /** over how many animation frames the last drawing was spread */
  lastObjectRenderFrames: number;
  lastObjectCount: number;
}

export class CanvasRenderer {
  readonly image = new ImageLayer();
  private readonly objects: ObjectLayer;
  private readonly ctx: CanvasRenderingContext2D;
  private raf = 0;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private lastViewChange = -Infinity;
  private frameMs: number[] = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly vp: Viewport,
    private readonly source: ObjectSource,
    colorOf: () => (o: AnnotationObject) => string,
    skeletons: () => Skeletons,
    private readonly overlay: () => OverlayContent & { except: ReadonlySet<string> },
  ) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('canvas 2d context unavailable');
    this.ctx = ctx;
    this.objects = new ObjectLayer(source, colorOf, skeletons);
    this.image.onTile = () => this.requestFrame();
  }

  /** Matches the canvas's backing store to its CSS size and the device pixel ratio. */
  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    this.vp.setCanvasSize(cssWidth, cssHeight, dpr);
    const w = Math.max(1, Math.round(cssWidth * dpr));
    const h = Math.max(1, Math.round(cssHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.objects.invalidate();
    this.requestFrame();
  }

  /** The objects (or their colours or skeletons, or what is left out while dragged) changed. */
  invalidateObjects(): void {
    this.objects.invalidate();
    this.requestFrame();
  }

  /** The view moved: blit now, draw at full quality once it has been still for SETTLE_MS. */
  viewChanged(): void {
    this.lastViewChange = performance.now();
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.requestFrame(), SETTLE_MS);
    this.requestFrame();
  }

  requestFrame(): void {
    this.raf ||= requestAnimationFrame(this.frame);
  }

  stats(): RenderStats {
    const o = this.objects;
    return { frameMs: [...this.frameMs], objectRenders: o.renders, lastObjectRenderMs: o.lastRenderMs, lastObjectRenderFrames: o.lastRenderFrames, lastObjectCount: o.lastObjectCount };
  }

  destroy(): void {
    cancelAnimationFrame(this.raf);
    clearTimeout(this.settleTimer);
    this.image.destroy();
    this.objects.destroy();
  }

  private frame = (): void => {
    this.raf = 0;
    const t0 = performance.now();
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    this.image.draw(ctx, this.vp);
    const overlay = this.overlay();
    const settled = t0 - this.lastViewChange >= SETTLE_MS;
    const layer = this.objects.draw(ctx, this.vp, settled, overlay.except, t0 + SLICE_MS);
    // Objects the picture on screen left out (dragged until now): drawn above it until the new picture is done.
    const lagging = this.objects
      .missing(overlay.except)
      .map((id) => this.source.get(id))
      .filter((o): o is AnnotationObject => !!o && !o.hidden);
    paintOverlay(ctx, this.vp, lagging.length ? { ...overlay, preview: [...lagging, ...overlay.preview] } : overlay);
    if (layer.pending) this.requestFrame();
    this.frameMs.push(performance.now() - t0);
    if (this.frameMs.length > KEPT_FRAMES) this.frameMs.splice(0, this.frameMs.length - KEPT_FRAMES);
  };
}
