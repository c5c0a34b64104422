/**
 * POST /project/archive/import: a whole-project archive becomes a new project of the caller's
 * team, made through the server's own routes as the caller (plugins/selfCall.ts), so every rule
 * and right that holds for a person holds here: the project, its instruction, reject reasons and
 * note labels, its ontology, its batches with their pictures, its tasks with their steps (the
 * caller as every step's member: the people of another server are not this one's), each item in
 * the task its annotations came from, and the annotations, written by the lossless import onto
 * the frames made from theirs. A failure on the way deletes the project and its pictures: nothing
 * is left half made.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { noteRoutes } from '../../src-shared/api/note';
import { ontologyRoutes } from '../../src-shared/api/ontology';
import { projectRoutes } from '../../src-shared/api/project';
import { ARCHIVE_LIMITS, type ArchiveImportResult, type ProjectArchiveDoc } from '../../src-shared/api/projectArchive';
import { batchRoutes } from '../../src-shared/api/batch';
import { taskRoutes, TASK_SUBJECT_IDS_MAX } from '../../src-shared/api/task';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { LOSSLESS_FILES } from '../exports/formats';
import { withZipOnDisk } from '../imports/fetchZip';
import { authorizeImportKey } from '../imports/importKey';
import { runImport } from '../imports/runImport';
import { Listed } from '../imports/tally';
import { selfCaller, type SelfCall } from '../plugins/selfCall';
import { archivePlacement } from './archivePlacement';
import { makeSubjects } from './archiveSubjects';
import { ArchiveZip } from './archiveZip';
import { archiveItems, readArchiveDoc, readDocument } from './readArchive';

export interface ArchiveImportRequest {
  userId: number;
  /** the caller's session: the import acts as them */
  token: string;
  key: string;
  projectName?: string;
}

/** The archive's features as the ontology route takes them: their element ids kept (objects name labels by them), row ids not. */
async function featuresOf(zip: ArchiveZip): Promise<Omit<OntologyFeature, 'featureId' | 'sortOrder'>[]> {
  const { features } = await readDocument(zip, LOSSLESS_FILES.ontology);
  if (!Array.isArray(features)) throw new AppError('import.badFormat', { file: LOSSLESS_FILES.ontology, field: 'features', message: 'needs a features list' });
  return features.map((f: OntologyFeature) => {
    const { featureId: _id, sortOrder: _order, ...rest } = f;
    return rest;
  });
}

/** The project's settings that are not its data: instruction, reject reasons, note labels, ontology. */
async function fillSettings(call: SelfCall, zip: ArchiveZip, projectId: number, doc: ProjectArchiveDoc): Promise<void> {
  const params = { projectId };
  if (doc.project.instruction.trim() !== '') await call(projectRoutes.putInstruction, { params, body: { instruction: doc.project.instruction } });
  for (const reason of doc.project.rejectReasons) await call(projectRoutes.addRejectReason, { params, body: { reason } });
  for (const l of doc.project.noteLabels) await call(noteRoutes.addLabel, { body: { projectId, name: l.name, color: l.color } });
  const features = await featuresOf(zip);
  if (features.length > 0) await call(ontologyRoutes.manageFeatures, { body: { projectId, features } });
}

/** The batches, made as items need them; an item of no batch the archive names goes to one named after the archive. */
function batchMaker(call: SelfCall, projectId: number, doc: ProjectArchiveDoc) {
  const made = new Map<number | null, Promise<number>>();
  const named = new Map(doc.batches.map((b) => [b.id, b]));
  return {
    count: () => made.size,
    batchOf(oldId: number | null): Promise<number> {
      const key = oldId !== null && named.has(oldId) ? oldId : null;
      let id = made.get(key);
      if (!id) {
        const b = key === null ? { name: doc.project.name.slice(0, 100) || 'archive', remark: '' } : named.get(key)!;
        id = call(batchRoutes.create, { body: { projectId, name: b.name, remark: b.remark } }).then((r) => r.batch.id);
        made.set(key, id);
      }
      return id;
    },
  };
}

