import type { Readable } from 'node:stream';
import type { PackageFrameRef, PackageVideoRef } from '../../src-shared/ipc';
import type { Services } from '../services';
import { contentTypeOf } from '../../src-shared/media/contentType';
import { byteRangeOf } from './byteRange';
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

/** A frame's picture, or a video item's file or frame times (a ref with a `part`). */
export type PackageFileRef = PackageFrameRef | PackageVideoRef;

/**
 * A stored file of a work package for the page, whichever host asks (the browser host's routes,
 * Electron's `annot-package:` scheme): a frame's picture, or a video item's file or frame times.
 * The hosts check where the request comes from, this checks the rest the same way for both.
 * `ref` is null when the address did not name plain ids (a traversal attempt, garbage): refused
 * before anything is looked up. The call runs as the caller the request names (the browser
 * host's caller header; Electron has one user), under the owner rule of `packages.item`. The
 * bytes stream from the file opened and checked by the packages service; a `range` (the
 * request's Range header: the workspace reads a video by ranges, as from the store) is one
 * range inside that file, else 416. `no-store`, because a file given back is deleted and must
 * not outlive it in the page's cache.
 */
export async function packageFrameAnswer(
  services: Pick<Services, 'runAsCaller' | 'openPackageFrame' | 'openPackageVideo'>,
  ref: PackageFileRef | null,
  caller: string | undefined,
  range?: string | null,
): Promise<PackageFrameAnswer> {
  if (ref === null) return refusal(Object.assign(new TypeError('a package file address names a package, a task subject and a frame (or a video part) by their ids'), { code: 'BAD_ARGS' }));
  try {
    const opened = await services.runAsCaller(caller, () => ('part' in ref ? services.openPackageVideo(ref) : services.openPackageFrame(ref)));
    const headers = { 'content-type': contentTypeOf(opened.file), 'cache-control': 'no-store', 'accept-ranges': 'bytes' };
    const wanted = byteRangeOf(range, opened.size);
    if (wanted === 'unsatisfiable') {
      await opened.handle.close();
      return { status: 416, headers: { ...headers, 'content-range': `bytes */${opened.size}` }, body: '' };
    }
    const { start, end } = wanted ?? { start: 0, end: Math.max(0, opened.size - 1) };
    const length = wanted ? end - start + 1 : opened.size;
    return {
      status: wanted ? 206 : 200,
      headers: { ...headers, 'content-length': String(length), ...(wanted ? { 'content-range': `bytes ${start}-${end}/${opened.size}` } : {}) },
      // Reads exactly the checked size (or the range in it); the handle closes when the stream ends or is destroyed.
      body: opened.handle.createReadStream({ start, end, autoClose: true }),
    };
  } catch (err) {
    return refusal(err);
  }
}
