/**
 * Run-length encoding of a mask, in COCO's compressed form (pycocotools' `rleToString`): the
 * counts of alternating runs of 0 and 1, starting with 0, over the pixels in column-major order,
 * each count written as 5-bit groups in printable ASCII, the third count on as the difference to
 * the count two before. We store a mask's bitmap over its own bounding box in exactly this form,
 * so an export to COCO only shifts runs (no bitmap is made), a person's mask costs a few
 * kilobytes rather than a bitmap, and pycocotools reads what we write.
 *
 * Bitmaps in memory are row-major (as a canvas's pixels are): one byte per pixel, 0 or 1.
 */

/** Counts as text. Counts are non-negative integers below 2^31. */
export function encodeCounts(counts: ArrayLike<number>): string {
  // A count takes at most 7 characters (35 bits); codes go into bytes, not a growing array of
  // numbers: 40,000 runs (a noisy 1,000 x 1,000 mask) encode in under a millisecond, not ten.
  const out = new Uint8Array(counts.length * 7);
  let n = 0;
  for (let i = 0; i < counts.length; i++) {
    let x = counts[i]!;
    if (i > 2) x -= counts[i - 2]!;
    let more = true;
    while (more) {
      let c = x & 0x1f;
      x >>= 5; // arithmetic: a negative difference ends in -1
      more = c & 0x10 ? x !== -1 : x !== 0;
      if (more) c |= 0x20;
      out[n++] = c + 48;
    }
  }
  return textOf(out.subarray(0, n));
}

/** String.fromCharCode takes its codes as arguments: a long mask goes in slices, not one call. */
function textOf(codes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < codes.length; i += 0x2000) text += String.fromCharCode.apply(null, codes.subarray(i, i + 0x2000) as unknown as number[]);
  return text;
}

/**
 * Counts from text, or null when the text is not a whole encoding: a character outside the
 * alphabet, a count cut in the middle (a truncated string), or a count below zero.
 */
export function decodeCounts(text: string): number[] | null {
  const counts: number[] = [];
  let p = 0;
  while (p < text.length) {
    let x = 0;
    let k = 0;
    let more = true;
    while (more) {
      if (p >= text.length) return null; // the last group still said "more follows"
      const c = text.charCodeAt(p) - 48;
      if (c < 0 || c > 0x3f) return null;
      if (k >= 7) return null; // 35 bits: more than any count of a mask we take
      x += (c & 0x1f) * 2 ** (5 * k);
      more = (c & 0x20) !== 0;
      p++;
      k++;
      if (!more && c & 0x10) x -= 2 ** (5 * k);
    }
    const m = counts.length;
    if (m > 2) x += counts[m - 2]!;
    if (x < 0 || x > 0x7fffffff) return null;
    counts.push(x);
  }
  return counts;
}

/** The number of pixels the counts cover, and how many of them are set, without a bitmap. */
export function countsArea(counts: readonly number[]): { pixels: number; set: number } {
  let pixels = 0;
  let set = 0;
  for (let i = 0; i < counts.length; i++) {
    pixels += counts[i]!;
    if (i % 2 === 1) set += counts[i]!;
  }
  return { pixels, set };
}

/** Column-major runs of a row-major bitmap. */
export function countsOfBitmap(bits: Uint8Array, width: number, height: number): number[] {
  const counts: number[] = [];
  let value = 0;
  let run = 0;
  for (let x = 0; x < width; x++) {
    for (let i = x; i < width * height; i += width) {
      const v = bits[i] ? 1 : 0;
      if (v === value) run++;
      else {
        counts.push(run);
        value = v;
        run = 1;
      }
    }
  }
  counts.push(run);
  return counts;
}

/** A row-major bitmap from column-major runs (which must cover width × height exactly). */
export function bitmapOfCounts(counts: readonly number[], width: number, height: number): Uint8Array {
  const bits = new Uint8Array(width * height);
  let pos = 0; // column-major position
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i]!;
    if (i % 2 === 1) {
      for (let j = pos; j < pos + n; j++) {
        const x = Math.floor(j / height);
        bits[(j - x * height) * width + x] = 1;
      }
    }
    pos += n;
  }
  return bits;
}

export const encodeBitmap = (bits: Uint8Array, width: number, height: number): string => encodeCounts(countsOfBitmap(bits, width, height));

/** A bitmap from text, or null when the text is not a whole encoding of width × height pixels. */
export function decodeBitmap(text: string, width: number, height: number): Uint8Array | null {
  const counts = decodeCounts(text);
  if (!counts || countsArea(counts).pixels !== width * height) return null;
  return bitmapOfCounts(counts, width, height);
}
