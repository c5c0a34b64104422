import { Readable } from 'node:stream';
import { packageFrameRefOfUrl } from '../../src-shared/ipc';
import type { Services } from '../services';
import { packageFrameAnswer } from './packageFrameAnswer';

/**
 * Electron's `annot-package://frame/<packageId>/<taskSubjectId>/<frameId>` as a web Request in
 * and a Response out: a thin adapter over the answer the browser host's route gives
 * (packageFrameAnswer). Here, apart from electron.ts, so it runs and is tested without Electron.
 * A request naming another origin is refused as the browser host refuses it, before any package
 * is looked up; the page's own origin may read the answer (CORS), and a request without an
 * origin (an <img> of the page) gets it plainly.
 */
export async function packageFrameResponse(
  services: Pick<Services, 'runAsCaller' | 'openPackageFrame'>,
  request: Request,
  isOwnOrigin: (origin: string) => boolean,
): Promise<Response> {
  const origin = request.headers.get('origin');
  if (origin !== null && !isOwnOrigin(origin)) {
    return Response.json({ ok: false, error: { name: 'HostForbidden', message: 'only the workstation\'s own page may read package files', code: 'HOST_FORBIDDEN' } }, { status: 403 });
  }
  const cors: Record<string, string> = origin === null ? {} : { 'access-control-allow-origin': origin, vary: 'origin' };
  const answer = await packageFrameAnswer(services, packageFrameRefOfUrl(request.url), undefined);
  const body = typeof answer.body === 'string' ? answer.body : (Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status: answer.status, headers: { ...answer.headers, ...cors } });
}
