import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { room } from '../../src-shared/api/realtime';
import { collectEvents, joinRoom, openSocket } from '../support/realtimeSocket';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { eventually } from '../support/eventually';
import { buildWorld, type World } from '../support/world';

/** Project changes reach open screens live, and a project's type is fixed once it has data. */
describe.each(DB_KINDS)('project changes on %s', (kind) => {
  let s: TestServer;
  let url: string;
  let w: World;
  let socket: Socket;
  beforeAll(async () => {
    s = await startTestServer(kind);
    url = await s.app.listen({ host: '127.0.0.1', port: 0 });
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    socket?.close();
    await s?.close();
  });

  it('announces a renamed project to the members watching the team', async () => {
    socket = await openSocket(url, w.users.manager.token);
    expect(await joinRoom(socket, room('team', w.teamA))).toMatchObject({ ok: true });
    const got = collectEvents(socket);

    const r = await s.call({ method: 'PUT', url: `/core/project/${w.projectP}`, token: w.users.owner.token, payload: { projectName: 'Renamed P' } });
    expect(r.body.code).toBe(200);
    await eventually('the change heard', () => got.length > 0);
    expect(got.map((m) => [m.room, m.type, m.payload])).toEqual([[room('team', w.teamA), 'project.changed', { projectId: w.projectP, change: 'updated' }]]);
  });

  it('refuses to change the type of a project that has subjects', async () => {
    const ok = await s.call({ method: 'PUT', url: `/core/project/${w.projectP}`, token: w.users.owner.token, payload: { type: 'frame' } });
    expect(ok.body.data.type).toBe('frame');
    const now = Date.now();
    const batch = await s.app.ctx.db
      .insertInto('batches')
      .values({ project_id: w.projectP, name: 'b1', created_by: w.users.owner.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.app.ctx.db
      .insertInto('subjects')
      .values({ project_id: w.projectP, batch_id: batch.id, name: 'cat.png', record_type: 'frame', frame_count: 1, content_hash: 'a'.repeat(64), created_by: w.users.owner.id, created_at: now })
      .execute();
    const locked = await s.call({ method: 'PUT', url: `/core/project/${w.projectP}`, token: w.users.owner.token, payload: { type: 'image' } });
    expect(locked.body).toMatchObject({ code: 409, msg: 'error.project.typeLocked' });
    const detail = await s.call({ method: 'GET', url: `/core/project/${w.projectP}`, token: w.users.owner.token });
    expect(detail.body.data.type).toBe('frame');
  });
});
