/**
 * The zip to import, copied from the object store to a file of the server's (its directory is
 * at its end and is read with random access; up to 1 GiB is not held in memory). The size is
 * checked before reading, from the store's metadata, and again while copying, so an object
 * replaced by a larger one meanwhile cannot make the server read more than the limit.
 */
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../storage';
import { AppError } from '../errors';

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
