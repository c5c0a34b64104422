import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NODE_HOST_CALLER_HEADER, NODE_HOST_PACKAGE_FRAME_ROUTE, NODE_HOST_PACKAGE_VIDEO_ROUTE, NODE_HOST_SECRET_HEADER, packageFrameRefOf, packageVideoRefOf } from '../../src-shared/ipc';
import type { Services } from '../services';
import { REFUSALS, type HostAccess } from './nodeHostAccess';
import { packageFrameAnswer, type PackageFileRef } from './packageFrameAnswer';

type FrameParams = { packageId: string; taskSubjectId: string; frameId: string };
type VideoParams = { packageId: string; taskSubjectId: string; part: string };

/**
 * The browser host's addresses of a work package's stored files
 * (`GET /packages/<packageId>/frames/<taskSubjectId>/<frameId>`, and a video item's file or frame
 * times, `GET /packages/<packageId>/videos/<taskSubjectId>/<file|times>`, read by ranges;
 * docs/offline-day.md, "Workstation: page reads"). The page fetches them with the renderer's
 * hostFetch, so they carry what an invoke carries and are checked the same way: one of the
 * host's own names, its own Origin when there is one (a same-origin GET sends none), the
 * per-start secret header; then, as the caller the caller header names, the holder rule and the
 * lookup by ids of packageFrameAnswer.
 */
export function registerPackageFrames(app: FastifyInstance, deps: { access: HostAccess; services: Services }) {
  const answer = async (req: FastifyRequest, reply: FastifyReply, ref: PackageFileRef | null) => {
    const verdict = deps.access.check({ host: req.headers.host, origin: req.headers.origin, secret: req.headers[NODE_HOST_SECRET_HEADER] });
    if (verdict !== 'ok') return reply.code(REFUSALS[verdict].status).send(REFUSALS[verdict].body);
    const caller = req.headers[NODE_HOST_CALLER_HEADER];
    const a = await packageFrameAnswer(deps.services, ref, typeof caller === 'string' ? caller : undefined, req.headers.range);
    return reply.code(a.status).headers(a.headers).send(a.body);
  };
  app.get<{ Params: FrameParams }>(NODE_HOST_PACKAGE_FRAME_ROUTE, (req, reply) => answer(req, reply, packageFrameRefOf(req.params)));
  app.get<{ Params: VideoParams }>(NODE_HOST_PACKAGE_VIDEO_ROUTE, (req, reply) => answer(req, reply, packageVideoRefOf(req.params)));
}
