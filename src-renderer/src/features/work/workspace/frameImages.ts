import { obsRoutes } from '../../../../../src-shared/api/obs';
import type { SignedUrl } from '../../../../../src-shared/api/obs';
import { apiRequest } from '../../../app/apiClient';
import { routeRequest } from '../../../app/apiSlice';

/** Decoded frames kept for going back and forth and for the prefetched next items. */
const CACHE_SIZE = 12;

/**
 * Frames as decoded bitmaps, fetched through signed URLs and decoded off the main thread
 * (createImageBitmap), kept in a small least-recently-used cache so the next frame or the next
 * item is ready before the annotator asks for it. A failed load is not cached: it is retried
 * when asked again.
 */
export class FrameImages {
  private readonly cache = new Map<string, Promise<ImageBitmap>>();

  /** The frame's image, from the cache or loaded now. */
  get(key: string): Promise<ImageBitmap> {
    const hit = this.cache.get(key);
    if (hit) {
      // Refresh its place: Map keeps insertion order, the oldest is evicted first.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const loading = load(key);
    this.cache.set(key, loading);
    loading.catch(() => this.cache.delete(key));
    this.evict();
    return loading;
  }

  /** Start loading frames the annotator will probably want next; failures stay quiet until then. */
  prefetch(keys: readonly string[]): void {
    for (const key of keys) this.get(key).catch(() => undefined);
  }

  private evict(): void {
    while (this.cache.size > CACHE_SIZE) {
      const [oldest, bitmap] = this.cache.entries().next().value as [string, Promise<ImageBitmap>];
      this.cache.delete(oldest);
      // The engine may still draw it this frame; close it once it is surely replaced.
      void bitmap.then((b) => setTimeout(() => b.close(), 5_000)).catch(() => undefined);
    }
  }
}

async function load(key: string): Promise<ImageBitmap> {
  const signed = await apiRequest<SignedUrl>(routeRequest(obsRoutes.url, { query: { key } }));
  const res = await fetch(signed.url);
  if (!res.ok) throw new Error(`image ${res.status}`);
  return createImageBitmap(await res.blob());
}
