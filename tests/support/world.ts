import type { ServerContext } from '../../src-server/context';
import { hashPassword } from '../../src-server/auth/password';
import type { TeamRole } from '../../src-shared/model/permissions';

/** Every role a permission test plays, as a logged-in user of the world. */
export const WORLD_ROLES = [
  'owner', 'admin', 'manager', 'reviewer', 'annotator', // team A's roles
  'projectManager', // team A annotator who manages project P
  'vendorManager', 'vendorAnnotator', // members of vendor team V, which P is shared with
] as const;
export type WorldRole = (typeof WORLD_ROLES)[number];

export interface WorldUser {
  id: number;
  mobile: string;
  token: string;
}

/**
 * A small, complete team setup built straight through the database (fast enough to build one
 * per test case): team A with a member of every role, project P of team A with project members,
 * vendor team V engaged by A with P shared to it, a second team B (with its own project Q) that
 * must stay invisible to A, and an outsider in no team.
 */
export interface World {
  teamA: number;
  teamB: number;
  vendorTeam: number;
  /** vendors.id of V as engaged by A */
  vendorId: number;
  projectP: number;
  projectQ: number;
  users: Record<WorldRole | 'ownerB' | 'outsider', WorldUser>;
  /** The password of every world user. */
  password: string;
}

const PASSWORD = 'world password 1';
let passwordHash: Promise<string> | undefined;
let seq = 0;

export async function buildWorld(ctx: ServerContext): Promise<World> {
  const { db } = ctx;
  const now = ctx.now();
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const run = ++seq;
  const stamp = `${process.pid % 1000}${String(run).padStart(4, '0')}`;

  const makeUser = async (tag: number, name: string): Promise<WorldUser> => {
    const mobile = `+1${stamp}${String(tag).padStart(3, '0')}`;
    const u = await db
      .insertInto('users')
      .values({ mobile, name, password_hash: hash, current_team_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: u.id, mobile, token: await ctx.repos.sessions.open(u.id, now) };
  };
  const makeTeam = async (name: string, ownerId: number) =>
    (await db.insertInto('teams').values({ name: `${name} ${stamp}`, owner_id: ownerId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const join = async (teamId: number, user: WorldUser, role: TeamRole) => {
    await db.insertInto('team_members').values({ team_id: teamId, user_id: user.id, role, joined_at: now }).execute();
    await db.updateTable('users').set({ current_team_id: teamId }).where('id', '=', user.id).execute();
  };
  const makeProject = async (teamId: number, name: string, createdBy: number) =>
    (await db.insertInto('projects').values({ team_id: teamId, name, type: 'image', is_vendor: 0, created_by: createdBy, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;

  const roles: [WorldRole | 'ownerB' | 'outsider', string][] = [
    ['owner', 'Owner A'], ['admin', 'Admin A'], ['manager', 'Manager A'], ['reviewer', 'Reviewer A'], ['annotator', 'Annotator A'],
    ['projectManager', 'Project manager A'], ['vendorManager', 'Vendor manager'], ['vendorAnnotator', 'Vendor annotator'],
    ['ownerB', 'Owner B'], ['outsider', 'Outsider'],
  ];
  const users = {} as World['users'];
  for (const [i, [role, name]] of roles.entries()) users[role] = await makeUser(i, name);

  const teamA = await makeTeam('Team A', users.owner.id);
  for (const [role, teamRole] of [['owner', 'owner'], ['admin', 'admin'], ['manager', 'manager'], ['reviewer', 'reviewer'], ['annotator', 'annotator'], ['projectManager', 'annotator']] as const) {
    await join(teamA, users[role], teamRole);
  }
  const vendorTeam = await makeTeam('Vendor V', users.vendorManager.id);
  await join(vendorTeam, users.vendorManager, 'owner');
  await join(vendorTeam, users.vendorAnnotator, 'annotator');
  const teamB = await makeTeam('Team B', users.ownerB.id);
  await join(teamB, users.ownerB, 'owner');

  const vendorId = (
    await db.insertInto('vendors').values({ team_id: teamA, vendor_team_id: vendorTeam, name: 'Vendor V', created_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const projectP = await makeProject(teamA, `Project P ${stamp}`, users.owner.id);
  await db.updateTable('projects').set({ is_vendor: 1 }).where('id', '=', projectP).execute();
  await db.insertInto('project_vendors').values({ project_id: projectP, vendor_id: vendorId }).execute();
  await db
    .insertInto('project_members')
    .values([
      { project_id: projectP, user_id: users.projectManager.id, role: 'manager', added_at: now },
      { project_id: projectP, user_id: users.reviewer.id, role: 'reviewer', added_at: now },
      { project_id: projectP, user_id: users.annotator.id, role: 'annotator', added_at: now },
      { project_id: projectP, user_id: users.vendorAnnotator.id, role: 'annotator', added_at: now },
    ])
    .execute();
  const projectQ = await makeProject(teamB, `Project Q ${stamp}`, users.ownerB.id);

  return { teamA, teamB, vendorTeam, vendorId, projectP, projectQ, users, password: PASSWORD };
}
