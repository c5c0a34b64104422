import type { Readable } from 'node:stream';

/** Metadata of a stored object. */
export interface ObjectInfo {
  size: number;
  contentType: string;
  etag: string;
}

/** Bytes `start` to `end` of an object, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A write that was begun and never finished: a temp file on local disk, an incomplete
 * multipart upload in S3. Its writer may still be at it, or may have died mid-write (a killed
 * server), in which case nothing else ever removes it.
 */
export interface PartialWrite {
  /** the key it was writing */
  key: string;
  /** epoch ms: on local disk its last write, in S3 when the upload began */
  since: number;
  /** the store's own handle on it: the temp file's name, the upload id */
  ref: string;
}

/**
 * Where the server keeps files: local disk in embedded mode, any S3 API otherwise.
 * Keys are already normalised (see keys.ts); stores refuse anything else.
 */
export interface ObjectStore {
  readonly mode: 'embedded' | 's3';
  /** Stores the object; rejects with code 'KeyConflict' when the key clashes with a folder (local disk). */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<ObjectInfo>;
  /** The object's bytes, or only `range` of them; rejects with code 'NoSuchKey' when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Keys of the complete objects whose keys start with `prefix` (a folder or part of a name). */
  list(prefix: string): Promise<string[]>;
  /** The writes under `prefix` that were begun and not finished. */
  partialWrites(prefix: string): Promise<PartialWrite[]>;
  /** Drops a partial write; a writer still at it then fails instead of storing its object. */
  dropPartialWrite(write: PartialWrite): Promise<void>;
}

/** The error a store raises for a missing object, whatever the backend. */
export class NoSuchKeyError extends Error {
  readonly code = 'NoSuchKey';
  constructor(readonly key: string) {
    super(`no object at ${key}`);
    this.name = 'NoSuchKey';
  }
}

/**
 * An object and a folder wanting the same name: local disk cannot hold both `a/b` and
 * `a/b/c` (S3 can). Raised before anything of the refused write is stored.
 */
export class KeyConflictError extends Error {
  readonly code = 'KeyConflict';
  constructor(readonly key: string) {
    super(`${key} clashes with a folder or a file of the same name`);
    this.name = 'KeyConflict';
  }
}
