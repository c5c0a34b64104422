import crypto from 'node:crypto';
import type { ObjectInfo, ObjectStore } from '../../storage';
import { assertSafeKey } from '../../storage/keys';
import { AppError } from '../../errors';
import { SUBJECT_IMPORT_MAX_FRAMES, SUBJECT_IMPORT_MAX_VIDEOS, type SubjectInput } from '../../../src-shared/api/subject';

/** At most this many offending entries are listed in an error's data (with the full count). */
const REPORT_MAX = 100;
/** Object-store HEAD requests in flight at once while checking an import's files. */
const HEAD_CONCURRENCY = 16;

const report = <T>(items: T[]) => ({ count: items.length, first: items.slice(0, REPORT_MAX) });

/** Where a project's subject files live; every frame key must start with it. */
export const datasetPrefix = (projectId: number) => `dataset/${projectId}/`;

/** The last segment of a key, as a file name fits the column. */
export const fileNameOf = (key: string) => Array.from(key.split('/').filter(Boolean).pop() ?? key).slice(0, 255).join('');

/** A subject's content hash: sha256 over its frames' lower-case hex digests concatenated in order. */
export const contentHashOf = (frameHashes: readonly string[]): string =>
  crypto.createHash('sha256').update(frameHashes.join(''), 'utf8').digest('hex');

/**
 * The rules the schema cannot say, checked before anything is read or written: the number of
 * frames and videos in the call, one file per image and per video, and every key a safe key
 * under this project's dataset folder (a key of another project would let one project read
 * another's files).
 */
export function checkImportShape(projectId: number, subjects: readonly SubjectInput[]): void {
  const frames = subjects.reduce((n, s) => n + s.frames.length, 0);
  if (frames > SUBJECT_IMPORT_MAX_FRAMES) throw new AppError('subject.tooManyFrames', { max: SUBJECT_IMPORT_MAX_FRAMES, given: frames });
  const images = subjects.flatMap((s, index) => (s.recordType === 'image' && s.frames.length !== 1 ? [index] : []));
  if (images.length > 0) throw new AppError('subject.imageFrameCount', { indexes: report(images).first, count: images.length });
  const videos = subjects.flatMap((s, index) => (s.recordType === 'video' ? [index] : []));
  if (videos.length > SUBJECT_IMPORT_MAX_VIDEOS) throw new AppError('subject.tooManyVideos', { max: SUBJECT_IMPORT_MAX_VIDEOS, given: videos.length });
  const videoFiles = videos.filter((index) => subjects[index]!.frames.length !== 1);
  if (videoFiles.length > 0) throw new AppError('subject.videoFileCount', { indexes: report(videoFiles).first, count: videoFiles.length });

  const prefix = datasetPrefix(projectId);
  const keys = [...new Set(subjects.flatMap((s) => s.frames.map((f) => f.key)))];
  const bad: string[] = [];
  const outside: string[] = [];
  for (const key of keys) {
    try {
      assertSafeKey(key);
    } catch {
      bad.push(key);
      continue;
    }
    if (!key.startsWith(prefix)) outside.push(key);
  }
  if (bad.length > 0) throw new AppError('subject.badKey', { keys: report(bad).first, count: bad.length });
  if (outside.length > 0) throw new AppError('subject.keyOutsideProject', { prefix, keys: report(outside).first, count: outside.length });
}

/** Runs fn over items with at most `limit` calls in flight, answers in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * The stored object of every frame, which must exist with the size the client declared: the
 * workstation uploads first and registers after, so a missing or different file means the
 * upload did not finish. Answers key → object info.
 */
export async function checkStoredFiles(storage: ObjectStore, subjects: readonly SubjectInput[]): Promise<Map<string, ObjectInfo>> {
  const keys = [...new Set(subjects.flatMap((s) => s.frames.map((f) => f.key)))];
  const infos = await mapLimit(keys, HEAD_CONCURRENCY, (key) => storage.head(key));
  const stored = new Map<string, ObjectInfo>();
  const missing: string[] = [];
  keys.forEach((key, i) => {
    const info = infos[i];
    if (info) stored.set(key, info);
    else missing.push(key);
  });
  if (missing.length > 0) throw new AppError('subject.fileMissing', { keys: report(missing).first, count: missing.length });

  const mismatched = subjects.flatMap((s) =>
    s.frames.flatMap((f) => {
      const size = stored.get(f.key)!.size;
      return size === f.sizeBytes ? [] : [{ key: f.key, declared: f.sizeBytes, stored: size }];
    }),
  );
  if (mismatched.length > 0) throw new AppError('subject.fileSizeMismatch', { files: report(mismatched).first, count: mismatched.length });
  return stored;
}
