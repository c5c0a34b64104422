/**
 * The image check (src-shared/media/imageBytes.ts) on a file in the object store: its head and
 * its tail in two ranged reads, whatever the store (local disk or S3), so checking a 20 MB photo
 * costs 320 KiB of reading, not 20 MB.
 */
import { IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, inspectImageBytes, type ImageVerdict } from '../../src-shared/media/imageBytes';
import type { ObjectStore } from '../storage';
import { readRange } from './readRange';

export async function probeStoredImage(storage: ObjectStore, key: string, size: number): Promise<ImageVerdict> {
  if (size === 0) return inspectImageBytes(new Uint8Array(), new Uint8Array(), 0);
  const head = await readRange(storage, key, 0, Math.min(size, IMAGE_HEAD_BYTES));
  // A file that fits in the head is its own tail.
  const tail = size <= IMAGE_HEAD_BYTES ? head : await readRange(storage, key, Math.max(0, size - IMAGE_TAIL_BYTES), size);
  return inspectImageBytes(head, tail.subarray(Math.max(0, tail.length - IMAGE_TAIL_BYTES)), size);
}
