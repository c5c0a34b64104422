import fs from 'node:fs';
import crypto from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3Link } from './s3Client';
import { planParts, type MultipartSettings, type PartSpan } from './multipartPlan';
import { runPool } from '../pool';
import { withRetry, type RetryOptions } from './retry';
import { StorageError, asStorageError } from './storageError';
import type { JournalEntry, UploadJournal } from './uploadJournal';

export interface S3UploadParams {
  bucket: string;
  key: string;
  file: string;
  contentType: string;
}

export interface S3UploadJob {
  s3: S3Link | null | undefined;
  params: S3UploadParams | null | undefined;
  /** the file as the caller found it (its size and mtime decide the parts and the resume) */
  stat: fs.Stats;
  /**
   * Memory a file of one part may be read into, if it is big enough (a batch lends each lane
   * one): held by this upload until it returns, then reused for the next file.
   */
  readInto?: Buffer;
  settings: MultipartSettings;
  transferId: string;
  journal: UploadJournal;
  signal: AbortSignal;
  /** bytes stored so far, including parts found already stored when resuming */
  onBytes: (n: number) => void;
  /** before each retry: the storage layer drops an expired token */
  beforeRetry: () => void;
}

export interface S3UploadResult {
  size: number;
  etag: string;
  /** bytes that were already stored by an earlier, interrupted run */
  resumedBytes: number;
}

/** Failures another attempt will not fix. */
const FINAL = new Set(['AbortError', 'NoSuchUpload', 'NoSuchBucket', 'AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch']);
const isFinal = (err: unknown) => err instanceof StorageError || FINAL.has((err as { name?: string })?.name ?? '');

const retrying = (job: S3UploadJob): RetryOptions => ({ signal: job.signal, beforeRetry: job.beforeRetry, isFinal });
const exhausted = (err: unknown) => (isFinal(err) ? asStorageError(err, 'upload') : new StorageError('UploadRetriesExhausted', {}, { cause: err }));

/**
 * Uploads a local file to S3: one PUT when it fits in one part, else a multipart upload of
 * `partSize` parts, `queueSize` at once, each read from the file when its turn comes (memory
 * stays at queueSize parts whatever the file's size). The upload id is journaled, so after a
 * crash, a restart or a failed run the next run of the same file to the same key continues:
 * the parts the store already has (ListParts) are skipped. A cancel aborts the upload on the
 * server, leaving no orphan parts, and forgets it.
 */
export async function uploadToS3(job: S3UploadJob): Promise<S3UploadResult> {
  if (!job.s3) throw new StorageError('ClientRequired');
  if (!job.params?.bucket || !job.params.key || !job.params.file) throw new StorageError('ParamsRequired');
  const { s3, params, stat } = job;
  const spans = planParts(stat.size, job.settings.partSize);
  if (spans.length === 1) return putWhole(job, s3, params, stat.size);
  return putInParts(job, s3, params, stat, spans);
}

/**
 * A file of one part as it is now: read in one call for the size the caller's stat gave, plus
 * a byte to notice a file that grew since; one that shrank is read to its end. Three calls to
 * the disk (open, read, close) where readFile makes four, per file of a batch of thousands.
 */
async function readWhole(file: string, size: number, into?: Buffer): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = into && into.length >= size + 1 ? into : Buffer.allocUnsafe(size + 1);
    const { bytesRead } = await fh.read(buf, 0, size + 1, 0);
    return bytesRead <= size ? buf.subarray(0, bytesRead) : await fh.readFile();
  } finally {
    await fh.close();
  }
}

async function putWhole(job: S3UploadJob, s3: S3Link, p: S3UploadParams, stated: number): Promise<S3UploadResult> {
  const body = await readWhole(p.file, stated, job.readInto).catch((err: unknown) => {
    throw (err as { code?: string }).code === 'ENOENT' ? new StorageError('FileNotFound', {}, { cause: err }) : err;
  });
  const size = body.length;
  const out = await withRetry(
    () => s3.wire.put(p.bucket, p.key, body, { contentType: p.contentType, signal: job.signal }),
    retrying(job),
    exhausted,
  ).catch((err: unknown) => {
    throw asStorageError(err, 'upload');
  });
  job.onBytes(size);
  return { size, etag: out.etag, resumedBytes: 0 };
}

