/**
 * A file's frames on the decoder's clock: the times the server read from the container
 * (VideoFrameTimes, microseconds, in frame order) and the way from a frame number to the time
 * to ask the demuxer for, and back from a decoded frame's timestamp to its number.
 *
 * The demuxer may put the file on a clock shifted from the server's (an MP4 edit list applied by
 * one reader and not the other moves every time by the same amount): the timeline is aligned on
 * the first frame, whose time both read from the same sample, so a constant shift cannot move a
 * frame to its neighbour.
 */
import { seekTimeOf } from '../../../src-shared/media/videoInfo';

export class FrameTimeline {
  /** microseconds added to a server time to get the demuxer's */
  private readonly shift: number;

  constructor(
    /** each frame's presentation time, microseconds, ascending (VideoFrameTimes.times) */
    readonly times: readonly number[],
    /** the demuxer's timestamp of the file's first frame, microseconds */
    firstTimestamp: number = times[0] ?? 0,
  ) {
    if (times.length === 0) throw new Error('a video with no frames');
    this.shift = firstTimestamp - times[0]!;
  }

  get count(): number {
    return this.times.length;
  }

  /** The time (seconds, on the demuxer's clock) that names frame n without ambiguity: the midpoint to the next frame. */
  seekTime(n: number): number {
    return seekTimeOf(this.times, n) + this.shift / 1e6;
  }

  /** The presentation time of frame n on the demuxer's clock, microseconds. */
  timeOf(n: number): number {
    return this.times[n]! + this.shift;
  }

  /**
   * The frame a decoded picture is, by its timestamp (microseconds, demuxer's clock): the last
   * frame whose time is not after the timestamp's midpoint rule, so a timestamp rounded by a
   * microsecond either way still names its own frame. -1 before the first frame.
   */
  frameAt(timestamp: number): number {
    const t = timestamp - this.shift;
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
