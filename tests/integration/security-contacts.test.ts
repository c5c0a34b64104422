import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMobile } from '../../src-shared/model/mobile';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldRole } from '../support/world';

/**
 * Member lists are read by every member; full mobile numbers only by those the role table lets
 * see them (team owner and admins; on a project, its team's owner and admins) and by each
 * member for their own number. Everyone else sees 138****8000, as the reports show them.
 * (Before: annotators read every member's full number.)
 */
describe.each(DB_KINDS)("members' mobile numbers on %s", (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  const mobileOf = (userId: number) => Object.values(w.users).find((u) => u.id === userId)!.mobile;
  /** Each listed member's number as the list shows it, against what `role` should see. */
  const check = (role: WorldRole, list: { userId: number; mobile: string }[], seesAll: boolean) => {
    expect(list.length).toBeGreaterThan(1);
    const me = w.users[role].id;
    for (const m of list) {
      const full = mobileOf(m.userId);
      expect([m.userId, m.mobile]).toEqual([m.userId, seesAll || m.userId === me ? full : maskMobile(full)]);
      expect(maskMobile(full)).not.toBe(full);
    }
  };

  it.each([
    ['annotator', false],
    ['reviewer', false],
    ['manager', false],
    ['admin', true],
    ['owner', true],
  ] as const)('the team member list shows full numbers to %s: %s', async (role, seesAll) => {
    const res = await s.call({ method: 'GET', url: '/core/user?pageSize=50', token: w.users[role].token });
    expect(res.status).toBe(200);
    check(role, res.body.data.list, seesAll);
  });

  it('the curator list and a group member list mask numbers for an annotator', async () => {
    const curators = await s.call({ method: 'GET', url: `/core/team/${w.teamA}/project/curator`, token: w.users.annotator.token });
    check('annotator', [...curators.body.data, { userId: w.users.annotator.id, mobile: w.users.annotator.mobile }], false);

    const group = await s.call({ method: 'POST', url: '/core/group', payload: { name: 'Night shift', userIds: [w.users.annotator.id, w.users.reviewer.id, w.users.manager.id] }, token: w.users.owner.token });
    expect(group.status).toBe(200);
    const listed = await s.call({ method: 'GET', url: `/core/group/${group.body.data.groupId}/member`, token: w.users.annotator.token });
    check('annotator', listed.body.data.list, false);
  });

  it.each([
    ['annotator', false],
    ['projectManager', false],
    ['vendorManager', false],
    ['owner', true],
  ] as const)('the project member list shows full numbers to %s: %s', async (role, seesAll) => {
    const res = await s.call({ method: 'GET', url: `/core/project/${w.projectP}/member/list`, token: w.users[role].token });
    expect(res.status).toBe(200);
    check(role, res.body.data.list, seesAll);
  });
});
