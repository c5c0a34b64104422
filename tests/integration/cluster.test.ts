/**
 * Issue 34: the team server as a cluster, as an operator runs it (docs/deploy.md): three
 * processes (`npm run server`) on one PostgreSQL database and one Ceph S3 bucket, behind HAProxy
 * (scripts/lib/cluster.ts). Through the balancer only: a socket hears what any process
 * published; the sign-in limit counts guesses whichever process took them; an export whose
 * process is killed outright midway is finished by another; a killed process is taken out by the
 * balancer, no request after that fails, and its background duties pass to a live one. The processes reach Ceph through a proxy that can
 * hold requests (tests/support/s3Proxy.ts), so an export can be caught while it runs.
 */
import crypto from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { room } from '../../src-shared/api/realtime';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { startCluster, type Cluster, type ClusterProcess } from '../../scripts/lib/cluster';
import { DutiesRepository } from '../../src-server/repositories/duties';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { eventually } from '../support/eventually';
import { collectEvents, joinRoom, openSocket } from '../support/realtimeSocket';
import { requireSystemEnv } from '../support/runEnv';
import { dropBucket } from '../support/testBucket';
import { S3Proxy } from '../support/s3Proxy';
import { buildWorld, type World } from '../support/world';

const S3_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_FORCE_PATH_STYLE', 'S3_ROLE_ARN'];

