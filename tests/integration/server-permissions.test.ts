import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_PERMISSIONS, TEAM_PERMISSIONS, type ProjectAccessRole, type TeamRole } from '../../src-shared/model/permissions';
import type { RouteDef } from '../../src-shared/api/route';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type WorldRole } from '../support/world';
import { SAMPLE_GROUPS } from '../support/routeSamples';

/** The team role each world user holds in team A (vendor users are not in team A). */
const TEAM_ROLE: Partial<Record<WorldRole, TeamRole>> = {
  owner: 'owner', admin: 'admin', manager: 'manager', reviewer: 'reviewer', annotator: 'annotator', projectManager: 'annotator',
};
/** The effective role each world user has on project P. */
const PROJECT_ROLE: Record<WorldRole, ProjectAccessRole> = {
  owner: 'teamAdmin', admin: 'teamAdmin', manager: 'teamManager', reviewer: 'reviewer', annotator: 'annotator',
  projectManager: 'manager', vendorManager: 'vendorManager', vendorAnnotator: 'annotator',
};

const routesWithAccess = Object.entries(SAMPLE_GROUPS).flatMap(([group, g]) =>
  Object.entries(g.routes)
    .filter(([, def]) => (def as RouteDef).access)
    .map(([key, def]) => ({ name: `${group}.${key}`, key, def: def as RouteDef, sample: g.samples[key] })),
);

/** The role table of src-shared/model/permissions.ts, walked route by route and role by role. */
describe.each(DB_KINDS)('role table on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('has a sample request for every route with an access rule', () => {
    expect(routesWithAccess.filter((r) => !r.sample).map((r) => r.name)).toEqual([]);
  });

  it.each(routesWithAccess.map((r) => [r.name, r] as const))('%s: allowed roles succeed, every other role gets 403', async (_name, r) => {
    const rule = r.def.access!;
    const players = (Object.keys(PROJECT_ROLE) as WorldRole[]).filter((role) => rule.scope === 'project' || rule.scope === 'taskSubject' || TEAM_ROLE[role]);
    const outcomes: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const role of players) {
      const world = await buildWorld(s.app.ctx);
      // Samples of calls on one task subject set it up as this role's work (held by them).
      const req = await r.sample!(world, s.app.ctx, role);
      const res = await s.call({ ...req, token: world.users[role].token });
      outcomes[role] = res.body.code;
      const allowed =
        rule.scope === 'project' || rule.scope === 'taskSubject'
          ? (PROJECT_PERMISSIONS[rule.action] as readonly string[]).includes(PROJECT_ROLE[role])
          : (TEAM_PERMISSIONS[rule.action] as readonly string[]).includes(TEAM_ROLE[role]!);
      expected[role] = allowed ? 200 : 403;
    }
    expect(outcomes).toEqual(expected);
  });
});
