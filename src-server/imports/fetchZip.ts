/**
 * The zip to import, read whole from the object store (every reader needs its files whole, and
 * the zip's directory is at its end). The size is checked before reading, from the store's
 * metadata, and again while reading, so an object replaced by a larger one meanwhile cannot
 * make the server read more than the limit.
 */
import type { Readable } from 'node:stream';
import type { ObjectStore } from '../storage';
import { AppError } from '../errors';

const tooLarge = (max: number) => new AppError('import.zipTooLarge', { limit: 'zip', max });

async function readCapped(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw tooLarge(max);
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts, size);
}

export async function fetchZip(store: ObjectStore, key: string, max: number): Promise<Buffer> {
  try {
    const info = await store.head(key);
    if (!info) throw new AppError('import.zipNotFound');
    if (info.size > max) throw tooLarge(max);
    return await readCapped(await store.get(key), max);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown } | null)?.code === 'NoSuchKey') throw new AppError('import.zipNotFound');
    throw new AppError('obs.storageFailed');
  }
}