/** The parts an interrupted upload already stored, by number; only those of the planned size count. */
async function storedParts(client: S3Client, p: S3UploadParams, uploadId: string, spans: PartSpan[]): Promise<Map<number, string>> {
  const stored = new Map<number, string>();
  let marker: string | undefined;
  do {
    const page = await client.send(new ListPartsCommand({ Bucket: p.bucket, Key: p.key, UploadId: uploadId, ...(marker ? { PartNumberMarker: marker } : {}) }));
    for (const part of page.Parts ?? []) {
      const span = part.PartNumber ? spans[part.PartNumber - 1] : undefined;
      if (span && part.ETag && part.Size === span.length) stored.set(span.partNumber, part.ETag);
    }
    marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
  } while (marker);
  return stored;
}

/** Continues the journaled upload of this file if there is one the store still knows. */
async function resumeOrStart(job: S3UploadJob, client: S3Client, p: S3UploadParams, stat: fs.Stats, spans: PartSpan[]): Promise<{ entry: JournalEntry; stored: Map<number, string> }> {
  const earlier = job.journal.get(job.transferId) ?? job.journal.findFor(p.file, p.bucket, p.key, stat);
  const same = earlier && earlier.file === p.file && earlier.bucket === p.bucket && earlier.key === p.key;
  if (same && earlier.size === stat.size && earlier.mtimeMs === stat.mtimeMs && earlier.partSize === job.settings.partSize) {
    try {
      return { entry: earlier, stored: await storedParts(client, p, earlier.uploadId, spans) };
    } catch (err) {
      // NoSuchUpload: aborted or expired on the server meanwhile; start over below.
      if ((err as { name?: string }).name !== 'NoSuchUpload') throw err;
    }
  }
  if (earlier) job.journal.remove(earlier.transferId);
  const created = await client.send(new CreateMultipartUploadCommand({ Bucket: p.bucket, Key: p.key, ContentType: p.contentType }), { abortSignal: job.signal });
  const entry: JournalEntry = {
    transferId: job.transferId,
    file: p.file,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    bucket: p.bucket,
    key: p.key,
    uploadId: created.UploadId!,
    partSize: job.settings.partSize,
    contentType: p.contentType,
    startedAt: Date.now(),
  };
  job.journal.put(entry);
  return { entry, stored: new Map() };
}

async function putInParts(job: S3UploadJob, s3: S3Link, p: S3UploadParams, stat: fs.Stats, spans: PartSpan[]): Promise<S3UploadResult> {
  const { client } = s3;
  const { entry, stored } = await resumeOrStart(job, client, p, stat, spans).catch((err: unknown) => {
    throw asStorageError(err, 'upload');
  });
  let resumedBytes = 0;
  for (const n of stored.keys()) resumedBytes += spans[n - 1]!.length;
  if (resumedBytes > 0) job.onBytes(resumedBytes);

  const fh = await fs.promises.open(p.file, 'r');
  try {
    const missing = spans.filter((s) => !stored.has(s.partNumber));
    await runPool(missing, job.settings.queueSize, async (span) => {
      if (job.signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      const body = Buffer.allocUnsafe(span.length);
      await fh.read(body, 0, span.length, span.start);
      const out = await withRetry(() => s3.wire.put(p.bucket, p.key, body, { part: { number: span.partNumber, uploadId: entry.uploadId }, signal: job.signal }), retrying(job), exhausted);
      // Without the ETag the upload cannot be completed; a browser-side client misses it when
      // the bucket's CORS rules do not expose the header, hence the hint in the message.
      if (!out.etag) throw new StorageError('PartMissingETag', { n: span.partNumber });
      stored.set(span.partNumber, out.etag);
      job.onBytes(span.length);
    });
    const parts = spans.map((s) => ({ PartNumber: s.partNumber, ETag: stored.get(s.partNumber)! }));
    const done = await withRetry(
      () => client.send(new CompleteMultipartUploadCommand({ Bucket: p.bucket, Key: p.key, UploadId: entry.uploadId, MultipartUpload: { Parts: parts } }), { abortSignal: job.signal }),
      retrying(job),
      exhausted,
    );
    job.journal.remove(entry.transferId);
    return { size: stat.size, etag: done.ETag ?? '', resumedBytes };
  } catch (err) {
    if (job.signal.aborted) {
      // Cancelled: nothing of it stays on the server or in the journal.
      await client.send(new AbortMultipartUploadCommand({ Bucket: p.bucket, Key: p.key, UploadId: entry.uploadId })).catch(() => undefined);
      job.journal.remove(entry.transferId);
      throw new StorageError('UploadAborted', {}, { cause: err });
    }
    throw asStorageError(err, 'upload');
  } finally {
    await fh.close();
  }
}

/** A transfer id for callers that do not bring their own. */
export const newTransferId = () => crypto.randomUUID();
