import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import BetterSqlite3 from 'better-sqlite3';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { NODE_HOST_CALLER_HEADER, NODE_HOST_EVENT_MESSAGE, NODE_HOST_SECRET_HEADER, type LocalPackage, type LostExportFile, type LostItem, type PackageItemView, type PackageProgress } from '../../src-shared/ipc';
import { DB_KINDS, freshDatabase, type DbKind, type TestDatabase } from '../support/databases';
import { buildTask, type TaskFixture } from '../support/taskFixture';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { freePort, ServerProcess, until, WorkstationProcess } from '../support/processes';
import { requireSystemEnv } from '../support/runEnv';
import { S3Proxy } from '../support/s3Proxy';
import { dropBucket } from '../support/testBucket';
import { storeNoiseFrames } from '../support/noiseFrames';
import { stubRendererIn } from '../support/stubRenderer';
import { makeFrameNumberVideo } from '../support/frameNumberVideo';

const TOKEN_NAME = 'x-annot-token';
const ROOT = 'tenant-p';
const S3_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_FORCE_PATH_STYLE', 'S3_ROLE_ARN'];
const box = (id: string) => ({ id, featureId: 1, labelId: 'car', tool: 'box', geometry: { x: 12, y: 10, width: 10, height: 8 }, attributes: {}, zIndex: 0, source: 'manual' });

/**
 * Work packages on the workstation (docs/offline-day.md, "Workstation"): a real team server
 * process in S3 mode on Ceph, the browser host as its own process over its HTTP bridge.
 */
