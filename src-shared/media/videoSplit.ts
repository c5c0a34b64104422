/**
 * How a video file becomes items (docs/video.md, "Long videos"): stretches of its frames, each
 * `length` long (in frames, or in seconds of its frames' times) counted from its own first frame;
 * the next stretch starts `overlap` frames before the previous one ends, so those frames are in
 * both and a track can be joined across the seam (as CVAT's segments with overlap). Without a
 * split, a file is one item up to VIDEO_LIMITS.framesPerItem frames, and stretches of that many
 * past it. Pure, for the server's import and the workstation's preview alike.
 */
import { VIDEO_LIMITS, type VideoSplit } from './videoInfo';

/** The file's frames first .. first + count - 1. */
export interface VideoStretch {
  first: number;
  count: number;
}

/** Why a split cannot be made: a stretch would hold no frame beyond the overlap, so none would end. */
export class SplitOverlapError extends Error {
  constructor(readonly overlap: number) {
    super(`an item holds no more frames than the overlap (${overlap})`);
  }
}

/**
 * The stretches of a file whose frames are at `times` (µs, ascending). A stretch is never longer
 * than VIDEO_LIMITS.framesPerItem frames; a length in frames is rounded to whole frames.
 */
export function videoStretches(times: readonly number[], split?: VideoSplit): VideoStretch[] {
  const n = times.length;
  const overlap = split?.overlap ?? 0;
  const max = VIDEO_LIMITS.framesPerItem;
  const endOf = (start: number): number => {
    if (!split) return Math.min(n, start + max);
    if (split.unit === 'frames') return Math.min(n, start + Math.max(1, Math.round(split.length)), start + max);
    // The first frame at or after the stretch's start time plus its length ends it.
    const until = times[start]! + split.length * 1e6;
    let lo = start + 1;
    let hi = Math.min(n, start + max);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! < until) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out: VideoStretch[] = [];
  for (let start = 0; ; ) {
    const end = endOf(start);
    out.push({ first: start, count: end - start });
    if (end >= n) return out;
    if (end - start <= overlap) throw new SplitOverlapError(overlap);
    start = end - overlap;
  }
}

/** An item's name: the file's, and when the file is split, the frames it covers ("clip.mp4 · 0–999"). */
export function videoItemName(fileName: string, stretch: VideoStretch, whole: boolean, maxLength = 255): string {
  if (whole) return Array.from(fileName).slice(0, maxLength).join('');
  const suffix = ` · ${stretch.first}–${stretch.first + stretch.count - 1}`;
  return Array.from(fileName).slice(0, maxLength - suffix.length).join('') + suffix;
}

/**
 * The bytes each frame of each stretch stands for, so that sums stay true: the file's bytes are
 * shared out by frame (frame j of the file ends at round(size × (j + 1) / frames)), a stretch
 * counts the bytes of its frames not already counted by the stretch before it (the overlap is
 * counted once), and spreads them evenly over its frames. The stretches of a file then add up to
 * the file's size, and the frames of a stretch to the stretch's.
 */
export function stretchBytes(size: number, frames: number, stretches: readonly VideoStretch[]): { item: number; frame: (i: number) => number }[] {
  const upTo = (j: number) => Math.round((size * j) / frames);
  let counted = 0;
  return stretches.map((s) => {
    const end = s.first + s.count;
    const item = upTo(end) - upTo(counted);
    counted = end;
    const each = Math.floor(item / s.count);
    const rest = item - each * s.count;
    return { item, frame: (i: number) => each + (i < rest ? 1 : 0) };
  });
}

/**
 * A video frame's file name, as a picture of it is named in exports (COCO's file_name, YOLO's and
 * VOC's per-frame files) and matched by annotation imports: the file's stem as a folder and the
 * file's frame number, as `ffmpeg -i clip.mp4 -fps_mode passthrough -start_number 0 clip/%06d.png`
 * writes it ("clip/000123.png").
 */
export function videoFrameFileName(fileName: string, frame: number): string {
  const base = fileName.split(/[\\/]/).pop() || 'video';
  const dot = base.lastIndexOf('.');
  const stem = Array.from(dot > 0 ? base.slice(0, dot) : base).slice(0, 240).join('');
  return `${stem}/${String(frame).padStart(6, '0')}.png`;
}
