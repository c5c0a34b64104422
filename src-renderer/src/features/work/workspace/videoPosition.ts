/**
 * A video item's position as people read and type it: the frame's number in the file (from 0,
 * as ffmpeg numbers frames: docs/video.md) and its time in the file. Pure, so the strip and its
 * tests agree.
 */

/** Seconds as `m:ss.mmm`, or `h:mm:ss.mmm` from an hour on (`0:41.133`, `1:02:03.000`). */
export function videoTimeText(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = ((ms % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The item's frame index for a frame number typed (the file's numbering): the index, or
 * `outside` for a number of the file that is not in this item (a long video split in items),
 * or null for anything that is not a whole number.
 */
export function itemIndexOf(typed: string, firstFrame: number, frameCount: number): number | 'outside' | null {
  const text = typed.trim();
  if (!/^\d+$/.test(text)) return null;
  const i = Number(text) - firstFrame;
  return i >= 0 && i < frameCount ? i : 'outside';
}