// On SQLite only: what is under test is the workstation's side, which the server's database does
// not change; the package routes run on both databases in server-work-packages.test.ts. The
// file starts server and workstation processes a dozen times: both kinds took 215 s.
describe.each(DB_KINDS.filter((k) => k === 'sqlite'))('work packages on the workstation against a real server on %s', (kind: DbKind) => {
  let db: TestDatabase;
  let server: ServerProcess;
  let dir: string;
  let rendererDir: string;
  let admin: S3Client;
  let bucket: string;
  let endpoint: string;
  let w: World;
  let t: TaskFixture;
  const workstations: WorkstationProcess[] = [];
  /** what the store holds per object key (without the root prefix) */
  let stored = new Map<string, Buffer>();

  const api = async (u: WorldUser, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await fetch(`${server.url}/core${url}`, {
      method,
      headers: { [TOKEN_NAME]: u.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope's data as the route answers it
    return (await res.json()) as { code: number; msg: string; data: any };
  };
  const start = async (name: string) => {
    const ws = await WorkstationProcess.start(path.join(dir, name), server.url, rendererDir);
    workstations.push(ws);
    await ws.invoke('session.set', { tokenName: TOKEN_NAME, tokenValue: w.users.annotator.token, user: { id: w.users.annotator.id, name: 'Annotator A', mobile: w.users.annotator.mobile } });
    return ws;
  };
  const step = () => ({ projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId });
  const status = (ws: WorkstationProcess, packageId: number) => ws.invoke('packages.status', { packageId }) as Promise<LocalPackage>;
  /** Every item read back from the workstation's disk, each frame compared with the store's bytes. */
  const expectOnDisk = async (ws: WorkstationProcess, p: LocalPackage) => {
    for (const id of p.taskSubjectIds) {
      const item = (await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: id })) as PackageItemView;
      expect(item).toMatchObject({ packageId: p.packageId, ready: true, card: { taskSubjectId: id }, annotations: { taskSubjectId: id } });
      expect(item.frames.map((f) => f.frameId)).toEqual(item.card.frameIds);
      for (const f of item.frames) expect(fs.readFileSync(f.file!).equals(stored.get(f.key)!), `frame ${f.frameId} of item ${id}`).toBe(true);
    }
  };
  /** The `packages.progress` events the workstation pushes to its page, as the renderer's bridge receives them. */
  const watchProgress = async (ws: WorkstationProcess) => {
    const origin = new URL(ws.url).origin;
    const socket = io(ws.url, { transports: ['websocket'], reconnection: false, auth: { secret: ws.secret }, extraHeaders: { origin } });
    const seen: PackageProgress[] = [];
    socket.on(NODE_HOST_EVENT_MESSAGE, (m: { event: string; payload: PackageProgress }) => {
      if (m.event === 'packages.progress') seen.push(m.payload);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { seen, close: () => socket.close() };
  };
  /** A proxy in front of the gateway that lets `pass` frame GETs through and stalls the rest. */
  const stallingProxy = async (pass: number) => {
    const proxy = new S3Proxy(endpoint);
    let gets = 0;
    proxy.hold = (req) => req.method === 'GET' && ++gets > pass;
    await proxy.start();
    return proxy;
  };

  /**
   * One video whose frames show their numbers (75 frames, H.264), imported through the API into
   * project P (made a frame project) split by 30 frames with 5 of overlap: three items of one
   * file (frames 0-29, 25-54, 50-74); and a task with an annotate step of the annotator over them.
   */
  const splitVideoTask = async () => {
    const serverDb = new BetterSqlite3(path.join(db.dataDir, 'annot.db'));
    serverDb.prepare("UPDATE projects SET type = 'frame' WHERE id = ?").run(w.projectP);
    serverDb.close();
    const file = path.join(dir, 'walk.mp4');
    await makeFrameNumberVideo(file, { frames: 75 });
    const bytes = fs.readFileSync(file);
    const key = `dataset/${w.projectP}/videos/walk.mp4`;
    await admin.send(new PutObjectCommand({ Bucket: bucket, Key: `${ROOT}/${key}`, Body: bytes, ContentType: 'video/mp4' }));
    const subjects = [{ name: 'walk.mp4', recordType: 'video', frames: [{ key, sizeBytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') }] }];
    const batch = await api(w.users.owner, 'POST', '/batch', { projectId: w.projectP, name: 'Camera', subjects, videoSplit: { unit: 'frames', length: 30, overlap: 5 } });
    expect(batch.data, JSON.stringify(batch)).toMatchObject({ created: 3 });
    const task = await api(w.users.owner, 'POST', '/task', {
      projectId: w.projectP,
      name: 'Follow the walkers',
      batchIds: [batch.data.batch.id],
      workflow: { steps: [{ type: 'annotate', memberIds: [w.users.annotator.id] }] },
    });
    expect(task.msg, JSON.stringify(task)).toBe('ok');
    const timesKey = `${key}.times.json`;
    const times = await admin.send(new GetObjectCommand({ Bucket: bucket, Key: `${ROOT}/${timesKey}` }));
    return { taskId: task.data.id as number, workflowId: task.data.steps[0].workflowId as number, key, timesKey, file: bytes, times: Buffer.from(await times.Body!.transformToByteArray()) };
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-packages-'));
    rendererDir = stubRendererIn(dir);
    const env = requireSystemEnv('s3', S3_KEYS);
    endpoint = env.S3_ENDPOINT!;
    bucket = `annot-pkg-${crypto.randomBytes(4).toString('hex')}`;
    admin = new S3Client({ endpoint, region: env.S3_REGION!, forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! } });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    const s3Env = { ...env, S3_BUCKET: bucket, S3_ROOT_PREFIX: ROOT };
    db = await freshDatabase(kind);
    const app = await buildApp({ config: { ...loadConfig({ ...s3Env, DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: db.databaseUrl } });
    try {
      w = await buildWorld(app.ctx);
      t = await buildTask(app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [w.users.annotator.id] }], subjects: 16, framesPerSubject: 2 });
      // Real frames in the store, and the sizes the server answers in its cards are theirs.
      stored = await storeNoiseFrames(app.ctx, admin, bucket, ROOT, t.subjectIds);
    } finally {
      await app.close();
    }
    // A killed server's background duties (the lease sweep) are taken by the next start after 2 s, not 20.
    server = new ServerProcess(await freePort(), db, { ...s3Env, DUTY_LEASE_SECONDS: '2' });
    await server.start();
  }, 120_000);

  afterAll(async () => {
    for (const ws of workstations) await ws.kill();
    await server?.kill();
    await db?.drop();
    if (admin) {
      await dropBucket(admin, bucket);
      admin.destroy();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('downloads a package to ready, resumes it after the workstation is killed mid-download, and opens every item with the server away', async () => {
    let ws = await start('ws-day');
    // The line stalls after two frames: the download is caught half way.
    const proxy = await stallingProxy(2);
    await ws.invoke('storage.setOverrides', { overrides: { endPoint: proxy.url } });
    const taken = (await ws.invoke('packages.take', { ...step(), size: 4 })) as LocalPackage;
    expect(taken).toMatchObject({ state: 'downloading', itemsTotal: 4, filesTotal: 8, projectId: w.projectP, userId: w.users.annotator.id });
    expect(taken.taskSubjectIds).toHaveLength(4);
    // The total is the frames' sizes as the server gave them: 2-megapixel JPEGs of noise.
    expect(taken.bytesTotal).toBeGreaterThan(8 * 500_000);
    const half = await until('two frames on disk', () => status(ws, taken.packageId), (p) => p.filesDone === 2);
    expect(half).toMatchObject({ state: 'downloading', filesTotal: 8 });
    // The frames already on disk, with when they were written: a resume must keep them, not fetch them again.
    const kept = new Map<string, number>();
    for (const id of taken.taskSubjectIds) {
      const item = (await ws.invoke('packages.item', { packageId: taken.packageId, taskSubjectId: id })) as PackageItemView;
      for (const f of item.frames) if (f.file) kept.set(f.file, fs.statSync(f.file).mtimeMs);
    }
    expect(kept.size).toBe(2);
    await ws.kill();
    await proxy.stop();

    // Started again (straight to the gateway): the package goes on from the files on disk.
    ws = await start('ws-day');
    const events = await until('ready after restart', () => status(ws, taken.packageId), (p) => p.state === 'ready', 60_000);
    expect(events).toMatchObject({ filesDone: 8, filesTotal: 8, itemsReady: 4, bytesDone: events.bytesTotal });
    expect(events.bytesTotal).toBe(taken.bytesTotal);
    for (const [file, mtime] of kept) expect(fs.statSync(file).mtimeMs).toBe(mtime);
    await expectOnDisk(ws, events);
    const server1 = await api(w.users.annotator, 'GET', `/task/subject/package/list?projectId=${w.projectP}`);
    expect(server1.data).toEqual([expect.objectContaining({ packageId: taken.packageId, itemCount: 4, state: 'open' })]);

    // The server goes away, and the workstation restarts offline: every item still opens from disk.
    await server.kill();
    await ws.kill();
    ws = await start('ws-day');
    expect((await ws.invoke('packages.list', {})) as LocalPackage[]).toEqual([expect.objectContaining({ packageId: taken.packageId, state: 'ready' })]);
    await expectOnDisk(ws, events);
    // Taking needs the server: refused in words the renderer translates.
    expect(await ws.call('packages.take', step())).toMatchObject({ ok: false, error: { code: 'PACKAGE_OFFLINE' } });

    // An item opened offline works with the journal at the version taken: edits and a submit wait, then reach the server.
    const first = (await ws.invoke('packages.item', { packageId: taken.packageId, taskSubjectId: taken.taskSubjectIds[0] })) as PackageItemView;
    const opened = await ws.invoke('journal.open', { taskSubjectId: first.card.taskSubjectId, serverVersion: first.annotations.version });
    expect(opened).toMatchObject({ edits: [], version: first.annotations.version });
    await ws.invoke('journal.append', { taskSubjectId: first.card.taskSubjectId, frameId: first.frames[0]!.frameId, upsert: [box('offline-1')] });
    await ws.invoke('journal.handOff', { taskSubjectId: first.card.taskSubjectId, action: 'submit', activeMs: 4000 });
    await server.start();
    await ws.invoke('session.set', { tokenName: TOKEN_NAME, tokenValue: w.users.annotator.token, user: { id: w.users.annotator.id, name: 'Annotator A', mobile: w.users.annotator.mobile } });
    await until('submit sent', () => ws.invoke('journal.handoffs', {}) as Promise<unknown[]>, (l) => l.length === 0, 30_000);
    const saved = await api(w.users.annotator, 'GET', `/annotate?taskSubjectId=${first.card.taskSubjectId}`);
    expect(saved.data.frames[0].data.objects.map((o: { id: string }) => o.id)).toEqual(['offline-1']);
    const after = await api(w.users.annotator, 'GET', `/task/subject/package/list?projectId=${w.projectP}`);
    expect(after.data).toEqual([expect.objectContaining({ packageId: taken.packageId, itemCount: 3 })]);
    // Handed on, it leaves the package on the workstation too, with its picture.
    expect((await status(ws, taken.packageId)).taskSubjectIds).toEqual(taken.taskSubjectIds.slice(1));
    await until('its picture deleted', async () => fs.existsSync(first.frames[0]!.file!), (there) => !there);
    await ws.kill();
  }, 240_000);

  it('downloads a split video once for all its items, with its frame times, counts its bytes once, and serves it by ranges', async () => {
    const v = await splitVideoTask();
    const ws = await start('ws-video');
    // Every GET the workstation makes of the store, seen on the way.
    const proxy = new S3Proxy(endpoint);
    await proxy.start();
    try {
      await ws.invoke('storage.setOverrides', { overrides: { endPoint: proxy.url } });
      const p = (await ws.invoke('packages.take', { projectId: w.projectP, taskId: v.taskId, workflowId: v.workflowId, size: 3 })) as LocalPackage;
      // Two files (the video and its times) for three items of 30 frames: counted at the take, each once.
      expect(p).toMatchObject({ itemsTotal: 3, filesTotal: 2, bytesTotal: v.file.length + v.times.length });
      const ready = await until('ready', () => status(ws, p.packageId), (s) => s.state === 'ready', 60_000);
      expect(ready).toMatchObject({ filesDone: 2, filesTotal: 2, itemsReady: 3, bytesDone: v.file.length + v.times.length, bytesTotal: v.file.length + v.times.length });
      const gets = (key: string) => proxy.seen.filter((r) => r.method === 'GET' && decodeURIComponent(r.url.split('?')[0]!).endsWith(`/${ROOT}/${key}`)).length;
      expect({ file: gets(v.key), times: gets(v.timesKey) }).toEqual({ file: 1, times: 1 });

      // Each item names the one copy; the page reads it by ranges from the host, as from the store.
      const items = await Promise.all(p.taskSubjectIds.map(async (id) => (await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: id })) as PackageItemView));
      expect(new Set(items.map((i) => i.video?.file)).size).toBe(1);
      const item = items[0]!;
      expect(item).toMatchObject({ ready: true, frames: [], video: { key: v.key } });
      expect(fs.readFileSync(item.video!.file!).equals(v.file)).toBe(true);
      expect(fs.readFileSync(item.video!.timesFile!).equals(v.times)).toBe(true);
      const read = (url: string, range?: string) =>
        fetch(new URL(url, ws.url), { headers: { [NODE_HOST_SECRET_HEADER]: ws.secret, [NODE_HOST_CALLER_HEADER]: w.users.annotator.token, ...(range ? { range } : {}) } });
      const tail = await read(item.video!.url!, `bytes=${v.file.length - 100}-`);
      expect({ status: tail.status, range: tail.headers.get('content-range') }).toEqual({ status: 206, range: `bytes ${v.file.length - 100}-${v.file.length - 1}/${v.file.length}` });
      expect(Buffer.from(await tail.arrayBuffer()).equals(v.file.subarray(v.file.length - 100))).toBe(true);
      expect((await read(item.video!.url!, `bytes=${v.file.length}-`)).status).toBe(416);
      expect(Buffer.from(await (await read(item.video!.timesUrl!)).arrayBuffer()).equals(v.times)).toBe(true);

      // Given back, the first item leaves the file to the others.
      await ws.invoke('packages.return', { packageId: p.packageId, taskSubjectIds: [item.card.taskSubjectId] });
      expect(fs.existsSync(item.video!.file!)).toBe(true);
      expect(await status(ws, p.packageId)).toMatchObject({ itemsTotal: 2, filesTotal: 2, bytesTotal: v.file.length + v.times.length });
    } finally {
      await proxy.stop();
    }
    await ws.kill();
  }, 120_000);

  it('pauses and resumes a download, and cancel gives the items back on the server', async () => {
    const ws = await start('ws-pause');
    const proxy = await stallingProxy(1);
    const events = await watchProgress(ws);
    try {
      await ws.invoke('storage.setOverrides', { overrides: { endPoint: proxy.url } });
      const p = (await ws.invoke('packages.take', { ...step(), size: 3 })) as LocalPackage;
      await until('one frame on disk', () => status(ws, p.packageId), (s) => s.filesDone === 1);
      const paused = (await ws.invoke('packages.pause', { packageId: p.packageId })) as LocalPackage;
      expect(paused).toMatchObject({ state: 'paused', filesDone: 1, filesTotal: 6 });
      // Paused stays paused: nothing moves while the line is free again.
      proxy.hold = null;
      await new Promise((r) => setTimeout(r, 500));
      expect(await status(ws, p.packageId)).toMatchObject({ state: 'paused', filesDone: 1 });
      expect(await ws.invoke('packages.resume', { packageId: p.packageId })).toMatchObject({ state: 'downloading' });
      const ready = await until('ready after resume', () => status(ws, p.packageId), (s) => s.state === 'ready', 60_000);
      expect(ready.bytesDone).toBe(ready.bytesTotal);
      // The page saw it all: bytes growing while downloading, paused, downloading again, then ready with every byte.
      const mine = await until('ready pushed', async () => events.seen.filter((e) => e.packageId === p.packageId), (l) => l.at(-1)?.state === 'ready');
      const states = mine.map((e) => e.state).filter((st, i, l) => st !== l[i - 1]);
      expect(states).toEqual(['downloading', 'paused', 'downloading', 'ready']);
      expect(mine.at(-1)).toMatchObject({ filesDone: 6, filesTotal: 6, itemsReady: 3, bytesDone: ready.bytesTotal });
      const bytes = mine.map((e) => e.bytesDone);
      expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
      await expectOnDisk(ws, ready);

      // Cancel: a second package stalls half way and is given back whole.
      proxy.hold = (req) => req.method === 'GET';
      const q = (await ws.invoke('packages.take', { ...step(), size: 2 })) as LocalPackage;
      const cancelled = await ws.invoke('packages.cancel', { packageId: q.packageId });
      const byId = (a: number, b: number) => a - b;
      expect({ ...cancelled, returnedIds: [...cancelled.returnedIds].sort(byId) }).toEqual({ returnedIds: [...q.taskSubjectIds].sort(byId), startedIds: [], package: null });
      expect(await ws.call('packages.status', { packageId: q.packageId })).toMatchObject({ ok: false, error: { code: 'PACKAGE_NOT_FOUND' } });
      expect(fs.existsSync(path.join(dir, 'ws-pause', 'packages', String(q.packageId)))).toBe(false);
      const onServer = (await api(w.users.annotator, 'GET', `/task/subject/package/list?projectId=${w.projectP}`)).data as { packageId: number }[];
      expect(onServer.map((x) => x.packageId)).not.toContain(q.packageId);
      // The items are back in the queue: the next take gets them again.
      const again = (await ws.invoke('packages.take', { ...step(), size: 2 })) as LocalPackage;
      expect([...again.taskSubjectIds].sort(byId)).toEqual([...q.taskSubjectIds].sort(byId));
    } finally {
      events.close();
      await proxy.stop();
    }
    await ws.kill();
  }, 240_000);

  it('lists the items a lapsed lease gave back as lost, with the offline edit in their exported copy, and keeps the started one', async () => {
    let ws = await start('ws-lapse');
    const p = (await ws.invoke('packages.take', { ...step(), size: 4 })) as LocalPackage;
    await until('ready', () => status(ws, p.packageId), (s) => s.state === 'ready', 60_000);
    const [startedId, editedId, ...untouched] = p.taskSubjectIds as [number, number, number, number];
    const open = async (id: number) => {
      const item = (await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: id })) as PackageItemView;
      await ws.invoke('journal.open', { taskSubjectId: id, serverVersion: item.annotations.version });
      return item;
    };
    // Started: an edit the server accepted.
    const started = await open(startedId);
    await ws.invoke('journal.append', { taskSubjectId: startedId, frameId: started.card.frameIds[0], upsert: [box('kept-1')] });
    await ws.invoke('journal.flush', { taskSubjectId: startedId });
    // The server goes away; an edit on another item waits in the journal, and the workstation stops too.
    await server.kill();
    const edited = await open(editedId);
    await ws.invoke('journal.append', { taskSubjectId: editedId, frameId: edited.card.frameIds[0], upsert: [box('offline-lost')] });
    await ws.kill();
    // Meanwhile the lease runs out; the server, started again, takes the sweep the killed one held (DUTY_LEASE_SECONDS) and gives back what was not started.
    const serverDb = new BetterSqlite3(path.join(db.dataDir, 'annot.db'));
    serverDb.prepare('UPDATE work_packages SET expires_at = ? WHERE id = ?').run(Date.now() - 60_000, p.packageId);
    serverDb.close();
    await server.start();
    await until('lapsed on the server', () => api(w.users.annotator, 'GET', `/task/subject/package/list?projectId=${w.projectP}`), (r) =>
      (r.data as { packageId: number; state: string }[]).some((x) => x.packageId === p.packageId && x.state === 'lapsed'),
    );

    // The workstation comes back: the three unstarted items are lost, the started one stays.
    ws = await start('ws-lapse');
    const lost = await until('lost listed', () => ws.invoke('packages.lost', {}) as Promise<LostItem[]>, (l) => l.length === 3, 30_000);
    expect(lost.map((l) => l.taskSubjectId).sort((a, b) => a - b)).toEqual([editedId, ...untouched].sort((a, b) => a - b));
    expect(lost.every((l) => l.reason === 'lapsed' && l.packageId === p.packageId && l.subjectName !== '')).toBe(true);
    expect(lost.find((l) => l.taskSubjectId === editedId)).toMatchObject({ edits: 1 });
    expect((await status(ws, p.packageId)).taskSubjectIds).toEqual([startedId]);
    // Their frames are gone from disk (the server's copy is the truth) and their journal sends nothing more.
    for (const f of edited.frames) expect(fs.existsSync(f.file!)).toBe(false);
    for (const f of started.frames) expect(fs.existsSync(f.file!)).toBe(true);
    expect(await ws.invoke('journal.status', { taskSubjectId: editedId })).toMatchObject({ state: 'synced', pending: 0 });

    // The export holds the item as last typed.
    const { downloadsDir } = (await ws.invoke('app.info', {})) as { downloadsDir: string };
    const file = path.join(downloadsDir, 'lost.json');
    expect(await ws.invoke('packages.lostExport', { file })).toMatchObject({ file, items: 3 });
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as LostExportFile;
    expect(exported).toMatchObject({ format: 'annot.lostWithLease', version: 1 });
    const copy = exported.items.find((i) => i.taskSubjectId === editedId)!;
    expect(copy.annotations.frames.find((f) => f.frameId === edited.card.frameIds[0])!.data.objects.map((o) => o.id)).toEqual(['offline-lost']);

    // On the server the unstarted items are back in the queue; the started one is still the holder's.
    for (const id of [editedId, ...untouched]) expect((await api(w.users.annotator, 'GET', `/task/subject/${id}`)).data).toMatchObject({ state: 'pending', holderId: null });
    expect((await api(w.users.annotator, 'GET', `/task/subject/${startedId}`)).data).toMatchObject({ holderId: w.users.annotator.id });
    // Dismissed, a copy is gone.
    await ws.invoke('packages.lostDismiss', { ids: [lost[0]!.lostId] });
    expect(await ws.invoke('packages.lost', {})).toHaveLength(2);
    await ws.kill();
  }, 240_000);
});
