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

export async function downloadViaServer(job: FallbackJob & { onTotal: (n: number) => void }, beforeRetry: () => void): Promise<{ size: number }> {
  const tmp = `${job.file}.download`;
  try {
    await fs.promises.mkdir(path.dirname(job.file), { recursive: true });
    const size = await withRetry(
      async () => {
        const res = await job.server.fetch(`/core/obs/get/file?key=${encodeURIComponent(job.key)}`, { signal: job.signal });
        if (!res.ok || !res.body) throw new ServerCallError(res.status, res.status, `${res.status}`);
        const total = Number(res.headers.get('content-length') ?? 0);
        job.onTotal(total);
        let got = 0;
        const count = new Transform({
          transform(chunk: Buffer, _e, done) {
            got += chunk.length;
            job.onBytes(chunk.length);
            done(null, chunk);
          },
        });
        await pipeline(Readable.fromWeb(res.body as WebReadableStream), count, fs.createWriteStream(tmp), { signal: job.signal });
        return got;
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
