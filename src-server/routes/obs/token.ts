import type { FastifyInstance } from 'fastify';
import { obsRoutes, type StorageToken } from '../../../src-shared/api/obs';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { normalizeListFilters } from '../../repositories/projectList';
import { buildSessionPolicy, type PolicyProject } from '../../storage/sessionPolicy';
import type { ObsDeps } from './deps';

/**
 * How many projects a token is asked to cover before the policy size limit cuts the list
 * (sessionPolicy.ts: about 20 fit in 2048 characters). Bounds the database work per token.
 */
export const TOKEN_PROJECT_CANDIDATES = 100;

/**
 * The projects a token should cover, most wanted first: the one asked for, the caller's
 * recently opened ones, then the current team's most recently updated, each with whether the
 * caller may write its dataset folder.
 */
async function wantedProjects(d: ObsDeps, userId: number, projectId: number | undefined): Promise<PolicyProject[]> {
  const wanted: PolicyProject[] = [];
  if (projectId !== undefined) {
    const access = await d.ctx.repos.access.projectAccess(projectId, userId);
    if (!access) throw new AppError('project.notFound');
    wanted.push({ projectId, write: projectRoleMay(access.role, 'project.data.manage') });
  }
  const viewer = await d.projectList.viewer(userId);
  if (viewer) {
    const recent = await d.projectList.recent(viewer, TOKEN_PROJECT_CANDIDATES);
    const updated = await d.projectList.list(viewer, normalizeListFilters({ pageSize: TOKEN_PROJECT_CANDIDATES, orderBy: 'updatedAt' }));
    for (const p of [...recent, ...updated.list]) wanted.push({ projectId: p.projectId, write: projectRoleMay(p.myRole, 'project.data.manage') });
  }
  const seen = new Set<number>();
  return wanted.filter((p) => !seen.has(p.projectId) && seen.add(p.projectId)).slice(0, TOKEN_PROJECT_CANDIDATES);
}

/** GET /obs/token: STS credentials narrowed to the caller's folders (S3 mode with a role only). */
export function registerToken(scope: FastifyInstance, d: ObsDeps): void {
  addRoute(scope, obsRoutes.token, async (req) => {
    const userId = requireUser(req);
    const s3 = d.ctx.config.s3;
    // No STS here: the client falls back to /obs/upload and /obs/get/file.
    if (!d.sts || !s3) throw new AppError('obs.tokenUnavailable', { mode: 'embedded' });
    const projects = await wantedProjects(d, userId, req.query.projectId);
    const { policy, projectIds } = buildSessionPolicy({ bucket: s3.bucket, rootPrefix: d.rootPrefix, userId, projects });
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
    };
    return token;
  });
}
