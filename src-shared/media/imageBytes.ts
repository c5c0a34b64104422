/**
 * Is this file a whole picture the workspace can show? Read from its first and last bytes only,
 * so every door can afford it on every file (two ranged reads): the workstation while it hashes a folder, the team
 * server with two ranged reads per file whatever the store. It catches what arrives at a team's
 * door most often: a file that is not an image at all (a text named `.png`), a format a browser
 * cannot draw (TIFF, HEIC, PSD), and a file cut short (an interrupted copy or download: the
 * format's end marker is missing). It does not decode: a file whose middle is damaged passes,
 * and the workspace says so when it cannot draw it (docs/media-checks.md).
 *
 * Pure: bytes in, verdict out; the same code at every door.
 */
import { imageSize } from 'image-size';

/**
 * How many bytes of each end a caller reads. The head must hold the header with the picture's
 * size: a JPEG's EXIF, ICC profile and Photoshop blocks come before it, each at most 64 KiB, and
 * real files carry a few. The tail must hold the end marker and what cameras append after it.
 */
export const IMAGE_HEAD_BYTES = 256 * 1024;
export const IMAGE_TAIL_BYTES = 64 * 1024;

/** Formats a browser draws, which the image workspace takes. */
export const SHOWABLE_IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp', 'bmp'] as const;
export type ShowableImageFormat = (typeof SHOWABLE_IMAGE_FORMATS)[number];

/** Why a file is not taken as an image; each has a translated message (error.media.*). */
export const IMAGE_REFUSALS = ['empty', 'notImage', 'unsupportedFormat', 'truncated', 'noSize'] as const;
export type ImageRefusal = (typeof IMAGE_REFUSALS)[number];

export type ImageVerdict =
  | { ok: true; format: ShowableImageFormat; width: number; height: number }
  | { ok: false; reason: ImageRefusal; format?: string };

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** Signatures of formats a browser cannot draw, named so the refusal can say which it was. */
function otherFormat(head: Uint8Array): string | null {
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(head, 4, 4) === 'ftyp' && /^(heic|heix|hevc|mif1|msf1|avif)/.test(ascii(head, 8, 4))) return ascii(head, 8, 4) === 'avif' ? 'avif' : 'heic';
  if (ascii(head, 0, 4) === '8BPS') return 'psd';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00])) return 'ico';
  if (ascii(head, 0, 4) === '%PDF') return 'pdf';
  return null;
}

function formatOf(head: Uint8Array): ShowableImageFormat | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  if (ascii(head, 0, 2) === 'BM') return 'bmp';
  return null;
}

/** The last index of `needle` in `hay` at or after `from`, or -1. */
function lastIndexOf(hay: Uint8Array, needle: readonly number[], from = 0): number {
  for (let i = hay.length - needle.length; i >= from; i--) if (startsWith(hay, needle, i)) return i;
  return -1;
}

/**
 * Whether the file's end is where its format says it ends. `tail` is the file's last bytes
 * (all of it for a small file), `size` the file's length.
 */
function complete(format: ShowableImageFormat, head: Uint8Array, tail: Uint8Array, size: number): boolean {
  switch (format) {
    // The IEND chunk (its type and CRC) closes every PNG; writers put nothing after it, a few pad.
    case 'png':
      return lastIndexOf(tail, [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]) >= 0;
    // EOI (FF D9) after the entropy-coded data; cameras may append a trailer after it, so it is
    // looked for in the last bytes. No scan may start (SOS, FF DA) after it: an EXIF thumbnail
    // has its own SOS and EOI near the beginning, and in a small file cut short they are the
    // last EOI while the picture's own scan starts later. (FF DA cannot occur inside scan data:
    // a data FF is always followed by 00 there.)
    case 'jpeg': {
      const eoi = lastIndexOf(tail, [0xff, 0xd9]);
      return eoi >= 0 && lastIndexOf(tail, [0xff, 0xda]) < eoi;
    }
    // The trailer byte ; ends a GIF.
    case 'gif':
      return lastIndexOf(tail, [0x3b], Math.max(0, tail.length - 16)) >= 0;
    // RIFF and BMP say their own length in the header.
    case 'webp':
      return u32le(head, 4) + 8 <= size;
    case 'bmp':
      return u32le(head, 2) <= size;
  }
}

/**
 * The verdict on a file from its first `IMAGE_HEAD_BYTES` (`head`) and its last
 * `IMAGE_TAIL_BYTES` (`tail`; for a short file, both are the whole file), and its length in bytes.
 */
export function inspectImageBytes(head: Uint8Array, tail: Uint8Array, size: number): ImageVerdict {
  if (size === 0 || head.length === 0) return { ok: false, reason: 'empty' };
  const format = formatOf(head);
  if (!format) {
    const other = otherFormat(head);
    return other ? { ok: false, reason: 'unsupportedFormat', format: other } : { ok: false, reason: 'notImage' };
  }
  if (!complete(format, head, tail, size)) return { ok: false, reason: 'truncated', format };
  let dims: { width?: number; height?: number; orientation?: number };
  try {
    dims = imageSize(head);
  } catch {
    // A header the reader cannot follow within the first bytes (or a damaged one).
    return { ok: false, reason: 'noSize', format };
  }
  if (!dims.width || !dims.height) return { ok: false, reason: 'noSize', format };
  // EXIF orientations 5 to 8 turn the picture a quarter: the annotator sees it that way round.
  const turned = dims.orientation !== undefined && dims.orientation >= 5;
  return { ok: true, format, width: turned ? dims.height : dims.width, height: turned ? dims.width : dims.height };
}
