/**
 * A video file's frames, by number, as pictures ready to draw (issue 33). Frame-accurate: a frame
 * is named by its own timestamp, through the file's table of times; fast for the three ways a
 * person moves through a video:
 *
 * - stepping forward and playing: the decoder is kept open and goes on; frames ahead of the one
 *   asked for are decoded and painted before they are asked for (`window` of them), so the next
 *   one is usually there already;
 * - jumping: within reach of the decoder's position (the target's key frame is not ahead of it)
 *   it goes on, closing the frames in between unconverted; otherwise it starts again at the key
 *   frame before the target;
 * - scrubbing: the latest frame asked for wins. An older request still waiting is refused with
 *   `SupersededError` and the decoder turns to the new one at its next packet.
 *
 * Moving backwards starts again at the key frame before the target too, keeping the frames before
 * it as well, so stepping back from there is immediate.
 */
import type { EncodedPacketSink } from 'mediabunny';
import { DecodeCursor, type CursorStats, type DecodeCursorOptions } from './decodeCursor';
import type { FramePainter } from './framePainter';
import type { FrameTimeline } from './frameTimeline';
import { PictureCache } from './pictureCache';

/** A frame asked for was replaced by a later request before it was decoded. */
export class SupersededError extends Error {
  constructor(readonly frame: number) {
    super(`frame ${frame} was no longer wanted`);
  }
}

/** The file does not give a frame it lists (damaged, or its table of times does not match it). */
export class FrameNotDecodedError extends Error {
  constructor(
    readonly frame: number,
    readonly detail: string,
  ) {
    super(`frame ${frame} could not be decoded: ${detail}`);
  }
}

export interface VideoFrameSourceStats extends CursorStats {
  /** frames painted into a picture */
  painted: number;
  /** decoded frames dropped because every picture held a frame wanted more */
  dropped: number;
}

/** Frames kept behind the target when moving backwards (and at the least while going forward). */
const BEHIND = 2;

export class VideoFrameSource {
  /** frames decoded ahead of the one asked for */
  readonly window: number;
  private readonly cache: PictureCache;
  private readonly cursor: DecodeCursor;
  private goal = 0;
  private backward = false;
  private waiter: { n: number; promise: Promise<OffscreenCanvas>; resolve: (p: OffscreenCanvas) => void; reject: (e: unknown) => void } | null = null;
  /** decoded frames waiting to be painted, in the order they came out */
  private readonly toPaint: { n: number; frame: VideoFrame }[] = [];
  private painting = false;
  /** the frame being painted now (-1: none) */
  private paintingFrame = -1;
  private painted = 0;
  private dropped = 0;
  private wake: (() => void) | null = null;
  private poked = false;
  private closed = false;
  /** a goal the decoder failed on: not tried again until asked for again */
  private failedGoal: number | null = null;
  /** the goal of the last seek, to tell a frame the file does not give from one still coming */
  private soughtGoal: number | null = null;
  /** seeks made for the current goal only to fill the frames after it */
  private fillSeeks = 0;

  constructor(
    packets: EncodedPacketSink,
    config: VideoDecoderConfig,
    readonly timeline: FrameTimeline,
    private readonly painter: FramePainter,
    options: DecodeCursorOptions & { capacity: number },
    private readonly onClose: () => void = () => undefined,
  ) {
    this.cache = new PictureCache(options.capacity, painter.width, painter.height);
    // The pinned pictures and a few behind take their places; the rest is for frames ahead.
    this.window = Math.max(1, options.capacity - 2 - BEHIND);
    this.cursor = new DecodeCursor(packets, config, timeline, options);
    this.cursor.onFrame = (n, frame) => {
      this.toPaint.push({ n, frame });
      void this.paint();
    };
    this.cursor.onOutput = () => this.poke();
    this.cursor.onError = (err) => this.fail(err);
    void this.pump();
  }

  get width(): number {
    return this.painter.width;
  }

  get height(): number {
    return this.painter.height;
  }

  get frameCount(): number {
    return this.timeline.count;
  }

  stats(): VideoFrameSourceStats {
    return { ...this.cursor.stats, painted: this.painted, dropped: this.dropped };
  }

  /**
   * Frame n's picture (n within the file). It stays as it is until two later pictures are handed
   * out (PictureCache): draw it, then ask for the next. Refused with SupersededError when another
   * frame is asked for before this one is ready.
   */
  frame(n: number): Promise<OffscreenCanvas> {
    if (this.closed) return Promise.reject(new Error('the video is closed'));
    n = this.clamp(n);
    this.aim(n);
    if (this.waiter?.n === n) return this.waiter.promise;
    this.supersede();
    const hit = this.cache.take(n);
    if (hit) return Promise.resolve(hit);
    if (this.failedGoal === n) this.failedGoal = null;
    let resolve!: (p: OffscreenCanvas) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<OffscreenCanvas>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.waiter = { n, promise, resolve, reject };
    this.poke();
    return promise;
  }

  /** Frame n's picture if it is decoded already (handed out as by `frame`), else null; decoding turns to it either way. */
  peek(n: number): OffscreenCanvas | null {
    if (this.closed) return null;
    n = this.clamp(n);
    this.aim(n);
    if (this.waiter?.n !== n) this.supersede();
    this.poke();
    return this.cache.take(n);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cursor.close();
    for (const { frame } of this.toPaint.splice(0)) frame.close();
    this.supersede();
    this.cache.clear();
    this.poke();
    this.onClose();
  }