/** Deletes what a failed import made: the project (its rows go with it) and the pictures stored for it. */
async function undo(ctx: ServerContext, call: SelfCall, projectId: number, prefix: string): Promise<void> {
  await call(projectRoutes.remove, { params: { projectId } }).catch(() => undefined);
  const keys = await ctx.storage.list(prefix).catch(() => [] as string[]);
  for (const key of keys) await ctx.storage.delete(key).catch(() => undefined);
}

export async function importProjectArchive(app: FastifyInstance, ctx: ServerContext, r: ArchiveImportRequest): Promise<ArchiveImportResult> {
  const key = await authorizeImportKey(ctx, r.userId, r.key);
  return withZipOnDisk({ storage: ctx.storage, tempDir: ctx.config.exports.tempDir }, key, ARCHIVE_LIMITS.zipBytes, async (file) => {
    const zip = await ArchiveZip.open(file);
    try {
      const doc = await readArchiveDoc(zip);
      const call = selfCaller(app, r.token);
      const projectName = (r.projectName ?? doc.project.name).trim().slice(0, 64);
      const project = await call(projectRoutes.create, { body: { projectName, type: doc.project.type, ...(doc.project.description ? { description: doc.project.description.slice(0, 1024) } : {}) } });
      const importId = crypto.randomBytes(4).toString('hex');
      const prefix = `dataset/${project.projectId}/archive-${importId}/`;
      try {
        return await fill({ app, ctx, call, zip, doc, r, projectId: project.projectId, projectName: project.projectName, importId });
      } catch (err) {
        await undo(ctx, call, project.projectId, prefix);
        throw err;
      }
    } finally {
      zip.close();
    }
  });
}

interface FillInput {
  app: FastifyInstance;
  ctx: ServerContext;
  call: SelfCall;
  zip: ArchiveZip;
  doc: ProjectArchiveDoc;
  r: ArchiveImportRequest;
  projectId: number;
  projectName: string;
  importId: string;
}

async function fill({ ctx, call, zip, doc, r, projectId, projectName, importId }: FillInput): Promise<ArchiveImportResult> {
  await fillSettings(call, zip, projectId, doc);
  const batches = batchMaker(call, projectId, doc);
  const made = await makeSubjects({ db: ctx.db, storage: ctx.storage, call, zip, projectId, importId, batchOf: (id) => batches.batchOf(id) }, archiveItems(zip));

  const warnings = new Listed<string>();
  let objects = 0;
  let classifications = 0;
  for (const task of doc.tasks) {
    const created = await call(taskRoutes.create, {
      body: {
        projectId,
        name: task.name,
        ...(task.description ? { description: task.description } : {}),
        config: task.config,
        workflow: { steps: task.steps.map((s) => ({ type: s.type, ...(s.name ? { name: s.name } : {}), memberIds: [r.userId], config: s.config })) },
      },
    });
    const ids = (made.itemsOfTask.get(task.id) ?? []).flatMap((old) => made.idOf.get(old) ?? []);
    for (let i = 0; i < ids.length; i += TASK_SUBJECT_IDS_MAX) {
      await call(taskRoutes.importSubjects, { params: { id: created.id }, body: { projectId, dataIds: ids.slice(i, i + TASK_SUBJECT_IDS_MAX) } });
    }
    if (ids.length === 0) continue;
    const result = await runImport(
      ctx,
      { projectId, taskId: created.id, userId: r.userId, format: 'lossless', key: r.key, dryRun: false, createMissingLabels: true, mode: 'replace' },
      archivePlacement(ctx.db, task.id, made.idOf),
    );
    objects += result.matched.objects;
    classifications += result.matched.classifications;
    for (const w of result.warnings.list) warnings.add(`${task.name}: ${w}`);
    const skipped = Object.entries(result.skippedObjects);
    if (skipped.length > 0) warnings.add(`${task.name}: objects left out: ${skipped.map(([why, n]) => `${n} ${why}`).join(', ')}`);
  }
  return {
    projectId,
    projectName,
    batches: batches.count(),
    subjects: made.subjects,
    tasks: doc.tasks.length,
    objects,
    classifications,
    skippedItems: made.skipped.toJSON(),
    warnings: warnings.toJSON(),
  };
}
