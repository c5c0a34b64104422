import type { ServerConfig } from '../config';
import { LocalDiskStore } from './localDiskStore';
import { S3Store } from './s3Store';
import type { ObjectStore } from './objectStore';

export type { ObjectStore, ObjectInfo, PartialWrite } from './objectStore';
export { KeyConflictError, NoSuchKeyError } from './objectStore';

/** S3 mode when the configuration names an endpoint, embedded local disk otherwise. */
export function createObjectStore(config: Pick<ServerConfig, 's3' | 'dataDir'>): ObjectStore {
  return config.s3 ? new S3Store(config.s3) : new LocalDiskStore(config.dataDir);
}
