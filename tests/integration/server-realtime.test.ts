import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME, REALTIME_PATH, room } from '../../src-shared/api/realtime';
import { DB_KINDS } from '../support/databases';
import { collectEvents, joinRoom, openSocket } from '../support/realtimeSocket';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import type { RealtimeHub } from '../../src-server/realtime/hub';

/** The real-time channel over a real socket: who may join which room, delivery, replay after a reconnect. */
describe.each(DB_KINDS)('real-time channel on %s', (kind) => {
  let s: TestServer;
  let url: string;
  let w: World;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    s = await startTestServer(kind);
    url = await s.app.listen({ host: '127.0.0.1', port: 0 });
    w = await buildWorld(s.app.ctx);
  });
  afterEach(() => sockets.splice(0).forEach((x) => x.close()));
  afterAll(async () => {
    await s?.close();
  });

  const connect = async (token: string) => {
    const socket = await openSocket(url, token);
    sockets.push(socket);
    return socket;
  };
  const join = joinRoom;
  const received = collectEvents;
  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('refuses a connection without a live session', async () => {
    await expect(connect('not-a-token')).rejects.toThrow('error.unauthorized');
  });

  it('lets members join their team and visible projects, and nobody else', async () => {
    const annotator = await connect(w.users.annotator.token);
    expect(await join(annotator, room('team', w.teamA))).toMatchObject({ ok: true });
    expect(await join(annotator, room('project', w.projectP))).toMatchObject({ ok: true });
    expect((await join(annotator, room('team', w.teamB))).ok).toBe(false);
    expect((await join(annotator, room('project', w.projectQ))).ok).toBe(false);
    expect((await join(annotator, 'nonsense')).ok).toBe(false);
    const vendor = await connect(w.users.vendorAnnotator.token);
    expect(await join(vendor, room('project', w.projectP))).toMatchObject({ ok: true });
    expect((await join(vendor, room('team', w.teamA))).ok).toBe(false);
  });

  it('delivers a published event to the room only', async () => {
    const inP = await connect(w.users.reviewer.token);
    await join(inP, room('project', w.projectP));
    const outsider = await connect(w.users.ownerB.token);
    await join(outsider, room('team', w.teamB));
    const gotP = received(inP);
    const gotB = received(outsider);
    const sent = await s.app.ctx.realtime.publish(room('project', w.projectP), 'project.changed', { projectId: w.projectP, change: 'updated' });
    await until(() => gotP.length > 0);
    expect(gotP).toEqual([sent]);
    expect(gotB).toEqual([]);
  });

  it('tells the whole team when a team call changes something, and no other team', async () => {
    const member = await connect(w.users.annotator.token);
    await join(member, room('team', w.teamA));
    const outsider = await connect(w.users.ownerB.token);
    await join(outsider, room('team', w.teamB));
    const gotA = received(member);
    const gotB = received(outsider);
    const created = await s.call({ method: 'POST', url: '/core/group', token: w.users.owner.token, payload: { name: 'Night shift' } });
    expect(created.body.msg).toBe('ok');
    await until(() => gotA.length > 0);
    expect(gotA.map((m) => [m.type, m.payload])).toEqual([['team.changed', { teamId: w.teamA, call: 'POST /core/group' }]]);
    // A refused call changes nothing and says nothing.
    expect((await s.call({ method: 'POST', url: '/core/group', token: w.users.annotator.token, payload: { name: 'Not allowed' } })).status).toBe(403);
    // Reads sent as POST say nothing either: a client refetching them on the event would loop.
    expect((await s.call({ method: 'POST', url: '/core/vendor/list', token: w.users.owner.token, payload: {} })).body.msg).toBe('ok');
    expect((await s.call({ method: 'POST', url: '/core/performance/summary', token: w.users.owner.token, payload: {} })).body.msg).toBe('ok');
    await new Promise((r) => setTimeout(r, 200));
    expect(gotA).toHaveLength(1);
    expect(gotB).toEqual([]);
  });

  it('tells whoever may read a project when its batches, ontology, members or settings change, and never for a read', async () => {
    const annotator = await connect(w.users.annotator.token);
    expect(await join(annotator, room('project', w.projectP))).toMatchObject({ ok: true });
    const got = received(annotator);
    const parts = () => got.filter((m) => m.type === 'project.part.changed').map((m) => m.payload);
    const batch = await s.call({ method: 'POST', url: '/core/batch', token: w.users.owner.token, payload: { projectId: w.projectP, name: `Live ${Date.now()}` } });
    expect(batch.body.msg).toBe('ok');
    await until(() => parts().length > 0);
    expect(parts()).toEqual([{ projectId: w.projectP, part: 'data', call: 'POST /core/batch' }]);
    // Reads (a list sent as POST, as the New-task drawer asks it) say nothing: a client refetching on the event would loop.
    expect((await s.call({ method: 'POST', url: '/core/batch/list', token: w.users.annotator.token, payload: { projectId: w.projectP, page: 1, pageSize: 10 } })).body.msg).toBe('ok');
    const reason = await s.call({ method: 'POST', url: `/core/project/${w.projectP}/rejectReason/add`, token: w.users.owner.token, payload: { reason: 'Box too loose' } });
    expect(reason.body.msg).toBe('ok');
    await until(() => parts().length > 1);
    expect(parts().map((p) => (p as { part: string }).part)).toEqual(['data', 'settings']);
  });

  it('sends export runs only to those who may export, as the export list', async () => {
    const annotator = await connect(w.users.annotator.token);
    expect((await join(annotator, room('exports', w.projectP))).ok).toBe(false);
    const manager = await connect(w.users.projectManager.token);
    expect(await join(manager, room('exports', w.projectP))).toMatchObject({ ok: true });
    const vendorManager = await connect(w.users.vendorManager.token);
    expect((await join(vendorManager, room('exports', w.projectP))).ok).toBe(false);
  });

  it('tells an invitee of an invitation by mobile in their own room, which nobody else may join', async () => {
    const invitee = await connect(w.users.ownerB.token);
    expect(await join(invitee, room('user', w.users.ownerB.id))).toMatchObject({ ok: true });
    const other = await connect(w.users.annotator.token);
    expect((await join(other, room('user', w.users.ownerB.id))).ok).toBe(false);
    const got = received(invitee);
    const sent = await s.call({ method: 'POST', url: '/core/invite/mobile', token: w.users.owner.token, payload: { mobiles: [w.users.ownerB.mobile], role: 'annotator' } });
    expect(sent.body.msg).toBe('ok');
    await until(() => got.length > 0);
    expect(got.map((m) => [m.type, m.payload])).toContainEqual(['invite.received', { change: 'created' }]);
    const cancelled = await s.call({ method: 'PUT', url: '/core/invite/mobile/cancel', token: w.users.owner.token, payload: { id: sent.body.data[0].id } });
    expect(cancelled.body.msg).toBe('ok');
    await until(() => got.some((m) => m.type === 'invite.received' && (m.payload as { change: string }).change === 'cancelled'));
    expect(got.filter((m) => m.type === 'invite.received').map((m) => m.payload)).toEqual([{ change: 'created' }, { change: 'cancelled' }]);
  });

  it('stops sending a room to whoever lost the way in: removed from the project, a team role lowered, logged out', async () => {
    const v = await buildWorld(s.app.ctx);
    const hub = s.app.ctx.realtime as RealtimeHub;
    const annotator = await connect(v.users.annotator.token);
    expect(await join(annotator, room('project', v.projectP))).toMatchObject({ ok: true });
    expect(await join(annotator, room('team', v.teamA))).toMatchObject({ ok: true });
    const manager = await connect(v.users.manager.token);
    expect(await join(manager, room('exports', v.projectP))).toMatchObject({ ok: true });
    const reviewer = await connect(v.users.reviewer.token);
    expect(await join(reviewer, room('project', v.projectP))).toMatchObject({ ok: true });
    const [gotAnnotator, gotManager, gotReviewer] = [received(annotator), received(manager), received(reviewer)];

    const removed = await s.call({ method: 'DELETE', url: `/core/project/${v.projectP}/member/v2?userIds=${v.users.annotator.id}`, token: v.users.owner.token });
    expect(removed.body.msg).toBe('ok');
    const lowered = await s.call({ method: 'PUT', url: `/core/team/${v.teamA}/member`, token: v.users.owner.token, payload: { userId: v.users.manager.id, role: 'annotator' } });
    expect(lowered.body.msg).toBe('ok');
    await hub.recheck.settled();

    const inProject = await s.app.ctx.realtime.publish(room('project', v.projectP), 'project.changed', { projectId: v.projectP, change: 'updated' });
    const inExports = await s.app.ctx.realtime.publish(room('exports', v.projectP), 'export.changed', { projectId: v.projectP, exportId: 1, status: 'queued', done: 0, total: 1 });
    const inTeam = await s.app.ctx.realtime.publish(room('team', v.teamA), 'team.changed', { teamId: v.teamA, call: 'test' });
    // The reviewer, still a member, hears the project; the annotator only the team they are still in.
    await until(() => gotReviewer.some((m) => m.seq === inProject.seq) && gotAnnotator.some((m) => m.seq === inTeam.seq));
    expect(gotReviewer.map((m) => m.seq)).toContain(inProject.seq);
    expect(gotAnnotator.map((m) => m.seq)).toContain(inTeam.seq);
    expect(gotAnnotator.map((m) => m.seq)).not.toContain(inProject.seq);
    expect(gotManager.map((m) => m.seq)).not.toContain(inExports.seq);
    // Joining again is refused by the same rule.
    expect((await join(annotator, room('project', v.projectP))).ok).toBe(false);

    // A logged-out device is disconnected at once.
    const closed = new Promise<string>((r) => reviewer.once('disconnect', (reason) => r(reason)));
    expect((await s.call({ method: 'POST', url: '/core/user/logout', token: v.users.reviewer.token })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('replays what a client missed while disconnected, in order, and only its rooms', async () => {
    const first = await connect(w.users.owner.token);
    await join(first, room('team', w.teamA));
    const seen = received(first);
    const before = await s.app.ctx.realtime.publish(room('team', w.teamA), 'project.changed', { projectId: w.projectP, change: 'updated' });
    await until(() => seen.length > 0);
    first.close();

    const missed1 = await s.app.ctx.realtime.publish(room('team', w.teamA), 'project.changed', { projectId: w.projectP, change: 'created' });
    await s.app.ctx.realtime.publish(room('team', w.teamB), 'project.changed', { projectId: w.projectQ, change: 'created' });
    const missed2 = await s.app.ctx.realtime.publish(room('team', w.teamA), 'project.changed', { projectId: w.projectP, change: 'deleted' });

    const again = await connect(w.users.owner.token);
    const replayed = received(again);
    // Joining tells the newest position: past everything published so far.
    expect(await join(again, room('team', w.teamA))).toEqual({ ok: true, seq: missed2.seq });
    const ack = await again.emitWithAck(REALTIME.resume, { afterSeq: before.seq });
    expect(ack).toEqual({ ok: true, replayed: 2, complete: true });
    await until(() => replayed.length >= 2);
    expect(replayed).toEqual([missed1, missed2]);
  });
});

describe.each(DB_KINDS)('task rooms on %s', (kind) => {
  let s: TestServer;
  let url: string;
  let w: World;
  let socket: Socket | undefined;
  beforeAll(async () => {
    s = await startTestServer(kind);
    url = await s.app.listen({ host: '127.0.0.1', port: 0 });
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    socket?.close();
    await s?.close();
  });

  it('admits to a task room exactly those who may see the task\'s project', async () => {
    const now = Date.now();
    const task = await s.app.ctx.db
      .insertInto('tasks')
      .values({ project_id: w.projectP, name: 'T1', created_by: w.users.owner.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tryJoin = async (token: string) => {
      socket?.close();
      socket = io(url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
      await new Promise<void>((resolve) => socket!.once('connect', () => resolve()));
      return ((await socket.emitWithAck(REALTIME.join, { room: room('task', task.id) })) as { ok: boolean }).ok;
    };
    expect(await tryJoin(w.users.annotator.token)).toBe(true);
    expect(await tryJoin(w.users.vendorAnnotator.token)).toBe(true);
    expect(await tryJoin(w.users.ownerB.token)).toBe(false);
    expect(await tryJoin(w.users.outsider.token)).toBe(false);
  });
});
