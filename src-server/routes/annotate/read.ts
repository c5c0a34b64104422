import type { FastifyInstance } from 'fastify';
import { annotateRoutes, type AnnotatedFrame } from '../../../src-shared/api/annotate';
import { emptyFrameData, type FrameData } from '../../../src-shared/model/annotation';
import type { OntologyTool } from '../../../src-shared/model/ontology';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { AnnotationsRepository } from '../../repositories/annotations';
import { resolveWork } from '../taskSubject/workAccess';
import { assertOwnFrames } from './applySave';

/** Only what one tool drew (classification: only the classifications). */
function byTool(data: FrameData, tool: OntologyTool): FrameData {
  if (tool === 'classification') return { ...data, objects: [] };
  return { ...data, objects: data.objects.filter((o) => o.tool === tool), classifications: [] };
}

/** GET /annotate: a task subject's annotations, every frame present (empty when never saved). */
export function registerAnnotateRead(app: FastifyInstance, ctx: ServerContext): void {
  const annotations = new AnnotationsRepository(ctx.db);

  addRoute(app, annotateRoutes.get, async (req) => {
    const q = req.query;
    // The version is read (with the row) before the frames: if a save lands in between, the
    // client holds newer frames with an older version, and its next save is refused as stale
    // rather than written over frames it never saw.
    const { row } = await resolveWork(ctx, req);
    if (q.dataId !== undefined && q.dataId !== row.subject_id) throw new AppError('annotate.dataMismatch');
    const wanted = q.frameIds ? [...new Set(q.frameIds)] : undefined;
    const found = await annotations.subjectFrames(row.id, row.subject_id, wanted, q.saved === true);
    // Frames never saved are left out with `saved`: whether those asked for are the subject's is a question of its own.
    if (wanted && q.saved) await assertOwnFrames(ctx, row, wanted);
    else if (wanted && found.length !== wanted.length) {
      const own = new Set(found.map((f) => f.frameId));
      throw new AppError('annotate.frameNotFound', { frameIds: wanted.filter((id) => !own.has(id)) });
    }
    const frames: AnnotatedFrame[] = found.map(({ frameId, stored }) => {
      const data = stored?.data ?? emptyFrameData();
      return {
        frameId,
        data: q.toolType ? byTool(data, q.toolType) : data,
        version: stored?.version ?? 0,
        updatedBy: stored?.updatedBy ?? null,
        updatedAt: stored?.updatedAt ?? null,
      };
    });
    return { taskSubjectId: row.id, dataId: row.subject_id, version: row.version, frames };
  });
}
