/**
 * SAM's image embeddings, on the HTTP thread's side: each picture's is computed once, on the
 * encoder's own thread (engine/encoderWorker.ts), and kept by the picture's `cacheKey`, so every
 * click on it costs only the decoder. A warm-up with the segmenter (POST /v1/images/warm with
 * `model`) computes it while the person looks at the frame, before the first click.
 *
 * - **Cache.** An LRU of `entries` embeddings (default 32) within `maxBytes` (default 128 MiB;
 *   one is 4 MiB whatever the picture's size), in SharedArrayBuffers the model thread reads
 *   without a copy. A picture whose embedding is cached is not fetched or decoded again. A
 *   picture without a `cacheKey` is encoded for its call and not kept.
 * - **One at a time, fairly.** A FairGate of one slot (gate.ts) in front of the encoder:
 *   interactive calls, then batch, then warm-ups; parties (`tenant`) in turn. Warm-ups wait at
 *   most `warmQueue` per party (default 2) and `warmQueueTotal` in all (default 8), the oldest
 *   dropped past that, and at most `warmMaxWaitMs` (default 20 s): a frame someone looked at a
 *   while ago is not worth a second of CPU. A party with `queue` calls (default 4) waiting for
 *   embeddings gets `busy` for the next.
 * - **Shared.** Calls for a picture whose embedding is under way join it, and raise it (its
 *   image's load too) to their own priority; a caller that hangs up stops waiting, the
 *   computation goes on for the cache.
 * - **A team's own SAM** (runtime onnx-sam) has a store of its own (service.ts): its encoder runs
 *   in the party's model process (engine/teams.ts), named with each call (`encoder`), and its
 *   embeddings are kept under the model's key and the picture's, within the same byte budget
 *   (they may be of another size than the built-in's 4 MiB).
 */
import type { ImageRef } from '../src-shared/ai/protocol';
import type { Embedding, SharedImage } from './engine/messages';
import type { ModelPool } from './engine/pool';
import { ServiceFailure } from './errors';
import { Dropped, FairGate, type GatePriority, type Ticket } from './gate';
import { untilAborted, type ImageStore } from './images';
import { EMBEDDING_FLOATS } from './models/samEncoder';

export interface EmbeddingOptions {
  entries?: number;
  maxBytes?: number;
  /** embeddings computed at once (default 1: the built-in encoder's one thread) */
  slots?: number;
  queue?: number;
  warmQueue?: number;
  warmQueueTotal?: number;
  warmMaxWaitMs?: number;
}

export interface EmbeddingStats {
  /** embeddings the encoder computed */
  encoded: number;
  /** calls answered from the cache or joined to one under way, and calls that had to start one */
  hits: number;
  misses: number;
  /** warm-ups dropped before their turn */
  dropped: number;
  size: number;
  gate: FairGate['stats'];
}

const EMBEDDING_BYTES = EMBEDDING_FLOATS * 4;
const ORDER: GatePriority[] = ['interactive', 'batch', 'warm'];

/** One embedding under way: its priority and party (raised by callers that join), its gate ticket once it has one. */
class Pending {
  ticket?: Ticket;
  /** a warm-up dropped from a queue (the image's or the encoder's) */
  dropped = false;
  /** its turn came (or it ended): no longer counted as waiting */
  settled = false;
  /** the party it is counted as waiting for */
  counted?: string;
  constructor(
    public priority: GatePriority,
    public tenant: string,
  ) {}
}

interface Entry {
  embedding: Promise<Embedding>;
  pending: Pending;
  /** computed */
  ready: boolean;
  bytes: number;
}

/** What computes an embedding: the built-in encoder's thread, or a team's SAM in its party's process. */
export interface Encoder {
  /** '' for the built-in SAM; a team model's key (its embeddings are kept apart under it) */
  id: string;
  encode(image: SharedImage, tenant: string): Promise<Embedding>;
}

export interface EmbeddingCall {
  priority: GatePriority;
  tenant?: string;
  signal?: AbortSignal;
  /** the encoder, when not the store's own */
  encoder?: Encoder;
}

