import { StorageError } from './storageError';

/** The folders of the key layout (docs/architecture.md §5). */
export const KEY_AREAS = ['dataset/', 'user/', 'annotate/', 'export/'] as const;

/**
 * A key as the object store should see it (spec section 5): keys starting with one of the
 * layout's folders, or with the configured root prefix, are kept as they are; any other key
 * loses its leading slashes. The root prefix is then put in front of keys that lack it, so
 * callers can always write `dataset/12/a.png`. `.` and `..` segments, empty segments and
 * backslashes are refused rather than resolved: a key is a name, never a path to walk.
 */
export function normalizeObjectKey(raw: string, rootPrefix = ''): string {
  const root = rootPrefix.replace(/^\/+|\/+$/g, '');
  const kept = KEY_AREAS.some((a) => raw.startsWith(a)) || (root !== '' && raw.startsWith(`${root}/`));
  const key = kept ? raw : raw.replace(/^\/+/, '');
  const segments = key.split('/');
  if (key === '' || key.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..') || key.length > 1024) {
    throw new StorageError('InvalidKey');
  }
  return root === '' || key.startsWith(`${root}/`) ? key : `${root}/${key}`;
}

/** Bucket names with a slash are refused (spec section 5). */
export function assertBucketName(bucket: string): void {
  if (bucket.includes('/')) throw new StorageError('InvalidBucketName');
}

/** `https://` in front of an endpoint without an http(s) scheme (spec section 5). */
export function normalizeEndpoint(endpoint: string): string {
  return /^https?:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`;
}
