import type { ServerContext } from '../context';
import { hashPassword } from '../auth/password';
import type { TeamRole } from '../repositories/teams';
import { ProjectsRepository } from '../repositories/projects';
import { ProjectMembersRepository } from '../repositories/projectMembers';
import type { ProjectMemberRole } from '../../src-shared/model/permissions';

/** The demo team `npm start` seeds, so a new user can log in and look around at once. */
export const DEMO_TEAM_NAME = 'Demo Team 演示团队';
export const DEMO_PASSWORD = 'demo12345';
export const DEMO_ACCOUNTS: readonly { role: TeamRole; mobile: string; name: string }[] = [
  { role: 'owner', mobile: '13800000001', name: 'Demo Owner 演示负责人' },
  { role: 'annotator', mobile: '13800000002', name: 'Demo Annotator 演示标注员' },
  { role: 'reviewer', mobile: '13800000003', name: 'Demo Reviewer 演示审核员' },
];
export const DEMO_PROJECT_NAME = 'Demo photos 示例图片';

/**
 * The project role each demo account gets on the demo project: reviewers and annotators see
 * only projects they are members of; the owner sees every project of the team anyway.
 */
const DEMO_PROJECT_ROLE: Partial<Record<TeamRole, ProjectMemberRole>> = { annotator: 'annotator', reviewer: 'reviewer' };

export interface SeededAccount {
  role: TeamRole;
  mobile: string;
  name: string;
  password: string;
}

/**
 * Creates the demo team, its three accounts and a demo project, once: running it again
 * changes nothing and answers the same accounts. The demo project's members are added on every
 * run when missing, so a database seeded before project membership existed catches up.
 */
export async function seedDemoTeam(ctx: ServerContext): Promise<SeededAccount[]> {
  const { users, teams } = ctx.repos;
  const projects = new ProjectsRepository(ctx.db);
  const members = new ProjectMembersRepository(ctx.db);
  const now = ctx.now();
  let teamId = await teams.findByName(DEMO_TEAM_NAME);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: number[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const user = (await users.findByMobile(a.mobile)) ?? (await users.create({ mobile: a.mobile, name: a.name, passwordHash, now }));
    if (!user) throw new Error(`could not create demo account ${a.mobile}`);
    ids.push(user.id);
  }
  if (teamId === undefined) {
    teamId = await teams.create({ name: DEMO_TEAM_NAME, ownerId: ids[0]!, now });
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      await teams.addMember(teamId, ids[i]!, a.role, now);
      await users.setCurrentTeam(ids[i]!, teamId, now);
    }
    await projects.create({ teamId, name: DEMO_PROJECT_NAME, type: 'image', createdBy: ids[0]!, now });
  }
  const project = await projects.findByName(teamId, DEMO_PROJECT_NAME);
  if (project) {
    const wanted = DEMO_ACCOUNTS.flatMap((a, i) => {
      const role = DEMO_PROJECT_ROLE[a.role];
      return role ? [{ userId: ids[i]!, role }] : [];
    });
    await members.addMissing(project.id, wanted, now);
  }
  return DEMO_ACCOUNTS.map((a) => ({ ...a, password: DEMO_PASSWORD }));
}
