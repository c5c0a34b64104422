import type { Readable } from 'node:stream';
import type { PackageFrameRef } from '../../src-shared/ipc';
import type { Services } from '../services';
import { contentTypeOf } from '../services/storage/contentType';
import { hostFailure } from './hostFailure';

/** What a host sends back for a frame address: the file's bytes, or a refusal as plain JSON. */
export interface PackageFrameAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable | string;
}

/** The holder rule as HTTP: another user's package is forbidden; an unknown package, item or frame, or one not on disk yet, is not found. */
const STATUS_OF: Record<string, number> = {
  BAD_ARGS: 400,
  PACKAGE_OTHER_USER: 403,
  PACKAGE_NOT_FOUND: 404,
  PACKAGE_ITEM_NOT_FOUND: 404,
  PACKAGE_FRAME_NOT_READY: 404,
};

const refusal = (err: unknown): PackageFrameAnswer => {
  const f = hostFailure(err, STATUS_OF);
  return { status: f.status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }, body: JSON.stringify(f.body) };
};

/**
 * A stored frame of a work package for the page, whichever host asks (the browser host's route,
 * Electron's `annot-package:` scheme): the hosts check where the request comes from, this checks
 * the rest the same way for both. `ref` is null when the address did not name three plain ids
 * (a traversal attempt, garbage): refused before anything is looked up. The call runs as the
 * caller the request names (the browser host's caller header; Electron has one user), under the
 * owner rule of `packages.item`. The bytes stream from the file opened and checked by the
 * packages service; `no-store`, because a frame given back is deleted and must not outlive it in
 * the page's cache.
 */
export async function packageFrameAnswer(
  services: Pick<Services, 'runAsCaller' | 'openPackageFrame'>,
  ref: PackageFrameRef | null,
  caller: string | undefined,
): Promise<PackageFrameAnswer> {
  if (ref === null) return refusal(Object.assign(new TypeError('a frame address names a package, a task subject and a frame by their ids'), { code: 'BAD_ARGS' }));
  try {
    const opened = await services.runAsCaller(caller, () => services.openPackageFrame(ref));
    return {
      status: 200,
      headers: { 'content-type': contentTypeOf(opened.file), 'content-length': String(opened.size), 'cache-control': 'no-store' },
      // Reads exactly the checked size; the handle closes when the stream ends or is destroyed.
      body: opened.handle.createReadStream({ start: 0, end: Math.max(0, opened.size - 1), autoClose: true }),
    };
  } catch (err) {
    return refusal(err);
  }
}
