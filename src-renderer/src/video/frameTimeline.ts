/**
 * A file's frames on the demuxer's clock: the times the server read from the container
 * (VideoFrameTimes, microseconds, in frame order: mediabunny's packet timestamps, as here, less
 * the packets before time 0, which ffmpeg does not number either) and the way from a frame
 * number to the time to ask the demuxer for, and back from a decoded frame's timestamp to its
 * number.
 */
import { seekTimeOf } from '../../../src-shared/media/videoInfo';

export class FrameTimeline {
  constructor(
    /** each frame's presentation time, microseconds, ascending (VideoFrameTimes.times) */
    readonly times: readonly number[],
  ) {
    if (times.length === 0) throw new Error('a video with no frames');
  }

  get count(): number {
    return this.times.length;
  }

  /** The time (seconds) that names frame n without ambiguity: the midpoint to the next frame. */
  seekTime(n: number): number {
    return seekTimeOf(this.times, n);
  }

  /** The presentation time of frame n, microseconds. */
  timeOf(n: number): number {
    return this.times[n]!;
  }

  /**
   * The frame a decoded picture is, by its timestamp (microseconds): the last frame whose
   * midpoint with the frame before is not after it, so a timestamp rounded by a microsecond
   * either way still names its own frame. -1 before the first frame (a packet before time 0).
   */
  frameAt(timestamp: number): number {
    const t = timestamp;
    let lo = 0;
    let hi = this.times.length - 1;
    if (t < this.times[0]! - halfGap(this.times, 0)) return -1;
    // The last frame whose midpoint to the previous one is at or before t.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.times[mid - 1]! + this.times[mid]!) / 2 <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** Half the distance from frame n to its next frame (or its previous, for the last). */
function halfGap(times: readonly number[], n: number): number {
  const next = times[n + 1];
  const prev = times[n - 1];
  return next !== undefined ? (next - times[n]!) / 2 : prev !== undefined ? (times[n]! - prev) / 2 : 1e6 / 60;
}
