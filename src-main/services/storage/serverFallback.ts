import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { StoredObject } from '../../../src-shared/api/obs';
import { ServerCallError, type ServerClient } from '../session';
import { withRetry } from './retry';
import { StorageError, asStorageError } from './storageError';

/**
 * Transfers through the team server when it has no S3 (embedded mode): the fallback routes
 * `POST /core/obs/upload` and `GET /core/obs/get/file`. The same retry, progress and cancel
 * rules as direct S3 transfers apply.
 */
export interface FallbackJob {
  server: ServerClient;
  key: string;
  file: string;
  signal: AbortSignal;
  onBytes: (n: number) => void;
}

/** 4xx answers other than timeouts and throttling will not change on a retry. */
const isFinal = (err: unknown) =>
  (err as { name?: string }).name === 'AbortError' || (err instanceof ServerCallError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429);

/** The file as a multipart/form-data body, streamed from disk and counted as it goes out. */
function formBody(file: string, contentType: string, onBytes: (n: number) => void): { body: ReadableStream; type: string; length: number } {
  const boundary = `----annot${crypto.randomBytes(12).toString('hex')}`;
  const name = encodeURIComponent(file.split(/[\\/]/).pop() ?? 'file');
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  async function* parts() {
    yield head;
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
      onBytes((chunk as Buffer).length);
      yield chunk as Buffer;
    }
    yield tail;
  }
  return { body: Readable.toWeb(Readable.from(parts())) as ReadableStream, type: `multipart/form-data; boundary=${boundary}`, length: head.length + size + tail.length };
}

export async function uploadViaServer(job: FallbackJob & { contentType: string }, beforeRetry: () => void): Promise<StoredObject> {
  if (!fs.existsSync(job.file)) throw new StorageError('FileNotFound');
  return withRetry(
    async () => {
      let sent = 0;
      // A retry starts the body over: take back what the failed attempt reported.
      const form = formBody(job.file, job.contentType, (n) => {
        sent += n;
        job.onBytes(n);
      });
      try {
        const res = await job.server.fetch(`/core/obs/upload?key=${encodeURIComponent(job.key)}`, {
          method: 'POST',
          body: form.body,
          headers: { 'content-type': form.type, 'content-length': String(form.length) },
          signal: job.signal,
          duplex: 'half',
        } as RequestInit);
        const envelope = (await res.json().catch(() => null)) as { code?: number; msg?: string; data?: StoredObject } | null;
        if (envelope?.code === 200 && envelope.data) return envelope.data;
        throw new ServerCallError(res.status, envelope?.code ?? res.status, envelope?.msg ?? `${res.status}`);
      } catch (err) {
        if (sent > 0) job.onBytes(-sent);
        throw err;
      }
    },
    { signal: job.signal, isFinal, beforeRetry },
    (err) => (err instanceof ServerCallError ? new StorageError('UploadFailedStatus', { code: err.status }, { cause: err }) : new StorageError('UploadRetriesExhausted', {}, { cause: err })),
  ).catch((err: unknown) => {
    if (job.signal.aborted) throw new StorageError('UploadAborted', {}, { cause: err });
    if (err instanceof ServerCallError) throw new StorageError('UploadFailedStatus', { code: err.status }, { cause: err });
    throw asStorageError(err, 'upload');
  });
}

/**
 * Downloads an object through the team server. A body that breaks midway is taken up again
 * from the last byte on disk (a Range request, checked to be the rest of the same object: the
 * size, and the ETag when the server gave one), so a line that drops connections costs only
 * what was lost; an answer that is not that rest starts the file over. Progress counts each
 * byte once and never steps back, also when bytes are fetched again.
 */
export async function downloadViaServer(job: FallbackJob & { onTotal: (n: number) => void }, beforeRetry: () => void): Promise<{ size: number }> {
  const tmp = `${job.file}.download`;
  const url = `/core/obs/get/file?key=${encodeURIComponent(job.key)}`;
  /** the object as the first answer described it */
  let object: { size: number; etag: string | null } | null = null;
  /** bytes in the file so far (written to disk, not only received) */
  let written = 0;
  /** the most bytes ever reported */
  let reported = 0;
  try {
    await fs.promises.mkdir(path.dirname(job.file), { recursive: true });
    const size = await withRetry(
      async () => {
        const from = object && written > 0 && written < object.size ? written : 0;
        const res = await job.server.fetch(url, { signal: job.signal, ...(from > 0 ? { headers: { range: `bytes=${from}-` } } : {}) });
        if (!res.ok || !res.body) throw new ServerCallError(res.status, res.status, `${res.status}`);
        const resumed = object !== null && from > 0 && isRestOf(res, from, object);
        // Not the rest of what is on disk (a first answer, or the whole object again): the file starts over.
        const answered = resumed && object ? object : { size: Number(res.headers.get('content-length') ?? 0), etag: res.headers.get('etag') };
        if (!object) job.onTotal(answered.size);
        object = answered;
        if (!resumed) written = 0;
        const start = written;
        let arrived = start;
        const count = new Transform({
          transform(chunk: Buffer, _e, done) {
            arrived += chunk.length;
            if (arrived > reported) {
              job.onBytes(arrived - reported);
              reported = arrived;
            }
            done(null, chunk);
          },
        });
        const sink = fs.createWriteStream(tmp, resumed ? { flags: 'r+', start } : {});
        try {
          await pipeline(Readable.fromWeb(res.body as WebReadableStream), count, sink, { signal: job.signal });
        } finally {
          written = start + sink.bytesWritten;
        }
        if (answered.size > 0 && written !== answered.size) throw new Error(`the body ended after ${written} of ${answered.size} bytes`);
        return written;
      },
      { signal: job.signal, isFinal, beforeRetry },
      (err) => (err instanceof ServerCallError ? new StorageError('DownloadFailedStatus', { code: err.status }, { cause: err }) : asStorageError(err, 'download')),
    );
    await fs.promises.rename(tmp, job.file);
    return { size };
  } catch (err) {
    await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
    if (job.signal.aborted) throw new StorageError('DownloadAborted', {}, { cause: err });
    if (err instanceof ServerCallError) throw new StorageError(err.status === 404 ? 'NoSuchKey' : 'DownloadFailedStatus', { code: err.status }, { cause: err });
    throw asStorageError(err, 'download');
  }
}

/** A 206 answer holding the object's bytes from `from` to its end, of the same size and ETag as the first answer. */
function isRestOf(res: Response, from: number, object: { size: number; etag: string | null }): boolean {
  return res.status === 206 && res.headers.get('content-range') === `bytes ${from}-${object.size - 1}/${object.size}` && res.headers.get('etag') === object.etag;
}
