/**
 * Fetching and decoding the images a request names. On the HTTP thread, but nothing here
 * computes on it: fetch is I/O and sharp decodes on libuv's thread pool.
 *
 * Bounds (issue 30: four warm-ups of 311 KB PNGs of 10,000 x 10,000 took the service from 1.0
 * to 3.35 GB):
 * - **Working resolution.** An image whose longer side is past WORKING_SIDE (4096) is decoded
 *   into that size (sharp's shrink-on-load for JPEG and WebP; PNG rows stream through the
 *   shrink), so a decoded image holds at most 4096 x 4096 x 3 bytes (48 MiB) whatever the file
 *   declares; models work at 1024 px or less, and the runner maps prompts in and predictions
 *   back to the original's pixels (SharedImage.sourceWidth/sourceHeight).
 * - **Pixels.** Up to MAX_INPUT_PIXELS (2^31, the most the platform tiles: every frame it can
 *   hold) when the format streams (baseline JPEG, non-interlaced PNG, WebP); up to
 *   MAX_WHOLE_PIXELS (100 Mpx) for interlaced PNG, progressive JPEG and GIF, whose decoders hold
 *   the whole picture; other formats (SVG, TIFF, HEIF, ...: not frame formats of the platform)
 *   are not read. At most 64 MiB fetched.
 * - **Concurrency.** Two fair gates (gate.ts), by priority (interactive, batch, warm) and by
 *   party (`tenant`): LOAD_SLOTS fetch-and-decodes at once (a fetched file waits for its
 *   decode holding its slot, so at most that many files sit in memory), of which DECODE_SLOTS
 *   decode, within DECODE_BUDGET pixels held by decoders (a streaming decode holds its output,
 *   a whole one its input too). Batch and warm leave one decode slot to interactive calls;
 *   warm-ups decode one at a time, wait at most 8 per party and 32 in all (the oldest is
 *   dropped) and no longer than 30 s.
 *
 * An image past a limit is `imageUnreadable`, as is anything sharp cannot decode, a truncated
 * file included. Decoded images are kept in a small LRU by `cacheKey` (24 images, at most 1 GiB
 * of pixels: a tracker call on 10 frames and the next call on the same frames must not push each
 * other out), in SharedArrayBuffers the model thread reads without a copy; concurrent requests
 * for the same key share one download, at the highest priority among them.
 */
import sharp from 'sharp';
import type { ImageRef } from '../src-shared/ai/protocol';
import type { SharedImage } from './engine/messages';
import { ServiceFailure } from './errors';
import { Dropped, FairGate, type GateOptions, type GatePriority, type Ticket } from './gate';

export const MAX_FETCH_BYTES = 64 * 1024 * 1024;
/** Pixels of an image whose format decodes in strips (decoded into WORKING_SIDE). */
export const MAX_INPUT_PIXELS = 2 ** 31;
/** Pixels of an image whose decoder holds it whole (interlaced PNG, progressive JPEG, GIF). */
export const MAX_WHOLE_PIXELS = 100_000_000;
/** Longest side of a decoded image: larger ones are shrunk into it on load. */
export const WORKING_SIDE = 4096;
export const LOAD_SLOTS = 8;
export const DECODE_SLOTS = 2;
/** Pixels held by decoders at once (one whole 100-Mpx decode, or many working-size ones). */
export const DECODE_BUDGET = 2 ** 27;
const FETCH_TIMEOUT_MS = 60_000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface ImageStoreOptions {
  entries?: number;
  maxBytes?: number;
  maxFetchBytes?: number;
  maxInputPixels?: number;
  maxWholePixels?: number;
  workingSide?: number;
  load?: Partial<GateOptions>;
  decode?: Partial<GateOptions>;
}

