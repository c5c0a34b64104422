import type { FastifyInstance } from 'fastify';
import { EXPORT_PLANS_MAX, exportRoutes, type ExportFilters } from '../../../src-shared/api/export';
import { TASK_SUBJECT_STATES } from '../../../src-shared/model/taskSubjectFlow';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { countExport } from '../../exports/countExport';
import { loadExportOntology } from '../../exports/exportOntology';
import type { ExportDeps } from './deps';
import { checkFilters } from './filters';
import { formatInfos, OPTION_INFOS } from './formatInfo';

/** Saved plans, what a plan would export, and the template the export dialog is built from. */
export function registerExportPlans(app: FastifyInstance, d: ExportDeps): void {
  const { db } = d.ctx;
  const projectIdOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req).project!.projectId;

  addRoute(app, exportRoutes.planCreate, async (req) => {
    const projectId = projectIdOf(req);
    const name = req.body.name.trim();
    const filters = req.body.filters ?? {};
    await checkFilters(db, projectId, filters);
    if ((await d.plans.idByName(projectId, name)) !== undefined) throw new AppError('export.planNameTaken', { name });
    if ((await d.plans.count(projectId)) >= EXPORT_PLANS_MAX) throw new AppError('export.planLimit', { max: EXPORT_PLANS_MAX });
    return d.plans.create({ projectId, name, format: req.body.format, filters, options: req.body.options ?? {}, userId: requireUser(req), now: d.ctx.now() });
  });

  addRoute(app, exportRoutes.planUpdate, async (req) => {
    const projectId = projectIdOf(req);
    const plan = await d.plans.find(projectId, req.params.id);
    if (!plan) throw new AppError('export.planNotFound', { planId: req.params.id });
    const name = req.body.name?.trim();
    if (name !== undefined && name !== plan.name && (await d.plans.idByName(projectId, name)) !== undefined) throw new AppError('export.planNameTaken', { name });
    if (req.body.filters) await checkFilters(db, projectId, req.body.filters);
    const updated = await d.plans.update(projectId, plan.id, { ...req.body, ...(name !== undefined ? { name } : {}), now: d.ctx.now() });
    if (!updated) throw new AppError('export.planNotFound', { planId: plan.id });
    return updated;
  });

  addRoute(app, exportRoutes.planCount, async (req) => {
    const projectId = projectIdOf(req);
    let filters: ExportFilters = req.body.filters ?? {};
    let format = req.body.format;
    let options = req.body.options ?? {};
    if (req.body.planId !== undefined) {
      const plan = await d.plans.find(projectId, req.body.planId);
      if (!plan) throw new AppError('export.planNotFound', { planId: req.body.planId });
      filters = req.body.filters ?? plan.filters;
      format = req.body.format ?? plan.format;
      options = req.body.options ?? plan.options;
    }
    await checkFilters(db, projectId, filters);
    return countExport(db, { projectId, filters, dialect: d.ctx.dialect }, format, options);
  });

  addRoute(app, exportRoutes.template, async (req) => {
    const projectId = projectIdOf(req);
    const [batches, tasks, steps, ontology, plans] = await Promise.all([
      db.selectFrom('batches').select(['id', 'name', 'subject_count']).where('project_id', '=', projectId).orderBy('id', 'desc').limit(1000).execute(),
      db.selectFrom('tasks').select(['id', 'name']).where('project_id', '=', projectId).orderBy('id').execute(),
      db.selectFrom('workflows').select(['id', 'task_id', 'name', 'type']).where('project_id', '=', projectId).orderBy('task_id').orderBy('step_index').execute(),
      loadExportOntology(db, projectId),
      d.plans.list(projectId),
    ]);
    return {
      formats: formatInfos(),
      options: OPTION_INFOS,
      batches: batches.map((b) => ({ id: b.id, name: b.name, subjectCount: Number(b.subject_count) })),
      tasks: tasks.map((t) => ({ id: t.id, name: t.name, steps: steps.filter((s) => s.task_id === t.id).map((s) => ({ workflowId: s.id, name: s.name, type: s.type })) })),
      labels: ontology.features.flatMap((f) => (f.labels ?? []).map((l) => ({ featureId: f.featureId, featureName: f.name, tool: f.tool, labelId: l.id, name: l.name }))),
      states: [...TASK_SUBJECT_STATES],
      plans,
    };
  });
}
