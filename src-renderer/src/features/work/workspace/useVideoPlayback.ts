import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoInfo } from '../../../../../src-shared/media/videoInfo';
import type { FrameImages, FrameRef } from './frameImages';

/** Frames jumped by the jump commands. */
export const JUMP = 10;
/** A frame this close to its time is shown at this animation frame rather than the next (about a quarter of a 60 Hz frame). */
const EARLY_MS = 4;

/** The time in the file of a video item's frame i, seconds: from the file's own times once it is open, else by its average rate. */
export function videoTimeOf(images: FrameImages, info: VideoInfo, i: number): number {
  const times = images.videos.sourceOf(info)?.timeline.times;
  const n = info.firstFrame + i;
  return times?.[n] !== undefined ? (times[n] - times[0]!) / 1e6 : n / (info.frameRate || 30);
}

export interface VideoPlayback {
  playing: boolean;
  /** play from the frame shown (from the first when at the last), or pause */
  toggle: () => void;
  /** stops playing and moves to frame i (every move a person makes) */
  moveTo: (i: number) => void;
}

/**
 * Plays a video item at its file's rate: each frame in turn when its time comes, once its picture
 * is decoded (the frame source decodes a window ahead while playing); its objects are shown as on
 * any frame. A frame is never skipped: one not decoded in time is shown late and the clock starts
 * again from it, so an annotator checking a track sees every frame. Any move of the person's own
 * (a step, a jump, the timeline, a new item) stops it.
 */
export function useVideoPlayback(p: { images: FrameImages; video: VideoInfo | undefined; refs: readonly FrameRef[]; frameIndex: number; setFrameIndex: (i: number) => void }): VideoPlayback {
  const [playing, setPlaying] = useState(false);
  const latest = useRef(p);
  latest.current = p;

  // Another item (or none) stops.
  useEffect(() => setPlaying(false), [p.refs]);

  useEffect(() => {
    if (!playing) return;
    const { images, video, refs, setFrameIndex } = latest.current;
    const source = video ? images.videos.sourceOf(video) : null;
    if (!source) return setPlaying(false);
    const timeOf = (i: number) => source.timeline.timeOf(refs[i]!.video!.frame) / 1000;
    let index = Math.min(latest.current.frameIndex, refs.length - 1);
    if (index >= refs.length - 1) {
      index = 0;
      setFrameIndex(0);
    }
    source.playing = true;
    let clock = { at: performance.now(), time: timeOf(index) };
    let raf = 0;
    /** the frame before the one last set, still the page's until it renders that one */
    let before = latest.current.frameIndex;
    const tick = (now: number) => {
      const at = latest.current.frameIndex;
      if (at !== index) {
        // Moved elsewhere meanwhile (a note's frame, say): that is the person's move, playing stops.
        if (at !== before) return setPlaying(false);
        // The page has not rendered the last frame yet: the next one waits for it, never skips it.
        raf = requestAnimationFrame(tick);
        return;
      }
      const next = index + 1;
      if (next >= refs.length) return setPlaying(false);
      const due = clock.at + timeOf(next) - clock.time;
      if (now >= due - EARLY_MS && images.peek(refs[next]!)) {
        // Late by more than a frame: the clock starts again from this one rather than rushing the next ones.
        if (now - due > timeOf(next) - timeOf(index)) clock = { at: now, time: timeOf(next) };
        before = index;
        index = next;
        setFrameIndex(next);
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(raf);
      source.playing = false;
    };
  }, [playing]);

  const toggle = useCallback(() => setPlaying((on) => !on && latest.current.video !== undefined), []);
  const moveTo = useCallback((i: number) => {
    setPlaying(false);
    latest.current.setFrameIndex(Math.max(0, Math.min(latest.current.refs.length - 1, i)));
  }, []);
  return { playing, toggle, moveTo };
}
