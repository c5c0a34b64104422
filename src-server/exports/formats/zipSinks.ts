/**
 * ZipSink implementations: over yazl for a real streamed zip, and over nothing for dry runs.
 */
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipFile } from 'yazl';
import type { ZipSink } from './types';

/** Writers yield many small chunks (one image, one label line); zlib and the upload want large ones. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Bytes of their own, never a slice of Node's shared 8 KB buffer pool. yazl keeps each entry's
 * name (a pooled slice) to the end of the zip, and a pooled slice keeps its whole 8 KB slab: a
 * file's bytes that shared a slab with a later name stayed in memory to the end (4 KB a file,
 * 70 MB for an export of 15,000 PNG mask pairs).
 */
function ownBytes(chunk: string | Buffer): Buffer {
  if (typeof chunk !== 'string') return chunk;
  const bytes = new TextEncoder().encode(chunk);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function joined(parts: readonly Buffer[], size: number): Buffer {
  if (parts.length === 1) return parts[0]!;
  const out = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const p of parts) at += p.copy(out, at);
  return out;
}

async function* asBuffers(content: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    const b = ownBytes(chunk);
    parts.push(b);
    size += b.length;
    if (size >= CHUNK_BYTES) {
      yield joined(parts, size);
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield joined(parts, size);
}

/**
 * A sink writing into a yazl ZipFile. Each `add` resolves when yazl has read the entry to its
 * end, which only happens while someone consumes `zip.outputStream`: pipe it somewhere (a file,
 * an S3 upload) BEFORE adding, or the first add waits forever. Call `zip.end()` after the last add.
 *
 * yazl keeps every entry, with the function that hands it the entry's stream, until the zip
 * ends (it writes the central directory last). The stream is handed over through a variable let
 * go of once it is read, else every file's bytes would stay in memory to the end: 45 MB of
 * pictures for an export of 10,000 PNG masks, growing with the project.
 */
export function yazlSink(zip: ZipFile): ZipSink {
  return {
    async add(path, content, options) {
      // A Buffer is read as it is (the writer does not touch it again before add resolves).
      const source = typeof content === 'string' || Buffer.isBuffer(content) ? [ownBytes(content)] : asBuffers(content);
      let stream: Readable | null = Readable.from(source, { objectMode: false });
      const read = finished(stream);
      zip.addReadStreamLazy(path, { compress: !options?.store }, (handOver) => handOver(null, stream!));
      await read;
      stream = null;
    },
  };
}

/** Reads a whole content into one Buffer: for sinks that keep entries in memory (tests, small exports). */
export async function contentToBuffer(content: string | Buffer | AsyncIterable<string | Buffer>): Promise<Buffer> {
  if (typeof content === 'string') return Buffer.from(content, 'utf8');
  if (Buffer.isBuffer(content)) return content;
  const parts: Buffer[] = [];
  for await (const chunk of asBuffers(content)) parts.push(chunk);
  return Buffer.concat(parts);
}
