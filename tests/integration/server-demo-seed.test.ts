import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROJECT_NAME, seedDemoTeam } from '../../src-server/seed/demoTeam';

describe.each(DB_KINDS)('demo team seeding on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lets every demo account log in and see the demo project, and seeding twice changes nothing', async () => {
    await seedDemoTeam(s.app.ctx);
    await seedDemoTeam(s.app.ctx);
    for (const a of DEMO_ACCOUNTS) {
      const login = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile: a.mobile, password: DEMO_PASSWORD } });
      expect(login.body.code).toBe(200);
      const token = login.body.data.tokenValue as string;
      const info = await s.call({ method: 'GET', url: '/core/user/info', token });
      expect(info.body.data.name).toBe(a.name);
      const projects = await s.call({ method: 'GET', url: '/core/project', token });
      expect(projects.body.data.total).toBe(1);
      expect(projects.body.data.list[0]).toMatchObject({ projectName: DEMO_PROJECT_NAME, type: 'image', isVendor: false });
    }
    const teams = await s.app.ctx.db.selectFrom('teams').select('id').execute();
    expect(teams).toHaveLength(1);
  });
});
