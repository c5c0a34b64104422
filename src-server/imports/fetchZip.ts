/**
 * The zip to import, copied from the object store to a file of the server's (its directory is
 * at its end and is read with random access; up to 1 GiB is not held in memory). The size is
 * checked before reading, from the store's metadata, and again while copying, so an object
 * replaced by a larger one meanwhile cannot make the server read more than the limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../storage';
import { AppError } from '../errors';
import { TEMP_FOLDER_PREFIXES } from '../staleTempFolders';

const tooLarge = (max: number) => new AppError('import.zipTooLarge', { limit: 'zip', max });

/** Passes bytes on until there are more than `max`, then fails the pipeline. */
function capped(max: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      done(size > max ? tooLarge(max) : null, size > max ? undefined : chunk);
    },
  });
}

/**
 * Runs `read` on the zip at `key` copied to a file of a fresh temporary folder (at most `max`
 * bytes), and removes the folder however it ended; if the server dies first, the start-up sweep
 * does (staleTempFolders.ts).
 */
export async function withZipOnDisk<T>(d: { storage: ObjectStore; tempDir: string }, key: string, max: number, read: (file: string) => Promise<T>): Promise<T> {
  await fs.promises.mkdir(d.tempDir, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(d.tempDir, TEMP_FOLDER_PREFIXES.importZip));
  try {
    const file = path.join(dir, 'import.zip');
    await fetchZipToFile(d.storage, key, max, file);
    return await read(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export async function fetchZipToFile(store: ObjectStore, key: string, max: number, file: string): Promise<void> {
  try {
    const info = await store.head(key);
    if (!info) throw new AppError('import.zipNotFound');
    if (info.size > max) throw tooLarge(max);
    await pipeline(await store.get(key), capped(max), fs.createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown } | null)?.code === 'NoSuchKey') throw new AppError('import.zipNotFound');
    throw new AppError('obs.storageFailed');
  }
}
