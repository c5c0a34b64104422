import { Readable } from 'node:stream';
import { packageFrameRefOfUrl, packageVideoRefOfUrl } from '../../src-shared/ipc';
import type { Services } from '../services';
import { packageFrameAnswer } from './packageFrameAnswer';

/**
 * Electron's `annot-package://frame/<packageId>/<taskSubjectId>/<frameId>` (and
 * `annot-package://video/<packageId>/<taskSubjectId>/<file|times>`, read by ranges) as a web Request in
 * and a Response out: a thin adapter over the answer the browser host's route gives
 * (packageFrameAnswer). Here, apart from electron.ts, so it runs and is tested without Electron.
 * A request naming another origin is refused as the browser host refuses it, before any package
 * is looked up; the page's own origin may read the answer (CORS), and a request without an
 * origin (an <img> of the page) gets it plainly.
 */
export async function packageFrameResponse(
  services: Pick<Services, 'runAsCaller' | 'openPackageFrame' | 'openPackageVideo'>,
  request: Request,
  isOwnOrigin: (origin: string) => boolean,
): Promise<Response> {
  const origin = request.headers.get('origin');
  if (origin !== null && !isOwnOrigin(origin)) {
    return Response.json({ ok: false, error: { name: 'HostForbidden', message: 'only the workstation\'s own page may read package files', code: 'HOST_FORBIDDEN' } }, { status: 403 });
  }
  // The page's range reads of a video: Content-Range (the file's size) must be readable, and a preflight (a Range Chromium does not count as simple) answered.
  const cors: Record<string, string> = origin === null ? {} : { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'content-range, content-length, accept-ranges', vary: 'origin' };
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...cors, 'access-control-allow-methods': 'GET', 'access-control-allow-headers': 'range' } });
  const answer = await packageFrameAnswer(services, packageFrameRefOfUrl(request.url) ?? packageVideoRefOfUrl(request.url), undefined, request.headers.get('range'));
  const body = typeof answer.body === 'string' ? answer.body : (Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status: answer.status, headers: { ...answer.headers, ...cors } });
}
