/**
 * An image drawn from its Deep Zoom pyramid (src-shared/model/imagePyramid.ts), for images too
 * large to decode in one piece. The one-tile overview is loaded before the image is shown and
 * is drawn under everything, so the whole image is always there; zoomed in, the tiles of the
 * level matching the screen are drawn over it as they arrive, each arrival asking for a frame
 * (`onTile`). Only tiles on screen are asked for. At most MAX_TILES decoded tiles are kept,
 * the least recently drawn first out.
 */
import { levelFor, overviewLevelOf, pyramidLevel, TILE_SIDE } from '../../../../src-shared/model/imagePyramid';
import type { Rect } from '../geometry/rect';

/** What the pyramid needs of a decoded tile: an ImageBitmap in the browser. */
export interface TileBitmap {
  readonly width: number;
  readonly height: number;
  close(): void;
}

/** What it needs of the 2D context it draws on. */
export interface TileCanvas<B> {
  drawImage(image: B, dx: number, dy: number, dw: number, dh: number): void;
}

/** Decodes one tile of the pyramid. */
export type TileLoader<B extends TileBitmap = TileBitmap> = (level: number, col: number, row: number) => Promise<B>;

/** The browser's decoded image, named without the DOM library (tests type-check for Node). */
type ImageBitmapLike = TileBitmap;

/** About 1 GB of 1024 px RGBA tiles at most; a 4K screen shows fewer than 40. */
const MAX_TILES = 256;
/** A tile that failed is asked for again after this long, not on every frame. */
const RETRY_MS = 5000;

export class TiledImage<B extends TileBitmap = ImageBitmapLike> {
  /** Set by whoever draws it: a tile arrived and the picture can get sharper. */
  onTile: (() => void) | null = null;
  private readonly tiles = new Map<string, B>();
  private readonly loading = new Set<string>();
  private readonly failedAt = new Map<string, number>();
  private closed = false;

  private constructor(
    readonly width: number,
    readonly height: number,
    private readonly load: TileLoader<B>,
    /** the whole image at the most detailed level that is one tile */
    readonly overview: B,
  ) {}

  /** Opens the pyramid of a `width` x `height` image: resolves once its overview is decoded. */
  static async open<T extends TileBitmap>(width: number, height: number, load: TileLoader<T>): Promise<TiledImage<T>> {
    const overview = await load(overviewLevelOf(width, height), 0, 0);
    return new TiledImage<T>(width, height, load, overview);
  }

  /**
   * Draws on a context already transformed to image pixels. `density`: device pixels per image
   * pixel; `view`: the image rectangle on screen.
   */
  draw(ctx: TileCanvas<B>, density: number, view: Rect): void {
    ctx.drawImage(this.overview, 0, 0, this.width, this.height);
    const level = levelFor(this.width, this.height, 1 / density);
    if (level <= overviewLevelOf(this.width, this.height)) return;
    const l = pyramidLevel(this.width, this.height, level);
    const span = TILE_SIDE * l.scale;
    const col0 = Math.max(0, Math.floor(view.minX / span));
    const col1 = Math.min(l.cols - 1, Math.floor(view.maxX / span));
    const row0 = Math.max(0, Math.floor(view.minY / span));
    const row1 = Math.min(l.rows - 1, Math.floor(view.maxY / span));
    for (let row = row0; row <= row1; row++) {
      for (let col = col0; col <= col1; col++) {
        const id = `${level}/${col}_${row}`;
        const tile = this.tiles.get(id);
        if (!tile) {
          this.request(level, col, row, id);
          continue;
        }
        // Drawn now: last out of the cache.
        this.tiles.delete(id);
        this.tiles.set(id, tile);
        const x = col * span;
        const y = row * span;
        ctx.drawImage(tile, x, y, Math.min(tile.width * l.scale, this.width - x), Math.min(tile.height * l.scale, this.height - y));
      }
    }
  }

  /** How many tiles are decoded and kept (for tests and the stats). */
  get cachedTiles(): number {
    return this.tiles.size;
  }

  close(): void {
    this.closed = true;
    this.onTile = null;
    for (const t of this.tiles.values()) t.close();
    this.tiles.clear();
    this.overview.close();
  }

  private request(level: number, col: number, row: number, id: string): void {
    if (this.closed || this.loading.has(id) || performance.now() - (this.failedAt.get(id) ?? -Infinity) < RETRY_MS) return;
    this.loading.add(id);
    this.load(level, col, row).then(
      (bitmap) => {
        this.loading.delete(id);
        if (this.closed) return bitmap.close();
        this.failedAt.delete(id);
        this.tiles.set(id, bitmap);
        while (this.tiles.size > MAX_TILES) {
          const [oldest, old] = this.tiles.entries().next().value as [string, B];
          this.tiles.delete(oldest);
          old.close();
        }
        this.onTile?.();
      },
      () => {
        // The overview stays under the missing tile; it is asked for again later.
        this.loading.delete(id);
        this.failedAt.set(id, performance.now());
      },
    );
  }
}
