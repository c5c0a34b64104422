/**
 * The image-to-screen transform: screen = image * scale + offset, in CSS pixels of the canvas.
 * Zooming keeps the image point under the pointer where it is (the way every image viewer
 * zooms on the wheel), and the scale stays between limits that depend on the image so a
 * 100 px image and a 20,000 px one both stay usable. Pure state: the engine owns the DOM.
 */
import type { Point2 } from '../../../../src-shared/model/annotation';
import type { Rect } from '../geometry/rect';

/** The most screen pixels one image pixel may cover. */
export const MAX_SCALE = 64;
/** The least: a tenth of the fit, so the whole image can be seen small, but never below this. */
const MIN_SCALE_FLOOR = 0.001;
/** Space left around the image when it is fitted, in CSS pixels. */
const FIT_MARGIN = 16;

export interface ViewState {
  /** screen CSS pixels per image pixel */
  scale: number;
  /** screen position of the image's origin, CSS pixels */
  offsetX: number;
  offsetY: number;
}

export class Viewport {
  scale = 1;
  offsetX = 0;
  offsetY = 0;
  /** canvas size in CSS pixels */
  width = 1;
  height = 1;
  devicePixelRatio = 1;
  imageWidth = 0;
  imageHeight = 0;
  /**
   * The view shows the image fitted and the user has not zoomed or panned since: a new canvas
   * size (a banner above it, a resized window) fits it again, so the whole image stays in view.
   */
  fitted = false;

  state(): ViewState {
    return { scale: this.scale, offsetX: this.offsetX, offsetY: this.offsetY };
  }

  /**
   * The canvas's new size. A fitted view is fitted again; otherwise the image point at the
   * centre stays at the centre at the same zoom, as image viewers keep what one looked at.
   */
  setCanvasSize(width: number, height: number, devicePixelRatio: number): void {
    const centre = this.toWorld({ x: this.width / 2, y: this.height / 2 });
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.devicePixelRatio = devicePixelRatio > 0 ? devicePixelRatio : 1;
    if (this.fitted && this.imageWidth && this.imageHeight) return this.fit();
    this.offsetX = this.width / 2 - centre.x * this.scale;
    this.offsetY = this.height / 2 - centre.y * this.scale;
  }

  setImageSize(width: number, height: number): void {
    this.imageWidth = width;
    this.imageHeight = height;
  }

  /** Image pixels per screen CSS pixel: tolerances given in screen pixels are multiplied by it. */
  get pixelSize(): number {
    return 1 / this.scale;
  }

  toScreen(p: Point2): Point2 {
    return { x: p.x * this.scale + this.offsetX, y: p.y * this.scale + this.offsetY };
  }

  toWorld(p: Point2): Point2 {
    return { x: (p.x - this.offsetX) / this.scale, y: (p.y - this.offsetY) / this.scale };
  }

  /** The part of the image plane on screen, grown by `margin` CSS pixels on every side. */
  visibleRect(margin = 0): Rect {
    const a = this.toWorld({ x: -margin, y: -margin });
    const b = this.toWorld({ x: this.width + margin, y: this.height + margin });
    return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
  }

  /** The scale that shows the whole image (1 before an image is known). */
  fitScale(): number {
    if (!this.imageWidth || !this.imageHeight) return 1;
    const w = Math.max(1, this.width - 2 * FIT_MARGIN);
    const h = Math.max(1, this.height - 2 * FIT_MARGIN);
    return Math.min(w / this.imageWidth, h / this.imageHeight);
  }

  minScale(): number {
    return Math.max(MIN_SCALE_FLOOR, Math.min(this.fitScale() / 10, 1));
  }

  maxScale(): number {
    return Math.max(MAX_SCALE, this.fitScale());
  }

  /** Whole image, centred. */
  fit(): void {
    this.scale = this.fitScale();
    this.centre();
    this.fitted = true;
  }

  /** One image pixel to one screen pixel, keeping the point at the centre of the screen where it is. */
  oneToOne(): void {
    this.zoomAt({ x: this.width / 2, y: this.height / 2 }, 1 / this.scale);
  }

  /** Multiplies the scale by `factor` (within the limits) keeping the image point under `screen` fixed. */
  zoomAt(screen: Point2, factor: number): void {
    if (!Number.isFinite(factor) || factor <= 0) return;
    this.fitted = false;
    const world = this.toWorld(screen);
    this.scale = Math.min(this.maxScale(), Math.max(this.minScale(), this.scale * factor));
    this.offsetX = screen.x - world.x * this.scale;
    this.offsetY = screen.y - world.y * this.scale;
  }

  /** Sets the scale (within the limits) about the centre of the canvas: a zoom typed or picked by the user. */
  zoomTo(scale: number): void {
    if (!Number.isFinite(scale) || scale <= 0) return;
    this.zoomAt({ x: this.width / 2, y: this.height / 2 }, scale / this.scale);
  }

  panBy(dx: number, dy: number): void {
    if (dx || dy) this.fitted = false;
    this.offsetX += dx;
    this.offsetY += dy;
  }

  private centre(): void {
    this.offsetX = (this.width - this.imageWidth * this.scale) / 2;
    this.offsetY = (this.height - this.imageHeight * this.scale) / 2;
  }
}