  /** The frame waited for is no longer wanted: a later request took its place. */
  private supersede(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(new SupersededError(waiter.n));
  }

  private clamp(n: number): number {
    return Math.max(0, Math.min(this.timeline.count - 1, Math.floor(n)));
  }

  private aim(n: number): void {
    if (n === this.goal) return;
    this.backward = n < this.goal;
    this.goal = n;
    this.fillSeeks = 0;
    this.soughtGoal = null;
  }

  /** How much a cached frame is wanted, from the goal and the way the person moves: higher is wanted less. */
  private readonly rank = (m: number): number => {
    const d = m - this.goal;
    if (d >= 0) return this.backward ? 2 * d : d;
    return this.backward ? -d : -2 * d + this.window;
  };

  /** Something changed (a request, a frame out, room in the decoder): the pump looks again. */
  private poke(): void {
    this.poked = true;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Waits for a poke, unless one came since the last wait (while the pump was busy, say). */
  private sleep(): Promise<void> {
    if (this.poked) {
      this.poked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.wake = resolve));
  }

  /** Decodes towards the goal and the window after it, one packet at a time, until there is nothing to do; then sleeps until poked. */
  private async pump(): Promise<void> {
    while (!this.closed) {
      let worked = false;
      try {
        worked = await this.step();
      } catch (err) {
        this.fail(err);
      }
      if (!worked && !this.closed) await this.sleep();
    }
  }

  /** One move of the decoder; false when there is nothing to do now. */
  private async step(): Promise<boolean> {
    const goal = this.goal;
    if (goal === this.failedGoal) return false;
    // Ahead of the goal: the window going forward; a couple going backwards, where the frames behind are kept instead.
    const ahead = this.backward ? BEHIND : this.window;
    // The first frame from the goal on that is neither painted nor on its way to be.
    const last = Math.min(this.timeline.count - 1, goal + ahead);
    let target = goal;
    while (target <= last && this.coming(target)) target++;
    if (target > last) return false;
    const have = target > goal;
    // Frames already in the decoder count towards the window after the goal.
    if (have && target - goal - 1 + Math.max(0, this.cursor.inFlight) >= ahead) return false;
    // Filling the frames ahead started over twice for this goal already and they did not stay (the memory is full of frames wanted more).
    if (have && this.fillSeeks >= 2) return false;
    if (!(await this.cursor.reaches(target))) {
      if (this.goal !== goal) return true;
      // Sought, and the decoder went past it (or to the end) without giving it: the file lacks it.
      if (!have && this.soughtGoal === goal && (this.cursor.ended || this.cursor.lastOutFrame > goal)) {
        this.failGoal(goal, new FrameNotDecodedError(goal, 'the decoder went past this frame without giving it'));
        return false;
      }
      // Going backwards, the frames before the goal are kept too: the next steps back are there.
      await this.cursor.seek(target, this.backward && !have ? Math.max(0, goal - Math.floor(this.window / 2)) : target);
      this.soughtGoal = have ? null : goal;
      if (have) this.fillSeeks++;
      return true;
    }
    // A new goal within reach but ahead: the frames in between are not wanted.
    if (!have && this.soughtGoal !== goal && target > this.cursor.lastOutFrame + 1) this.cursor.keepOnlyFrom(target);
    if (this.cursor.busy || this.toPaint.length >= 2) {
      // Wait for the decoder or the painter to take something off.
      await this.sleep();
      return true;
    }
    await this.cursor.feed();
    return true;
  }

  /** Frame n is painted, or decoded and waiting to be. */
  private coming(n: number): boolean {
    return this.cache.has(n) || this.paintingFrame === n || this.toPaint.some((p) => p.n === n);
  }

  private async paint(): Promise<void> {
    if (this.painting) return;
    this.painting = true;
    try {
      for (let next = this.toPaint.shift(); next; next = this.toPaint.shift()) {
        const { n, frame } = next;
        this.paintingFrame = n;
        try {
          if (this.closed || this.cache.has(n)) continue;
          const slot = this.cache.claim(n, this.rank);
          if (!slot) {
            this.dropped++;
            continue;
          }
          try {
            await this.painter.paint(frame, slot.ctx);
          } catch (err) {
            this.cache.release(slot);
            throw err;
          }
          this.cache.put(slot, n);
          this.painted++;
        } finally {
          frame.close();
          this.paintingFrame = -1;
        }
        if (this.waiter?.n === n) {
          const { resolve } = this.waiter;
          this.waiter = null;
          resolve(this.cache.take(n)!);
        }
        this.poke();
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.painting = false;
    }
    this.poke();
  }

  /** The decoder failed: the frame waited for is refused with the reason, and a later request starts again with a new decoder. */
  private fail(err: unknown): void {
    this.cursor.close();
    this.failGoal(this.goal, err instanceof FrameNotDecodedError ? err : new FrameNotDecodedError(this.goal, err instanceof Error ? err.message : String(err)));
  }

  private failGoal(goal: number, err: FrameNotDecodedError): void {
    this.failedGoal = goal;
    if (this.waiter) {
      const { reject } = this.waiter;
      this.waiter = null;
      reject(err);
    }
  }
}
