/**
 * Label Studio's brush masks (`brushlabels` with `format: "rle"`): the picture's RGBA bytes,
 * row-major, compressed by rle-pack as Label Studio's front end and its converter
 * (`label_studio_converter/brush.py`, `decode_rle`) read them, a list of byte values whose bits,
 * most significant first, say:
 *
 *   32 bits: how many values (width × height × 4)
 *   5 bits: a value's size in bits, less 1 (7: bytes)
 *   4 × 4 bits: the four run-length sizes in bits, less 1
 *   then blocks until every value is told: 1 bit "run", 2 bits which run-length size, that many
 *   bits of the block's length less 1; a run is one value for the whole block, else each value.
 *
 * The mask is the alpha byte of each pixel (the converter's `[:, :, 3]`), set where not 0. We
 * write every block as a run of one value, of 255 where set: Label Studio's decoder reads it the
 * same (tests/unit/export-format-label-studio.test.ts decodes it as the converter does).
 */
import { badFormat } from './formatError';

const WORD = 8;
/** The run-length sizes we write: runs of up to 2^16 values a block. */
const RLE_SIZES = [3, 4, 8, 16] as const;

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, bits: number): void {
    for (let b = bits - 1; b >= 0; b--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** b) % 2);
      if (++this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  done(): number[] {
    if (this.used > 0) this.bytes.push(this.current << (8 - this.used));
    return this.bytes;
  }
}

class BitReader {
  private at = 0;
  constructor(private readonly bytes: readonly number[]) {}

  read(bits: number): number {
    let v = 0;
    for (let b = 0; b < bits; b++, this.at++) {
      const byte = this.bytes[this.at >> 3];
      if (byte === undefined) throw new RangeError('the runs end before the picture does');
      v = v * 2 + ((byte >> (7 - (this.at & 7))) & 1);
    }
    return v;
  }
}

/** The RGBA runs of a picture of `width × height` where `bits` (row-major, one byte a pixel) is set. */
export function encodeBrush(bits: Uint8Array, width: number, height: number): number[] {
  const w = new BitWriter();
  const values = width * height * 4;
  w.write(values, 32);
  w.write(WORD - 1, 5);
  for (const size of RLE_SIZES) w.write(size - 1, 4);
  const longest = 2 ** RLE_SIZES[3];
  let i = 0;
  while (i < bits.length) {
    let j = i + 1;
    while (j < bits.length && bits[j] === bits[i]) j++;
    // Pixels i..j have one value: 4 bytes each, told in blocks of at most 2^16 values.
    let left = (j - i) * 4;
    const value = bits[i] ? 255 : 0;
    while (left > 0) {
      const n = Math.min(left, longest);
      const k = RLE_SIZES.findIndex((size) => n <= 2 ** size);
      w.write(1, 1);
      w.write(k, 2);
      w.write(n - 1, RLE_SIZES[k]!);
      w.write(value, WORD);
      left -= n;
    }
    i = j;
  }
  return w.done();
}

/**
 * A brush mask back to one byte a pixel (1 where its alpha is set), refusing runs that do not
 * tell exactly `width × height × 4` values. The caller bounds width × height first.
 */
export function decodeBrush(file: string, field: string, rle: unknown, width: number, height: number): Uint8Array {
  if (!Array.isArray(rle) || !rle.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) throw badFormat(file, `${field} must be a list of byte values`, { field });
  const r = new BitReader(rle as number[]);
  try {
    const values = r.read(32);
    if (values !== width * height * 4) throw badFormat(file, `${field} tells ${values} values; its picture of ${width} x ${height} has ${width * height * 4}`, { field });
    const word = r.read(5) + 1;
    const sizes = [r.read(4) + 1, r.read(4) + 1, r.read(4) + 1, r.read(4) + 1];
    const bits = new Uint8Array(width * height);
    let i = 0;
    const put = (at: number, v: number) => {
      // the alpha byte of each pixel
      if (at % 4 === 3 && v !== 0) bits[at >> 2] = 1;
    };
    while (i < values) {
      const run = r.read(1);
      const j = Math.min(values, i + 1 + r.read(sizes[r.read(2)]!));
      if (run) {
        const v = r.read(word);
        if (v !== 0) for (let at = i; at < j; at++) put(at, v);
        i = j;
      } else for (; i < j; i++) put(i, r.read(word));
    }
    return bits;
  } catch (err) {
    if (err instanceof RangeError) throw badFormat(file, `${field}: ${err.message}`, { field });
    throw err;
  }
}
