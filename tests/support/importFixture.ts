/**
 * Projects for the import tests, built straight through the database: a project whose frames
 * are named as the export sample's (tests/support/exportSample.ts), with its ontology and, when
 * asked, its annotations stored on the task subjects of one task; the stored annotations read
 * back into ExportItems for our writers; and a zip put into the object store under a key the
 * caller may read.
 */
import crypto from 'node:crypto';
import type { ServerContext } from '../../src-server/context';
import type { ExportItem, ExportOntology } from '../../src-server/exports/formats/types';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { OntologiesRepository } from '../../src-server/repositories/ontologies';
import { readFeatures } from '../../src-server/imports/ontologyStore';
import { writeFeatures } from '../../src-server/routes/ontology/writeFeatures';
import { migrateFrameData, type FrameData } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import { sampleItems, sampleOntology } from './exportSample';

let seq = 0;
const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export interface FrameSpec {
  fileName: string;
  width: number | null;
  height: number | null;
}
export interface SubjectSpec {
  name: string;
  frames: FrameSpec[];
}

export interface ImportProject {
  projectId: number;
  taskId: number;
  /** by subject name */
  subjectIds: Map<string, number>;
  /** by subject id */
  taskSubjectIds: Map<number, number>;
  /** by frame file name */
  frameIds: Map<string, number>;
}

/** The export sample's subjects and frames: names and sizes only. */
export const sampleSubjects = (): SubjectSpec[] =>
  sampleItems.map((i) => ({ name: i.name, frames: i.frames.map((f) => ({ fileName: f.fileName, width: f.width, height: f.height })) }));

