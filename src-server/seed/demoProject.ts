import type { FastifyInstance } from 'fastify';
import { batchRoutes } from '../../src-shared/api/batch';
import { noteRoutes } from '../../src-shared/api/note';
import { ontologyRoutes } from '../../src-shared/api/ontology';
import { projectRoutes } from '../../src-shared/api/project';
import { taskRoutes } from '../../src-shared/api/task';
import { ProjectsRepository } from '../repositories/projects';
import { SeedMarksRepository } from '../repositories/seedMarks';
import { DEMO_BATCH, DEMO_NOTE_LABELS, DEMO_PROJECT, DEMO_REJECT_REASONS, DEMO_TASK, demoFeatures, demoInstruction, say, type DemoLanguage } from './demoContent';
import { storeDemoImages } from './demoImages';
import { seedClientFor, type SeedCall } from './seedClient';

/** The seed mark of the demo project (table seed_marks). */
export const DEMO_PROJECT_MARK = 'demo-project';

/** Who the demo project is made by and for. */
export interface DemoProjectInput {
  teamId: number;
  /** the demo team was created by this very run */
  teamIsNew: boolean;
  /** the demo owner, who makes the project */
  ownerId: number;
  annotatorId: number;
  reviewerId: number;
  language: DemoLanguage;
  /** the pictures to import (default resources/demo-images) */
  imagesDir?: string;
}

/**
 * What this run did: `filled` the demo project (made now, or found empty in a data folder
 * seeded before the project had content), or left things as an earlier run left them (`kept`),
 * or found no demo project to fill (`none`: the team deleted or renamed it before).
 */
export type DemoProjectOutcome = { state: 'filled'; projectId: number; projectName: string; taskName: string } | { state: 'kept' | 'none' };

/**
 * Makes the demo project and fills it, through the team server's own API as the demo owner:
 * members, instruction, reject reasons, note labels, the ontology, the photographs in a batch
 * (stored in the configured object store) and a task whose annotate step is the demo
 * annotator's and whose review step is the demo reviewer's.
 *
 * Once, ever, per database: the mark `demo-project` is written when the filling begins and
 * finished when it is done. A finished mark means the team has had its demo project; whatever
 * they did with it since (deleted it, renamed it, removed the task) stays as they left it. An
 * unfinished mark (a run cut short) is resumed on the same project; every step looks first at
 * what is already there, so none is done twice.
 */
export async function seedDemoProject(app: FastifyInstance, p: DemoProjectInput): Promise<DemoProjectOutcome> {
  const { ctx } = app;
  const marks = new SeedMarksRepository(ctx.db);
  const mark = await marks.get(DEMO_PROJECT_MARK);
  if (mark?.done) return { state: 'kept' };
  const client = await seedClientFor(app, p.ownerId);
  try {
    const projectId = mark ? await stillThere(app, mark.refId) : await projectToFill(app, client.call, p);
    if (projectId === undefined) {
      await marks.begin(DEMO_PROJECT_MARK, null, ctx.now());
      await marks.finish(DEMO_PROJECT_MARK, ctx.now());
      return { state: 'none' };
    }
    await marks.begin(DEMO_PROJECT_MARK, projectId, ctx.now());
    const filled = await fill(app, client.call, projectId, p);
    await marks.finish(DEMO_PROJECT_MARK, ctx.now());
    return { state: 'filled', ...filled };
  } finally {
    await client.close();
  }
}

/** The project a cut-short run was filling, unless it has been deleted since. */
async function stillThere(app: FastifyInstance, projectId: number | null): Promise<number | undefined> {
  if (projectId === null) return undefined;
  return (await new ProjectsRepository(app.ctx.db).findById(projectId)) ? projectId : undefined;
}

/**
 * A new team gets a new project. A team seeded by an earlier version has its demo project
 * already: it is filled only while nobody has used it (no batch, task or ontology); one the team
 * has taken over, renamed or deleted is theirs.
 */
async function projectToFill(app: FastifyInstance, call: SeedCall, p: DemoProjectInput): Promise<number | undefined> {
  const name = say(DEMO_PROJECT.name, p.language);
  if (p.teamIsNew) {
    const created = await call(projectRoutes.create, { body: { projectName: name, type: 'image', description: say(DEMO_PROJECT.description, p.language) } });
    return created.projectId;
  }
  const found = await new ProjectsRepository(app.ctx.db).findByName(p.teamId, name);
  if (!found) return undefined;
  const params = { projectId: found.id };
  const [batches, tasks, ontology] = await Promise.all([
    call(batchRoutes.count, { body: { projectId: found.id } }),
    call(taskRoutes.projectTaskIds, { params }),
    call(ontologyRoutes.projectGet, { params }),
  ]);
  const untouched = batches.count === 0 && tasks.length === 0 && (ontology === null || ontology.features.length === 0);
  return untouched ? found.id : undefined;
}

/** Every step of the filling; each first looks at what is there, so a resumed run repeats nothing. */
async function fill(app: FastifyInstance, call: SeedCall, projectId: number, p: DemoProjectInput) {
  const s = (w: { zh: string; en: string }) => say(w, p.language);
  const params = { projectId };
  const project = await call(projectRoutes.get, { params });
  await call(projectRoutes.addMembers, {
    params,
    body: { members: [{ userId: p.annotatorId, role: 'annotator' }, { userId: p.reviewerId, role: 'reviewer' }] },
  });
  await call(projectRoutes.putInstruction, { params, body: { instruction: demoInstruction(p.language) } });

  const reasons = new Set((await call(projectRoutes.listRejectReasons, { params })).map((r) => r.reason));
  for (const reason of DEMO_REJECT_REASONS.map(s)) if (!reasons.has(reason)) await call(projectRoutes.addRejectReason, { params, body: { reason } });

  const noteLabels = new Set((await call(noteRoutes.labels, { query: { projectId } })).map((l) => l.name));
  for (const l of DEMO_NOTE_LABELS) {
    if (!noteLabels.has(s(l))) await call(noteRoutes.addLabel, { body: { projectId, name: s(l), color: l.color } });
  }

  // Features are matched by name and tool: sending them again changes nothing.
  await call(ontologyRoutes.manageFeatures, { body: { projectId, features: demoFeatures(p.language) } });

  const batchName = s(DEMO_BATCH);
  const taken = await call(batchRoutes.nameCheck, { body: { projectId, name: batchName } });
  let batchId = taken.batchId;
  if (taken.available || batchId === undefined) {
    const subjects = await storeDemoImages(app.ctx.storage, projectId, p.imagesDir);
    batchId = (await call(batchRoutes.create, { body: { projectId, name: batchName, subjects } })).batch.id;
  }

  const taskName = s(DEMO_TASK.name);
  const tasks = await call(taskRoutes.projectTaskIds, { params });
  if (!tasks.some((t) => t.name === taskName)) {
    await call(taskRoutes.create, {
      body: {
        projectId,
        name: taskName,
        description: s(DEMO_TASK.description),
        batchIds: [batchId],
        workflow: { steps: [{ type: 'annotate', memberIds: [p.annotatorId] }, { type: 'review', memberIds: [p.reviewerId] }] },
      },
    });
  }
  return { projectId, projectName: project.projectName, taskName };
}
