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
 * Where the server keeps files: local disk in embedded mode, any S3 API otherwise.
 * Keys are already normalised (see keys.ts); stores refuse anything else.
 */
export interface ObjectStore {
  readonly mode: 'embedded' | 's3';
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<ObjectInfo>;
  /** The object's bytes, or only `range` of them; rejects with code 'NoSuchKey' when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
}

/** The error a store raises for a missing object, whatever the backend. */
export class NoSuchKeyError extends Error {
  readonly code = 'NoSuchKey';
  constructor(key: string) {
    super(`no object at ${key}`);
    this.name = 'NoSuchKey';
  }
}
