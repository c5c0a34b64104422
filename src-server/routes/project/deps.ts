import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import { ProjectsRepository } from '../../repositories/projects';
import { ProjectListRepository } from '../../repositories/projectList';
import { ProjectMembersRepository } from '../../repositories/projectMembers';
import { RejectReasonsRepository } from '../../repositories/rejectReasons';
import { ProjectVisitsRepository } from '../../repositories/projectVisits';
import type { ProjectDetail } from '../../../src-shared/api/project';
import type { ProjectAccessRole } from '../../../src-shared/model/permissions';

/** What every project route file works with: the context and the project repositories. */
export interface ProjectDeps {
  ctx: ServerContext;
  projects: ProjectsRepository;
  list: ProjectListRepository;
  members: ProjectMembersRepository;
  reasons: RejectReasonsRepository;
  visits: ProjectVisitsRepository;
}

export function projectDeps(ctx: ServerContext): ProjectDeps {
  return {
    ctx,
    projects: new ProjectsRepository(ctx.db),
    list: new ProjectListRepository(ctx.db),
    members: new ProjectMembersRepository(ctx.db),
    reasons: new RejectReasonsRepository(ctx.db),
    visits: new ProjectVisitsRepository(ctx.db),
  };
}

/** Ids once each, in first-seen order. */
export const uniqueIds = (ids: readonly number[]): number[] => [...new Set(ids)];

/**
 * A project as its page shows it, for a caller with the given access. Vendor sharing is the
 * project team's business: callers who reach the project as a vendor do not see it.
 */
export async function projectDetail(
  d: ProjectDeps,
  projectId: number,
  access: { role: ProjectAccessRole; vendorTeamId: number | null },
): Promise<ProjectDetail> {
  const [row, memberCount, vendors] = await Promise.all([
    d.projects.findById(projectId),
    d.members.count(projectId),
    access.vendorTeamId === null ? d.projects.vendorsOf(projectId) : Promise.resolve([]),
  ]);
  if (!row) throw new AppError('project.notFound');
  return {
    projectId: row.id,
    projectName: row.name,
    type: row.type as ProjectDetail['type'],
    isVendor: access.vendorTeamId !== null,
    teamId: row.team_id,
    description: row.description,
    memberCount,
    myRole: access.role,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    instruction: row.instruction,
    vendors: vendors.map((v) => ({ vendorId: v.vendorId, name: v.name })),
    createdBy: row.created_by,
  };
}
