import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BROWSER_UPLOAD_CHUNK_BYTES,
  NODE_HOST_CALLER_HEADER,
  NODE_HOST_DOWNLOAD_PATH,
  NODE_HOST_SECRET_HEADER,
  NODE_HOST_UPLOAD_PATH,
} from '../../src-shared/ipc/nodeHost';
import type { ClientPlace } from '../../src-shared/ipc/app';
import type { Services } from '../services';
import { REFUSALS, type HostAccess } from './nodeHostAccess';
import { hostFailure } from './hostFailure';

/** How a failure of a chunk is answered: the same plain outcome as invoke, under an HTTP status a proxy's log reads right. */
const STATUS_OF: Record<string, number> = { UPLOAD_NOT_WANTED: 409, UPLOAD_MISMATCH: 422, BAD_ARGS: 400, TransferNotFound: 404 };
const failure = (err: unknown) => hostFailure(err, STATUS_OF);

/** `filename` for old readers (ASCII, quotes escaped) and `filename*` (RFC 6266/5987) for the real name in any script. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The browser host's byte paths for a page on another computer (docs/browser-host-remote.md):
 * chunks of the files of a browser import in, and the files made for it (exports, log zips)
 * out as attachments. Uploads answer only the page this host serves (Host, its own Origin and
 * the secret: HostAccess.checkPage); a download is fetched by navigation, which carries no
 * secret and no Origin, so its single-use ticket (minted by a page-only call) is the key, and
 * a foreign Origin is refused.
 */
export function registerBrowserTransfers(app: FastifyInstance, deps: { access: HostAccess; services: Services; placeOf: (req: FastifyRequest) => ClientPlace }) {
  const { access, services } = deps;
  // Chunks arrive as raw bytes, at most one chunk (and some slack) per request.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: BROWSER_UPLOAD_CHUNK_BYTES + 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.put<{ Params: { jobId: string; object: string }; Querystring: { offset?: string; size?: string } }>(`${NODE_HOST_UPLOAD_PATH}/:jobId/:object`, async (req, reply) => {
    const verdict = access.checkPage({ host: req.headers.host, origin: req.headers.origin, secret: req.headers[NODE_HOST_SECRET_HEADER] });
    if (verdict !== 'ok') return reply.code(REFUSALS[verdict].status).send(REFUSALS[verdict].body);
    const offset = Number(req.query.offset);
    const size = Number(req.query.size);
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(size) || size < 1 || !/^[0-9a-f]{64}\.[a-z0-9]{1,5}$/.test(req.params.object)) {
      const f = failure(Object.assign(new TypeError('offset, size and object must be a chunk of an announced file'), { code: 'BAD_ARGS' }));
      return reply.code(f.status).send(f.body);
    }
    const caller = req.headers[NODE_HOST_CALLER_HEADER];
    try {
      const result = await services.runAsCaller(typeof caller === 'string' ? caller : undefined, () =>
        services.runFrom(deps.placeOf(req), () => services.receiveBrowserChunk({ jobId: req.params.jobId, object: req.params.object, offset, size, bytes })),
      );
      return { ok: true, result };
    } catch (err) {
      const f = failure(err);
      return reply.code(f.status).send(f.body);
    }
  });

  app.get<{ Params: { ticket: string } }>(`${NODE_HOST_DOWNLOAD_PATH}/:ticket`, async (req, reply) => {
    if (!access.originAllowed(req.headers.origin)) return reply.code(REFUSALS.forbidden.status).send(REFUSALS.forbidden.body);
    const offer = services.outbox.take(req.params.ticket);
    if (!offer) return reply.code(404).type('text/plain; charset=utf-8').send('This download was used or has expired: download again from the workstation page.\n');
    const stream = fs.createReadStream(offer.file);
    stream.once('close', offer.done);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(offer.size))
      .header('content-disposition', attachmentHeader(offer.name))
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