/** A new project of the team with these subjects, in one batch, and a task (one annotate step) over them. */
export async function buildImportProject(ctx: ServerContext, p: { teamId: number; ownerId: number; annotatorIds: number[]; subjects: SubjectSpec[]; inTask?: (s: SubjectSpec) => boolean }): Promise<ImportProject> {
  const { db } = ctx;
  const now = ctx.now();
  const tag = `${process.pid}-${++seq}`;
  const projectId = (
    await db.insertInto('projects').values({ team_id: p.teamId, name: `Import ${tag}`, type: 'image', is_vendor: 0, created_by: p.ownerId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const batchId = (
    await db.insertInto('batches').values({ project_id: projectId, name: `Batch ${tag}`, subject_count: p.subjects.length, created_by: p.ownerId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const subjectIds = new Map<string, number>();
  const frameIds = new Map<string, number>();
  for (const [i, s] of p.subjects.entries()) {
    const recordType = s.frames.length > 1 ? 'frame' : 'image';
    const subjectId = (
      await db
        .insertInto('subjects')
        .values({ project_id: projectId, batch_id: batchId, name: s.name, record_type: recordType, frame_count: s.frames.length, size_bytes: 100, content_hash: sha(`${tag} ${i}`), created_by: p.ownerId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    subjectIds.set(s.name, subjectId);
    for (const [k, f] of s.frames.entries()) {
      const frame = await db
        .insertInto('subject_frames')
        .values({ subject_id: subjectId, frame_index: k, object_key: `dataset/${projectId}/${tag}/${i}/${k}`, file_name: f.fileName, content_type: 'image/jpeg', size_bytes: 100, width: f.width, height: f.height, content_hash: sha(`${tag} ${i} ${k}`) })
        .returning('id')
        .executeTakeFirstOrThrow();
      frameIds.set(f.fileName, frame.id);
    }
  }
  const taskId = (await db.insertInto('tasks').values({ project_id: projectId, name: `Task ${tag}`, created_by: p.ownerId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const workflowId = (
    await db.insertInto('workflows').values({ task_id: taskId, project_id: projectId, step_index: 0, type: 'annotate', name: 'Annotate', created_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  if (p.annotatorIds.length) await db.insertInto('workflow_members').values(p.annotatorIds.map((user_id) => ({ workflow_id: workflowId, user_id }))).execute();
  const taskSubjectIds = new Map<number, number>();
  for (const s of p.subjects.filter(p.inTask ?? (() => true))) {
    const subjectId = subjectIds.get(s.name)!;
    const row = await db
      .insertInto('task_subjects')
      .values({ task_id: taskId, project_id: projectId, subject_id: subjectId, workflow_id: workflowId, step_index: 0, state: 'pending', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    taskSubjectIds.set(subjectId, row.id);
  }
  return { projectId, taskId, subjectIds, taskSubjectIds, frameIds };
}

/** Replaces the project's ontology with these features (element ids kept); answers the sample's feature ids mapped to the stored ones. */
export async function storeOntology(ctx: ServerContext, projectId: number, userId: number, ontology: ExportOntology = sampleOntology): Promise<Map<number, number>> {
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const row = await new OntologiesRepository(trx).ensure(projectId, userId, ctx.now());
    return writeFeatures(trx, { ontology: row, inputs: ontology.features.map(({ featureId: _id, sortOrder: _order, ...f }) => f), mode: 'replace', now: ctx.now() });
  });
  return new Map(ontology.features.map((f, i) => [f.featureId, ids[i]!]));
}

/** The frame data with the sample's feature ids turned into the project's. */
const remapped = (data: FrameData, featureIds: Map<number, number>): FrameData => ({
  ...data,
  objects: data.objects.map((o) => ({ ...o, featureId: featureIds.get(o.featureId)! })),
  classifications: data.classifications.map((c) => ({ ...c, featureId: featureIds.get(c.featureId)! })),
});

/** Project A of a round trip: the export sample's frames, ontology and annotations, stored. */
export async function buildAnnotatedProject(ctx: ServerContext, p: { teamId: number; ownerId: number }): Promise<ImportProject> {
  const project = await buildImportProject(ctx, { ...p, annotatorIds: [], subjects: sampleSubjects() });
  const featureIds = await storeOntology(ctx, project.projectId, p.ownerId);
  const annotations = new AnnotationsRepository(ctx.db);
  for (const item of sampleItems) {
    const taskSubjectId = project.taskSubjectIds.get(project.subjectIds.get(item.name)!)!;
    const frames = item.frames.map((f) => {
      const data = remapped(f.data, featureIds);
      return { frameId: project.frameIds.get(f.fileName)!, json: JSON.stringify(data), objectCount: data.objects.length };
    });
    await annotations.writeFrames(taskSubjectId, frames, { version: 1, userId: p.ownerId, now: ctx.now() });
  }
  return project;
}

/** What a task stores, as our writers take it: its subjects in id order, every frame with its data (empty when never saved). */
export async function exportItemsOf(ctx: ServerContext, taskId: number): Promise<ExportItem[]> {
  const rows = await ctx.db
    .selectFrom('task_subjects as ts')
    .innerJoin('subjects as s', 's.id', 'ts.subject_id')
    .innerJoin('subject_frames as sf', 'sf.subject_id', 's.id')
    .leftJoin('annotation_frames as af', (j) => j.onRef('af.task_subject_id', '=', 'ts.id').onRef('af.frame_id', '=', 'sf.id'))
    .select(['s.id as dataId', 's.name', 's.record_type', 'sf.id as frameId', 'sf.frame_index', 'sf.file_name', 'sf.width', 'sf.height', 'af.data'])
    .where('ts.task_id', '=', taskId)
    .orderBy('s.id')
    .orderBy('sf.frame_index')
    .execute();
  const items = new Map<number, ExportItem & { frames: ExportItem['frames'][number][] }>();
  for (const r of rows) {
    const item = items.get(r.dataId) ?? { dataId: r.dataId, name: r.name, recordType: r.record_type as 'image' | 'frame', frames: [] };
    items.set(r.dataId, item);
    const data = r.data === null ? { version: 1 as const, objects: [], classifications: [] } : migrateFrameData(JSON.parse(r.data));
    item.frames.push({ frameId: r.frameId, index: r.frame_index, fileName: r.file_name, width: r.width, height: r.height, data });
  }
  return [...items.values()];
}

export const ontologyOf = async (ctx: ServerContext, projectId: number): Promise<{ features: OntologyFeature[] }> => ({ features: await readFeatures(ctx.db, projectId) });

/** Puts a zip where the user may read it (their own folder), answering its key. */
export async function putZip(ctx: ServerContext, userId: number, zip: Buffer, name = `import-${++seq}.zip`): Promise<string> {
  const key = `user/${userId}/imports/${name}`;
  await ctx.storage.put(key, zip, 'application/zip');
  return key;
}