/** The built-in SAM's encoder: its own thread (engine/encoderWorker.ts). */
export function builtinEncoder(pool: ModelPool): Encoder {
  return {
    id: '',
    encode: async (image, tenant) => {
      const r = await pool.run({ op: 'embed', image }, 'interactive', undefined, tenant);
      if (!('embedding' in r)) throw new ServiceFailure('internal', 'the encoder thread answered without an embedding');
      return r.embedding;
    },
  };
}

/** A picture a batch job already decoded: its embedding is read from the cache, or computed from it and not kept. */
export interface DecodedPicture {
  ref: ImageRef;
  image: SharedImage;
}

export class EmbeddingStore {
  private readonly cache = new Map<string, Entry>();
  private readonly entries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private readonly queue: number;
  /** interactive and batch calls waiting for the encoder, by party */
  private readonly waiting = new Map<string, number>();
  readonly gate: FairGate;
  private encoded = 0;
  private hits = 0;
  private misses = 0;
  private dropped = 0;

  constructor(
    private readonly images: ImageStore,
    private readonly encoder: Encoder | undefined,
    o: EmbeddingOptions = {},
  ) {
    this.maxBytes = o.maxBytes ?? 128 * 1024 * 1024;
    this.entries = Math.max(1, Math.min(o.entries ?? 32, Math.floor(this.maxBytes / EMBEDDING_BYTES)));
    this.queue = o.queue ?? 4;
    this.gate = new FairGate({ slots: o.slots ?? 1, share: 1, warmQueue: o.warmQueue ?? 2, warmQueueTotal: o.warmQueueTotal ?? 8, warmMaxWaitMs: o.warmMaxWaitMs ?? 20_000 });
  }

  stats(): EmbeddingStats {
    return { encoded: this.encoded, hits: this.hits, misses: this.misses, dropped: this.dropped, size: this.cache.size, gate: { ...this.gate.stats } };
  }

  /** Whether the picture's embedding is kept (computed, not under way). */
  has(cacheKey: string, encoder = this.encoder): boolean {
    return this.cache.get(this.keyOf(cacheKey, encoder))?.ready === true;
  }

  /** Where a picture's embedding is kept: by its cacheKey, under a team model's key for a team's SAM. */
  private keyOf(cacheKey: string, encoder: Encoder | undefined) {
    return encoder?.id ? `${encoder.id}\u0000${cacheKey}` : cacheKey;
  }

  /** The picture's embedding: from the cache, joined to one under way, or computed. */
  get(ref: ImageRef, o: EmbeddingCall): Promise<Embedding> {
    const tenant = o.tenant ?? '';
    const encoder = o.encoder ?? this.encoder;
    if (!encoder) return Promise.reject(new ServiceFailure('internal', 'no encoder for this embedding'));
    const key = ref.cacheKey ? this.keyOf(ref.cacheKey, encoder) : undefined;
    const found = key ? this.cache.get(key) : undefined;
    if (found) {
      this.hits++;
      this.raise(ref, found.pending, o.priority, tenant);
      this.cache.delete(key!);
      this.cache.set(key!, found);
      // a warm-up dropped just before this caller joined it: computed again, at the caller's priority
      const joined = o.priority === 'warm' ? found.embedding : found.embedding.catch((e: unknown) => (found.pending.dropped ? this.get(ref, o) : Promise.reject(e)));
      return o.signal ? untilAborted(joined, o.signal) : joined;
    }
    this.misses++;
    if (o.priority !== 'warm' && (this.waiting.get(tenant) ?? 0) >= this.queue) {
      return Promise.reject(new ServiceFailure('busy', `${this.queue} calls of this party are already waiting for image embeddings`));
    }
    const pending = new Pending(o.priority, tenant);
    // shared with later callers, so not tied to this caller's hang-up
    const embedding = this.compute(ref, pending, encoder);
    embedding.catch(() => undefined);
    if (key) {
      const entry: Entry = { embedding, pending, ready: false, bytes: 0 };
      this.cache.set(key, entry);
      embedding.then(
        (e) => {
          if (this.cache.get(key) !== entry) return;
          entry.ready = true;
          entry.bytes = e.data.byteLength;
          this.bytes += entry.bytes;
          this.evict();
        },
        () => {
          if (this.cache.get(key) === entry) this.cache.delete(key);
        },
      );
      this.evict();
    }
    return o.signal ? untilAborted(embedding, o.signal) : embedding;
  }

