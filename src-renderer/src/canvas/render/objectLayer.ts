/**
 * The objects drawn once into an offscreen canvas a margin larger than the view, then copied
 * to the screen every frame. Panning copies the same picture shifted; a zoom in progress
 * copies it scaled (a little soft for a moment); the picture is drawn again at full quality
 * when the objects change, when the view has settled at a new zoom (~100 ms without
 * movement), or when the view has left the drawn area. Drawing 10,000 polygons takes tens of
 * milliseconds in software rendering, copying one canvas takes about one: this is what keeps
 * panning and zooming at 60 fps.
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import type { Rect } from '../geometry/rect';
import type { ViewState, Viewport } from '../view/viewport';
import { defaultStyle, paintObjects } from './objectPainter';

/** The objects to draw for a part of the image, bottom to top. */
export interface ObjectSource {
  visibleIn(rect: Rect, except?: ReadonlySet<string>): AnnotationObject[];
  /** where objects are at all: screen space beyond it needs no drawing */
  bounds(): Rect | null;
}

/** The margin around the view drawn ahead, as a share of the larger side of the view. */
const MARGIN_SHARE = 0.25;

interface Drawn {
  view: ViewState;
  /** CSS pixels of margin on each side */
  margin: number;
  width: number;
  height: number;
  dpr: number;
}

export interface LayerDraw {
  /** the picture was drawn again this frame */
  rendered: boolean;
  /** the copy on screen is scaled: draw again once the view settles */
  stale: boolean;
}

export class ObjectLayer {
  /** what the last full drawing cost and held, for stats() */
  lastRenderMs = 0;
  lastObjectCount = 0;
  renders = 0;
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private drawn: Drawn | null = null;
  private dirty = true;

  constructor(
    private readonly source: ObjectSource,
    private readonly colorOf: () => (o: AnnotationObject) => string,
  ) {
    this.canvas = document.createElement('canvas');
    const ctx = this.canvas.getContext('2d');
    if (!ctx) throw new Error('canvas 2d context unavailable');
    this.ctx = ctx;
  }

  /** The objects or their colours changed: draw again on the next frame. */
  invalidate(): void {
    this.dirty = true;
  }

  draw(target: CanvasRenderingContext2D, vp: Viewport, settled: boolean, except: ReadonlySet<string>): LayerDraw {
    const d = this.drawn;
    const sameScale = !!d && d.view.scale === vp.scale && d.dpr === vp.devicePixelRatio;
    const rendered = this.dirty || !d || !this.covers(d, vp) || (settled && !sameScale);
    if (rendered) this.render(vp, except);
    this.blit(target, vp);
    return { rendered, stale: !rendered && !sameScale };
  }

  destroy(): void {
    this.canvas.width = 0;
    this.canvas.height = 0;
  }

  /**
   * Whether the drawn picture holds every object now on screen: the screen, cut down to where
   * objects are, must lie inside the image area that was drawn. (Zoomed out past the objects,
   * panning never needs a new drawing.)
   */
  private covers(d: Drawn, vp: Viewport): boolean {
    if (d.width !== vp.width || d.height !== vp.height) return false;
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

  private render(vp: Viewport, except: ReadonlySet<string>): void {
    const t0 = performance.now();
    const dpr = vp.devicePixelRatio;
    const margin = Math.round(Math.max(vp.width, vp.height) * MARGIN_SHARE);
    const w = Math.ceil((vp.width + 2 * margin) * dpr);
    const h = Math.ceil((vp.height + 2 * margin) * dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    } else {
      this.ctx.setTransform(1, 0, 0, 1, 0, 0);
      this.ctx.clearRect(0, 0, w, h);
    }
    const objects = this.source.visibleIn(vp.visibleRect(margin), except);
    paintObjects(this.ctx, objects, { scale: vp.scale * dpr, ox: (vp.offsetX + margin) * dpr, oy: (vp.offsetY + margin) * dpr }, this.colorOf(), defaultStyle(dpr));
    this.drawn = { view: vp.state(), margin, width: vp.width, height: vp.height, dpr };
    this.dirty = false;
    this.renders++;
    this.lastObjectCount = objects.length;
    this.lastRenderMs = performance.now() - t0;
  }

  private blit(target: CanvasRenderingContext2D, vp: Viewport): void {
    const d = this.drawn!;
    const dpr = vp.devicePixelRatio;
    const k = vp.scale / d.view.scale;
    let x = ((-d.margin - d.view.offsetX) * k + vp.offsetX) * dpr;
    let y = ((-d.margin - d.view.offsetY) * k + vp.offsetY) * dpr;
    target.setTransform(1, 0, 0, 1, 0, 0);
    if (k === 1) {
      // Whole device pixels: a plain copy, sharp and the cheapest draw there is.
      x = Math.round(x);
      y = Math.round(y);
      target.drawImage(this.canvas, x, y);
    } else {
      target.imageSmoothingEnabled = true;
      target.drawImage(this.canvas, x, y, this.canvas.width * k, this.canvas.height * k);
    }
  }
}
