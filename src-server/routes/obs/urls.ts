import type { FastifyInstance, FastifyRequest } from 'fastify';
import { obsRoutes, SIGNED_URL_DEFAULT_SECONDS, type SignedUrl, type UploadTarget } from '../../../src-shared/api/obs';
import { API_BASE } from '../../../src-shared/api/route';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import type { ParsedKey } from '../../storage/keys';
import { originOf, type ObsDeps } from './deps';

/** Signing times are whole seconds (SigV4's X-Amz-Date, our `expires`), so expiry is too. */
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/** A URL that reads one object until it expires: presigned in S3 mode, signed by us in embedded mode. */
export async function readUrl(d: ObsDeps, req: FastifyRequest, parsed: ParsedKey, seconds = SIGNED_URL_DEFAULT_SECONDS): Promise<SignedUrl> {
  const signedAt = wholeSecond(d.ctx.now());
  const expiresAt = signedAt + seconds * 1000;
  if (d.presigner) return { key: parsed.key, url: await d.presigner.getUrl(parsed.key, seconds, new Date(signedAt)), expiresAt };
  const expires = expiresAt / 1000;
  const query = new URLSearchParams({ key: parsed.key, expires: String(expires), sig: d.signer.sign(parsed.key, expires) });
  return { key: parsed.key, url: `${originOf(req)}${API_BASE}${obsRoutes.getFile.path}?${query}`, expiresAt };
}

/** How to upload one object: a presigned PUT in S3 mode, the fallback upload in embedded mode. */
export async function uploadTarget(d: ObsDeps, req: FastifyRequest, parsed: ParsedKey, contentType: string, seconds = SIGNED_URL_DEFAULT_SECONDS): Promise<UploadTarget> {
  if (d.presigner) {
    const signedAt = wholeSecond(d.ctx.now());
    const url = await d.presigner.putUrl(parsed.key, contentType, seconds, new Date(signedAt));
    return { key: parsed.key, mode: 's3', method: 'PUT', url, headers: { 'content-type': contentType }, fields: null, expiresAt: signedAt + seconds * 1000 };
  }
  const url = `${originOf(req)}${API_BASE}${obsRoutes.upload.path}?${new URLSearchParams({ key: parsed.key })}`;
  return { key: parsed.key, mode: 'embedded', method: 'POST', url, headers: {}, fields: { file: 'file', key: 'key' }, expiresAt: null };
}

/** The signed-URL routes: any key, a project's dataset, the caller's own folder, a project's exports. */
export function registerUrls(scope: FastifyInstance, d: ObsDeps): void {
  addRoute(scope, obsRoutes.url, async (req) => readUrl(d, req, await d.authorize(requireUser(req), req.query.key, 'read'), req.query.expires));

  // The access rule of the project routes has checked the caller's role already; the key
  // rules are asked again all the same, so every route answers from the same rules.
  addRoute(scope, obsRoutes.projectGet, async (req) =>
    readUrl(d, req, await d.authorizePath(requireUser(req), 'dataset', req.params.projectId, req.query.path, 'read'), req.query.expires),
  );
  addRoute(scope, obsRoutes.projectUpload, async (req) => {
    const parsed = await d.authorizePath(requireUser(req), 'dataset', req.params.projectId, req.query.path, 'write');
    return uploadTarget(d, req, parsed, req.query.contentType, req.query.expires);
  });

  addRoute(scope, obsRoutes.annotateGet, async (req) =>
    readUrl(d, req, await d.authorizePath(requireUser(req), 'annotate', req.params.taskSubjectId, req.query.path, 'read'), req.query.expires),
  );
  addRoute(scope, obsRoutes.annotateUpload, async (req) => {
    const parsed = await d.authorizePath(requireUser(req), 'annotate', req.params.taskSubjectId, req.query.path, 'write');
    return uploadTarget(d, req, parsed, req.query.contentType, req.query.expires);
  });

  addRoute(scope, obsRoutes.userGet, async (req) => {
    const userId = requireUser(req);
    return readUrl(d, req, await d.authorizePath(userId, 'user', userId, req.query.fileName, 'read'), req.query.expires);
  });
  addRoute(scope, obsRoutes.userUpload, async (req) => {
    const userId = requireUser(req);
    const parsed = await d.authorizePath(userId, 'user', userId, req.query.fileName, 'write');
    return uploadTarget(d, req, parsed, req.query.contentType, req.query.expires);
  });

  addRoute(scope, obsRoutes.exportGet, async (req) => {
    // `12/report.zip`, or the whole key `export/12/report.zip`; either way under export/.
    const path = req.query.path.startsWith('/') ? req.query.path.slice(1) : req.query.path;
    const parsed = await d.authorize(requireUser(req), path.startsWith('export/') ? path : `export/${path}`, 'read');
    return readUrl(d, req, parsed, req.query.expires);
  });
}
