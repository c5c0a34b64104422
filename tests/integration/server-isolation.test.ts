import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../src-shared/api/route';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld } from '../support/world';
import { teamSnapshot } from '../support/teamSnapshot';
import { SAMPLE_GROUPS } from '../support/routeSamples';

const samples = Object.entries(SAMPLE_GROUPS).flatMap(([group, g]) =>
  Object.entries(g.samples).map(([key, sample]) => ({ name: `${group}.${key}`, def: g.routes[key] as RouteDef, sample })),
);

/**
 * Two teams: every call that acts on team A or its project, made by team B's owner or by a user
 * in no team, is refused (403 or 404, never success) and leaves team A exactly as it was.
 */
describe.each(DB_KINDS)('team isolation on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each(samples.map((x) => [x.name, x] as const))('%s by another team or an outsider changes nothing of team A', async (_name, x) => {
    for (const intruder of ['ownerB', 'outsider'] as const) {
      const world = await buildWorld(s.app.ctx);
      // Set up as team A's annotator's work: the intruder acts on someone else's task subject.
      const req = await x.sample(world, s.app.ctx, 'annotator');
      // The sample may have created state of its own in team A; the snapshot is taken after it.
      const baseline = await teamSnapshot(s.app.ctx, world.teamA);
      const res = await s.call({ ...req, token: world.users[intruder].token });
      // A call on "my current team" made by team B's owner acts on team B, which is allowed
      // (or refused as bad input when it names team A's users); every other call on team A's
      // things must be refused as not found or forbidden.
      const refusals = x.def.access?.scope === 'currentTeam' ? [200, 400, 403, 404, 409] : [403, 404];
      expect(refusals, `${intruder}: ${res.body.code} ${res.body.msg}`).toContain(res.body.code);
      expect(await teamSnapshot(s.app.ctx, world.teamA)).toEqual(baseline);
    }
  });
});
