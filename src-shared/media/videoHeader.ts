/**
 * What a video file's own header bytes say before a demuxer is let loose on it (docs/video.md,
 * "The probe's bounds"): whether the file holds the whole container it announces (a copy cut
 * short ends inside a box or an element that says it is longer), and, for MP4 and MOV, how many
 * samples its index claims and how large the index is. Mediabunny reads an MP4's whole `moov`
 * into memory and expands its sample table in one synchronous loop, so a hostile index (a
 * `stts` run of four billion frames in a 100-byte box) must be refused here, from the counts,
 * before that loop could run.
 *
 * Pure: reads through `VideoBytes`, so the server (ranged reads from the object store) and the
 * workstation (a local file) check alike.
 */
import { VIDEO_LIMITS, type VideoRefusal } from './videoInfo';

/** A file's bytes by range, wherever it lives. `read(start, end)` answers bytes start..end-1. */
export interface VideoBytes {
  size: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

/**
 * The largest MP4 index (`moov`) read. A 10-hour file at 30 fps with B-frames and a sound track
 * has about 30 MB of sample tables; more is not a file within VIDEO_LIMITS.framesPerFile.
 */
export const MOOV_MAX_BYTES = 64 * 1024 * 1024;
/** Top-level boxes walked at most; a real file has a handful before and after its index. */
const TOP_BOXES_MAX = 64;
/** Samples of a sound (or other) track at most: 10 hours of 48 kHz AAC is 1.7 million. */
const OTHER_TRACK_SAMPLES_MAX = 8 * VIDEO_LIMITS.framesPerFile;

/** ISO base media file (MP4, MOV) or EBML (WebM, Matroska), from the first bytes. */
export type VideoFamily = 'isobmff' | 'ebml';

export type HeaderVerdict =
  | { ok: true; family: VideoFamily; /** the MP4 index's bytes, read once here and served to the demuxer from memory */ moov?: { start: number; bytes: Uint8Array } }
  | { ok: false; reason: VideoRefusal; format?: string };

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
/** Box types an old QuickTime file may start with instead of `ftyp`. */
const QT_FIRST = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
/** Brands of still pictures in ISO files (HEIF, AVIF): a picture, not a video. */
const PICTURE_BRANDS = /^(heic|heix|hevc|hevx|mif1|msf1|avif|avis|crx )$/;

/** The family a file's first bytes announce, or null for anything else. */
export function videoFamilyOf(head: Uint8Array): VideoFamily | null {
  if (head.length >= 4 && u32(head, 0) === 0x1a45dfa3) return 'ebml';
  if (head.length >= 8 && (ascii(head, 4, 4) === 'ftyp' || QT_FIRST.has(ascii(head, 4, 4)))) return 'isobmff';
  return null;
}

/** The checks of the file's header (see the module's comment). */
export async function checkVideoHeader(file: VideoBytes): Promise<HeaderVerdict> {
  const head = await file.read(0, Math.min(file.size, 64));
  const family = videoFamilyOf(head);
  if (!family) return { ok: false, reason: 'notVideo' };
  return family === 'ebml' ? checkEbml(file, head) : checkIsoBoxes(file, head);
}

/** A box header: type, where its content starts and where the box ends (may be past the file's end). */
interface Box {
  type: string;
  start: number;
  contentStart: number;
  end: number;
}

/** The box header at `at` of `b` (a buffer standing at file offset `base`), or null if it cannot be one. */
function boxAt(b: Uint8Array, at: number, base: number, fileEnd: number): Box | null {
  if (at + 8 > b.length) return null;
  const size32 = u32(b, at);
  const type = ascii(b, at + 4, 4);
  if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
  let header = 8;
  let size = size32;
  if (size32 === 1) {
    if (at + 16 > b.length) return null;
    size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
    header = 16;
  } else if (size32 === 0) size = fileEnd - (base + at);
  if (size < header) return null;
  return { type, start: base + at, contentStart: base + at + header, end: base + at + size };
}

async function checkIsoBoxes(file: VideoBytes, head: Uint8Array): Promise<HeaderVerdict> {
  if (ascii(head, 4, 4) === 'ftyp' && head.length >= 12 && PICTURE_BRANDS.test(ascii(head, 8, 4))) return { ok: false, reason: 'notVideo', format: ascii(head, 8, 4).trim() };
  let moov: { start: number; bytes: Uint8Array } | undefined;
  let mdat = false;
  let pos = 0;
  for (let n = 0; pos < file.size; n++) {
    // An index not found among the first boxes is not looked for further: a real file has it there.
    if (n === TOP_BOXES_MAX) return moov ? { ok: true, family: 'isobmff', moov } : { ok: false, reason: 'unreadable' };
    const bytes = await file.read(pos, Math.min(file.size, pos + 16));
    // A box header cut short, or a box that says it is longer than what is left: an interrupted copy.
    if (bytes.length < 8) return { ok: false, reason: 'truncated' };
    const box = boxAt(bytes, 0, pos, file.size);
    if (!box) return bytes.length < 16 && u32(bytes, 0) === 1 ? { ok: false, reason: 'truncated' } : { ok: false, reason: 'unreadable' };
    if (box.end > file.size) return { ok: false, reason: 'truncated' };
    if (box.type === 'mdat') mdat = true;
    if (box.type === 'moov' && !moov) {
      if (box.end - box.start > MOOV_MAX_BYTES) return { ok: false, reason: 'tooManyFrames' };
      const bytes = await file.read(box.start, box.end);
      const counted = sampleCounts(bytes);
      if (counted === 'unreadable') return { ok: false, reason: 'unreadable' };
      if (counted.video > VIDEO_LIMITS.framesPerFile || counted.other > OTHER_TRACK_SAMPLES_MAX) return { ok: false, reason: 'tooManyFrames' };
      moov = { start: box.start, bytes };
    }
    pos = box.end;
  }
  if (moov) return { ok: true, family: 'isobmff', moov };
  // Frames and no index: the copy stopped before the index that ffmpeg writes last.
  return { ok: false, reason: mdat ? 'truncated' : 'notVideo' };
}

/** The children of the box content b[from..to) (offsets into b). */
function* children(b: Uint8Array, from: number, to: number): Generator<Box | null> {
  for (let at = from; at + 8 <= to; ) {
    const box = boxAt(b, at, 0, to);
    if (!box || box.end > to) {
      yield null;
      return;
    }
    yield box;
    at = box.end;
  }
}

/**
 * The most samples any video track of the index claims, and any other track: each track's count
 * is the larger of its `stts` runs' sum and its `stsz`/`stz2` count (the demuxer expands both).
 * 'unreadable' when a box overruns its parent.
 */
function sampleCounts(moov: Uint8Array): { video: number; other: number } | 'unreadable' {
  let video = 0;
  let other = 0;
  const top = boxAt(moov, 0, 0, moov.length)!;
  for (const trak of children(moov, top.contentStart, moov.length)) {
    if (!trak) return 'unreadable';
    if (trak.type !== 'trak') continue;
    let handler = '';
    let count = 0;
    // trak > mdia > (hdlr, minf > stbl > stts, stsz, stz2)
    const walk = (from: number, to: number, depth: number): boolean => {
      for (const box of children(moov, from, to)) {
        if (!box) return false;
        const c = box.contentStart;
        if (box.type === 'mdia' || box.type === 'minf' || box.type === 'stbl') {
          if (depth < 4 && !walk(c, box.end, depth + 1)) return false;
        } else if (box.type === 'hdlr' && c + 12 <= box.end) handler = ascii(moov, c + 8, 4);
        else if (box.type === 'stts' && c + 8 <= box.end) {
          const entries = u32(moov, c + 4);
          if (c + 8 + entries * 8 > box.end) return false;
          let sum = 0;
          for (let i = 0; i < entries; i++) sum += u32(moov, c + 8 + i * 8);
          count = Math.max(count, sum);
        } else if (box.type === 'stsz' && c + 12 <= box.end) count = Math.max(count, u32(moov, c + 8));
        else if (box.type === 'stz2' && c + 12 <= box.end) count = Math.max(count, u32(moov, c + 8));
      }
      return true;
    };
    if (!walk(trak.contentStart, trak.end, 0)) return 'unreadable';
    if (handler === 'vide') video = Math.max(video, count);
    else other = Math.max(other, count);
  }
  return { video, other };
}

/** An EBML variable-size integer at b[at]: its value (null for "unknown size") and length. */
function vint(b: Uint8Array, at: number): { value: number | null; length: number } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value: allOnes ? null : value, length };
}

/**
 * A WebM or Matroska file: the EBML header, then the Segment, whose size (when the writer knew
 * it: ffmpeg and cameras write it) must fit in the file. A file still being recorded says
 * "unknown size"; its end is then judged by the demuxer and the last frame's bytes.
 */
async function checkEbml(file: VideoBytes, head: Uint8Array): Promise<HeaderVerdict> {
  const headerSize = vint(head, 4);
  if (!headerSize || headerSize.value === null) return { ok: false, reason: 'unreadable' };
  const segmentAt = 4 + headerSize.length + headerSize.value;
  if (segmentAt + 12 > file.size) return { ok: false, reason: 'truncated' };
  const seg = await file.read(segmentAt, Math.min(file.size, segmentAt + 12));
  if (u32(seg, 0) !== 0x18538067) return { ok: false, reason: 'unreadable' };
  const size = vint(seg, 4);
  if (!size) return { ok: false, reason: 'unreadable' };
  if (size.value !== null && segmentAt + 4 + size.length + size.value > file.size) return { ok: false, reason: 'truncated' };
  return { ok: true, family: 'ebml' };
}
