import type { FastifyInstance } from 'fastify';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import { room } from '../../../src-shared/api/realtime';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import { workPackageSettings } from '../../../src-shared/model/workPackageSettings';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { usersOutOfReach } from '../../auth/workReach';
import { WorkPackagesRepository, type LeaseRoom } from '../../repositories/workPackages';
import { packageItems } from '../../repositories/packageItems';
import { withVideoSizes } from './packageVideoSizes';
import type { TaskSubjectDeps } from './deps';

/** Items claimed per transaction: a big package does not hold the queue while it is taken. */
const CLAIM_BATCH = 50;
const HOUR_MS = 3600_000;

/**
 * Work packages (docs/offline-day.md, "Team server"): taking one, listing them, giving items
 * back. The sweep that ends leases past their time is a duty (duties/serverDuties.ts).
 */
export function registerPackages(app: FastifyInstance, d: TaskSubjectDeps): void {
  const { ctx } = d;
  const packages = new WorkPackagesRepository(ctx.db, ctx.dialect);

  addRoute(app, taskSubjectRoutes.takePackage, async (req) => {
    const userId = requireUser(req);
    const { projectId } = accessOf(req).project!;
    const { taskId, workflowId } = req.body;
    const task = await d.claims.context(taskId, projectId, userId);
    if (!task) throw new AppError('task.notFound');
    const { steps } = task;
    const step = steps.find((s) => s.workflowId === workflowId);
    if (!step) throw new AppError('taskSubject.stepNotFound', { workflowId });
    if (!step.member) throw new AppError('taskSubject.notStepMember');

    const settings = workPackageSettings(await ctx.repos.projects.config(projectId));
    const limit = Math.min(req.body.size ?? settings.packageSize, settings.packageSize);
    // The lease cap: at most packageSize leased items per worker and step, whatever each take
    // asks for, counted under a lock in every transaction that leases (leaseRoom).
    const stop: { full?: { leased: number }; notMember?: boolean } = {};
    const roomLeft: LeaseRoom = async (trx) => {
      const r = await packages.leaseRoom(trx, { workflowId, userId, cap: settings.packageSize });
      if (!r.member) stop.notMember = true;
      else if (r.room === 0) stop.full = { leased: r.leased };
      return r.room;
    };
    const now = ctx.now();
    const packageId = await packages.create({ projectId, taskId, workflowId, userId, now, expiresAt: now + settings.leaseHours * HOUR_MS });
    // Finish what you hold before taking more, as claim-next does: held items come first.
    const taken = await packages.leaseHeld({ packageId, workflowId, userId, limit, room: roomLeft });
    // A closed task hands out nothing new; what is held can still be packaged.
    while (task.open && !stop.full && !stop.notMember && taken.length < limit) {
      const want = Math.min(CLAIM_BATCH, limit - taken.length);
      const batch = await d.claims.claimBatch({ step, steps, userId, now: ctx.now(), packageId, room: roomLeft }, want);
      taken.push(...batch);
      if (batch.length > 0) await ctx.realtime.publish(room('task', taskId), 'taskSubject.changed', { taskId, taskSubjectIds: batch.map((r) => r.id), action: 'claim' });
      if (batch.length < want) break;
    }
    if (taken.length === 0) {
      await packages.remove(packageId);
      if (stop.notMember) throw new AppError('taskSubject.notStepMember');
      // Holding the most already: say so (and how many), so the workstation can ask to finish or give back first.
      if (stop.full) throw new AppError('task.packageLimit', { leased: stop.full.leased, packageSize: settings.packageSize });
      if (!task.open) throw new AppError('taskSubject.taskClosed');
      return null;
    }
    const [[summary], items] = await Promise.all([packages.summaries({ projectId, packageIds: [packageId] }), packageItems(ctx.db, projectId, taken, steps)]);
    return { package: summary!, items: await withVideoSizes(ctx.storage, items) };
  });

  addRoute(app, taskSubjectRoutes.listPackages, async (req) => {
    const userId = requireUser(req);
    const project = accessOf(req).project!;
    // A dispatcher sees the packages of everyone whose work they may take back (a vendor's
    // manager: their own team's); anyone else their own.
    const holders = projectRoleMay(project.role, 'project.task.dispatch') ? { reach: project } : { userId };
    return packages.summaries({ projectId: project.projectId, ...holders });
  });

  addRoute(app, taskSubjectRoutes.returnPackage, async (req) => {
    const userId = requireUser(req);
    const project = accessOf(req).project!;
    const { projectId } = project;
    const { packageId, taskSubjectIds } = req.body;
    const pkg = await packages.byId(projectId, packageId);
    // Someone else's package is not there for a worker, nor for a vendor's manager when its
    // holder is not of their team (auth/workReach.ts): the same answer as no package at all.
    if (!pkg) throw new AppError('task.packageNotFound');
    const own = pkg.user_id === userId;
    const dispatcher = projectRoleMay(project.role, 'project.task.dispatch') && (own || (await usersOutOfReach(ctx.db, project, [pkg.user_id])).length === 0);
    if (!own && !dispatcher) throw new AppError('task.packageNotFound');
    if (taskSubjectIds) {
      const leased = new Set((await packages.items(packageId)).map((r) => r.id));
      const missing = taskSubjectIds.filter((id) => !leased.has(id));
      if (missing.length > 0) throw new AppError('task.packageItemNotFound', { taskSubjectIds: missing });
      if (!dispatcher) {
        const started = await packages.startedOf(packageId, taskSubjectIds);
        if (started.length > 0) throw new AppError('task.packageItemStarted', { taskSubjectIds: started });
      }
    }
    const { rows, startedIds } = await packages.giveBack({
      packageId,
      ...(taskSubjectIds ? { ids: taskSubjectIds } : {}),
      started: dispatcher,
      action: 'packageReturn',
      actorId: userId,
      now: ctx.now(),
    });
    if (rows.length > 0) await ctx.realtime.publish(room('task', pkg.task_id), 'taskSubject.changed', { taskId: pkg.task_id, taskSubjectIds: rows.map((r) => r.id), action: 'requeue' });
    const [summary] = await packages.summaries({ projectId, packageIds: [packageId] });
    return { returnedIds: rows.map((r) => r.id), startedIds, package: summary! };
  });
}
