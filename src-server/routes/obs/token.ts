import type { FastifyInstance } from 'fastify';
import { obsRoutes, type StorageToken } from '../../../src-shared/api/obs';
import { projectRoleMay, type ProjectAccessRole } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { normalizeListFilters } from '../../repositories/projectList';
import { buildSessionPolicy, type PolicyGrant } from '../../storage/sessionPolicy';
import { checkFolder, folderAction } from '../../storage/keyAccess';
import type { ObsDeps } from './deps';

/**
 * How many projects a token is asked to cover before the policy size limit cuts the list
 * (sessionPolicy.ts: about 20 fit in 2048 characters). Bounds the database work per token.
 */
export const TOKEN_PROJECT_CANDIDATES = 100;

/**
 * How many of the task subjects the caller holds get their `annotate/` folder in a token: a
 * worker holds one or a few at a time; each costs about as much policy room as half a project.
 */
export const TOKEN_HELD_TASK_SUBJECTS = 5;

/** Read-write when the caller may write the task subject's folder, read when only read; 404 when neither. */
async function taskSubjectGrant(d: ObsDeps, userId: number, taskSubjectId: number): Promise<PolicyGrant> {
  try {
    await checkFolder(d.ctx.repos.access, userId, 'annotate', taskSubjectId, 'write');
    return { kind: 'taskSubject', taskSubjectId, write: true };
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'forbidden') throw err;
    return { kind: 'taskSubject', taskSubjectId, write: false };
  }
}

/** A project's folders as the caller's role opens them: the same actions keyAccess.ts checks. */
const projectGrant = (projectId: number, role: ProjectAccessRole): PolicyGrant => ({
  kind: 'project',
  projectId,
  write: projectRoleMay(role, folderAction('dataset', 'write')),
  exports: projectRoleMay(role, folderAction('export', 'read')),
});

/**
 * What a token should cover, most wanted first: the project and task subject asked for, the
 * task subjects the caller holds (their work in hand), the caller's recently opened projects,
 * then the current team's most recently updated, each with whether the caller may write.
 */
async function wantedGrants(d: ObsDeps, userId: number, q: { projectId?: number; taskSubjectId?: number }): Promise<PolicyGrant[]> {
  const wanted: PolicyGrant[] = [];
  if (q.projectId !== undefined) {
    const access = await d.ctx.repos.access.projectAccess(q.projectId, userId);
    if (!access) throw new AppError('project.notFound');
    wanted.push(projectGrant(q.projectId, access.role));
  }
  if (q.taskSubjectId !== undefined) wanted.push(await taskSubjectGrant(d, userId, q.taskSubjectId));
  for (const id of await d.ctx.repos.access.heldTaskSubjects(userId, TOKEN_HELD_TASK_SUBJECTS)) wanted.push({ kind: 'taskSubject', taskSubjectId: id, write: true });
  const viewer = await d.projectList.viewer(userId);
  if (viewer) {
    const recent = await d.projectList.recent(viewer, TOKEN_PROJECT_CANDIDATES);
    const updated = await d.projectList.list(viewer, normalizeListFilters({ pageSize: TOKEN_PROJECT_CANDIDATES, orderBy: 'updatedAt' }));
    for (const p of [...recent, ...updated.list].slice(0, TOKEN_PROJECT_CANDIDATES)) {
      wanted.push(projectGrant(p.projectId, p.myRole));
    }
  }
  // Duplicates (the asked-for project again among the recent ones) are dropped by the policy builder.
  return wanted;
}

/** GET /obs/token: STS credentials narrowed to the caller's folders (S3 mode with a role only). */
export function registerToken(scope: FastifyInstance, d: ObsDeps): void {
  addRoute(scope, obsRoutes.token, async (req) => {
    const userId = requireUser(req);
    const s3 = d.ctx.config.s3;
    // No STS here: the client falls back to /obs/upload and /obs/get/file.
    if (!d.sts || !s3) throw new AppError('obs.tokenUnavailable', { mode: 'embedded' });
    const grants = await wantedGrants(d, userId, req.query);
    const { policy, projectIds, exportProjectIds, taskSubjectIds } = buildSessionPolicy({ bucket: s3.bucket, rootPrefix: d.rootPrefix, userId, grants });
    let creds;
    try {
      creds = await d.sts.vend({ sessionName: `annot-user-${userId}`, policy });
    } catch (err) {
      req.log.error({ err }, 'STS AssumeRole failed');
      throw new AppError('obs.tokenFailed');
    }
    const token: StorageToken = {
      endPoint: s3.endpoint,
      region: s3.region,
      accessKey: creds.accessKeyId,
      secretKey: creds.secretAccessKey,
      securityToken: creds.sessionToken,
      s3ForcePathStyle: s3.forcePathStyle,
      bucketName: s3.bucket,
      expiresAt: creds.expiresAt,
      rootPrefix: d.rootPrefix,
      projectIds,
      exportProjectIds,
      taskSubjectIds,
    };
    return token;
  });
}
