import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { obsRoutes } from '../../../src-shared/api/obs';
import { ErrorEnvelope } from '../../../src-shared/api/envelope';
import { API_BASE } from '../../../src-shared/api/route';
import { AppError } from '../../errors';
import { requireUser, tokenOf } from '../../plugins/auth';
import { parseClientKey } from '../../storage/keyAccess';
import { assertSafeKey, INTERNAL_PREFIXES } from '../../storage/keys';

const internalKey = (key: string): ParsedKey => {
  try {
    return { key: assertSafeKey(key), area: 'dataset', ownerId: 0 };
  } catch {
    throw new AppError('obs.signatureInvalid');
  }
};
import type { ParsedKey } from '../../storage/keys';
import type { ObsDeps } from './deps';
import { parseRange } from './range';
import { routeSchema } from './routeSchema';
import { storageCall } from './storageErrors';

interface GetFileQuery {
  key: string;
  expires?: number;
  sig?: string;
}

/** How long a browser may keep an object read through a signed URL: at most a day, never past the URL. */
const MAX_CACHE_SECONDS = 86_400;

const binary = (description: string) => ({ description, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } });

/** Shown in place (an image in an img tag), with the file name a "save as" should offer. */
const disposition = (key: string) => {
  // RFC 5987 leaves out ' ( ) * as well, which encodeURIComponent keeps.
  const name = encodeURIComponent(key.slice(key.lastIndexOf('/') + 1)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename*=UTF-8''${name}`;
};

/**
 * GET /obs/get/file: the fallback download. It answers the object's bytes, not an envelope
 * (failures still answer the envelope), so it registers itself instead of using addRoute. It
 * takes a token header or a signature from GET /obs/url: the app-wide auth hook would refuse
 * the signed call, so this route turns it off and does the same session check itself, before
 * validation as everywhere, unless the call is signed.
 */
export function registerDownload(scope: FastifyInstance, d: ObsDeps): void {
  const { ctx } = d;
  const def = obsRoutes.getFile;

  /** The key the caller may read: by signature (no session needed), or by their rights. */
  const readableKey = async (req: FastifyRequest<{ Querystring: GetFileQuery }>): Promise<{ parsed: ParsedKey; signedUntil: number | null }> => {
    const { key, expires, sig } = req.query;
    if (sig === undefined) return { parsed: await d.authorize(requireUser(req), key, 'read'), signedUntil: null };
    if (expires === undefined) throw new AppError('obs.signatureInvalid');
    // A model file (model/, server-only) is read by a model service through a URL the server signed for it, and in no other way.
    const parsed = key.startsWith(INTERNAL_PREFIXES[0]) ? internalKey(key) : parseClientKey(key, d.rootPrefix);
    const check = d.signer.verify(parsed.key, expires, sig, ctx.now());
    if (check === 'invalid') throw new AppError('obs.signatureInvalid');
    if (check === 'expired') throw new AppError('obs.signatureExpired');
    return { parsed, signedUntil: expires * 1000 };
  };

  const send = async (req: FastifyRequest<{ Querystring: GetFileQuery }>, reply: FastifyReply) => {
    const { parsed, signedUntil } = await readableKey(req);
    const info = await storageCall(req, () => ctx.storage.head(parsed.key));
    if (!info) throw new AppError('obs.objectNotFound', { key: parsed.key });
    const range = parseRange(req.headers.range, info.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${info.size}`);
      throw new AppError('obs.rangeNotSatisfiable', { size: info.size });
    }
    const maxAge = signedUntil === null ? 0 : Math.min(MAX_CACHE_SECONDS, Math.floor((signedUntil - ctx.now()) / 1000));
    reply.headers({
      'accept-ranges': 'bytes',
      ...(info.etag ? { etag: info.etag } : {}),
      'cache-control': maxAge > 0 ? `private, max-age=${maxAge}` : 'private, no-cache',
      // Uploaded HTML or SVG must never run as a page of this origin.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': disposition(parsed.key),
    });
    if (!range && info.etag && req.headers['if-none-match'] === info.etag) return reply.code(304).send();
    const body = await storageCall(req, () => ctx.storage.get(parsed.key, range));
    reply.header('content-type', info.contentType);
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`).header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', info.size);
    }
    return reply.send(body);
  };

  scope.route<{ Querystring: GetFileQuery }>({
    method: def.method,
    url: API_BASE + def.path,
    config: { auth: false },
    onRequest: async (req) => {
      // A signed call is checked by its signature in the handler; any other needs a session.
      if ((req.query as { sig?: unknown }).sig !== undefined) return;
      const token = tokenOf(req);
      const userId = token ? await ctx.repos.sessions.resolve(token, ctx.now()) : undefined;
      if (userId === undefined) throw new AppError('unauthorized');
      req.userId = userId;
    },
    schema: routeSchema(def, {
      description:
        'Answers the bytes with the object\'s Content-Type (206 with Content-Range for a `Range: bytes=` request), not an ' +
        'envelope; failures answer the envelope. Authorised by the token header (read rights on the key), or by `expires` ' +
        'and `sig` from GET /obs/url (no header; 403 obs.signatureInvalid or obs.signatureExpired).',
      security: [{ token: [] }, {}],
      response: { 200: binary('the object'), 206: binary('the requested range'), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
    }),
    handler: send,
  });
}
