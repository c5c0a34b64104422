import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { RejectReasonsRepository } from '../../src-server/repositories/rejectReasons';
import { NODE_HOST_CALLER_HEADER, NODE_HOST_SECRET_HEADER, type LocalPackage, type PackageContext, type PackageItemView } from '../../src-shared/ipc';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { aiOntology } from '../support/aiFixture';
import { buildTask, type TaskFixture } from '../support/taskFixture';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { freePort, ServerProcess, until, WorkstationProcess } from '../support/processes';
import { stubRendererIn } from '../support/stubRenderer';

const TOKEN_NAME = 'x-annot-token';
const REASON = 'Box misses the wheel';

/**
 * What the page reads of a work package besides `packages.*` (docs/offline-day.md, "Workstation:
 * page reads"): its frames through the browser host's address, the stored context, and who is
 * signed in after a start with the server away. A real team server process (embedded storage:
 * where the frames came from does not change how the page reads them) and the browser host as
 * its own process; SQLite only, the server's database plays no part here.
 */
describe('a work package read by the page', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  let dir: string;
  let rendererDir: string;
  let w: World;
  let t: TaskFixture;
  const workstations: WorkstationProcess[] = [];
  /** the bytes the store holds per object key */
  const stored = new Map<string, Buffer>();

  const signIn = (ws: WorkstationProcess, u: WorldUser, name: string) => ws.invoke('session.set', { tokenName: TOKEN_NAME, tokenValue: u.token, user: { id: u.id, name, mobile: u.mobile } });
  const start = async (name: string) => {
    const ws = await WorkstationProcess.start(path.join(dir, name), server.url, rendererDir);
    workstations.push(ws);
    return ws;
  };
  const step = () => ({ projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId });
  const takeReady = async (ws: WorkstationProcess, size: number) => {
    const p = (await ws.invoke('packages.take', { ...step(), size })) as LocalPackage;
    return until('package ready', () => ws.invoke('packages.status', { packageId: p.packageId }) as Promise<LocalPackage>, (s) => s.state === 'ready', 60_000);
  };
  /** A frame address fetched as the page does (hostFetch): the host's secret and the caller's token in headers. */
  const read = (ws: WorkstationProcess, url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, ws.url), { headers: { [NODE_HOST_SECRET_HEADER]: ws.secret, [NODE_HOST_CALLER_HEADER]: w.users.annotator.token, ...headers } });
  /** A request sent as written, without the URL clean-up fetch does (`..` stays in the path). */
  const rawGet = (ws: WorkstationProcess, rawPath: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const u = new URL(ws.url);
      const req = http.request({ host: u.hostname, port: u.port, path: rawPath, headers: { [NODE_HOST_SECRET_HEADER]: ws.secret, [NODE_HOST_CALLER_HEADER]: w.users.annotator.token } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-pkg-reads-'));
    rendererDir = stubRendererIn(dir);
    db = await freshDatabase('sqlite');
    const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', S3_ENDPOINT: '' }), databaseUrl: db.databaseUrl } });
    try {
      w = await buildWorld(app.ctx);
      await aiOntology(app.ctx, w.projectP, w.users.owner.id);
      t = await buildTask(app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [w.users.annotator.id] }], subjects: 6, framesPerSubject: 2 });
      await new RejectReasonsRepository(app.ctx.db).add({ projectId: w.projectP, reason: REASON, createdBy: w.users.owner.id, now: app.ctx.now() });
      const frames = await app.ctx.db.selectFrom('subject_frames').select(['id', 'object_key']).where('subject_id', 'in', t.subjectIds).execute();
      for (const [i, f] of frames.entries()) {
        const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (i * 37) % 256, g: 90, b: 40 } } }).jpeg().toBuffer();
        await app.ctx.storage.put(f.object_key, jpeg, 'image/jpeg');
        await app.ctx.db.updateTable('subject_frames').set({ size_bytes: jpeg.length }).where('id', '=', f.id).execute();
        stored.set(f.object_key, jpeg);
      }
    } finally {
      await app.close();
    }
    server = new ServerProcess(await freePort(), db);
    await server.start();
  }, 120_000);

  afterAll(async () => {
    for (const ws of workstations) await ws.kill();
    await server?.kill();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a stored frame to its holder\'s page only, by ids, and only once it is on disk whole', async () => {
    const ws = await start('ws-frames');
    await signIn(ws, w.users.annotator, 'Annotator A');
    const p = await takeReady(ws, 2);
    const item = (await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: p.taskSubjectIds[0] })) as PackageItemView;
    const frame = item.frames[0]!;
    expect(frame.url).toBe(`/packages/${p.packageId}/frames/${item.card.taskSubjectId}/${frame.frameId}`);

    // The holder's page gets the stored bytes, typed and sized.
    const ok = await read(ws, frame.url!);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(ok.headers.get('content-length')).toBe(String(stored.get(frame.key)!.length));
    expect(Buffer.from(await ok.arrayBuffer()).equals(stored.get(frame.key)!)).toBe(true);

    // Without the host's secret, or from another site, nothing.
    expect(await read(ws, frame.url!, { [NODE_HOST_SECRET_HEADER]: 'not-the-secret' }).then((r) => r.json())).toMatchObject({ ok: false, error: { code: 'HOST_SECRET_REQUIRED' } });
    expect((await read(ws, frame.url!, { origin: 'http://evil.example' })).status).toBe(403);

    // Another user signed in on this host (another browser): their page is refused the holder's frames; the holder's still reads them.
    await signIn(ws, w.users.reviewer, 'Reviewer A');
    const other = await read(ws, frame.url!, { [NODE_HOST_CALLER_HEADER]: w.users.reviewer.token });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ ok: false, error: { code: 'PACKAGE_OTHER_USER' } });
    expect((await read(ws, frame.url!)).status).toBe(200);
    // The invokes below name no caller: they run as the last session set, the holder's again.
    await signIn(ws, w.users.annotator, 'Annotator A');
    // The reviewer's browser signs out (its page names its token, already dropped from its cookies):
    // that session ends here and is forgotten; the holder's, set last, goes on.
    await ws.invoke('session.clear', { tokenValue: w.users.reviewer.token });
    expect(await ws.invoke('session.restore', { tokenName: TOKEN_NAME, tokenValue: w.users.reviewer.token })).toBeNull();
    expect(((await ws.invoke('packages.list', {})) as LocalPackage[]).map((x) => x.packageId)).toContain(p.packageId);

    // Ids that name nothing here, and paths that try to leave the package folder.
    const answer = async (url: string) => {
      const r = await read(ws, url);
      return { status: r.status, code: ((await r.json()) as { error: { code: string } }).error.code };
    };
    expect(await answer(`/packages/${p.packageId}/frames/${item.card.taskSubjectId}/999999`)).toEqual({ status: 404, code: 'PACKAGE_ITEM_NOT_FOUND' });
    expect(await answer(`/packages/${p.packageId}/frames/${p.taskSubjectIds[1]}/${frame.frameId}`)).toEqual({ status: 404, code: 'PACKAGE_ITEM_NOT_FOUND' });
    expect(await answer(`/packages/999999/frames/${item.card.taskSubjectId}/${frame.frameId}`)).toEqual({ status: 404, code: 'PACKAGE_NOT_FOUND' });
    const base = `/packages/${p.packageId}/frames/${item.card.taskSubjectId}`;
    for (const tried of [`${base}/..%2F..%2F..%2Fpackages.db`, `${base}/../../../packages.db`, `/packages/${p.packageId}/frames/..%2F..%2Fsessions.json/1/2`, `/packages/../packages.db`]) {
      const r = await rawGet(ws, tried);
      expect(r.status, tried).toBeGreaterThanOrEqual(400);
      expect(r.body.toString('latin1'), tried).not.toMatch(/SQLite format 3|tokenHash/);
    }
    expect((await rawGet(ws, `${base}/..%2F..%2F..%2Fpackages.db`)).status).toBe(400);

    // A frame whose file went missing is not on disk whole: 404, and the item no longer offers it until resume fetches it again.
    fs.rmSync(item.frames[1]!.file!);
    expect(await answer(item.frames[1]!.url!)).toEqual({ status: 404, code: 'PACKAGE_FRAME_NOT_READY' });
    const after = (await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: item.card.taskSubjectId })) as PackageItemView;
    expect(after.frames[1]).toMatchObject({ file: null, url: null });
    await ws.invoke('packages.resume', { packageId: p.packageId });
    await until('fetched again', () => ws.invoke('packages.status', { packageId: p.packageId }) as Promise<LocalPackage>, (s) => s.state === 'ready');
    expect((await read(ws, item.frames[1]!.url!)).status).toBe(200);
  }, 120_000);

  it('forgets an item once its hand-off is on the server, pictures too, and a package failed only for that item is ready again', async () => {
    const ws = await start('ws-handed-on');
    await signIn(ws, w.users.annotator, 'Annotator A');
    const p = await takeReady(ws, 2);
    const [broken, kept] = p.taskSubjectIds as [number, number];
    const item = (await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: broken })) as PackageItemView;
    // A picture lost on disk: reading the item finds it, and the package says it failed.
    fs.rmSync(item.frames[0]!.file!);
    await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: broken });
    expect(((await ws.invoke('packages.status', { packageId: p.packageId })) as LocalPackage).state).toBe('failed');

    // The annotator submits it anyway (the media failure screen offers the step actions).
    await ws.invoke('journal.open', { taskSubjectId: broken, serverVersion: item.annotations.version, userId: w.users.annotator.id });
    await ws.invoke('journal.handOff', { taskSubjectId: broken, action: 'submit', activeMs: 1000 });
    // The item leaves first, the package's state follows once the files are gone: wait for both.
    const after = await until('handed on', () => ws.invoke('packages.status', { packageId: p.packageId }) as Promise<LocalPackage>, (s) => !s.taskSubjectIds.includes(broken) && s.state !== 'failed');
    expect(after.taskSubjectIds).toEqual([kept]);
    expect(after.state).toBe('ready');
    expect(fs.existsSync(item.frames[1]!.file!)).toBe(false);
    await expect(ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: broken })).rejects.toThrow(/PACKAGE_ITEM_NOT_FOUND/);
  }, 120_000);

  it('after a restart with the server away, knows the page\'s user by its kept token and answers the package\'s context from disk', async () => {
    let ws = await start('ws-offline');
    await signIn(ws, w.users.annotator, 'Annotator A');
    const p = await takeReady(ws, 1);
    const context = (await ws.invoke('packages.context', { packageId: p.packageId })) as PackageContext;
    expect(context).toMatchObject({ packageId: p.packageId, project: { projectId: w.projectP }, task: { id: t.taskId } });
    expect(context.ontology?.features.map((f) => f.name)).toEqual(['Things', 'Outlines']);
    expect(context.steps.map((s) => s.workflowId)).toContain(step().workflowId);
    expect(context.rejectReasons.map((r) => r.reason)).toContain(REASON);

    await server.kill();
    await ws.kill();
    ws = await start('ws-offline');
    // A token this workstation never saw names nobody; the one the page kept names its user again.
    expect(await ws.invoke('session.restore', { tokenName: TOKEN_NAME, tokenValue: w.users.reviewer.token })).toBeNull();
    expect(await ws.invoke('session.restore', { tokenName: TOKEN_NAME, tokenValue: w.users.annotator.token })).toMatchObject({ user: { id: w.users.annotator.id, name: 'Annotator A', mobile: w.users.annotator.mobile } });
    // The token itself is not on disk: only what finds the user by it.
    const memory = fs.readFileSync(path.join(dir, 'ws-offline', 'sessions.json'), 'utf8');
    expect(memory).not.toContain(w.users.annotator.token);
    // As that user: their packages, the context as stored, the frames through the page's address.
    expect(((await ws.invoke('packages.list', {})) as LocalPackage[]).map((x) => x.packageId)).toEqual([p.packageId]);
    expect(await ws.invoke('packages.context', { packageId: p.packageId })).toEqual(context);
    const item = (await ws.invoke('packages.item', { packageId: p.packageId, taskSubjectId: p.taskSubjectIds[0] })) as PackageItemView;
    expect((await read(ws, item.frames[0]!.url!)).status).toBe(200);

    // Signed out: the workstation forgets whose the token was.
    await ws.invoke('session.clear', {});
    expect(await ws.invoke('session.restore', { tokenName: TOKEN_NAME, tokenValue: w.users.annotator.token })).toBeNull();
  }, 120_000);
});
