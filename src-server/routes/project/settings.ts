import type { FastifyInstance } from 'fastify';
import { PROJECT_CONFIG_MAX_BYTES, PROJECT_REJECT_REASONS_MAX, projectRoutes } from '../../../src-shared/api/project';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { invalidWorkPackageSetting } from '../../../src-shared/model/workPackageSettings';
import { invalidUnconfirmedSetting, UNCONFIRMED_ON_SUBMIT, UNCONFIRMED_SETTING } from '../../../src-shared/model/unconfirmed';
import { isUniqueViolation } from '../../repositories/rejectReasons';
import type { ProjectDeps } from './deps';

/** Project settings: the config object, the instruction, and the reject reasons. */
export function registerProjectSettings(app: FastifyInstance, d: ProjectDeps): void {
  const { ctx } = d;
  const projectIdOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req).project!.projectId;

  addRoute(app, projectRoutes.getConfig, async (req) => d.projects.config(projectIdOf(req)));

  addRoute(app, projectRoutes.putConfig, async (req) => {
    const json = JSON.stringify(req.body);
    // Measured in bytes as stored, so Chinese text counts for what it weighs.
    if (Buffer.byteLength(json, 'utf8') > PROJECT_CONFIG_MAX_BYTES) {
      throw new AppError('project.configTooLarge', { maxBytes: PROJECT_CONFIG_MAX_BYTES });
    }
    // The keys the server itself acts on (work packages, the submit rule for suggestions) must be usable; the rest is free-form.
    const invalid = invalidWorkPackageSetting(req.body);
    if (invalid) throw new AppError('project.settingOutOfRange', invalid);
    if (invalidUnconfirmedSetting(req.body)) throw new AppError('project.settingInvalid', { setting: UNCONFIRMED_SETTING, allowed: [...UNCONFIRMED_ON_SUBMIT] });
    await d.projects.setConfig(projectIdOf(req), json, ctx.now());
    return d.projects.config(projectIdOf(req));
  });

  const setInstruction = async (req: Parameters<typeof accessOf>[0] & { body: { instruction: string } }) => {
    const projectId = projectIdOf(req);
    const now = ctx.now();
    // Stored exactly as given: the renderer sanitises the HTML when it shows it.
    await d.projects.setInstruction(projectId, req.body.instruction, now);
    return { projectId, instruction: req.body.instruction, updatedAt: now };
  };
  addRoute(app, projectRoutes.addInstruction, setInstruction);
  addRoute(app, projectRoutes.putInstruction, setInstruction);

  addRoute(app, projectRoutes.addRejectReason, async (req) => {
    const projectId = projectIdOf(req);
    const reason = req.body.reason.trim();
    if (await d.reasons.exists(projectId, reason)) throw new AppError('project.rejectReasonTaken');
    if ((await d.reasons.count(projectId)) >= PROJECT_REJECT_REASONS_MAX) {
      throw new AppError('project.rejectReasonLimit', { max: PROJECT_REJECT_REASONS_MAX });
    }
    const now = ctx.now();
    try {
      const added = await d.reasons.add({ projectId, reason, createdBy: requireUser(req), now });
      await d.projects.touch(projectId, now);
      return added;
    } catch (err) {
      // Two people adding the same reason at once: the unique index decides, the loser gets 409.
      if (isUniqueViolation(err)) throw new AppError('project.rejectReasonTaken');
      throw err;
    }
  });

  addRoute(app, projectRoutes.listRejectReasons, async (req) => d.reasons.list(projectIdOf(req)));

  addRoute(app, projectRoutes.removeRejectReason, async (req) => {
    const projectId = projectIdOf(req);
    if (!(await d.reasons.remove(projectId, req.params.id))) throw new AppError('project.rejectReasonNotFound');
    await d.projects.touch(projectId, ctx.now());
    return null;
  });
}
