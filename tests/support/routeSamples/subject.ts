import crypto from 'node:crypto';
import { subjectRoutes, type SubjectInput } from '../../../src-shared/api/subject';
import { uniquePng } from '../uniquePng';
import type { ServerContext } from '../../../src-server/context';
import type { SampleGroup } from './types';

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');

/** Uploads a small file under the project's dataset folder and answers it as an image subject. */
export async function uploadedImage(ctx: ServerContext, projectId: number, name: string): Promise<SubjectInput> {
  const bytes = uniquePng(`${name} in project ${projectId}`, 640, 480);
  const key = `dataset/${projectId}/samples/${name}`;
  await ctx.storage.put(key, bytes, 'image/png');
  return { name, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256: sha256(bytes), width: 640, height: 480 }] };
}

/**
 * A batch with `n` image subjects written straight to the database (their files are not in
 * the store, which reads do not need); answers the batch id and the subjects' ids.
 */
export async function seededBatch(ctx: ServerContext, projectId: number, createdBy: number, n = 2, name = 'Seeded batch') {
  const now = ctx.now();
  const batchId = (
    await ctx.db.insertInto('batches').values({ project_id: projectId, name, subject_count: n, created_by: createdBy, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  await ctx.db.insertInto('batch_type_counts').values({ batch_id: batchId, record_type: 'image', subject_count: n }).execute();
  const subjectIds: number[] = [];
  for (let i = 0; i < n; i++) {
    const frameHash = sha256(`${name} frame ${i}`);
    const s = await ctx.db
      .insertInto('subjects')
      .values({ project_id: projectId, batch_id: batchId, name: `img_${i}.jpg`, record_type: 'image', frame_count: 1, size_bytes: 100, content_hash: sha256(frameHash), created_by: createdBy, created_at: now })
      .returning(['id', 'content_hash'])
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('subject_frames')
      .values({ subject_id: s.id, frame_index: 0, object_key: `dataset/${projectId}/${name}/img_${i}.jpg`, file_name: `img_${i}.jpg`, content_type: 'image/jpeg', size_bytes: 100, width: 64, height: 48, content_hash: frameHash })
      .execute();
    subjectIds.push(s.id);
  }
  return { batchId, subjectIds };
}

export const subjectSamples: SampleGroup = {
  routes: subjectRoutes,
  samples: {
    add: async (w, ctx) => {
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id, 0);
      return { method: 'POST', url: `/core/project/${w.projectP}/subject`, payload: { batchId, subjects: [await uploadedImage(ctx, w.projectP, 'street.jpg')] } };
    },
    removeMany: async (w, ctx) => {
      const { subjectIds } = await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'DELETE', url: `/core/project/${w.projectP}/subject?subjectIds=${subjectIds[0]}` };
    },
    countInBatch: async (w, ctx) => {
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'GET', url: `/core/project/${w.projectP}/subject/count/${batchId}` };
    },
    list: async (w, ctx) => {
      await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'GET', url: `/core/project/${w.projectP}/subject/list?pageSize=10` };
    },
    listCount: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}/subject/list/count?recordType=image` }),
    listByType: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}/subject/list/image` }),
    sample: async (w, ctx) => {
      await seededBatch(ctx, w.projectP, w.users.owner.id, 5);
      return { method: 'GET', url: `/core/project/${w.projectP}/subject/simpling?size=2&seed=7` };
    },
    get: async (w, ctx) => {
      const { subjectIds } = await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'GET', url: `/core/project/${w.projectP}/subject/${subjectIds[1]}` };
    },
  },
};
