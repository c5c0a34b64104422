import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { TASK_MAX_PER_PROJECT, taskRoutes, type StepInput } from '../../../src-shared/api/task';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { BatchesRepository } from '../../repositories/batches';
import { SubjectsRepository } from '../../repositories/subjects';
import { TasksRepository } from '../../repositories/tasks';
import { WorkflowsRepository, type NewStep } from '../../repositories/workflows';
import { TaskSubjectsRepository } from '../../repositories/taskSubjects';
import { assertEligible, assertWorkflow, stepNameOf } from '../workflow/stepRules';
import { announce, configText, parseConfig, taskDetail, taskOr404, uniqueIds, type TaskDeps } from './deps';

/** The batches and subjects, all the project's, or 404 naming the others. */
async function assertSources(trx: Kysely<Database>, projectId: number, batchIds: number[], subjectIds: number[]): Promise<void> {
  if (batchIds.length > 0) {
    const found = new Set(await new BatchesRepository(trx).idsInProject(projectId, batchIds));
    const missing = batchIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('batch.notFound', { batchIds: missing });
  }
  if (subjectIds.length > 0) {
    const found = new Set(await new SubjectsRepository(trx).idsInProject(projectId, subjectIds));
    const missing = subjectIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('subject.notFound', { dataIds: missing });
  }
}

/** Steps as the repository stores them; a step the user did not name is stored unnamed. */
const newSteps = (steps: readonly StepInput[]): NewStep[] =>
  steps.map((s) => ({
    type: s.type,
    name: stepNameOf(s.name),
    config: configText(s.config ?? {}, 'workflow.configTooLarge'),
    memberIds: uniqueIds(s.memberIds),
  }));

/**
 * A new task row with its steps, in the caller's transaction: names unique per project, at most
 * TASK_MAX_PER_PROJECT tasks, every member able to work on the project. Answers the ids.
 */
async function insertTask(
  trx: Kysely<Database>,
  p: { projectId: number; name: string; description: string; config: string; createdBy: number; now: number; steps: NewStep[] },
): Promise<{ taskId: number; stepIds: number[] }> {
  const tasks = new TasksRepository(trx);
  await tasks.lockProject(p.projectId);
  if (await tasks.nameTaken(p.projectId, p.name)) throw new AppError('task.nameTaken');
  if ((await tasks.countInProject(p.projectId)) >= TASK_MAX_PER_PROJECT) throw new AppError('task.limitReached', { max: TASK_MAX_PER_PROJECT });
  const workflows = new WorkflowsRepository(trx);
  await assertEligible(workflows, p.projectId, p.steps.flatMap((s) => s.memberIds));
  const taskId = await tasks.create(p);
  const stepIds = await workflows.insert({ id: taskId, projectId: p.projectId }, p.steps, 0, p.now);
  return { taskId, stepIds };
}

/** Creating tasks (new, or cloned from another) and adding batches to them. */
export function registerTaskCreate(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;

  addRoute(app, taskRoutes.create, async (req) => {
    const userId = requireUser(req);
    const { projectId } = accessOf(req).project!;
    const body = req.body;
    assertWorkflow(body.workflow.steps.map((s) => s.type));
    const steps = newSteps(body.workflow.steps);
    const config = configText(body.config ?? {}, 'task.configTooLarge');
    const batchIds = uniqueIds(body.batchIds ?? []);
    const subjectIds = uniqueIds(body.subjectIds ?? []);
    const now = ctx.now();
    const taskId = await ctx.db.transaction().execute(async (trx) => {
      await assertSources(trx, projectId, batchIds, subjectIds);
      const made = await insertTask(trx, { projectId, name: body.name.trim(), description: body.description?.trim() ?? '', config, createdBy: userId, now, steps });
      await new TaskSubjectsRepository(trx).add({ id: made.taskId, projectId, firstWorkflowId: made.stepIds[0]! }, { batchIds, subjectIds }, now);
      return made.taskId;
    });
    await announce(ctx, { id: taskId, projectId }, 'created');
    return taskDetail(d, await taskOr404(d.tasks, projectId, taskId));
  });

  addRoute(app, taskRoutes.addBatches, async (req) => {
    const { projectId } = accessOf(req).project!;
    const batchIds = uniqueIds(req.body.batchIds);
    const taskId = req.body.taskId;
    const added = await ctx.db.transaction().execute(async (trx) => {
      const tasks = new TasksRepository(trx);
      if (!(await tasks.lock(projectId, taskId))) throw new AppError('task.notFound', { taskId });
      await assertSources(trx, projectId, batchIds, []);
      const first = (await new WorkflowsRepository(trx).stepsOf(taskId))[0]!;
      return new TaskSubjectsRepository(trx).add({ id: taskId, projectId, firstWorkflowId: first.id }, { batchIds }, ctx.now());
    });
    if (added > 0) await announce(ctx, { id: taskId, projectId }, 'subjects');
    return { taskId, added, total: await d.taskSubjects.count(taskId), notFound: [] };
  });

  addRoute(app, taskRoutes.clone, async (req) => {
    const userId = requireUser(req);
    const { projectId } = accessOf(req).project!;
    const source = await taskOr404(d.tasks, projectId, req.params.id);
    const sourceSteps = await d.workflows.stepsOf(source.id);
    const memberIds = await d.workflows.memberIds(sourceSteps.map((s) => s.id));
    // Members who can no longer work on the project (they left it) are not carried over.
    const eligible = await d.workflows.eligible(projectId, [...memberIds.values()].flat());
    const steps: NewStep[] = sourceSteps.map((s) => ({
      type: s.type as NewStep['type'],
      name: s.name,
      config: s.config,
      memberIds: (memberIds.get(s.id) ?? []).filter((id) => eligible.has(id)),
    }));
    const now = ctx.now();
    const taskId = await ctx.db.transaction().execute(async (trx) =>
      (await insertTask(trx, { projectId, name: req.body.name.trim(), description: source.description, config: JSON.stringify(parseConfig(source.config)), createdBy: userId, now, steps })).taskId,
    );
    await announce(ctx, { id: taskId, projectId }, 'created');
    return taskDetail(d, await taskOr404(d.tasks, projectId, taskId));
  });
}
