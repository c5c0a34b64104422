/** The top-level prefixes objects live under (docs/architecture.md §5). */
export const KEY_PREFIXES = ['dataset/', 'annotate/', 'export/', 'user/'] as const;

/**
 * Prefixes only the server itself reads and writes (model files of the AI group): no client key
 * can name them, since parseKey accepts KEY_PREFIXES alone and no vended credential covers them.
 */
export const INTERNAL_PREFIXES = ['model/'] as const;

/** The folder a key is in: `dataset/<projectId>`, `annotate/<taskSubjectId>`, `export/<projectId>`, `user/<userId>`. */
export type KeyArea = 'dataset' | 'annotate' | 'export' | 'user';

/** A key the routes may hand to a store, with the folder it is in and that folder's id. */
export interface ParsedKey {
  key: string;
  area: KeyArea;
  ownerId: number;
}

/** Longest key S3 stores, in UTF-8 bytes, the root prefix included. */
const MAX_KEY_BYTES = 1024;
/** Longest file name most file systems accept (embedded mode keeps objects as files). */
const MAX_SEGMENT_BYTES = 255;
/** LocalDiskStore keeps an object's metadata beside it under this suffix. */
export const META_SUFFIX = '.meta.json';
/** LocalDiskStore writes an object beside its final name first, as `<name>.<uuid>.tmp`. */
export const PARTIAL_SUFFIX = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;
const MAX_ID = 2147483647;

/** A key the routes refuse, with a short machine-readable reason for the client. */
export class InvalidKeyError extends RangeError {
  constructor(readonly reason: string) {
    super(`invalid object key: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

/**
 * Checks a key the server is about to use: relative, no `..` or `.` segments, no empty
 * segments, no control characters, and under one of our prefixes. Answers the key or throws.
 */
export function assertSafeKey(key: string): string {
  if (key.length === 0 || key.length > 1024) throw new RangeError('object key must be 1 to 1024 characters');
  if (key.startsWith('/')) throw new RangeError('object key must be relative');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw new RangeError('object key has forbidden characters');
  const segments = key.split('/');
  if (segments.some((s, i) => s === '..' || s === '.' || (s === '' && i !== segments.length - 1))) {
    throw new RangeError('object key has an empty, . or .. segment');
  }
  if (![...KEY_PREFIXES, ...INTERNAL_PREFIXES].some((p) => key.startsWith(p))) throw new RangeError(`object key must start with ${KEY_PREFIXES.join(', ')}`);
  return key;
}

/** A name local disk keeps for itself: an object's metadata, a write under way. */
export const isReservedName = (name: string) => name.endsWith(META_SUFFIX) || PARTIAL_SUFFIX.test(name);

const isOurs = (key: string) => KEY_PREFIXES.some((p) => key.startsWith(p));

/**
 * The spec's key normalisation (section 5): a key under one of our prefixes, with or without
 * the configured root prefix before it, is kept (the root prefix is dropped, the store adds it
 * back); any other path loses one leading slash. Nothing else is rewritten: what is still
 * wrong afterwards is refused by parseKey, never repaired.
 */
export function normaliseKey(raw: string, rootPrefix = ''): string {
  const dropRoot = (k: string) => (rootPrefix && k.startsWith(`${rootPrefix}/`) && isOurs(k.slice(rootPrefix.length + 1)) ? k.slice(rootPrefix.length + 1) : k);
  const key = dropRoot(raw);
  if (isOurs(key) || !key.startsWith('/')) return key;
  return dropRoot(key.slice(1));
}

/**
 * Normalises a key a client sent and checks it can name an object of ours: under
 * `<area>/<id>/` with a file name after it, no `.`, `..` or empty segments, no control
 * characters or backslashes, within S3's and file systems' length limits.
 */
export function parseKey(raw: string, rootPrefix = ''): ParsedKey {
  const key = normaliseKey(raw, rootPrefix);
  if (key.startsWith('/')) throw new InvalidKeyError('absolute');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(key)) throw new InvalidKeyError('forbiddenCharacter');
  if (Buffer.byteLength(rootPrefix ? `${rootPrefix}/${key}` : key) > MAX_KEY_BYTES) throw new InvalidKeyError('tooLong');
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new InvalidKeyError('segment');
  if (segments.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES)) throw new InvalidKeyError('segmentTooLong');
  const [area, id, ...rest] = segments;
  if (!isOurs(`${area}/`)) throw new InvalidKeyError('prefix');
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) throw new InvalidKeyError('folderId');
  if (rest.length === 0) throw new InvalidKeyError('fileName');
  // A name with the metadata suffix would overwrite another object's metadata on local disk
  // (a folder so named would block it); one with a temp file's suffix would pass for a write a
  // dead server left, and be swept.
  if (segments.some(isReservedName)) throw new InvalidKeyError('reservedName');
  return { key: assertSafeKey(key), area: area as KeyArea, ownerId: Number(id) };
}

/**
 * The key of a path inside one folder (`dataset/12` + `a/b.png`): like any other path it loses
 * one leading slash, then the whole key is checked.
 */
export function keyInFolder(area: KeyArea, ownerId: number, path: string): ParsedKey {
  return parseKey(`${area}/${ownerId}/${path.startsWith('/') ? path.slice(1) : path}`);
}
