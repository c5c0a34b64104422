import type { Readable } from 'node:stream';
import type { ObjectStore } from '../storage';

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Bytes start..end-1 of a stored object, in one ranged read whatever the store (local disk or S3). */
export async function readRange(storage: ObjectStore, key: string, start: number, end: number): Promise<Uint8Array> {
  return bytesOf(await storage.get(key, { start, end: end - 1 }));
}
