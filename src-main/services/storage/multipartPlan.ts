import { StorageError } from './storageError';

/** S3's smallest part (all but the last) and the spec's default part size: 5 MB. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const DEFAULT_PART_SIZE = MIN_PART_SIZE;
/** Parts uploaded at once by default (spec section 9). */
export const DEFAULT_QUEUE_SIZE = 4;
/** S3's limit of parts in one upload. */
export const MAX_PARTS = 10_000;

export interface MultipartSettings {
  partSize: number;
  queueSize: number;
}

/**
 * The settings of a multipart upload, checked as the spec's section 5 lists: part size at
 * least 5 MB (EntityTooSmall), queue size at least 1.
 */
export function checkMultipartSettings(s: Partial<MultipartSettings> = {}): MultipartSettings {
  const partSize = s.partSize ?? DEFAULT_PART_SIZE;
  const queueSize = s.queueSize ?? DEFAULT_QUEUE_SIZE;
  if (!Number.isSafeInteger(partSize) || partSize < MIN_PART_SIZE) throw new StorageError('EntityTooSmall');
  if (!Number.isSafeInteger(queueSize) || queueSize < 1) throw new StorageError('QueueSizeTooSmall');
  return { partSize, queueSize };
}

/** One part: its 1-based number, where it starts in the file and how long it is. */
export interface PartSpan {
  partNumber: number;
  start: number;
  length: number;
}

/** The parts of a file of `size` bytes; more than 10,000 is "Exceeded the maximum parts". */
export function planParts(size: number, partSize: number): PartSpan[] {
  const count = Math.max(1, Math.ceil(size / partSize));
  if (count > MAX_PARTS) throw new StorageError('TooManyParts');
  return Array.from({ length: count }, (_, i) => ({ partNumber: i + 1, start: i * partSize, length: Math.min(partSize, size - i * partSize) }));
}
