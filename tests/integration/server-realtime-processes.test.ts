/**
 * The real-time channel across two server processes on one PostgreSQL (issue 34): a socket on
 * one hears what the other published, access narrowed on one is enforced on the other's sockets,
 * and a logout on one ends the session's sockets on the other. Two apps in this process, each
 * with its own HTTP server, socket.io and LISTEN connection, as two processes behind a balancer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { room, type RealtimeMessage } from '../../src-shared/api/realtime';
import { buildApp } from '../../src-server/app';
import type { RealtimeHub } from '../../src-server/realtime/hub';
import { eventually } from '../support/eventually';
import { collectEvents, joinRoom, openSocket } from '../support/realtimeSocket';
import { multipartForm } from '../support/obsServer';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

const SECRET = 'a1'.repeat(32);

describe('two server processes on one postgres: the real-time channel, signed URLs', () => {
  let a: TestServer;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let w: World;
  let bDir: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Every process signs and checks URLs with the operator's secret (docs/deploy.md).
    a = await startTestServer('postgres', { env: { URL_SIGNING_SECRET: SECRET } });
    urlA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    // The second process: the same database, a data folder of its own.
    bDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-second-process-'));
    b = await buildApp({ config: { ...a.app.ctx.config, dataDir: bDir } });
    urlB = await b.listen({ host: '127.0.0.1', port: 0 });
    w = await buildWorld(a.app.ctx);
    const hubs = [a.app.ctx.realtime, b.ctx.realtime] as RealtimeHub[];
    // Each process's LISTEN connection is up before anything is published.
    await eventually('both processes listening', async () => hubs.every((h) => h.sharedAcrossProcesses !== false) || undefined, 20_000);
  });
  afterEach(() => sockets.splice(0).forEach((x) => x.close()));
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (bDir) fs.rmSync(bDir, { recursive: true, force: true });
  });

  const connect = async (url: string, token: string) => {
    const socket = await openSocket(url, token);
    sockets.push(socket);
    return socket;
  };
  const join = joinRoom;
  const received = collectEvents;
  const heard = (got: RealtimeMessage[], seq: number) => eventually(`event ${seq} heard`, async () => got.some((m) => m.seq === seq) || undefined, 10_000);

  it('delivers an event published on one process to the room\'s sockets on the other, whole, also one too large for a notification', async () => {
    const onB = await connect(urlB, w.users.reviewer.token);
    expect(await join(onB, room('project', w.projectP))).toMatchObject({ ok: true });
    const outsider = await connect(urlB, w.users.ownerB.token);
    expect(await join(outsider, room('team', w.teamB))).toMatchObject({ ok: true });
    const onA = await connect(urlA, w.users.annotator.token);
    expect(await join(onA, room('project', w.projectP))).toMatchObject({ ok: true });
    const [gotB, gotOutsider, gotA] = [received(onB), received(outsider), received(onA)];

    const sent = await a.app.ctx.realtime.publish(room('project', w.projectP), 'project.changed', { projectId: w.projectP, change: 'updated' });
    await heard(gotB, sent.seq);
    await heard(gotA, sent.seq);
    expect(gotB).toEqual([sent]);
    expect(gotA).toEqual([sent]);

    // PostgreSQL takes 8000 bytes a notification: a larger event is read from the log by the other process.
    const large = { projectId: w.projectP, change: 'updated', note: '事件'.repeat(6000) } as unknown as { projectId: number; change: 'updated' };
    const big = await a.app.ctx.realtime.publish(room('project', w.projectP), 'project.changed', large);
    await heard(gotB, big.seq);
    expect(gotB.at(-1)).toEqual(big);
    // the other way round too, and never to a room the socket is not in
    const back = await b.ctx.realtime.publish(room('project', w.projectP), 'project.changed', { projectId: w.projectP, change: 'updated' });
    await heard(gotA, back.seq);
    expect(gotOutsider).toEqual([]);
  });

  it('catches up from the log on what was published while a process\'s database connection for events was gone, and sends nothing twice', async () => {
    const hubs = [a.app.ctx.realtime, b.ctx.realtime] as RealtimeHub[];
    const onB = await connect(urlB, w.users.reviewer.token);
    expect(await join(onB, room('project', w.projectP))).toMatchObject({ ok: true });
    const onA = await connect(urlA, w.users.annotator.token);
    expect(await join(onA, room('project', w.projectP))).toMatchObject({ ok: true });
    const [gotB, gotA] = [received(onB), received(onA)];
    // The database ends both processes' LISTEN connections (a failover, an administrator).
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN annot_realtime%' and pid <> pg_backend_pid()`.execute(a.app.ctx.db);
    await eventually('the loss noticed', async () => hubs.every((h) => !h.sharedAcrossProcesses) || undefined, 10_000);
    const missed = await a.app.ctx.realtime.publish(room('project', w.projectP), 'project.changed', { projectId: w.projectP, change: 'updated' });
    await heard(gotB, missed.seq);
    await eventually('both listening again', async () => hubs.every((h) => h.sharedAcrossProcesses) || undefined, 20_000);
    const next = await a.app.ctx.realtime.publish(room('project', w.projectP), 'project.changed', { projectId: w.projectP, change: 'updated' });
    await heard(gotB, next.seq);
    await heard(gotA, next.seq);
    expect(gotB.map((m) => m.seq)).toEqual([missed.seq, next.seq]);
    expect(gotA.map((m) => m.seq)).toEqual([missed.seq, next.seq]);
  });

  it('stops a socket on the other process hearing a project its user was removed from, and ends a logged-out session\'s sockets there', async () => {
    const v = await buildWorld(a.app.ctx);
    const annotator = await connect(urlB, v.users.annotator.token);
    expect(await join(annotator, room('project', v.projectP))).toMatchObject({ ok: true });
    const reviewer = await connect(urlB, v.users.reviewer.token);
    expect(await join(reviewer, room('project', v.projectP))).toMatchObject({ ok: true });
    const [gotAnnotator, gotReviewer] = [received(annotator), received(reviewer)];

    // Removed on process A; process B checks its sockets' rooms once it hears of it.
    const removed = await a.call({ method: 'DELETE', url: `/core/project/${v.projectP}/member/v2?userIds=${v.users.annotator.id}`, token: v.users.owner.token });
    expect(removed.body.msg).toBe('ok');
    await eventually('the members change heard on B', async () => gotReviewer.some((m) => m.type === 'project.part.changed') || undefined, 10_000);
    await (b.ctx.realtime as RealtimeHub).recheck.settled();
    const after = await a.app.ctx.realtime.publish(room('project', v.projectP), 'project.changed', { projectId: v.projectP, change: 'updated' });
    await heard(gotReviewer, after.seq);
    expect(gotAnnotator.map((m) => m.seq)).not.toContain(after.seq);

    // Logged out through process A: the reviewer's socket on B goes at once.
    const closed = new Promise<string>((r) => reviewer.once('disconnect', (reason) => r(reason)));
    expect((await a.call({ method: 'POST', url: '/core/user/logout', token: v.users.reviewer.token })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('reads a URL signed by one process through another given the same secret, and only then', async () => {
    const key = `dataset/${w.projectP}/shared-secret.png`;
    const form = multipartForm([{ name: 'key', value: key }, { name: 'file', filename: 'f.png', contentType: 'image/png', data: Buffer.from('signed on A') }]);
    expect((await a.call({ method: 'POST', url: '/core/obs/upload', ...form, token: w.users.owner.token })).body.msg).toBe('ok');
    // Both folders hold the object (as one S3 store would for both): only the signature differs.
    const copyObjects = (dir: string) => fs.cpSync(path.join(a.db.dataDir, 'objects'), path.join(dir, 'objects'), { recursive: true });
    copyObjects(bDir);
    const signed = await a.call({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(key)}&expires=60`, token: w.users.annotator.token });
    const u = new URL(signed.body.data.url);
    const onB = await b.inject({ method: 'GET', url: u.pathname + u.search });
    expect(onB.statusCode).toBe(200);
    expect(onB.body).toBe('signed on A');
    // A process whose secret is its own data folder's refuses it.
    const cDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-third-process-'));
    const c = await buildApp({ config: { ...a.app.ctx.config, dataDir: cDir, urlSigningSecret: null } });
    try {
      copyObjects(cDir);
      const onC = await c.inject({ method: 'GET', url: u.pathname + u.search });
      expect(onC.statusCode).toBe(403);
      expect(onC.json().msg).toBe('error.obs.signatureInvalid');
    } finally {
      await c.close();
      fs.rmSync(cDir, { recursive: true, force: true });
    }
  });
});
