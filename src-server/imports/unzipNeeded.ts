/**
 * An import zip's files for the format readers, read from a file on disk with yauzl, unpacking
 * only the entries the format's reader opens (neededEntries.ts); every other entry is listed by
 * name with no content. A small zip can claim, or hold, gigabytes of zeros, so nothing in it is
 * trusted:
 * - the entry count, the entries the reader needs by their stated sizes, and both again by the
 *   bytes that really come out, as they come (a stream, stopped at the first byte past a limit);
 * - an entry whose data inflates to more (or less) than its header states fails, cut off at the
 *   stated size;
 * - entries whose data overlap (the "better zip bomb": many names over one compressed block)
 *   are refused, as no zip tool writes them.
 * A zip that is not one, truncated, encrypted or in a compression zlib cannot read is
 * import.badZip; past a limit, import.zipTooLarge with the limit's name.
 */
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_LIMITS, type ImportFormat } from '../../src-shared/api/projectImport';
import type { ZipEntries } from '../exports/formats';
import { AppError } from '../errors';
import { neededEntries, READABLE_NAME } from './neededEntries';

/** IMPORT_LIMITS' limits on unpacking, in bytes and entries. */
export type UnzipLimits = Record<'unpackedBytes' | 'entryBytes' | 'entries', number>;

/** What an entry not read is given: no content (readers only look at its name). */
const NOT_READ = Buffer.alloc(0);
/** A local file header is at least this long before its name (APPNOTE 4.3.7). */
const LOCAL_HEADER_BYTES = 30;

export const badZip = (message: string) => new AppError('import.badZip', { message });
const tooLarge = (limit: 'entries' | 'entry' | 'unpacked', max: number, file?: string) => new AppError('import.zipTooLarge', { limit, max, ...(file !== undefined ? { file } : {}) });

export interface Listed {
  name: string;
  /** where its local header starts, and the least its header and data take from there */
  start: number;
  end: number;
  /** kept only for names a reader could open at all (`keep`) */
  entry: Entry | null;
}

export async function listEntries(zip: ZipFile, limits: Pick<UnzipLimits, 'entries'>, keep: (name: string) => boolean = (name) => READABLE_NAME.test(name)): Promise<Listed[]> {
  if (zip.entryCount > limits.entries) throw tooLarge('entries', limits.entries);
  const listed: Listed[] = [];
  for await (const e of zip.eachEntry()) {
    if (listed.length >= limits.entries) throw tooLarge('entries', limits.entries);
    const start = e.relativeOffsetOfLocalHeader;
    const name = e.fileName;
    listed.push({ name, start, end: start + LOCAL_HEADER_BYTES + e.fileNameLength + e.compressedSize, entry: keep(name) ? e : null });
  }
  return listed;
}

export function refuseOverlaps(listed: readonly Listed[]): void {
  const byStart = [...listed].sort((a, b) => a.start - b.start);
  for (let i = 1; i < byStart.length; i++) {
    const [before, after] = [byStart[i - 1]!, byStart[i]!];
    if (after.start < before.end) throw badZip(`entries "${before.name}" and "${after.name}" overlap`);
  }
}

/** The stated sizes first: a zip that says it is too large is refused before anything is unpacked. */
function checkStatedSizes(needed: readonly Entry[], limits: UnzipLimits): void {
  let total = 0;
  for (const e of needed) {
    if (e.uncompressedSize > limits.entryBytes) throw tooLarge('entry', limits.entryBytes, e.fileName);
    total += e.uncompressedSize;
    if (total > limits.unpackedBytes) throw tooLarge('unpacked', limits.unpackedBytes);
  }
}

/** Inflated in pieces this large (zlib's 16 KB made unpacking a 35 MB JSON three times slower than one piece). */
const INFLATE_CHUNK = 1024 * 1024;

/**
 * One entry's bytes, counted as they come; `budget` is what the whole zip may still unpack to.
 * The compressed bytes come from yauzl and are inflated here, so that the count, and the check
 * against the size the entry states, happen on every piece.
 */
async function readEntry(zip: ZipFile, e: Entry, budget: number, limits: UnzipLimits): Promise<Buffer> {
  if (!e.canDecodeFileData()) throw badZip(`${e.fileName}: ${e.isEncrypted() ? 'encrypted' : `compression method ${e.compressionMethod}`} is not supported`);
  let data: Readable;
  try {
    const raw = await zip.openReadStreamPromise(e, { decodeFileData: false });
    data = e.compressionMethod === 0 ? raw : pipeline(raw, zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK }), () => undefined);
  } catch (err) {
    throw badZip(`${e.fileName}: ${(err as Error).message}`);
  }
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of data) {
      size += (chunk as Buffer).length;
      if (size > e.uncompressedSize) throw badZip(`${e.fileName}: unpacks to more than the ${e.uncompressedSize} bytes its header states`);
      if (size > limits.entryBytes) throw tooLarge('entry', limits.entryBytes, e.fileName);
      if (size > budget) throw tooLarge('unpacked', limits.unpackedBytes);
      parts.push(chunk as Buffer);
    }
  } catch (err) {
    data.destroy();
    if (err instanceof AppError) throw err;
    // zlib's complaint about the data, or the file ending early.
    throw badZip(`${e.fileName}: ${(err as Error).message}`);
  }
  if (size < e.uncompressedSize) throw badZip(`${e.fileName}: unpacks to ${size} bytes, less than the ${e.uncompressedSize} its header states`);
  return Buffer.concat(parts, size);
}

export async function openZipFile(file: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(file, { autoClose: false, validateEntrySizes: true });
  } catch (err) {
    throw badZip((err as Error).message);
  }
}

export async function unzipNeeded(file: string, format: ImportFormat, limits: UnzipLimits = IMPORT_LIMITS): Promise<ZipEntries> {
  const zip = await openZipFile(file);
  try {
    let listed: Listed[];
    try {
      listed = await listEntries(zip, limits);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badZip((err as Error).message);
    }
    refuseOverlaps(listed);
    const files = listed.filter((l) => !l.name.endsWith('/'));
    if (files.length === 0) throw new AppError('import.emptyZip');
    const wanted = neededEntries(format, files.map((f) => f.name));
    const needed = files.flatMap((f) => (f.entry && wanted.has(f.name) ? [f.entry] : []));
    checkStatedSizes(needed, limits);
    const data = new Map<Entry, Buffer>();
    let left = limits.unpackedBytes;
    for (const e of needed) {
      const bytes = await readEntry(zip, e, left, limits);
      left -= bytes.length;
      data.set(e, bytes);
    }
    return new Map(files.map((f) => [f.name, (f.entry && data.get(f.entry)) ?? NOT_READ]));
  } finally {
    zip.close();
  }
}