export interface LoadOptions {
  signal?: AbortSignal;
  /** false: use a cached copy but do not keep a new one (batch jobs) */
  store?: boolean;
  priority?: GatePriority;
  tenant?: string;
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

export interface DecodeLimits {
  maxInputPixels: number;
  maxWholePixels: number;
  workingSide: number;
}

export const DEFAULT_LIMITS: DecodeLimits = { maxInputPixels: MAX_INPUT_PIXELS, maxWholePixels: MAX_WHOLE_PIXELS, workingSide: WORKING_SIDE };

/** What a decode will take, from the file's header alone. */
export interface DecodePlan {
  /** the picture's size, EXIF orientation applied */
  width: number;
  height: number;
  /** the decoder streams rows (its memory is its output) */
  streams: boolean;
  /** longest side of the decoded raster */
  side: number;
  /** pixels the decoder holds at once: its output, plus its input when it holds it whole */
  cost: number;
}

export async function planDecode(bytes: Uint8Array, limits: DecodeLimits = DEFAULT_LIMITS): Promise<DecodePlan> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw unreadable(`the image cannot be decoded: ${(e as Error).message}`);
  }
  const format = meta.format ?? 'unknown';
  if (!FORMATS.has(format)) throw unreadable(`the image is ${format}; the model service reads JPEG, PNG, WebP and GIF`);
  if (!meta.width || !meta.height) throw unreadable('the image has no size in its header');
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const pixels = width * height;
  const streams = format !== 'gif' && !meta.isProgressive;
  const limit = streams ? limits.maxInputPixels : limits.maxWholePixels;
  if (pixels > limit) {
    const why = streams ? '' : ` for ${format === 'gif' ? 'a GIF' : format === 'png' ? 'an interlaced PNG' : 'a progressive JPEG'} (decoded whole)`;
    throw unreadable(`the image is ${meta.width} x ${meta.height} (${pixels.toLocaleString('en')} pixels), more than the ${limit.toLocaleString('en')} the model service decodes${why}`);
  }
  const scale = Math.min(1, limits.workingSide / Math.max(width, height));
  const out = Math.max(1, Math.round(width * scale)) * Math.max(1, Math.round(height * scale));
  return { width, height, streams, side: Math.min(Math.max(width, height), limits.workingSide), cost: streams ? out : pixels + out };
}

/**
 * Decodes to 8-bit sRGB, 3 channels, EXIF orientation applied (as the server's tiles are), into
 * the plan's working size; `sourceWidth/sourceHeight` are the picture's own.
 */
export async function decodeImage(bytes: Uint8Array, limits: DecodeLimits = DEFAULT_LIMITS, plan?: DecodePlan): Promise<SharedImage> {
  const p = plan ?? (await planDecode(bytes, limits));
  try {
    let pipeline = sharp(bytes, { limitInputPixels: p.streams ? limits.maxInputPixels : limits.maxWholePixels, failOn: 'truncated', sequentialRead: true }).rotate();
    if (Math.max(p.width, p.height) > p.side) pipeline = pipeline.resize({ width: p.side, height: p.side, fit: 'inside' });
    const { data, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`decoded to ${info.channels} channels`);
    const shared = new SharedArrayBuffer(data.byteLength);
    new Uint8Array(shared).set(data);
    return { width: info.width, height: info.height, data: shared, sourceWidth: p.width, sourceHeight: p.height };
  } catch (e) {
    throw unreadable(`the image cannot be decoded: ${(e as Error).message}`);
  }
}

/** One load (fetch and decode) and the gate tickets it holds, so a caller can raise its priority. */
class Load {
  readonly tickets: Ticket[] = [];
  /** a warm-up dropped from its queue */
  dropped = false;
  constructor(
    public priority: GatePriority,
    public tenant: string,
  ) {}

  promote(priority: GatePriority, tenant: string) {
    const order: GatePriority[] = ['interactive', 'batch', 'warm'];
    if (order.indexOf(priority) >= order.indexOf(this.priority)) return;
    this.priority = priority;
    this.tenant = tenant;
    for (const t of this.tickets) t.promote(priority, tenant);
  }
}

export interface ImageStats {
  load: FairGate['stats'];
  decode: FairGate['stats'];
  /** decodes finished, and the longest side of any decoded raster */
  decoded: number;
  largestSide: number;
  hits: number;
  misses: number;
}

