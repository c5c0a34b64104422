import type { HostKind } from './app';

/**
 * Where a page reads a stored frame of a work package (docs/offline-day.md, "Workstation: page
 * reads"). The address names the frame by ids only; the host looks them up in packages.db, so
 * nothing in a request is ever a path on disk.
 *
 * Electron: `annot-package://frame/<packageId>/<taskSubjectId>/<frameId>`, a privileged scheme
 * of the main process. Browser host: `GET /packages/<packageId>/frames/<taskSubjectId>/<frameId>`
 * on its own origin, with the secret and caller headers (the renderer's hostFetch adds them).
 */
export const PACKAGE_FRAME_SCHEME = 'annot-package';
/** The scheme's host parts: a frame's picture, or a video item's file or frame times. */
const ELECTRON_FRAME_HOST = 'frame';
const ELECTRON_VIDEO_HOST = 'video';
/** The browser host's routes, in Fastify's form. */
export const NODE_HOST_PACKAGE_FRAME_ROUTE = '/packages/:packageId/frames/:taskSubjectId/:frameId';
export const NODE_HOST_PACKAGE_VIDEO_ROUTE = '/packages/:packageId/videos/:taskSubjectId/:part';

/** The ids that name one stored frame. */
export interface PackageFrameRef {
  packageId: number;
  taskSubjectId: number;
  frameId: number;
}

/**
 * A video item's stored file (`file`, read by byte ranges: an HTTP Range on the address) or its
 * frame times object (`times`), by the item's ids: docs/offline-day.md, "Video items".
 * Electron: `annot-package://video/<packageId>/<taskSubjectId>/<part>`; browser host:
 * `GET /packages/<packageId>/videos/<taskSubjectId>/<part>`.
 */
export interface PackageVideoRef {
  packageId: number;
  taskSubjectId: number;
  part: PackageVideoPart;
}
export const PACKAGE_VIDEO_PARTS = ['file', 'times'] as const;
export type PackageVideoPart = (typeof PACKAGE_VIDEO_PARTS)[number];

/** The address a page of this host reads a video item's file or times from. */
export function packageVideoUrl(host: HostKind, ref: PackageVideoRef): string {
  const ids = `${ref.packageId}/${ref.taskSubjectId}/${ref.part}`;
  return host === 'electron' ? `${PACKAGE_FRAME_SCHEME}://${ELECTRON_VIDEO_HOST}/${ids}` : `/packages/${ref.packageId}/videos/${ref.taskSubjectId}/${ref.part}`;
}

/** The ids and part as a route gives them, or null when an id is not a plain positive id or the part is neither `file` nor `times`. */
export function packageVideoRefOf(parts: { packageId?: string; taskSubjectId?: string; part?: string }): PackageVideoRef | null {
  const packageId = idOf(parts.packageId);
  const taskSubjectId = idOf(parts.taskSubjectId);
  const part = PACKAGE_VIDEO_PARTS.find((p) => p === parts.part);
  return packageId === null || taskSubjectId === null || part === undefined ? null : { packageId, taskSubjectId, part };
}

/** The address a page of this host fetches the frame from. */
export function packageFrameUrl(host: HostKind, ref: PackageFrameRef): string {
  const ids = `${ref.packageId}/${ref.taskSubjectId}/${ref.frameId}`;
  return host === 'electron' ? `${PACKAGE_FRAME_SCHEME}://${ELECTRON_FRAME_HOST}/${ids}` : `/packages/${ref.packageId}/frames/${ref.taskSubjectId}/${ref.frameId}`;
}

/** A positive id written plainly (no sign, no leading zero, no exponent, at most 15 digits), else null. */
function idOf(text: string | undefined): number | null {
  return text !== undefined && /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : null;
}

/** The three ids as a route gives them (still as text), or null when any is not a plain positive id (`..`, `%2F`, `1e3`). */
export function packageFrameRefOf(parts: { packageId?: string; taskSubjectId?: string; frameId?: string }): PackageFrameRef | null {
  const packageId = idOf(parts.packageId);
  const taskSubjectId = idOf(parts.taskSubjectId);
  const frameId = idOf(parts.frameId);
  return packageId === null || taskSubjectId === null || frameId === null ? null : { packageId, taskSubjectId, frameId };
}

/** The three path segments of an Electron scheme address with the host part `host`, or null for anything else (another host part, more or fewer segments, a query). */
function schemeSegments(url: string, host: string): [string | undefined, string | undefined, string | undefined] | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${PACKAGE_FRAME_SCHEME}:` || u.host !== host || u.search !== '' || u.hash !== '') return null;
  const [a, b, c, ...rest] = u.pathname.slice(1).split('/');
  return rest.length > 0 ? null : [a, b, c];
}

/** The frame an Electron scheme address names, or null for anything else (another host part, more or fewer segments, a query). */
export function packageFrameRefOfUrl(url: string): PackageFrameRef | null {
  const s = schemeSegments(url, ELECTRON_FRAME_HOST);
  return s && packageFrameRefOf({ packageId: s[0], taskSubjectId: s[1], frameId: s[2] });
}

/** The video item's file or times an Electron scheme address names, or null for anything else. */
export function packageVideoRefOfUrl(url: string): PackageVideoRef | null {
  const s = schemeSegments(url, ELECTRON_VIDEO_HOST);
  return s && packageVideoRefOf({ packageId: s[0], taskSubjectId: s[1], part: s[2] });
}
