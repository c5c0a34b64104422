import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/password';
import type { TeamRole } from '../repositories/teams';
import { DEMO_PROJECT, say, type DemoLanguage } from './demoContent';
import { seedDemoProject, type DemoProjectOutcome } from './demoProject';

/** The demo team `npm start` seeds, so a new user can log in and work at once. */
export const DEMO_TEAM_NAME = 'Demo Team 演示团队';
export const DEMO_PASSWORD = 'demo12345';
export const DEMO_ACCOUNTS: readonly { role: TeamRole; mobile: string; name: string }[] = [
  { role: 'owner', mobile: '13800000001', name: 'Demo Owner 演示负责人' },
  { role: 'annotator', mobile: '13800000002', name: 'Demo Annotator 演示标注员' },
  { role: 'reviewer', mobile: '13800000003', name: 'Demo Reviewer 演示审核员' },
];
/** The demo project's name when the content is in both languages (the default). */
export const DEMO_PROJECT_NAME = say(DEMO_PROJECT.name, 'both');

export interface SeededAccount {
  role: TeamRole;
  mobile: string;
  name: string;
  password: string;
}

/** What a seeding run answers: the accounts to log in with, and what it did to the demo project. */
export interface DemoSeed {
  accounts: SeededAccount[];
  project: DemoProjectOutcome;
}

export interface DemoSeedOptions {
  /** the language of the demo project's content (DEMO_LANGUAGE; default both) */
  language?: DemoLanguage;
  /** the pictures of the demo project (default resources/demo-images) */
  imagesDir?: string;
}

/**
 * Creates the demo team and its three accounts once (running it again changes nothing and
 * answers the same accounts), then the demo project with its content (seedDemoProject, once
 * per database). Accounts and team are made with the repositories because signing up through
 * the API needs SMS codes; everything inside the team goes through the API.
 */
export async function seedDemoTeam(app: FastifyInstance, opts: DemoSeedOptions = {}): Promise<DemoSeed> {
  const { users, teams } = app.ctx.repos;
  const now = app.ctx.now();
  let teamId = await teams.findByName(DEMO_TEAM_NAME);
  const teamIsNew = teamId === undefined;
  const ids: number[] = [];
  for (const a of DEMO_ACCOUNTS) {
    // Hashed only for an account still to be made: Argon2 is slow on purpose.
    const user = (await users.findByMobile(a.mobile)) ?? (await users.create({ mobile: a.mobile, name: a.name, passwordHash: await hashPassword(DEMO_PASSWORD), now }));
    if (!user) throw new Error(`could not create demo account ${a.mobile}`);
    ids.push(user.id);
  }
  if (teamId === undefined) {
    teamId = await teams.create({ name: DEMO_TEAM_NAME, ownerId: ids[0]!, now });
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      await teams.addMember(teamId, ids[i]!, a.role, now);
      await users.setCurrentTeam(ids[i]!, teamId, now);
    }
  }
  const idOf = (role: TeamRole) => ids[DEMO_ACCOUNTS.findIndex((a) => a.role === role)]!;
  const project = await seedDemoProject(app, {
    teamId,
    teamIsNew,
    ownerId: idOf('owner'),
    annotatorId: idOf('annotator'),
    reviewerId: idOf('reviewer'),
    language: opts.language ?? 'both',
    ...(opts.imagesDir ? { imagesDir: opts.imagesDir } : {}),
  });
  return { accounts: DEMO_ACCOUNTS.map((a) => ({ ...a, password: DEMO_PASSWORD })), project };
}
