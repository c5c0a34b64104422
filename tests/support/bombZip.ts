/**
 * Zips no honest tool writes, made byte by byte for the zip-bomb tests and bench: entries of
 * hundreds of MiB of zeros that take a few KB (one deflate block of zeros, flushed to a byte
 * boundary, repeated: ratio about 1000:1, built in milliseconds), entries whose headers state
 * another size than their data unpacks to, and entries that share one block of data (the
 * "better zip bomb": overlapping entries). Stored sizes must stay under 4 GiB (no zip64).
 */
import zlib from 'node:zlib';

export interface BombEntry {
  name: string;
  /** the entry's bytes, deflated */
  data?: Buffer | string;
  /** or this many zero bytes, deflated */
  zeros?: number;
  /** the size its headers state (default: the real one) */
  statedSize?: number;
  /** no data of its own: its directory record points at this earlier entry's local header */
  sameDataAs?: string;
}

const ZERO_BLOCK = 4 * 1024 * 1024;
let zeroBlock: Buffer | null = null;

/** A raw deflate stream of `n` zeros: the same flushed block over and over, then a final empty block. */
function deflatedZeros(n: number): Buffer {
  zeroBlock ??= zlib.deflateRawSync(Buffer.alloc(ZERO_BLOCK), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const parts: Buffer[] = [];
  for (let left = n; left > 0; left -= ZERO_BLOCK) {
    parts.push(left >= ZERO_BLOCK ? zeroBlock : zlib.deflateRawSync(Buffer.alloc(left), { finishFlush: zlib.constants.Z_FULL_FLUSH }));
  }
  parts.push(zlib.deflateRawSync(Buffer.alloc(0)));
  return Buffer.concat(parts);
}

function crcOfZeros(n: number): number {
  const block = Buffer.alloc(Math.min(n, ZERO_BLOCK));
  let crc = 0;
  for (let left = n; left > 0; left -= block.length) crc = zlib.crc32(left >= block.length ? block : block.subarray(0, left), crc);
  return crc;
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  stated: number;
  offset: number;
}

function localHeader(w: Written): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6); // names are UTF-8
  h.writeUInt16LE(8, 8); // deflate
  h.writeUInt32LE(w.crc >>> 0, 14);
  h.writeUInt32LE(w.compressed, 18);
  h.writeUInt32LE(w.stated, 22);
  h.writeUInt16LE(w.name.length, 26);
  return Buffer.concat([h, w.name]);
}

function directoryRecord(w: Written): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(0x0800, 8);
  h.writeUInt16LE(8, 10);
  h.writeUInt32LE(w.crc >>> 0, 16);
  h.writeUInt32LE(w.compressed, 20);
  h.writeUInt32LE(w.stated, 24);
  h.writeUInt16LE(w.name.length, 28);
  h.writeUInt32LE(w.offset, 42);
  return Buffer.concat([h, w.name]);
}

export function bombZip(entries: readonly BombEntry[]): Buffer {
  const out: Buffer[] = [];
  const records: Written[] = [];
  const byName = new Map<string, Written>();
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const shared = e.sameDataAs === undefined ? undefined : byName.get(e.sameDataAs);
    if (shared) {
      records.push({ ...shared, name: shared.name.equals(name) ? shared.name : name });
      continue;
    }
    const raw = e.data === undefined ? null : Buffer.from(e.data);
    const size = raw ? raw.length : (e.zeros ?? 0);
    const compressed = raw ? zlib.deflateRawSync(raw) : deflatedZeros(size);
    const w: Written = { name, crc: raw ? zlib.crc32(raw) : crcOfZeros(size), compressed: compressed.length, stated: e.statedSize ?? size, offset };
    const header = localHeader(w);
    out.push(header, compressed);
    offset += header.length + compressed.length;
    records.push(w);
    byName.set(e.name, w);
  }
  const directory = Buffer.concat(records.map(directoryRecord));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records.length, 8);
  end.writeUInt16LE(records.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}
