/**
 * ZipSink implementations: over yazl for a real streamed zip, and over nothing for dry runs.
 */
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipFile } from 'yazl';
import type { ZipSink } from './types';

/** Writers yield many small chunks (one image, one label line); zlib and the upload want large ones. */
const CHUNK_BYTES = 256 * 1024;

async function* asBuffers(content: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    parts.push(b);
    size += b.length;
    if (size >= CHUNK_BYTES) {
      yield parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(parts, size);
}

/**
 * A sink writing into a yazl ZipFile. Each `add` resolves when yazl has read the entry to its
 * end, which only happens while someone consumes `zip.outputStream`: pipe it somewhere (a file,
 * an S3 upload) BEFORE adding, or the first add waits forever. Call `zip.end()` after the last add.
 */
export function yazlSink(zip: ZipFile): ZipSink {
  return {
    async add(path, content, options) {
      const source = typeof content === 'string' || Buffer.isBuffer(content) ? [Buffer.from(content)] : asBuffers(content);
      const stream = Readable.from(source, { objectMode: false });
      zip.addReadStream(stream, path, { compress: !options?.store });
      await finished(stream);
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
