import { obsRoutes } from '../../../../../src-shared/api/obs';
import type { SignedUrl } from '../../../../../src-shared/api/obs';
import { needsPyramid, pyramidTileKey } from '../../../../../src-shared/model/imagePyramid';
import { apiRequest } from '../../../app/apiClient';
import { routeRequest } from '../../../app/apiSlice';
import { TiledImage } from '../../../canvas/engine';
import { FrameImageError } from './frameImageError';
import { VideoFrames, type VideoFileOpener, type VideoFrameRef } from './videoFrames';

/** Decoded frames kept for going back and forth and for the prefetched next items. */
const CACHE_SIZE = 12;
/**
 * A picture not arrived by then counts as not reached (try again): a stalled download must not
 * leave the item loading for ever. Generous: a 60 MB photo at 1 MB/s still makes it.
 */
const FETCH_TIMEOUT_MS = 120_000;

/**
 * A frame's picture: decoded whole, or (past 16k on a side) its tile pyramid with the overview
 * decoded, or a video's frame painted into a canvas its file's frame source reuses (videoFrames.ts).
 */
export type FrameImage = ImageBitmap | TiledImage | OffscreenCanvas;

/**
 * What names a frame's image: its key, and its pixel size when known (which decides whether it
 * is tiled); a video item's frame also says which frame of the file it is (every frame of a video
 * item has the file's key).
 */
export interface FrameRef {
  key: string;
  width?: number | null;
  height?: number | null;
  video?: VideoFrameRef;
}

/** A frame's picture's own name: its key, and for a video's frame the frame's number in the file. */
export const imageKeyOf = (frame: FrameRef): string => (frame.video ? `${frame.key}#${frame.video.frame}` : frame.key);

/**
 * Where a frame's bytes come from, by its object key: the team server's store through a signed
 * URL (the default), or the file a work package keeps on this workstation (packageFrames.ts).
 * A source may throw a FrameImageError of its own (a package file known to be missing).
 */
export type FrameSource = (key: string) => Promise<Response>;

/** The store, through a URL the server signs for the key. */
export const storeFrames: FrameSource = async (key) => {
  const signed = await apiRequest<SignedUrl>(routeRequest(obsRoutes.url, { query: { key } }));
  return fetch(signed.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
};

/** A picture to draw a small preview with: the image itself, or a pyramid's overview. */
export const previewOf = (image: FrameImage | null): ImageBitmap | OffscreenCanvas | null => (image instanceof TiledImage ? image.overview : image);

/**
 * Frames as decoded bitmaps, fetched from their source (the store by default) and decoded off the main thread
 * (createImageBitmap), kept in a small least-recently-used cache so the next frame or the next
 * item is ready before the annotator asks for it. A frame too large to decode in one piece is
 * opened as its tile pyramid instead (tiles load as the view needs them); one stored without a
 * pyramid (imported another way) is decoded whole, as before. A failed load is not cached: it
 * is retried when asked again. A video item's frames come from its file's frame source instead,
 * which keeps its own decoded frames (videoFrames.ts).
 */
export class FrameImages {
  private readonly cache = new Map<string, Promise<FrameImage>>();
  readonly videos: VideoFrames;

  /** `videoFiles`: where video items' files are read (the store by default, a work package's copies offline). */
  constructor(
    private readonly source: FrameSource = storeFrames,
    videoFiles?: VideoFileOpener,
  ) {
    this.videos = new VideoFrames(videoFiles);
  }

  /** The frame's image, from the cache or loaded now. */
  get(frame: FrameRef): Promise<FrameImage> {
    if (frame.video) return this.videos.get(frame.video);
    const hit = this.cache.get(frame.key);
    if (hit) {
      // Refresh its place: Map keeps insertion order, the oldest is evicted first.
      this.cache.delete(frame.key);
      this.cache.set(frame.key, hit);
      return hit;
    }
    const loading = load(frame, this.source);
    this.cache.set(frame.key, loading);
    loading.catch(() => this.cache.delete(frame.key));
    this.evict();
    return loading;
  }

  /** The frame's image if it is ready now (a video's frame decoded ahead), so it shows in the same render as its objects. */
  peek(frame: FrameRef): FrameImage | null {
    return frame.video ? this.videos.peek(frame.video) : null;
  }

  /** Start loading frames the annotator will probably want next; failures stay quiet until then. A video decodes ahead by itself. */
  prefetch(frames: readonly FrameRef[]): void {
    for (const frame of frames) if (!frame.video) this.get(frame).catch(() => undefined);
  }

  /**
   * Gets an item's first frame ready before it opens (the item after the open one): its image
   * loaded, or its video file opened, and its frame decoded unless the file is the open item's
   * (a long video split in items), whose frame source the open item is using.
   */
  warm(frame: FrameRef): Promise<unknown> {
    return frame.video ? this.videos.warm(frame.video) : this.get(frame);
  }

  /** Lets go of the video files held open (the workspace is left). */
  close(): void {
    this.videos.closeAll();
  }

  private evict(): void {
    while (this.cache.size > CACHE_SIZE) {
      const [oldest, image] = this.cache.entries().next().value as [string, Promise<FrameImage>];
      this.cache.delete(oldest);
      // The engine may still draw it this frame; close it once it is surely replaced.
      void image.then((b) => setTimeout(() => 'close' in b && b.close(), 5_000)).catch(() => undefined);
    }
  }
}

export { FrameImageError, frameImageFailureOf, type FrameImageFailure } from './frameImageError';

async function bitmapAt(key: string, source: FrameSource): Promise<ImageBitmap> {
  let res: Response;
  try {
    res = await source(key);
  } catch (err) {
    if (err instanceof FrameImageError) throw err;
    throw new FrameImageError('unreachable', err instanceof Error ? err.message : String(err));
  }
  if (res.status === 404) throw new FrameImageError('missing', key);
  if (!res.ok) throw new FrameImageError('unreachable', `HTTP ${res.status}`);
  const blob = await res.blob().catch((err: unknown) => {
    throw new FrameImageError('unreachable', String(err));
  });
  try {
    return await createImageBitmap(blob);
  } catch (err) {
    // The bytes arrived and are not a picture the browser can decode (damaged, or not an image).
    throw new FrameImageError('undecodable', err instanceof Error ? err.message : String(err));
  }
}

async function load(frame: FrameRef, source: FrameSource): Promise<FrameImage> {
  if (!needsPyramid(frame.width, frame.height)) return bitmapAt(frame.key, source);
  try {
    return await TiledImage.open(frame.width!, frame.height!, (level, col, row) => bitmapAt(pyramidTileKey(frame.key, level, col, row), source));
  } catch {
    return bitmapAt(frame.key, source);
  }
}