  /**
   * The embedding of a picture a batch job holds decoded (pre-annotation with outlines): the
   * cached one when someone looked at the frame, else computed from the job's own decode, in the
   * encoder's turn for its priority, and not kept: 100,000 items would push out the embeddings of
   * the frames people are working on, as the decoded-image cache keeps batch images out.
   */
  ofDecoded(p: DecodedPicture, o: EmbeddingCall): Promise<Embedding> {
    const encoder = o.encoder ?? this.encoder;
    if (!encoder) return Promise.reject(new ServiceFailure('internal', 'no encoder for this embedding'));
    if (p.ref.cacheKey && this.cache.has(this.keyOf(p.ref.cacheKey, encoder))) return this.get(p.ref, o);
    const tenant = o.tenant ?? '';
    this.misses++;
    if ((this.waiting.get(tenant) ?? 0) >= this.queue) {
      return Promise.reject(new ServiceFailure('busy', `${this.queue} calls of this party are already waiting for image embeddings`));
    }
    const embedding = this.compute(p.ref, new Pending(o.priority, tenant), encoder, p.image);
    embedding.catch(() => undefined);
    return o.signal ? untilAborted(embedding, o.signal) : embedding;
  }

  /** A caller of higher priority joined: the image's load and the encoder's turn follow it. */
  private raise(ref: ImageRef, pending: Pending, priority: GatePriority, tenant: string) {
    if (ORDER.indexOf(priority) >= ORDER.indexOf(pending.priority)) return;
    pending.priority = priority;
    pending.tenant = tenant;
    if (pending.ticket) pending.ticket.promote(priority, tenant);
    // the image store raises a load it has under way when asked again at a higher priority
    else this.images.get(ref, { priority, tenant }).catch(() => undefined);
    this.hold(pending);
  }

  /** Counts a pending interactive or batch computation as waiting for its party, once. */
  private hold(p: Pending) {
    if (p.settled || p.counted !== undefined || p.priority === 'warm') return;
    p.counted = p.tenant;
    this.waiting.set(p.tenant, (this.waiting.get(p.tenant) ?? 0) + 1);
  }

  private release(p: Pending) {
    p.settled = true;
    if (p.counted === undefined) return;
    const n = (this.waiting.get(p.counted) ?? 1) - 1;
    if (n > 0) this.waiting.set(p.counted, n);
    else this.waiting.delete(p.counted);
    p.counted = undefined;
  }

  private async compute(ref: ImageRef, pending: Pending, encoder: Encoder, decoded?: SharedImage): Promise<Embedding> {
    this.hold(pending);
    try {
      const image = decoded ?? (await this.images.get(ref, { priority: pending.priority, tenant: pending.tenant }));
      const ticket = this.gate.enter({ priority: pending.priority, tenant: pending.tenant });
      pending.ticket = ticket;
      try {
        await ticket.admitted;
        this.release(pending);
        const embedding = await encoder.encode(image, pending.tenant);
        this.encoded++;
        return embedding;
      } finally {
        ticket.release();
      }
    } catch (e) {
      const droppedWarm = e instanceof Dropped || (pending.priority === 'warm' && e instanceof ServiceFailure && e.code === 'busy');
      if (droppedWarm) {
        pending.dropped = true;
        this.dropped++;
        throw new ServiceFailure('busy', `the image embedding was not computed: ${(e as Error).message}`);
      }
      throw e;
    } finally {
      this.release(pending);
    }
  }

  /** The oldest go while there are too many, or too many bytes (the newest always stays). */
  private evict() {
    while (this.cache.size > this.entries || (this.bytes > this.maxBytes && this.cache.size > 1)) {
      const oldest = this.cache.keys().next().value!;
      this.bytes -= this.cache.get(oldest)!.bytes;
      this.cache.delete(oldest);
    }
  }

  get size(): number {
    return this.cache.size;
  }
}
