/**
 * A whole-project archive on the server's disk, read entry by entry with yauzl: its directory
 * listed once (entry count capped, overlapping entries refused, as every import zip), small
 * documents read whole under a size, the long ones (annotations.jsonl) as lines, and pictures
 * streamed into the store. Every entry's bytes are counted as they come out: one that inflates
 * past the size its header states, or past the caller's limit, fails where it is.
 */
import { createInterface } from 'node:readline';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { ARCHIVE_LIMITS } from '../../src-shared/api/projectArchive';
import { IMPORT_LIMITS } from '../../src-shared/api/projectImport';
import { AppError } from '../errors';
import { badZip, listEntries, openZipFile, refuseOverlaps } from '../imports/unzipNeeded';

const tooLarge = (max: number, file: string) => new AppError('import.zipTooLarge', { limit: 'entry', max, file });
const unpackedTooLarge = (max: number) => new AppError('import.zipTooLarge', { limit: 'unpacked', max });

/** Passes an entry's bytes on while they stay within what its header states, `max`, and what the whole archive may still unpack to. */
function counted(e: Entry, max: number, budget: { left: number; max: number }): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (size > e.uncompressedSize) return done(badZip(`${e.fileName}: unpacks to more than the ${e.uncompressedSize} bytes its header states`));
      if (size > max) return done(tooLarge(max, e.fileName));
      if (budget.left < 0) return done(unpackedTooLarge(budget.max));
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      done(size < e.uncompressedSize ? badZip(`${e.fileName}: unpacks to ${size} bytes, less than the ${e.uncompressedSize} its header states`) : null);
    },
  });
}

/** Fails once a line runs past `max` bytes, before anyone holds it whole (readline would). */
function linesWithin(max: number, file: string): Transform {
  let run = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let from = 0;
      for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, from)) {
        if (run + nl - from > max) return done(tooLarge(max, file));
        run = 0;
        from = nl + 1;
      }
      run += chunk.length - from;
      done(run > max ? tooLarge(max, file) : null, run > max ? undefined : chunk);
    },
  });
}

export class ArchiveZip {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: ReadonlyMap<string, Entry>,
    unpackedBytes: number,
  ) {
    this.budget = { left: unpackedBytes, max: unpackedBytes };
  }

  /** what the archive may still unpack to, over every entry read */
  private readonly budget: { left: number; max: number };

  /** `unpackedBytes`: what all its entries may unpack to (ARCHIVE_LIMITS.unpackedBytes). */
  static async open(file: string, unpackedBytes: number = ARCHIVE_LIMITS.unpackedBytes): Promise<ArchiveZip> {
    const zip = await openZipFile(file);
    try {
      const listed = await listEntries(zip, IMPORT_LIMITS, () => true);
      refuseOverlaps(listed);
      const entries = new Map<string, Entry>();
      for (const l of listed) if (l.entry && !l.name.endsWith('/')) entries.set(l.name, l.entry);
      if (entries.size === 0) throw new AppError('import.emptyZip');
      return new ArchiveZip(zip, entries, unpackedBytes);
    } catch (err) {
      zip.close();
      if (err instanceof AppError) throw err;
      throw badZip((err as Error).message);
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's stated size (what a picture will take in the store). */
  sizeOf(name: string): number | null {
    return this.entries.get(name)?.uncompressedSize ?? null;
  }

  /** The entry's bytes as a stream, at most `max` of them; null when the zip has no such entry. */
  async stream(name: string, max: number): Promise<Readable | null> {
    const e = this.entries.get(name);
    if (!e) return null;
    if (!e.canDecodeFileData()) throw badZip(`${name}: ${e.isEncrypted() ? 'encrypted' : `compression method ${e.compressionMethod}`} is not supported`);
    if (e.uncompressedSize > max) throw tooLarge(max, name);
    if (e.uncompressedSize > this.budget.left) throw unpackedTooLarge(this.budget.max);
    let raw: Readable;
    try {
      raw = await this.zip.openReadStreamPromise(e, { decodeFileData: false });
    } catch (err) {
      throw badZip(`${name}: ${(err as Error).message}`);
    }
    const onError = () => undefined;
    return e.compressionMethod === 0 ? pipeline(raw, counted(e, max, this.budget), onError) : pipeline(raw, zlib.createInflateRaw(), counted(e, max, this.budget), onError);
  }

  /** A small entry whole (a JSON document); null when the zip has no such entry. */
  async read(name: string, max: number): Promise<Buffer | null> {
    const data = await this.stream(name, max);
    if (!data) return null;
    const parts: Buffer[] = [];
    try {
      for await (const chunk of data) parts.push(chunk as Buffer);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badZip(`${name}: ${(err as Error).message}`);
    }
    return Buffer.concat(parts);
  }

  /** An entry's lines (a JSON Lines file), none longer than `maxLine` bytes. */
  async *lines(name: string, maxLine: number): AsyncGenerator<{ line: number; text: string }> {
    const data = await this.stream(name, Number.MAX_SAFE_INTEGER);
    if (!data) return;
    const capped = pipeline(data, linesWithin(maxLine, name), () => undefined);
    const reader = createInterface({ input: capped.setEncoding('utf8'), crlfDelay: Infinity });
    let line = 0;
    try {
      for await (const text of reader) {
        line++;
        if (text.trim() !== '') yield { line, text };
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badZip(`${name}: ${(err as Error).message}`);
    } finally {
      reader.close();
      capped.destroy();
    }
  }

  close(): void {
    this.zip.close();
  }
}
