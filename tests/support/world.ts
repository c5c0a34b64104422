import type { ServerContext } from '../../src-server/context';
import { hashPassword } from '../../src-server/auth/password';
import { SessionsRepository } from '../../src-server/repositories/sessions';
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
  const now = ctx.now();
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const run = ++seq;
  const stamp = `${process.pid % 1000}${String(run).padStart(4, '0')}`;
  const roles: [WorldRole | 'ownerB' | 'outsider', string][] = [
    ['owner', 'Owner A'], ['admin', 'Admin A'], ['manager', 'Manager A'], ['reviewer', 'Reviewer A'], ['annotator', 'Annotator A'],
    ['projectManager', 'Project manager A'], ['vendorManager', 'Vendor manager'], ['vendorAnnotator', 'Vendor annotator'],
    ['ownerB', 'Owner B'], ['outsider', 'Outsider'],
  ];
  // One transaction, a statement per table: the role table builds a world for every route and
  // role (about 3,000 a run), so each statement and commit saved is seconds of the suite.
  return ctx.db.transaction().execute(async (db) => {
    const mobileOf = (i: number) => `+1${stamp}${String(i).padStart(3, '0')}`;
    const rows = await db
      .insertInto('users')
      .values(roles.map(([, name], i) => ({ mobile: mobileOf(i), name, password_hash: hash, current_team_id: null, created_at: now, updated_at: now })))
      .returning(['id', 'mobile'])
      .execute();
    // RETURNING's row order is not promised (SQLite): match by mobile.
    const idOf = new Map(rows.map((r) => [r.mobile, r.id]));
    const sessions = new SessionsRepository(db);
    const users = {} as World['users'];
    for (const [i, [role]] of roles.entries()) {
      const id = idOf.get(mobileOf(i))!;
      users[role] = { id, mobile: mobileOf(i), token: await sessions.open(id, now) };
    }

    const teamRows = await db
      .insertInto('teams')
      .values([
        { name: `Team A ${stamp}`, owner_id: users.owner.id, created_at: now, updated_at: now },
        { name: `Vendor V ${stamp}`, owner_id: users.vendorManager.id, created_at: now, updated_at: now },
        { name: `Team B ${stamp}`, owner_id: users.ownerB.id, created_at: now, updated_at: now },
      ])
      .returning(['id', 'name'])
      .execute();
    const teamId = (name: string) => teamRows.find((t) => t.name === `${name} ${stamp}`)!.id;
    const [teamA, vendorTeam, teamB] = [teamId('Team A'), teamId('Vendor V'), teamId('Team B')];
    const memberships: [number, WorldRole | 'ownerB', TeamRole][] = [
      [teamA, 'owner', 'owner'], [teamA, 'admin', 'admin'], [teamA, 'manager', 'manager'], [teamA, 'reviewer', 'reviewer'],
      [teamA, 'annotator', 'annotator'], [teamA, 'projectManager', 'annotator'],
      [vendorTeam, 'vendorManager', 'owner'], [vendorTeam, 'vendorAnnotator', 'annotator'], [teamB, 'ownerB', 'owner'],
    ];
    await db
      .insertInto('team_members')
      .values(memberships.map(([team, role, teamRole]) => ({ team_id: team, user_id: users[role].id, role: teamRole, joined_at: now })))
      .execute();
    for (const team of [teamA, vendorTeam, teamB]) {
      const ids = memberships.filter(([t]) => t === team).map(([, role]) => users[role].id);
      await db.updateTable('users').set({ current_team_id: team }).where('id', 'in', ids).execute();
    }

    const vendorId = (
      await db.insertInto('vendors').values({ team_id: teamA, vendor_team_id: vendorTeam, name: 'Vendor V', created_at: now }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const projectRows = await db
      .insertInto('projects')
      .values([
        { team_id: teamA, name: `Project P ${stamp}`, type: 'image', is_vendor: 1, created_by: users.owner.id, created_at: now, updated_at: now },
        { team_id: teamB, name: `Project Q ${stamp}`, type: 'image', is_vendor: 0, created_by: users.ownerB.id, created_at: now, updated_at: now },
      ])
      .returning(['id', 'team_id'])
      .execute();
    const projectP = projectRows.find((p) => p.team_id === teamA)!.id;
    const projectQ = projectRows.find((p) => p.team_id === teamB)!.id;
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
    return { teamA, teamB, vendorTeam, vendorId, projectP, projectQ, users, password: PASSWORD };
  });
}
