import path from 'node:path';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { planParts, type MultipartSettings } from './multipartPlan';
import { runPool } from '../pool';
import { withRetry } from './retry';
import { StorageError, asStorageError } from './storageError';

export interface S3DownloadJob {
  client: S3Client;
  bucket: string;
  key: string;
  /** where the object goes; written as `<file>.download` and renamed when complete */
  file: string;
  settings: MultipartSettings;
  signal: AbortSignal;
  onTotal: (n: number) => void;
  onBytes: (n: number) => void;
  beforeRetry: () => void;
}

/** Bytes a download's file stream may hold before it pushes back on the socket. */
const WRITE_BUFFER = 8 * 1024 * 1024;

const FINAL = new Set(['AbortError', 'NoSuchKey', 'NoSuchBucket', 'AccessDenied', 'NotFound', 'InvalidObjectState', 'PreconditionFailed']);
const isFinal = (err: unknown) => err instanceof StorageError || FINAL.has((err as { name?: string })?.name ?? '');
/** A HEAD of a missing key has no body to name the error: its 404 is NoSuchKey. */
const headFailure = (err: unknown) => ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ? new StorageError('NoSuchKey', {}, { cause: err }) : err);

/**
 * Downloads an object to a local file: one streamed GET when it is at most one part, else
 * `queueSize` ranged GETs streamed at once, each written at its place in the file (the
 * ranges carry the ETag the HEAD saw, so an object replaced midway fails instead of mixing two
 * versions). Each GET retries on its own. The file appears under its name only when complete;
 * a cancelled or failed download leaves nothing behind and raises the spec's messages.
 */
export async function downloadFromS3(job: S3DownloadJob): Promise<{ size: number; etag: string }> {
  const tmp = `${job.file}.download`;
  const retry = { signal: job.signal, beforeRetry: job.beforeRetry, isFinal };
  const exhausted = (err: unknown) => asStorageError(err, 'download');
  try {
    await fs.promises.mkdir(path.dirname(job.file), { recursive: true });
    const head = await withRetry(
      () => job.client.send(new HeadObjectCommand({ Bucket: job.bucket, Key: job.key }), { abortSignal: job.signal }).catch((err: unknown) => Promise.reject(headFailure(err))),
      retry,
      exhausted,
    );
    const size = head.ContentLength ?? 0;
    const etag = head.ETag ?? '';
    job.onTotal(size);
    const spans = planParts(size, job.settings.partSize);
    if (spans.length === 1) {
      await withRetry(
        async () => {
          const out = await job.client.send(new GetObjectCommand({ Bucket: job.bucket, Key: job.key, ...(etag ? { IfMatch: etag } : {}) }), { abortSignal: job.signal });
          const body = out.Body as Readable;
          body.on('data', (chunk: Buffer) => job.onBytes(chunk.length));
          await pipeline(body, fs.createWriteStream(tmp, { highWaterMark: WRITE_BUFFER }), { signal: job.signal });
        },
        retry,
        exhausted,
      );
    } else {
      // Ranges as long as the queue allows: a few long streams move bytes faster than many
      // 5 MB requests (each costs a round trip and a buffer), and a stream that breaks
      // resumes from its last byte on disk rather than from its start.
      const rangeSize = Math.max(job.settings.partSize, Math.ceil(size / job.settings.queueSize));
      const ranges = planParts(size, rangeSize);
      await fs.promises.writeFile(tmp, '');
      await fs.promises.truncate(tmp, size);
      await runPool(ranges, job.settings.queueSize, async (span) => {
        let written = 0;
        await withRetry(
          async () => {
            if (written >= span.length) return;
            const from = span.start + written;
            const out = await job.client.send(
              new GetObjectCommand({ Bucket: job.bucket, Key: job.key, Range: `bytes=${from}-${span.start + span.length - 1}`, ...(etag ? { IfMatch: etag } : {}) }),
              { abortSignal: job.signal },
            );
            // A deep write buffer keeps the socket flowing while the disk catches up (measured:
            // 16 KB, the default, 435 to 514 MB/s; 8 MB, 557 to 565, on one core at 100%).
            const sink = fs.createWriteStream(tmp, { flags: 'r+', start: from, highWaterMark: WRITE_BUFFER });
            const body = out.Body as Readable;
            // Counted as it arrives, without another stream stage in the way of every chunk.
            body.on('data', (chunk: Buffer) => job.onBytes(chunk.length));
            try {
              await pipeline(body, sink, { signal: job.signal });
            } finally {
              written += sink.bytesWritten;
            }
          },
          retry,
          exhausted,
        );
      });
    }
    await fs.promises.rename(tmp, job.file);
    return { size, etag };
  } catch (err) {
    await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
    if (job.signal.aborted) throw new StorageError('DownloadAborted', {}, { cause: err });
    throw asStorageError(err, 'download');
  }
}
