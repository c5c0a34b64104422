import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

/** Invitations by mobile number: the team invites and cancels, the invitee accepts or declines. */
describe.each(DB_KINDS)('invitations by mobile on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let seq = 0;
  /** A number nobody in this suite has used. */
  const newMobile = () => `+8613${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });
  const fresh = async () => {
    w = await buildWorld(s.app.ctx);
  };
  const invite = (mobiles: string[], token = w.users.owner.token, role = 'reviewer') =>
    s.call({ method: 'POST', url: '/core/invite/mobile', payload: { mobiles, role }, token });
  const box = (token: string, query: Record<string, string> = {}) => s.call({ method: 'GET', url: '/core/invite/mobile', query, token });
  const sent = async (query: Record<string, string> = {}) => (await box(w.users.owner.token, { box: 'sent', ...query })).body.data;
  const answer = (what: 'accept/mobile' | 'mobile/notAccept', id: number, token: string) =>
    s.call({ method: 'POST', url: `/core/invite/${what}`, payload: { id }, token });
  const cancel = (payload: object, token = w.users.owner.token, v2 = false) =>
    s.call({ method: 'PUT', url: `/core/invite/mobile/cancel${v2 ? '/v2' : ''}`, payload, token });

  it('invites numbers, telling apart the invited, members and those already pending', async () => {
    await fresh();
    const stranger = newMobile();
    const r = await invite([w.users.outsider.mobile, stranger, w.users.admin.mobile, stranger]);
    expect(r.body.data).toEqual([
      { mobile: w.users.outsider.mobile, outcome: 'invited', id: expect.any(Number) },
      { mobile: stranger, outcome: 'invited', id: expect.any(Number) },
      { mobile: w.users.admin.mobile, outcome: 'alreadyMember', id: null },
    ]);
    const again = await invite([w.users.outsider.mobile]);
    expect([again.status, again.body.msg]).toEqual([409, 'error.invite.alreadyPending']);
    expect(again.body.data).toEqual([{ mobile: w.users.outsider.mobile, outcome: 'alreadyPending', id: r.body.data[0].id }]);
    expect((await invite([w.users.manager.mobile])).body.msg).toBe('error.invite.alreadyMember');
    expect((await invite([w.users.manager.mobile, stranger])).body.msg).toBe('error.invite.nothingInvited');

    const list = await sent();
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({ teamId: w.teamA, role: 'reviewer', status: 'pending', inviterName: 'Owner A' });
  });

  it('shows the invitee their invitation; accepting joins with the role and switches team', async () => {
    await fresh();
    const id = (await invite([w.users.outsider.mobile])).body.data[0].id;
    const received = await box(w.users.outsider.token);
    expect(received.body.data).toEqual({
      list: [expect.objectContaining({ id, teamName: expect.stringContaining('Team A'), role: 'reviewer', inviterName: 'Owner A', status: 'pending', createdAt: expect.any(Number) })],
      total: 1, page: 1, pageSize: 20,
    });
    // Someone else cannot see it, nor answer it.
    expect((await box(w.users.ownerB.token)).body.data.total).toBe(0);
    const stolen = await answer('accept/mobile', id, w.users.ownerB.token);
    expect([stolen.status, stolen.body.msg]).toEqual([404, 'error.invite.invitationNotFound']);

    const accepted = await answer('accept/mobile', id, w.users.outsider.token);
    expect(accepted.body.data).toEqual({ kind: 'member', teamId: w.teamA, teamName: expect.stringContaining('Team A'), role: 'reviewer' });
    expect((await s.call({ method: 'GET', url: '/core/user/info', token: w.users.outsider.token })).body.data.currentTeamId).toBe(w.teamA);
    expect((await box(w.users.outsider.token)).body.data.total).toBe(0);
    expect((await sent({ status: 'accepted' })).list.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await answer('accept/mobile', id, w.users.outsider.token)).body.msg).toBe('error.invite.invitationNotPending');
    // The newcomer may not look at the team's sent box.
    const forbidden = await box(w.users.outsider.token, { box: 'sent' });
    expect([forbidden.status, forbidden.body.msg]).toEqual([403, 'error.forbidden']);
  });

  it('reaches a number that registers after being invited', async () => {
    await fresh();
    const mobile = newMobile();
    const id = (await invite([mobile])).body.data[0].id;
    await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' } });
    const reg = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code: s.lastSmsCode(mobile), password: 'late comer pw 1' } });
    const token = reg.body.data.tokenValue as string;
    expect((await box(token)).body.data.list.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await answer('accept/mobile', id, token)).body.code).toBe(200);
  });

  it('declines: the team sees it, and it can no longer be accepted', async () => {
    await fresh();
    const id = (await invite([w.users.ownerB.mobile])).body.data[0].id;
    expect((await answer('mobile/notAccept', id, w.users.ownerB.token)).body).toEqual({ code: 200, msg: 'ok', data: null });
    expect((await sent()).list[0]).toMatchObject({ id, status: 'declined' });
    expect((await answer('accept/mobile', id, w.users.ownerB.token)).status).toBe(409);
    expect((await answer('mobile/notAccept', id, w.users.outsider.token)).status).toBe(404);
    // Declined is not pending: the team may invite the number again.
    expect((await invite([w.users.ownerB.mobile])).body.data[0].outcome).toBe('invited');
  });

  it('cancels pending invitations of its own team only, all or none', async () => {
    await fresh();
    const [a, b, c] = (await invite([newMobile(), newMobile(), w.users.outsider.mobile])).body.data.map((o: { id: number }) => o.id);
    const bInvite = (await invite([newMobile()], w.users.ownerB.token)).body.data[0].id;

    expect((await cancel({ id: a })).body.data).toBeNull();
    expect((await cancel({ id: a })).body.msg).toBe('error.invite.invitationNotPending');
    const foreign = await cancel({ id: bInvite });
    expect([foreign.status, foreign.body.msg]).toEqual([404, 'error.invite.invitationNotFound']);
    expect((await cancel({ id: a }, w.users.ownerB.token)).status).toBe(404);

    const mixed = await cancel({ ids: [b, bInvite] }, w.users.owner.token, true);
    expect([mixed.status, mixed.body.data]).toEqual([404, { ids: [bInvite] }]);
    expect((await sent({ status: 'pending' })).total).toBe(2);
    expect((await cancel({ ids: [b, c, c] }, w.users.admin.token, true)).body.code).toBe(200);
    expect((await sent({ status: 'cancelled' })).total).toBe(3);
    expect((await box(w.users.outsider.token)).body.data.total).toBe(0);
    expect((await answer('accept/mobile', c, w.users.outsider.token)).body.msg).toBe('error.invite.invitationNotPending');
    expect((await box(w.users.ownerB.token, { box: 'sent' })).body.data.list[0]).toMatchObject({ id: bInvite, status: 'pending' });
  });

  it('closes a pending invitation when the invitee joins by code instead', async () => {
    await fresh();
    const id = (await invite([w.users.outsider.mobile])).body.data[0].id;
    const { member } = (await s.call({ method: 'GET', url: '/core/invite', token: w.users.owner.token })).body.data;
    expect((await s.call({ method: 'POST', url: '/core/invite/accept/code', payload: { code: member.code }, token: w.users.outsider.token })).body.code).toBe(200);
    expect((await sent()).list[0]).toMatchObject({ id, status: 'accepted' });
    expect((await box(w.users.outsider.token)).body.data.total).toBe(0);
  });

  it('limits a team to 200 invitations a day, refusing a request whole', async () => {
    await fresh();
    const now = s.app.ctx.now();
    const filler = Array.from({ length: 199 }, (_, i) => ({
      team_id: w.teamA, mobile: `+1999${String(i).padStart(6, '0')}`, role: 'annotator', status: 'cancelled', invited_by: w.users.owner.id, created_at: now, updated_at: now,
    }));
    await s.app.ctx.db.insertInto('mobile_invitations').values(filler).execute();
    const over = await invite([newMobile(), newMobile()]);
    expect([over.status, over.body.msg, over.body.data]).toEqual([429, 'error.invite.tooManyInvitations', { limit: 200, remaining: 1 }]);
    expect((await sent({ status: 'pending' })).total).toBe(0);
    expect((await invite([newMobile()])).body.code).toBe(200);
    expect((await invite([newMobile()])).status).toBe(429);
    // Other teams have their own allowance, and a day later team A has its own back.
    expect((await invite([newMobile()], w.users.ownerB.token)).body.code).toBe(200);
    s.advance(24 * 3600 * 1000 + 1000);
    expect((await invite([newMobile()])).body.code).toBe(200);
  });

  it('rejects bad input with 400 and checks who may invite', async () => {
    await fresh();
    const bad = [
      { mobiles: [], role: 'annotator' },
      { mobiles: Array.from({ length: 101 }, () => newMobile()), role: 'annotator' },
      { mobiles: ['not a number'], role: 'annotator' },
      { mobiles: [newMobile()], role: 'owner' },
      { mobiles: [newMobile()] },
      { mobiles: [newMobile()], role: 'annotator', teamId: w.teamB },
    ];
    for (const payload of bad) {
      const r = await s.call({ method: 'POST', url: '/core/invite/mobile', payload, token: w.users.owner.token });
      expect([r.status, r.body.msg]).toEqual([400, 'error.validation']);
    }
    for (const payload of [{ id: 0 }, { id: 'x' }, {}]) expect((await cancel(payload)).status).toBe(400);
    for (const payload of [{ ids: [] }, { ids: [-1] }]) expect((await cancel(payload, w.users.owner.token, true)).status).toBe(400);
    expect((await answer('accept/mobile', 2 ** 31, w.users.outsider.token)).status).toBe(400);
    expect((await box(w.users.owner.token, { box: 'outbox' })).status).toBe(400);
    expect((await box(w.users.owner.token, { box: 'sent', pageSize: '501' })).status).toBe(400);

    expect((await invite([newMobile()], w.users.manager.token)).status).toBe(403);
    expect((await invite([newMobile()], w.users.outsider.token)).body.msg).toBe('error.team.noCurrentTeam');
    expect((await box(w.users.outsider.token, { box: 'sent' })).body.msg).toBe('error.team.noCurrentTeam');
    expect((await box(w.users.annotator.token, { box: 'sent' })).status).toBe(403);
  });
});
