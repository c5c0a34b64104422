/**
 * The image under the objects. Any size is accepted: an image more than 8192 px on a side is
 * cut into 4096 px tiles (createImageBitmap with a crop rect), because browsers refuse or
 * silently fail to draw single textures past their limit, and tiles let a zoomed-in view
 * draw only the part on screen. A large image also gets a small overview (at most 2048 px)
 * for zoomed-out views, where sampling a 16k image for every frame would be slow and shimmer.
 */
import type { Rect } from '../geometry/rect';
import type { Viewport } from '../view/viewport';
import { TiledImage } from './tiledImage';

/** What can be shown: a decoded bitmap, an <img> that has loaded, a canvas, or a tile pyramid (images past 16k). */
export type ImageSource = ImageBitmap | HTMLImageElement | HTMLCanvasElement | OffscreenCanvas | TiledImage;

export const MAX_SINGLE_SIDE = 8192;
const TILE = 4096;
const OVERVIEW_SIDE = 2048;
/** From this many device pixels per image pixel on, pixels are drawn as squares: annotators need to see them. */
const CRISP_FROM = 2;

interface Tile {
  source: CanvasImageSource;
  x: number;
  y: number;
  width: number;
  height: number;
}

export const imageSize = (s: ImageSource) => ('naturalWidth' in s ? { width: s.naturalWidth, height: s.naturalHeight } : { width: s.width, height: s.height });

export class ImageLayer {
  width = 0;
  height = 0;
  /** A tile of a pyramid arrived: the renderer draws again. */
  onTile: (() => void) | null = null;
  private pyramid: TiledImage | null = null;
  private tiles: Tile[] = [];
  private overview: { source: ImageBitmap; ratio: number } | null = null;
  private generation = 0;

  /** Shows `source` (null: no image). Resolves once the tiles exist; a later call wins over an earlier one still cutting. */
  async set(source: ImageSource | null): Promise<void> {
    const generation = ++this.generation;
    this.release();
    if (!source) return;
    if (source instanceof TiledImage) {
      // Its owner (the frame cache) closes it; the layer only draws it.
      this.pyramid = source;
      source.onTile = () => this.onTile?.();
      this.width = source.width;
      this.height = source.height;
      return;
    }
    const { width, height } = imageSize(source);
    let tiles: Tile[] = [{ source, x: 0, y: 0, width, height }];
    let overview: ImageBitmap | null = null;
    if (Math.max(width, height) > MAX_SINGLE_SIDE) {
      const cuts: Promise<Tile>[] = [];
      for (let y = 0; y < height; y += TILE) {
        for (let x = 0; x < width; x += TILE) {
          const w = Math.min(TILE, width - x);
          const h = Math.min(TILE, height - y);
          cuts.push(createImageBitmap(source, x, y, w, h).then((bitmap) => ({ source: bitmap, x, y, width: w, height: h })));
        }
      }
      tiles = await Promise.all(cuts);
    }
    if (Math.max(width, height) > 2 * OVERVIEW_SIDE) {
      const ratio = OVERVIEW_SIDE / Math.max(width, height);
      overview = await createImageBitmap(source, { resizeWidth: Math.max(1, Math.round(width * ratio)), resizeHeight: Math.max(1, Math.round(height * ratio)), resizeQuality: 'medium' });
    }
    if (generation !== this.generation) {
      for (const t of tiles) if (t.source !== source && 'close' in t.source) t.source.close();
      overview?.close();
      return;
    }
    this.width = width;
    this.height = height;
    this.tiles = tiles;
    this.overview = overview && { source: overview, ratio: overview.width / width };
  }

  /** Draws the part of the image on screen with the viewport's transform. */
  draw(ctx: CanvasRenderingContext2D, vp: Viewport): void {
    if (!this.tiles.length && !this.pyramid) return;
    const dpr = vp.devicePixelRatio;
    const density = vp.scale * dpr;
    ctx.imageSmoothingEnabled = density < CRISP_FROM;
    ctx.setTransform(density, 0, 0, density, vp.offsetX * dpr, vp.offsetY * dpr);
    if (this.pyramid) {
      this.pyramid.draw(ctx, density, vp.visibleRect());
    } else if (this.overview && density <= this.overview.ratio) {
      ctx.drawImage(this.overview.source, 0, 0, this.width, this.height);
    } else {
      const view = vp.visibleRect();
      for (const t of this.tiles) drawTilePart(ctx, t, view);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  destroy(): void {
    this.generation++;
    this.release();
  }

  private release(): void {
    if (this.pyramid) this.pyramid.onTile = null;
    this.pyramid = null;
    for (const t of this.tiles) if (t.source instanceof ImageBitmap && this.tiles.length > 1) t.source.close();
    this.overview?.source.close();
    this.tiles = [];
    this.overview = null;
    this.width = 0;
    this.height = 0;
  }
}

/** Only the on-screen part of a tile is sampled: zoomed in on a big tile, that is a small fraction of it. */
function drawTilePart(ctx: CanvasRenderingContext2D, t: Tile, view: Rect): void {
  const x0 = Math.max(t.x, Math.floor(view.minX));
  const y0 = Math.max(t.y, Math.floor(view.minY));
  const x1 = Math.min(t.x + t.width, Math.ceil(view.maxX));
  const y1 = Math.min(t.y + t.height, Math.ceil(view.maxY));
  if (x1 <= x0 || y1 <= y0) return;
  ctx.drawImage(t.source, x0 - t.x, y0 - t.y, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0);
}
