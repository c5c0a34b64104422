import type { FastifyInstance } from 'fastify';
import { taskRoutes, type StepCounts, type StepType, type TaskBootState, type TaskOverview } from '../../../src-shared/api/task';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { workflowProblem } from '../workflow/stepRules';
import { addToState, emptyStates } from './counts';
import { parseConfig, stepDetails, taskOr404, type TaskDeps } from './deps';

/** What a task looks like from above: its steps, members, counts and readiness. */
export function registerTaskViews(app: FastifyInstance, d: TaskDeps): void {
  const projectIdOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req).project!.projectId;

  addRoute(app, taskRoutes.overview, async (req) => {
    const task = await taskOr404(d.tasks, projectIdOf(req), req.params.id);
    const [steps, counts, held] = await Promise.all([d.workflows.stepsOf(task.id), d.taskSubjects.countsByStep(task.id), d.taskSubjects.heldCounts(task.id)]);
    const byStep = new Map<number, StepCounts>(
      steps.map((s) => [s.id, { workflowId: s.id, stepIndex: s.step_index, type: s.type as StepType, name: s.name, total: 0, rework: 0, states: emptyStates() }]),
    );
    const progress = { total: 0, done: 0, rework: 0 };
    for (const c of counts) {
      const step = byStep.get(c.workflowId);
      if (!step || !addToState(step.states, c.state, c.n)) continue;
      step.total += c.n;
      progress.total += c.n;
      if (c.state === 'done') progress.done += c.n;
      else if (c.rework) {
        step.rework += c.n;
        progress.rework += c.n;
      }
    }
    const perHolder = new Map<number, { claimed: number; inProgress: number; skipped: number }>();
    for (const h of held) {
      if (h.state !== 'claimed' && h.state !== 'inProgress' && h.state !== 'skipped') continue;
      const m = perHolder.get(h.holderId) ?? { claimed: 0, inProgress: 0, skipped: 0 };
      m[h.state] += h.n;
      perHolder.set(h.holderId, m);
    }
    const names = await d.workflows.userNames([...perHolder.keys()]);
    const members: TaskOverview['members'] = [...perHolder.entries()]
      .map(([userId, m]) => ({ userId, name: names.get(userId) ?? '', ...m }))
      .sort((a, b) => b.claimed + b.inProgress + b.skipped - (a.claimed + a.inProgress + a.skipped) || a.userId - b.userId);
    return { taskId: task.id, progress, steps: [...byStep.values()], members };
  });

  addRoute(app, taskRoutes.bootState, async (req) => {
    const projectId = projectIdOf(req);
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    const steps = await d.workflows.stepsOf(task.id);
    const [memberIds, subjectCount, featureCount] = await Promise.all([
      d.workflows.memberIds(steps.map((s) => s.id)),
      d.taskSubjects.count(task.id),
      d.tasks.ontologyFeatureCount(projectId),
    ]);
    const stepsWithoutMembers = steps.filter((s) => (memberIds.get(s.id) ?? []).length === 0).map((s) => s.id);
    const missing: TaskBootState['missing'] = [];
    if (steps.length === 0) missing.push('steps');
    if (stepsWithoutMembers.length > 0) missing.push('members');
    if (subjectCount === 0) missing.push('subjects');
    if (featureCount === 0) missing.push('ontology');
    if (task.status !== 'open') missing.push('open');
    return { taskId: task.id, ready: missing.length === 0, missing, stepCount: steps.length, stepsWithoutMembers, subjectCount, featureCount };
  });

  addRoute(app, taskRoutes.workflow, async (req) => {
    const task = await taskOr404(d.tasks, projectIdOf(req), req.params.id);
    return stepDetails(d.workflows, await d.workflows.stepsOf(task.id));
  });

  addRoute(app, taskRoutes.worker, async (req) => {
    const task = await taskOr404(d.tasks, projectIdOf(req), req.params.id);
    const steps = (await d.workflows.stepsOf(task.id)).filter((s) => req.query.type === undefined || s.type === req.query.type);
    return stepDetails(d.workflows, steps);
  });

  addRoute(app, taskRoutes.configurableWorkflow, async (req) => {
    const task = await taskOr404(d.tasks, projectIdOf(req), req.params.id);
    const steps = await d.workflows.stepsOf(task.id);
    const [memberIds, occupied] = await Promise.all([
      d.workflows.memberIds(steps.map((s) => s.id)),
      Promise.all(steps.map((s) => d.taskSubjects.countAt(s.id))),
    ]);
    return {
      taskId: task.id,
      steps: steps.map((s, i) => ({
        workflowId: s.id,
        type: s.type as StepType,
        name: s.name,
        memberIds: memberIds.get(s.id) ?? [],
        config: parseConfig(s.config),
        // What DELETE /workflow/{workflowId} checks: nothing at it, and the rest still a workflow.
        removable: occupied[i] === 0 && workflowProblem(steps.filter((_, j) => j !== i).map((x) => x.type as StepType)) === null,
      })),
    };
  });
}
