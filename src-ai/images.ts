/**
 * Fetching and decoding the images a request names. On the HTTP thread, but nothing here
 * computes on it: fetch is I/O and sharp decodes on libuv's thread pool.
 *
 * Limits (an image past one of them is `imageUnreadable`, as is anything sharp cannot decode,
 * a truncated file included): at most 64 MiB fetched, at most 100 Mpx decoded.
 *
 * Decoded images are kept in a small LRU by `cacheKey` (24 images, at most 1 GiB of pixels: a
 * tracker call on 10 frames and the next call on the same frames must not push each other out),
 * in SharedArrayBuffers the model thread reads without a copy; concurrent requests for the same
 * key share one download.
 */
import sharp from 'sharp';
import type { ImageRef } from '../src-shared/ai/protocol';
import type { SharedImage } from './engine/messages';
import { ServiceFailure } from './errors';

export const MAX_FETCH_BYTES = 64 * 1024 * 1024;
export const MAX_PIXELS = 100_000_000;
const FETCH_TIMEOUT_MS = 60_000;

export interface ImageStoreOptions {
  entries?: number;
  maxBytes?: number;
  maxFetchBytes?: number;
  maxPixels?: number;
}

const unreadable = (message: string) => new ServiceFailure('imageUnreadable', message.slice(0, 500));

/** `p`, or the abort's reason as soon as `signal` aborts (the work behind `p` goes on for others). */
export function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** GETs a URL into memory, refusing more than `limit` bytes (by Content-Length and while reading). */
export async function fetchLimited(url: string, limit: number, what: string, signal?: AbortSignal, fail = unreadable): Promise<Uint8Array> {
  let res: Response;
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    res = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw fail(`the ${what} could not be fetched: ${(e as Error).message}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw fail(`the ${what} could not be fetched: HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw fail(`the ${what} is ${declared} bytes, more than the ${limit} allowed`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of res.body ?? []) {
      total += chunk.byteLength;
      if (total > limit) throw fail(`the ${what} is more than the ${limit} bytes allowed`);
      chunks.push(chunk);
    }
  } catch (e) {
    await res.body?.cancel().catch(() => undefined);
    if (e instanceof ServiceFailure || signal?.aborted) throw e;
    throw fail(`the ${what} could not be read: ${(e as Error).message}`);
  }
  return Buffer.concat(chunks, total);
}

/** Decodes to 8-bit sRGB, 3 channels, EXIF orientation applied (as the server's tiles are). */
export async function decodeImage(bytes: Uint8Array, maxPixels = MAX_PIXELS): Promise<SharedImage> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated', sequentialRead: true })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`decoded to ${info.channels} channels`);
    const shared = new SharedArrayBuffer(data.byteLength);
    new Uint8Array(shared).set(data);
    return { width: info.width, height: info.height, data: shared };
  } catch (e) {
    throw unreadable(`the image cannot be decoded: ${(e as Error).message}`);
  }
}

export class ImageStore {
  private readonly cache = new Map<string, { image: Promise<SharedImage>; bytes: number }>();
  private readonly entries: number;
  private readonly maxBytes: number;
  private readonly maxFetchBytes: number;
  private readonly maxPixels: number;
  hits = 0;
  misses = 0;

  constructor(o: ImageStoreOptions = {}) {
    this.entries = o.entries ?? 24;
    this.maxBytes = o.maxBytes ?? 1024 * 1024 * 1024;
    this.maxFetchBytes = o.maxFetchBytes ?? MAX_FETCH_BYTES;
    this.maxPixels = o.maxPixels ?? MAX_PIXELS;
  }

  private async load(ref: ImageRef, signal?: AbortSignal): Promise<SharedImage> {
    const bytes = await fetchLimited(ref.url, this.maxFetchBytes, 'image', signal);
    return decodeImage(bytes, this.maxPixels);
  }

  /** The decoded image; `store: false` uses a cached copy but does not keep a new one. */
  async get(ref: ImageRef, signal?: AbortSignal, o: { store?: boolean } = {}): Promise<SharedImage> {
    const key = ref.cacheKey;
    let entry = key ? this.cache.get(key) : undefined;
    if (!key || (!entry && o.store === false)) {
      this.misses++;
      return this.load(ref, signal);
    }
    if (entry) {
      this.hits++;
      // most recently used last
      this.cache.delete(key);
      this.cache.set(key, entry);
    } else {
      this.misses++;
      // the download is shared, so it is not tied to one caller's cancel
      const created = { image: this.load(ref), bytes: 0 };
      entry = created;
      this.cache.set(key, created);
      created.image.then(
        (img) => {
          created.bytes = img.data.byteLength;
          this.evict();
        },
        () => {
          if (this.cache.get(key) === created) this.cache.delete(key);
        },
      );
      this.evict();
    }
    return signal ? untilAborted(entry.image, signal) : entry.image;
  }

  private evict() {
    while (this.cache.size > this.entries) this.cache.delete(this.cache.keys().next().value!);
    let total = 0;
    for (const e of this.cache.values()) total += e.bytes;
    for (const [key, e] of this.cache) {
      if (total <= this.maxBytes || this.cache.size <= 1) break;
      total -= e.bytes;
      this.cache.delete(key);
    }
  }

  get size(): number {
    return this.cache.size;
  }

  clear() {
    this.cache.clear();
  }
}
