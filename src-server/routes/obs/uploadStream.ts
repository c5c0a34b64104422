import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '../../errors';

/** What happened to an uploaded file's bytes on their way to the store. */
export interface UploadGuard {
  /** the bytes, failing once more than `maxBytes` have passed */
  body: Readable;
  /** true once the file went over the limit */
  tooLarge(): boolean;
  /** the client's stream broke (cut off, malformed multipart) */
  clientFailed(): boolean;
}

/**
 * Passes a file's bytes through, counted: past `maxBytes` the stream fails with 413, so the
 * store never commits a cut-off object (LocalDiskStore drops its temp file, lib-storage
 * aborts its upload) and an existing object of that key stays as it was.
 */
export function guardUpload(file: Readable, maxBytes: number): UploadGuard {
  let seen = 0;
  let over = false;
  // Which side failed first: the client's stream, or what it was piped into (our limit, the
  // store). Either failure ends up on both sides, so only the order tells them apart. The
  // client's stream may have failed already (a cut-off body parsed before we got here).
  let firstFailure: 'client' | 'downstream' | null = file.errored ? 'client' : null;
  file.once('error', () => {
    firstFailure ??= 'client';
  });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        over = true;
        done(new AppError('obs.fileTooLarge', { maxBytes }));
        return;
      }
      done(null, chunk);
    },
  });
  counter.once('error', () => {
    firstFailure ??= 'downstream';
  });
  // pipeline (unlike pipe) fails the counter when the client's stream fails.
  const body = pipeline(file, counter, () => {});
  return { body, tooLarge: () => over, clientFailed: () => firstFailure === 'client' };
}

const SPOOL_PREFIX = 'obs-upload-';
/** Older than any upload could take: a spool file this old was left by a process that died. */
const STALE_SPOOL_MS = 24 * 3600 * 1000;

const spoolDir = (dataDir: string) => path.join(dataDir, 'tmp');

/**
 * Removes spool files a crashed process left behind. Only old ones: another server sharing
 * the data directory may be spooling right now.
 */
export function sweepStaleSpools(dataDir: string, now: number): void {
  const dir = spoolDir(dataDir);
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(SPOOL_PREFIX)) continue;
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_SPOOL_MS) fs.rmSync(file, { force: true });
    } catch {
      // gone already (its upload finished meanwhile)
    }
  }
}

/** A file written aside because its key came after it in the form. */
export interface SpooledFile {
  path: string;
  contentType: string;
  remove(): Promise<void>;
}

/**
 * Writes a file to a temp file under the data directory (never to memory) until its key is
 * known; the caller stores it from there and removes it.
 */
export async function spoolUpload(guard: UploadGuard, dataDir: string, contentType: string): Promise<SpooledFile> {
  const dir = spoolDir(dataDir);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${SPOOL_PREFIX}${crypto.randomUUID()}`);
  const remove = () => fsp.rm(file, { force: true });
  try {
    await pipelineAsync(guard.body, fs.createWriteStream(file, { mode: 0o600 }));
  } catch (err) {
    await remove();
    throw err;
  }
  return { path: file, contentType, remove };
}
