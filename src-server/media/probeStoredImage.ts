/**
 * The image check (src-shared/media/imageBytes.ts) on a file in the object store: its head and
 * its tail in two ranged reads, whatever the store (local disk or S3), so checking a 20 MB photo
 * costs 320 KiB of reading, not 20 MB.
 */
import type { Readable } from 'node:stream';
import { IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, inspectImageBytes, type ImageVerdict } from '../../src-shared/media/imageBytes';
import type { ObjectStore } from '../storage';

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function probeStoredImage(storage: ObjectStore, key: string, size: number): Promise<ImageVerdict> {
  if (size === 0) return inspectImageBytes(new Uint8Array(), new Uint8Array(), 0);
  const head = await bytesOf(await storage.get(key, { start: 0, end: Math.min(size, IMAGE_HEAD_BYTES) - 1 }));
  // A file that fits in the head is its own tail.
  const tail = size <= IMAGE_HEAD_BYTES ? head : await bytesOf(await storage.get(key, { start: Math.max(0, size - IMAGE_TAIL_BYTES), end: size - 1 }));
  return inspectImageBytes(head, tail.subarray(Math.max(0, tail.length - IMAGE_TAIL_BYTES)), size);
}
