/**
 * POST /project/external/import, start to end: the zip (checked as the obs routes check a
 * caller's key), its frames in the chosen format, their frames in the project by file name
 * (MOT: its sequences onto items by name), the task subjects they go onto, the tracks the file
 * holds, the labels the ontology must gain, the objects mapped, and the writes. A dry run stops
 * before anything is stored and answers what the same call would write; missing labels are
 * created only with the caller's confirmation.
 */
import type { ImportFormat, ImportMode, ProjectImportResult } from '../../src-shared/api/projectImport';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { TaskStepsRepository } from '../repositories/taskSteps';
import { newElementId } from '../routes/ontology/writeFeatures';
import { authorizeImportKey } from './importKey';
import type { ImportedFrameContent } from './buildFrame';
import { checkMaskSizes } from './checkMaskSizes';
import { chooseTools } from './chooseTools';
import { createdOf } from './createdLabels';
import { frameContent, type TargetOntology } from './frameContent';
import { labelUsages } from './labelUsage';
import type { MapCounters } from './mapObject';
import { matchFiles, type FileMatches } from './matchFiles';
import type { SourceFrame } from './sourceModel';
import { planOntology } from './ontologyPlan';
import { readFeatures, saveFeatures } from './ontologyStore';
import { matchProjectFrames } from './projectFrames';
import { readImportZip } from './readZip';
import { sortTargets, type TaskSubjectTarget } from './sortTargets';
import { buildTracks, hasTracks } from './importTracks';
import { matchSequences } from './sequenceMatch';
import { subjectFrames } from './subjectFrames';
import { Listed, mergeCounts } from './tally';
import { taskSubjectsOf } from './taskSubjectsOf';
import { writeImportedFrames, type TaskSubjectWrite } from './writeFrames';

export interface ImportRequest {
  projectId: number;
  taskId: number;
  userId: number;
  format: ImportFormat;
  key: string;
  dryRun: boolean;
  createMissingLabels: boolean;
  mode: ImportMode;
}

/**
 * Where the file's frames go when not by their names: a whole-project archive places each
 * lossless frame on the frame made from it (by its origin), and leaves out the frames of
 * other tasks. Answers every frame it places and the names of those it cannot.
 */
export interface ImportPlacement {
  match(frames: readonly SourceFrame[]): Promise<FileMatches>;
}

/** Object ids as the editor makes them: short, random, within the AnnotationId pattern. */
const newObjectId = newElementId;

async function readZip(ctx: ServerContext, r: ImportRequest) {
  const key = await authorizeImportKey(ctx, r.userId, r.key);
  return readImportZip({ storage: ctx.storage, tempDir: ctx.config.exports.tempDir }, key, r.format);
}

/** Objects mapped between two turns of the event loop: other requests wait at most one slice (about 20 ms). */
const MAP_SLICE = 2000;

/**
 * The frames of each writable task subject as the target ontology takes them; frames that would
 * change nothing are left out. A slice at a time, so 200,000 objects never hold the server's
 * other requests for seconds (bench/exchange-cvat.ts).
 */
