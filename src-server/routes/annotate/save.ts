import type { FastifyInstance } from 'fastify';
import { annotateRoutes } from '../../../src-shared/api/annotate';
import { ANNOTATION_LIMITS, ANNOTATION_VERSION, type AnnotationObject, type FrameData } from '../../../src-shared/model/annotation';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { resolveWork } from '../taskSubject/workAccess';
import { applySave, assertOwnFrames, assertSound, frameWrite } from './applySave';

/** Saving whole frames (POST /annotate) and editing objects by id (POST /annotate/object/v2). */
export function registerAnnotateSave(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, annotateRoutes.save, async (req) => {
    const body = req.body;
    const seen = new Set<number>();
    for (const [i, f] of body.frames.entries()) {
      if (seen.has(f.frameId)) throw new AppError('annotate.invalidData', { issues: [{ reason: 'duplicateId', path: `/frames/${i}/frameId` }] });
      seen.add(f.frameId);
    }
    assertSound(body.frames.map((f, i) => ({ at: `/frames/${i}/data`, data: f.data })));
    const scope = await resolveWork(ctx, req);
    await assertOwnFrames(ctx, scope.row, [...seen]);
    // Serialized before the transaction: the lock is held for the writes only.
    const writes = body.frames.map((f) => frameWrite(f.frameId, f.data));
    return applySave(ctx, { scope, saveId: body.saveId, baseVersion: body.baseVersion, build: async () => writes });
  });

  addRoute(app, annotateRoutes.editObjects, async (req) => {
    const body = req.body;
    const upsert: AnnotationObject[] = body.upsert ?? [];
    // The upserted objects and the classifications sent must be sound on their own; paths point into the body.
    try {
      assertSound([{ at: '', data: { version: ANNOTATION_VERSION, objects: upsert, classifications: body.classifications ?? [] } }]);
    } catch (err) {
      if (err instanceof AppError && err.key === 'annotate.invalidData') {
        const { issues } = err.data as { issues: { path: string }[] };
        throw new AppError('annotate.invalidData', { issues: issues.map((i) => ({ ...i, path: i.path.replace(/^\/objects\//, '/upsert/') })) });
      }
      throw err;
    }
    const scope = await resolveWork(ctx, req);
    await assertOwnFrames(ctx, scope.row, [body.frameId]);
    const removed = new Set(body.remove ?? []);
    return applySave(ctx, {
      scope,
      saveId: body.saveId,
      baseVersion: body.baseVersion,
      build: async (annotations) => {
        const [current] = await annotations.frames(scope.row.id, [body.frameId]);
        const byId = new Map((current?.data.objects ?? []).map((o) => [o.id, o]));
        for (const id of removed) byId.delete(id);
        for (const o of upsert) byId.set(o.id, o);
        if (byId.size > ANNOTATION_LIMITS.objectsPerFrame) {
          throw new AppError('annotate.invalidData', { issues: [{ reason: 'schema', path: '/upsert', message: `at most ${ANNOTATION_LIMITS.objectsPerFrame} objects per frame` }] });
        }
        // Classifications sent replace the frame's list; absent, the stored ones stay.
        const classifications = body.classifications ?? current?.data.classifications ?? [];
        const data: FrameData = { version: ANNOTATION_VERSION, objects: [...byId.values()], classifications };
        // A kept object may share an id with a classification: the merged frame must still be sound.
        assertSound([{ at: '', data }]);
        return [frameWrite(body.frameId, data)];
      },
    });
  });
}
