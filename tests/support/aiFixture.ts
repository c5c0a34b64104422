import fs from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../../src-server/context';
import { ONTOLOGY_VERSION } from '../../src-shared/model/ontology';
import { buildTask, type TaskFixture } from './taskFixture';

export const DEMO_IMAGES = path.resolve(import.meta.dirname, '../../resources/demo-images');

/** The box feature's question, answered "No" unless someone says otherwise: every suggestion starts with that answer (issue 31). */
export const TRUNCATED = { id: 'truncated', name: 'Truncated', type: 'radio', required: false, options: [{ id: 'yes', name: 'Yes' }, { id: 'no', name: 'No', default: true }] };
/** The answers a new box of the fixture starts with. */
export const BOX_DEFAULTS = { truncated: 'no' };

/** A box feature with the labels `person` and `cat` (COCO's names) and the question TRUNCATED, and a polygon feature, in the project's ontology. */
export async function aiOntology(ctx: ServerContext, projectId: number, createdBy: number): Promise<{ boxFeatureId: number; polygonFeatureId: number }> {
  const now = ctx.now();
  const existing = await ctx.db.selectFrom('ontologies').select('id').where('project_id', '=', projectId).executeTakeFirst();
  const ontologyId = existing?.id ?? (await ctx.db.insertInto('ontologies').values({ project_id: projectId, name: 'AI', created_by: createdBy, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  // Asked again for the same project (several tasks), the features it made are used again: two
  // "person" labels would make the class mapping ask which one (src-shared/ai/classMatch.ts).
  const made = await ctx.db.selectFrom('ontology_features').select(['id', 'name']).where('ontology_id', '=', ontologyId).execute();
  const feature = async (name: string, tool: string, labels: { id: string; name: string; color: string }[], order: number, attributes: object[] = []) =>
    made.find((f) => f.name === name)?.id ??
    (
      await ctx.db
        .insertInto('ontology_features')
        .values({ ontology_id: ontologyId, name, tool, sort_order: order, label_count: labels.length, definition: JSON.stringify({ version: ONTOLOGY_VERSION, labels, attributes }), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const boxFeatureId = await feature('Things', 'box', [{ id: 'person', name: 'person', color: '#ff0000' }, { id: 'cat', name: 'Cat', color: '#00ff00' }], 0, [TRUNCATED]);
  const polygonFeatureId = await feature('Outlines', 'polygon', [{ id: 'outline', name: 'outline', color: '#0000ff' }], 1);
  return { boxFeatureId, polygonFeatureId };
}

/** Puts demo photographs at the frames' keys, so models read real pictures. */
export async function realFrames(ctx: ServerContext, t: TaskFixture, photos: readonly string[]): Promise<void> {
  const frames = await ctx.db.selectFrom('subject_frames').select(['id', 'object_key', 'subject_id']).where('subject_id', 'in', t.subjectIds).orderBy('subject_id').execute();
  for (const [i, f] of frames.entries()) {
    const file = path.join(DEMO_IMAGES, photos[i % photos.length]!);
    await ctx.storage.put(f.object_key, fs.readFileSync(file), file.endsWith('.jpg') ? 'image/jpeg' : 'image/png');
  }
}

/** A task of the project whose subjects show demo photographs, in a project with an AI-ready ontology. */
export async function aiTask(ctx: ServerContext, p: { projectId: number; createdBy: number; members: number[]; photos?: readonly string[]; subjects?: number }) {
  const features = await aiOntology(ctx, p.projectId, p.createdBy);
  const t = await buildTask(ctx, {
    projectId: p.projectId,
    createdBy: p.createdBy,
    steps: [
      { type: 'annotate', members: p.members },
      { type: 'review', members: p.members },
    ],
    subjects: p.subjects ?? 2,
  });
  await realFrames(ctx, t, p.photos ?? ['astronaut.png', 'chelsea.png']);
  return { ...features, t };
}
