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
/** The scheme's host part: the one kind of package file a page reads today. */
const ELECTRON_FRAME_HOST = 'frame';
/** The browser host's route, in Fastify's form. */
export const NODE_HOST_PACKAGE_FRAME_ROUTE = '/packages/:packageId/frames/:taskSubjectId/:frameId';

/** The ids that name one stored frame. */
export interface PackageFrameRef {
  packageId: number;
  taskSubjectId: number;
  frameId: number;
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

/** The frame an Electron scheme address names, or null for anything else (another host part, more or fewer segments, a query). */
export function packageFrameRefOfUrl(url: string): PackageFrameRef | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${PACKAGE_FRAME_SCHEME}:` || u.host !== ELECTRON_FRAME_HOST || u.search !== '' || u.hash !== '') return null;
  const [packageId, taskSubjectId, frameId, ...rest] = u.pathname.slice(1).split('/');
  return rest.length > 0 ? null : packageFrameRefOf({ packageId, taskSubjectId, frameId });
}
