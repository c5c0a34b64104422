/**
 * The decoded frames of one file, as pictures ready to draw: at most `capacity` canvases, each
 * painted once per frame and reused for another frame when its own is least wanted (bounded
 * memory; no allocation per frame, see framePainter.ts).
 *
 * A picture handed out is drawn by whoever took it until they take another: the last PINNED
 * pictures handed out are never painted over (the one on screen, and the one about to replace
 * it). Any other picture may be reused: nobody holds it past the next frame it asks for.
 */
const PINNED = 2;

export interface PictureSlot {
  readonly ctx: OffscreenCanvasRenderingContext2D;
  /** the frame it shows; -1 while free or being painted */
  frame: number;
}

export class PictureCache {
  private readonly slots: PictureSlot[] = [];
  private readonly byFrame = new Map<number, PictureSlot>();
  /** frames handed out, the latest last */
  private readonly pinned: number[] = [];
  /** slots claimed and not yet put or released */
  private readonly painting = new Set<PictureSlot>();

  constructor(
    readonly capacity: number,
    private readonly width: number,
    private readonly height: number,
  ) {}

  get size(): number {
    return this.byFrame.size;
  }

  has(n: number): boolean {
    return this.byFrame.has(n);
  }

  /** Frame n's picture, handed out: it stays as it is until PINNED later pictures are handed out. */
  take(n: number): OffscreenCanvas | null {
    const slot = this.byFrame.get(n);
    if (!slot) return null;
    const at = this.pinned.indexOf(n);
    if (at >= 0) this.pinned.splice(at, 1);
    this.pinned.push(n);
    if (this.pinned.length > PINNED) this.pinned.shift();
    return slot.ctx.canvas;
  }

  /**
   * A canvas to paint frame n into: a free one, a new one while under capacity, or the one whose
   * frame is least wanted by `rank` (higher: wanted less) if it is wanted less than n. Null when
   * n is the least wanted of all: the caller drops it. The slot is out of the cache until `put`.
   */
  claim(n: number, rank: (frame: number) => number): PictureSlot | null {
    const free = this.slots.find((s) => s.frame === -1 && !this.painting.has(s));
    if (free) return this.reserve(free);
    if (this.slots.length < this.capacity) {
      const slot: PictureSlot = { ctx: new OffscreenCanvas(this.width, this.height).getContext('2d')!, frame: -1 };
      this.slots.push(slot);
      return this.reserve(slot);
    }
    let victim: PictureSlot | null = null;
    for (const slot of this.byFrame.values()) {
      if (this.pinned.includes(slot.frame)) continue;
      if (!victim || rank(slot.frame) > rank(victim.frame)) victim = slot;
    }
    if (!victim || rank(victim.frame) <= rank(n)) return null;
    this.byFrame.delete(victim.frame);
    victim.frame = -1;
    return this.reserve(victim);
  }

  /** The slot now shows frame n. */
  put(slot: PictureSlot, n: number): void {
    this.painting.delete(slot);
    const old = this.byFrame.get(n);
    if (old && old !== slot) {
      // Painted twice (a seek crossed a frame already there): keep one.
      old.frame = -1;
    }
    slot.frame = n;
    this.byFrame.set(n, slot);
  }

  /** The slot's painting failed or was dropped: free again. */
  release(slot: PictureSlot): void {
    this.painting.delete(slot);
    slot.frame = -1;
  }

  /** How many frames from n on are cached one after another, up to `limit`. */
  runFrom(n: number, limit: number): number {
    let k = 0;
    while (k < limit && this.byFrame.has(n + k)) k++;
    return k;
  }

  /** Lets every canvas go (the source is closed); one still on screen stays as it is until dropped there. */
  clear(): void {
    this.slots.length = 0;
    this.painting.clear();
    this.byFrame.clear();
    this.pinned.length = 0;
  }

  private reserve(slot: PictureSlot): PictureSlot {
    this.painting.add(slot);
    return slot;
  }
}