describe('three server processes behind HAProxy, on PostgreSQL and Ceph', () => {
  let db: TestDatabase;
  let cluster: Cluster;
  let w: World;
  let admin: S3Client;
  let bucket: string;
  let proxy: S3Proxy;
  let seeder: Awaited<ReturnType<typeof buildApp>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    const env = requireSystemEnv('s3', S3_KEYS);
    bucket = `annot-cluster-${crypto.randomBytes(4).toString('hex')}`;
    admin = new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION!, forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! } });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    proxy = new S3Proxy(env.S3_ENDPOINT!);
    await proxy.start();
    const s3 = { ...env, S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` };
    // The team, its people and project, written through the same code on the same database; kept open to read the database.
    seeder = await buildApp({ config: { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...s3 }), databaseUrl: db.databaseUrl } });
    w = await buildWorld(seeder.ctx);
    // It only reads: the background duties are the cluster's to share.
    await seeder.duties.close();
    // An export not heard of for 2 s is taken over (60 s by default).
    // A duty whose process is not heard of for 2 s is taken over too (20 s by default).
    cluster = await startCluster({ processes: 3, databaseUrl: db.databaseUrl!, s3, env: { EXPORT_LEASE_SECONDS: '2', DUTY_LEASE_SECONDS: '2' } });
  }, 180_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await cluster?.stop();
    await seeder?.close();
    await proxy?.stop();
    if (admin && bucket) await dropBucket(admin, bucket).catch(() => undefined);
    await db?.drop();
  }, 60_000);

  const call = async (token: string | null, method: string, p: string, body?: unknown) => {
    const res = await fetch(`${cluster.url}/core${p}`, { method, headers: { ...(token ? { 'x-annot-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('delivers to a socket on one process the project changes that every process made', async () => {
    const socket = await openSocket(cluster.url, w.users.reviewer.token);
    sockets.push(socket);
    expect(await joinRoom(socket, room('project', w.projectP))).toMatchObject({ ok: true });
    const got = collectEvents(socket);
    // Six changes, balanced over the three processes request by request: at least four served by a process the socket is not on.
    for (let i = 0; i < 6; i++) {
      const r = await call(w.users.owner.token, 'POST', `/project/${w.projectP}/rejectReason/add`, { reason: `Cluster reason ${i}` });
      expect(r.body.msg).toBe('ok');
    }
    await eventually('six changes heard', async () => got.filter((m) => m.type === 'project.part.changed').length >= 6 || undefined, 15_000);
    expect(new Set(got.map((m) => m.seq)).size).toBe(got.length);
  });

  it('counts wrong passwords together whichever process took them', async () => {
    // The account's limit is 10 in a quarter hour (src-server/auth/limits.ts); the balancer spreads the 11 over the three.
    const msgs: string[] = [];
    for (let i = 0; i < 11; i++) msgs.push((await call(null, 'POST', '/user/login/mobile', { mobile: w.users.annotator.mobile, password: `wrong guess ${i}` })).body.msg);
    expect(msgs).toEqual([...Array<string>(10).fill('error.user.invalidCredentials'), 'error.user.passwordLocked']);
  });

  it('finishes an export on another process when the one running it is killed midway', async () => {
    // The export's upload to the store is held: the run stays running, its lease renewed.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    proxy.gate = (req) => ((req.url ?? '').includes('/export/') ? held : undefined);
    try {
      const started = await call(w.users.owner.token, 'POST', '/export', { projectId: w.projectP, format: 'coco' });
      expect(started.body.msg).toBe('ok');
      const id = started.body.data.id as number;
      const row = () => seeder.ctx.db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const running = await eventually('the export running', async () => {
        const r = await row();
        return r.status === 'running' && r.runner_id ? r : undefined;
      }, 30_000);
      // runner ids are `<host>-<pid>-<random>`: the process that holds it
      const runner = cluster.processes.find((p) => running.runner_id!.includes(`-${p.child.pid}-`))!;
      expect(runner).toBeDefined();
      runner.child.kill('SIGKILL');
      await runner.exited;
      release();
      const done = await eventually('the export done', async () => {
        const r = await row();
        return r.status === 'done' || r.status === 'failed' ? r : undefined;
      }, 60_000);
      // the second attempt, by a process still alive: the first was the killed one's
      expect(done).toMatchObject({ status: 'done', attempts: 2 });
      // Through the balancer, the project's export list says so too.
      const progress = await call(w.users.owner.token, 'POST', '/export/progress', { projectId: w.projectP, ids: [id] });
      expect(progress.body.data.list[0]).toMatchObject({ id, status: 'done' });
    } finally {
      release();
      proxy.gate = null;
    }
  });

  it('takes a killed process out, answers every request after, none lost, and hands its duties to a live one', async () => {
    const isAlive = (p: ClusterProcess) => p.child.exitCode === null && p.child.signalCode === null;
    const alive = cluster.processes.filter(isAlive);
    const heldBy = (holder: string, ps: ClusterProcess[]) => ps.some((p) => holder.includes(`-${p.child.pid}-`));
    const duties = new DutiesRepository(seeder.ctx.db);
    // Every background duty (sweeps, health checks, the pyramid catch-up) held by a live process of the cluster.
    const held = await eventually('every duty held by a live process', async () => {
      const rows = await duties.all();
      return rows.length === 5 && rows.every((d) => heldBy(d.holder, alive.filter(isAlive)) && d.heldUntil > Date.now()) ? rows : undefined;
    }, 30_000);
    const victim = alive.find((p) => held.some((d) => heldBy(d.holder, [p])))!;
    const theirs = held.filter((d) => heldBy(d.holder, [victim])).map((d) => d.name);
    victim.child.kill('SIGKILL');
    await victim.exited;
    // The balancer's check finds it gone within a second or two; refused connections meanwhile go to another process.
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await call(w.users.owner.token, 'GET', `/project/${w.projectP}`)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    const survivors = alive.filter((p) => p !== victim);
    const left = survivors.map((p) => `s${p.index}`);
    await eventually('the balancer has only the live servers up', async () => ((await cluster.serversUp()).length === left.length ? true : undefined), 15_000);
    expect((await cluster.serversUp()).sort()).toEqual(left.sort());
    // Its duties lapse (DUTY_LEASE_SECONDS) and a live process takes each of them.
    const taken = await eventually("the killed process's duties held by a live one", async () => {
      const rows = (await duties.all()).filter((d) => theirs.includes(d.name));
      return rows.every((d) => heldBy(d.holder, survivors)) ? rows : undefined;
    }, 30_000);
    expect(taken.map((d) => d.name).sort()).toEqual([...theirs].sort());
  });
});
