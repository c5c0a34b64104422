import type { FastifyInstance } from 'fastify';
import { NODE_HOST_CALLER_HEADER, NODE_HOST_PACKAGE_FRAME_ROUTE, NODE_HOST_SECRET_HEADER, packageFrameRefOf } from '../../src-shared/ipc';
import type { Services } from '../services';
import { REFUSALS, type HostAccess } from './nodeHostAccess';
import { packageFrameAnswer } from './packageFrameAnswer';

type FrameParams = { packageId: string; taskSubjectId: string; frameId: string };

/**
 * The browser host's address of a work package's stored frames
 * (`GET /packages/<packageId>/frames/<taskSubjectId>/<frameId>`, docs/offline-day.md, "Workstation:
 * page reads"). The page fetches it with the renderer's hostFetch, so it carries what an invoke
 * carries and is checked the same way: one of the host's own names, its own Origin when there is
 * one (a same-origin GET sends none), the per-start secret header; then, as the caller the caller
 * header names, the holder rule and the lookup by ids of packageFrameAnswer.
 */
export function registerPackageFrames(app: FastifyInstance, deps: { access: HostAccess; services: Services }) {
  app.get<{ Params: FrameParams }>(NODE_HOST_PACKAGE_FRAME_ROUTE, async (req, reply) => {
    const verdict = deps.access.check({ host: req.headers.host, origin: req.headers.origin, secret: req.headers[NODE_HOST_SECRET_HEADER] });
    if (verdict !== 'ok') return reply.code(REFUSALS[verdict].status).send(REFUSALS[verdict].body);
    const caller = req.headers[NODE_HOST_CALLER_HEADER];
    const answer = await packageFrameAnswer(deps.services, packageFrameRefOf(req.params), typeof caller === 'string' ? caller : undefined);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}