async function contentsOf(targets: readonly TaskSubjectTarget[], ontology: TargetOntology, mode: ImportMode, c: MapCounters): Promise<TaskSubjectWrite[]> {
  const out: TaskSubjectWrite[] = [];
  let mapped = 0;
  for (const t of targets) {
    const frames = new Map<number, ImportedFrameContent>();
    for (const m of t.frames) {
      const content = { ...frameContent(m.sources, m.frame, ontology, newObjectId, c), ...(m.addOnly ? { addOnly: true } : {}) };
      if (mode === 'replace' || content.objects.length > 0 || content.classifications.length > 0) frames.set(m.frame.frameId, content);
      mapped += m.sources.reduce((n, s) => n + s.objects.length, 0) + 1;
    }
    if (frames.size > 0) out.push({ taskSubjectId: t.taskSubjectId, frames });
    if (mapped >= MAP_SLICE) {
      mapped = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return out;
}

export async function runImport(ctx: ServerContext, r: ImportRequest, placement?: ImportPlacement): Promise<ProjectImportResult> {
  if (!(await new TaskStepsRepository(ctx.db).taskInProject(r.taskId, r.projectId))) throw new AppError('task.notFound');
  const source = await readZip(ctx, r);
  const sequences = !placement && source.frames.some((f) => f.sequence) ? await matchSequences(ctx.db, r.projectId, r.taskId, source.frames) : null;
  const files = placement ? await placement.match(source.frames) : sequences?.files ?? matchFiles(source.frames, await matchProjectFrames(ctx.db, r.projectId, source.frames.map((f) => f.fileName)));
  // Masks drawn on a picture of another size than their frame refuse the import before anything is made.
  checkMaskSizes(files.matched.values());
  const targets = sortTargets(files.matched.values(), await taskSubjectsOf(ctx.db, r.taskId, [...new Set([...files.matched.values()].map((m) => m.frame.subjectId))]));

  const current = await readFeatures(ctx.db, r.projectId);
  chooseTools(targets.writable.flatMap((t) => t.frames.flatMap((m) => m.sources)), current);
  const writable = targets.writable.flatMap((t) => t.frames);
  if (hasTracks(writable)) {
    const framesOf = sequences?.framesOf ?? (await subjectFrames(ctx.db, writable.map((m) => m.frame.subjectId)));
    buildTracks(targets.writable, framesOf, newObjectId);
  }
  const sources = targets.writable.flatMap((t) => t.frames.flatMap((m) => m.sources));
  const usages = labelUsages(sources);
  const plan = planOntology(current, usages, newElementId);
  const missing = plan.inputs.length > 0;
  if (missing && !r.dryRun && !r.createMissingLabels) throw new AppError('import.labelsMissing', { labels: plan.labelsMissing, features: plan.featuresMissing });

  let ontology: TargetOntology = { features: current, aliases: new Map() };
  let created: Pick<ProjectImportResult, 'labelsCreated' | 'featuresCreated'> = { labelsCreated: [], featuresCreated: [] };
  if (missing && r.createMissingLabels && r.dryRun) ontology = plan;
  if (missing && r.createMissingLabels && !r.dryRun) {
    const saved = await saveFeatures(ctx.db, { projectId: r.projectId, userId: r.userId, now: ctx.now(), plan: (features) => planOntology(features, usages, newElementId) });
    ontology = { features: saved.features, aliases: saved.plan.aliases };
    created = createdOf(saved.plan, saved.features);
  }

  const counters: MapCounters = { skipped: {}, dropped: {} };
  mergeCounts(counters.skipped, source.skipped);
  const writes = await contentsOf(targets.writable, ontology, r.mode, counters);
  const count = (f: (c: ImportedFrameContent) => number) => writes.reduce((n, w) => n + [...w.frames.values()].reduce((m, c) => m + f(c), 0), 0);
  let matched = { subjects: writes.length, frames: count(() => 1), objects: count((c) => c.objects.length), classifications: count((c) => c.classifications.length) };
  if (!r.dryRun && writes.length > 0) {
    const outcome = await writeImportedFrames(ctx, { taskId: r.taskId, userId: r.userId, mode: r.mode, writes, newId: newObjectId, skipped: counters.skipped });
    for (const id of outcome.held) targets.held.add(id);
    const frames = outcome.written.reduce((n, w) => n + w.frames.size, 0);
    matched = { subjects: outcome.written.length, frames, objects: outcome.objects, classifications: outcome.classifications };
  }

  const warnings = new Listed<string>();
  for (const w of source.warnings) warnings.add(w);
  return {
    format: r.format,
    mode: r.mode,
    dryRun: r.dryRun,
    written: !r.dryRun && (matched.subjects > 0 || created.labelsCreated.length > 0 || created.featuresCreated.length > 0),
    files: source.frames.length,
    matched,
    unmatchedFiles: files.unmatched.toJSON(),
    ambiguousFiles: files.ambiguous.toJSON(),
    labelsMissing: plan.labelsMissing,
    featuresMissing: plan.featuresMissing,
    ...created,
    heldTaskSubjects: targets.held.toJSON(),
    subjectsNotInTask: targets.notInTask.toJSON(),
    skippedObjects: counters.skipped,
    droppedAnswers: counters.dropped,
    warnings: warnings.toJSON(),
  };
}