export class ImageStore {
  private readonly cache = new Map<string, { image: Promise<SharedImage>; bytes: number; load: Load }>();
  private readonly entries: number;
  private readonly maxBytes: number;
  private readonly maxFetchBytes: number;
  private readonly limits: DecodeLimits;
  /** fetch and decode, together */
  readonly loadGate: FairGate;
  /** decode only */
  readonly decodeGate: FairGate;
  hits = 0;
  misses = 0;
  private decoded = 0;
  private largestSide = 0;

  constructor(o: ImageStoreOptions = {}) {
    this.entries = o.entries ?? 24;
    this.maxBytes = o.maxBytes ?? 1024 * 1024 * 1024;
    this.maxFetchBytes = o.maxFetchBytes ?? MAX_FETCH_BYTES;
    this.limits = { maxInputPixels: o.maxInputPixels ?? MAX_INPUT_PIXELS, maxWholePixels: o.maxWholePixels ?? MAX_WHOLE_PIXELS, workingSide: o.workingSide ?? WORKING_SIDE };
    const warm = { warmQueue: 8, warmQueueTotal: 32, warmMaxWaitMs: 30_000 };
    this.loadGate = new FairGate({ slots: LOAD_SLOTS, share: LOAD_SLOTS / 2, classSlots: { batch: LOAD_SLOTS - 2, warm: 2 }, ...warm, ...o.load });
    this.decodeGate = new FairGate({ slots: DECODE_SLOTS, budget: DECODE_BUDGET, classSlots: { batch: DECODE_SLOTS - 1, warm: 1 }, ...warm, ...o.decode });
  }

  stats(): ImageStats {
    return { load: { ...this.loadGate.stats }, decode: { ...this.decodeGate.stats }, decoded: this.decoded, largestSide: this.largestSide, hits: this.hits, misses: this.misses };
  }

  private async load(ref: ImageRef, load: Load, signal?: AbortSignal): Promise<SharedImage> {
    const slot = this.loadGate.enter({ priority: load.priority, tenant: load.tenant, signal });
    load.tickets.push(slot);
    try {
      await slot.admitted;
      const bytes = await fetchLimited(ref.url, this.maxFetchBytes, 'image', signal);
      const plan = await planDecode(bytes, this.limits);
      const decoding = this.decodeGate.enter({ priority: load.priority, tenant: load.tenant, cost: plan.cost, signal });
      load.tickets.push(decoding);
      try {
        await decoding.admitted;
        const image = await decodeImage(bytes, this.limits, plan);
        this.decoded++;
        this.largestSide = Math.max(this.largestSide, image.width, image.height);
        return image;
      } finally {
        decoding.release();
      }
    } catch (e) {
      if (e instanceof Dropped) {
        load.dropped = true;
        throw new ServiceFailure('busy', `the image was not loaded: ${e.message}`);
      }
      throw e;
    } finally {
      slot.release();
    }
  }

  /**
   * The decoded image. `store: false` uses a cached copy but does not keep a new one. A caller
   * that joins a load already under way raises it to its own priority.
   */
  async get(ref: ImageRef, o: LoadOptions = {}): Promise<SharedImage> {
    const priority = o.priority ?? 'interactive';
    const tenant = o.tenant ?? '';
    const key = ref.cacheKey;
    let entry = key ? this.cache.get(key) : undefined;
    if (!key || (!entry && o.store === false)) {
      this.misses++;
      return this.load(ref, new Load(priority, tenant), o.signal);
    }
    if (entry) {
      this.hits++;
      entry.load.promote(priority, tenant);
      // most recently used last
      this.cache.delete(key);
      this.cache.set(key, entry);
    } else {
      this.misses++;
      // the download is shared, so it is not tied to one caller's cancel
      const load = new Load(priority, tenant);
      const created = { image: this.load(ref, load), bytes: 0, load };
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
    const joined = entry;
    // a warm-up dropped just before this caller joined it: load again, at the caller's priority
    const image = priority === 'warm' ? joined.image : joined.image.catch((e: unknown) => (joined.load.dropped ? this.get(ref, o) : Promise.reject(e)));
    return o.signal ? untilAborted(image, o.signal) : image;
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
