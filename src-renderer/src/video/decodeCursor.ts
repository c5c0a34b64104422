/**
 * One VideoDecoder kept open and fed the file's packets in decode order, from a key frame on:
 * stepping and playing go on from where it is (no seek), a seek starts again at the key frame
 * before its target. Decoded frames come out in presentation order and are named by their
 * timestamp (FrameTimeline.frameAt), never by counting, so a frame can only be the frame it is.
 *
 * Frames shown before `keepFrom` are closed as they come out, unconverted; H.264 packets among
 * them that no other frame refers to (disposable, avcPackets.ts) are not even decoded.
 */
import type { EncodedPacket, EncodedPacketSink } from 'mediabunny';
import { cleanKeyPacket, isDisposable } from './avcPackets';
import type { FrameTimeline } from './frameTimeline';

/** Key packets found by the index are checked in their bits: some files flag frames as sync that are not. */
const VERIFY = { verifyKeyPackets: true } as const;
/** Packets to decode on through rather than start again at a key frame just ahead (a seek also loses the frames in flight). */
const CONTINUE_SLACK = 4;
/** Packets waiting in the decoder at most (mediabunny allows 8 when frames wait to be taken, 40 otherwise). */
const MAX_QUEUE = 8;

export interface CursorStats {
  /** packets given to the decoder */
  decoded: number;
  /** disposable packets before a seek's target, not decoded */
  skipped: number;
  /** starts at a key frame */
  seeks: number;
}

export interface DecodeCursorOptions {
  optimizeForLatency: boolean;
  /** the avcC length-field size of an H.264 track (null for other codecs, or H.264 in Annex B) */
  avcLengthSize: number | null;
  /** skip disposable H.264 packets shown before the target */
  skipDisposable: boolean;
}

export class DecodeCursor {
  readonly stats: CursorStats = { decoded: 0, skipped: 0, seeks: 0 };
  /** A frame at or after keepFrom came out; the receiver closes it. */
  onFrame: (n: number, frame: VideoFrame) => void = (_n, frame) => frame.close();
  /** Something came out (kept or not): the decoder has room again. */
  onOutput: () => void = () => undefined;
  onError: (err: unknown) => void = () => undefined;

  private decoder: VideoDecoder | null = null;
  /** the next packet to feed; null once the last was fed */
  private next: EncodedPacket | null = null;
  /** the next packet fed is the first after configure (a key frame) */
  private fresh = true;
  private keepFrom = 0;
  /** disposable packets shown before this frame are skipped (-1: none) */
  private skipBefore = -1;
  /** the highest frame number that came out since the last seek */
  private lastOut = -1;
  private fedSinceSeek = 0;
  private outSinceSeek = 0;
  private flushed = false;

  constructor(
    private readonly packets: EncodedPacketSink,
    private readonly config: VideoDecoderConfig,
    private readonly timeline: FrameTimeline,
    private readonly options: DecodeCursorOptions,
  ) {}

  /** Fed and not yet out: work in the decoder, and frames it holds back to order them. */
  get inFlight(): number {
    return this.fedSinceSeek - this.outSinceSeek;
  }

  /**
   * The decoder has enough packets waiting. Not one at a time: each packet handed over waits for
   * the decoder's thread to take it, and fed one by one a 320 x 240 file decoded at 5 ms a frame
   * instead of 0.4 ms.
   */
  get busy(): boolean {
    return (this.decoder?.decodeQueueSize ?? 0) >= MAX_QUEUE;
  }

  /** The highest frame number that came out since the last seek (-1: none yet). */
  get lastOutFrame(): number {
    return this.lastOut;
  }

  /** Every packet was fed and the decoder drained: nothing more comes out until a seek. */
  get ended(): boolean {
    return this.flushed;
  }

  /**
   * Whether feeding on reaches frame `goal` at no more cost than a seek: its key frame is not
   * further ahead of the next packet than the few a seek would throw away.
   */
  async reaches(goal: number): Promise<boolean> {
    if (!this.decoder || this.flushed || goal < this.keepFrom || goal <= this.lastOut) return false;
    if (!this.next) return true;
    const key = await this.packets.getKeyPacket(this.timeline.seekTime(goal), VERIFY);
    return !key || key.sequenceNumber <= this.next.sequenceNumber + Math.max(CONTINUE_SLACK, this.inFlight);
  }

  /** Frames before `n` that come out from now on are not wanted (a jump ahead within reach). */
  keepOnlyFrom(n: number): void {
    if (n <= this.keepFrom) return;
    this.keepFrom = n;
    if (this.skipping) this.skipBefore = n;
  }

  /** Starts again at the key frame before frame `target`; frames from `keepFrom` (at most `target`) on will come out. */
  async seek(target: number, keepFrom = target): Promise<void> {
    const time = this.timeline.seekTime(target);
    const key = (await this.packets.getKeyPacket(time, VERIFY)) ?? (await this.packets.getFirstKeyPacket(VERIFY));
    if (!key) throw new Error('the video has no key frame to start decoding at');
    if (!this.decoder || this.decoder.state === 'closed') this.decoder = this.makeDecoder();
    this.decoder.reset();
    this.decoder.configure({ ...this.config, optimizeForLatency: this.options.optimizeForLatency });
    this.next = key;
    this.fresh = true;
    this.flushed = false;
    this.keepFrom = Math.min(keepFrom, target);
    this.skipBefore = this.skipping ? this.keepFrom : -1;
    this.lastOut = -1;
    this.fedSinceSeek = 0;
    this.outSinceSeek = 0;
    this.stats.seeks++;
  }

  /** Feeds the next packet (or, after the last, drains the decoder). False once everything came out. */
  async feed(): Promise<boolean> {
    const decoder = this.decoder;
    if (!decoder || this.flushed) return false;
    const packet = this.next;
    if (!packet) {
      await decoder.flush();
      this.flushed = true;
      return false;
    }
    const lengthSize = this.options.avcLengthSize;
    if (lengthSize && this.skipping && !this.fresh && packet.type === 'delta' && this.timeline.frameAt(packet.microsecondTimestamp) < this.skipBefore && isDisposable(packet.data, lengthSize)) {
      this.stats.skipped++;
    } else {
      const data = this.fresh && lengthSize ? cleanKeyPacket(packet.data, lengthSize) : packet.data;
      decoder.decode(new EncodedVideoChunk({ type: this.fresh ? 'key' : packet.type, timestamp: packet.microsecondTimestamp, duration: packet.microsecondDuration, data }));
      this.fresh = false;
      this.fedSinceSeek++;
      this.stats.decoded++;
    }
    // Read ahead now: the packet after is wanted next, and its read may wait on the network.
    this.next = await this.packets.getNextPacket(packet);
    return true;
  }

  private get skipping(): boolean {
    return this.options.skipDisposable && this.options.avcLengthSize !== null;
  }

  close(): void {
    if (this.decoder && this.decoder.state !== 'closed') this.decoder.close();
    this.decoder = null;
  }

  private makeDecoder(): VideoDecoder {
    const decoder = new VideoDecoder({
      output: (frame) => {
        this.outSinceSeek++;
        const n = this.timeline.frameAt(frame.timestamp);
        this.lastOut = Math.max(this.lastOut, n);
        if (n >= this.keepFrom) this.onFrame(n, frame);
        else frame.close();
        this.onOutput();
      },
      error: (err) => this.onError(err),
    });
    // A decoder may take packets in without giving a frame yet (it holds frames to order them): room is room all the same.
    decoder.addEventListener('dequeue', () => this.onOutput());
    return decoder;
  }
}
