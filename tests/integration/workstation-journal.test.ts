import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { DB_KINDS, freshDatabase, type DbKind, type TestDatabase } from '../support/databases';
import { buildTask } from '../support/taskFixture';
import { buildWorld } from '../support/world';
import { freePort, ServerProcess, until, WorkstationProcess, type Held } from '../support/processes';
import { stubRendererIn } from '../support/stubRenderer';

const TOKEN_NAME = 'x-annot-token';

const box = (id: string, x = 10) => ({ id, featureId: 1, labelId: 'car', tool: 'box', geometry: { x, y: 10, width: 10, height: 8 }, attributes: {}, zIndex: 0, source: 'manual' });

/**
 * A proxy between workstation and server that can hold the server's answer to saves (or to
 * another route): the call is committed on the server, and the workstation never hears so
 * (until it is killed).
 */
class HoldingProxy {
  hold = false;
  /** the route whose answers `hold` holds */
  holdPath = '/annotate/object/v2';
  /** delay before each save is passed on (the sync falls behind the typing) */
  delayMs = 0;
  /** save ids (or, for other routes, the paths) the server committed while their answer was held */
  readonly held: string[] = [];
  private readonly server: http.Server;
  port = 0;
  constructor(private readonly upstream: string) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        if (this.delayMs && req.url?.includes('/annotate/object/v2')) await new Promise((r) => setTimeout(r, this.delayMs));
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
        void fetch(this.upstream + req.url, { method: req.method, headers, ...(body.length ? { body } : {}) }).then(async (up) => {
          const text = await up.text();
          if (this.hold && req.url?.includes(this.holdPath)) {
            this.held.push((JSON.parse(body.toString()) as { saveId?: string }).saveId ?? req.url);
            return; // never answered
          }
          res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
          res.end(text);
        }, () => res.destroy());
      });
    });
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

/**
 * Nothing lost, online or not: edits go to the workstation's journal and reach the team server
 * in the background, through killed workstations, a killed server and someone else's saves.
 */
// On PostgreSQL only (the team server's database; the packages and nothing-lost files run the
// workstation against SQLite): what is under test is the workstation's journal, which the
// server's database does not change; saves, versions and conflicts run on both databases in
// server-annotate.test.ts. The file starts server and workstation processes about 15 times per
// database: both kinds took 150 s of the 30-minute budget (docs/testing.md).
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('annotation journal against a real server on %s', (kind: DbKind) => {
  let db: TestDatabase;
  let server: ServerProcess;
  let dir: string;
  let rendererDir: string;
  const held: Held[] = [];
  const workstations: WorkstationProcess[] = [];

  const api = async (h: Held, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await fetch(`${server.url}/core${url}`, {
      method,
      headers: { [TOKEN_NAME]: h.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope's data as the route answers it
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
  };
  /** What the server has: version and object ids per frame. */
  const onServer = async (h: Held) => {
    const r = await api(h, 'GET', `/annotate?taskSubjectId=${h.taskSubjectId}`);
    const frames = r.body.data.frames as { frameId: number; data: { objects: { id: string; geometry: { x: number } }[] } }[];
    return {
      version: r.body.data.version as number,
      objects: Object.fromEntries(frames.map((f) => [f.frameId, f.data.objects.map((o) => `${o.id}@${o.geometry.x}`).sort()])),
    };
  };
  const saveIds = async (h: Held) => ((await api(h, 'POST', '/task/subject/save/list', { taskSubjectId: h.taskSubjectId, pageSize: 500 })).body.data.list as { saveId: string }[]).map((s) => s.saveId);
  const startWorkstation = async (name: string, serverUrl = server.url) => {
    const ws = await WorkstationProcess.start(path.join(dir, name), serverUrl, rendererDir);
    workstations.push(ws);
    return ws;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-journal-'));
    rendererDir = stubRendererIn(dir);
    db = await freshDatabase(kind);
    // The fixtures are written in-process, then the server runs as its own process on the same database.
    const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: db.databaseUrl } });
    try {
      for (let i = 0; i < 7; i++) {
        const w = await buildWorld(app.ctx);
        const t = await buildTask(app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [w.users.annotator.id] }], subjects: 1, framesPerSubject: 2 });
        const u = w.users.annotator;
        const claim = await app.inject({ method: 'POST', url: '/core/task/subject/claim', headers: { [TOKEN_NAME]: u.token }, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } });
        const card = claim.json<{ data: { taskSubjectId: number; version: number; frameIds: number[] } }>().data;
        held.push({ token: u.token, user: { id: u.id, name: 'Annotator A', mobile: u.mobile }, taskSubjectId: card.taskSubjectId, version: card.version, frames: card.frameIds });
      }
    } finally {
      await app.close();
    }
    server = new ServerProcess(await freePort(), db);
    await server.start();
  });

  afterAll(async () => {
    for (const ws of workstations) await ws.kill();
    await server?.kill();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends edits to the server in the background, coalesced per frame, and the version advances', async () => {
    const h = held[0]!;
    const [f0, f1] = h.frames as [number, number];
    const ws = await startWorkstation('ws-online');
    await ws.signIn(h);
    expect(await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: h.version })).toMatchObject({ state: 'synced', pending: 0, version: h.version, edits: [] });
    for (const e of [
      { frameId: f0, upsert: [box('a'), box('b')] },
      { frameId: f0, remove: ['a'] },
      { frameId: f1, upsert: [box('c')] },
      { frameId: f0, upsert: [box('b', 30)] },
    ]) {
      expect((await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, ...e })).seq).toEqual(expect.any(Number));
    }
    const { version } = await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId });
    const server1 = await onServer(h);
    expect(server1).toEqual({ version, objects: { [f0]: ['b@30'], [f1]: ['c@10'] } });
    // Four edits, at most four saves (consecutive edits of a frame may go as one), at least the three frame runs.
    const saves = await saveIds(h);
    expect(saves.length).toBeGreaterThanOrEqual(3);
    expect(saves.length).toBeLessThanOrEqual(4);
    expect(version).toBe(h.version + saves.length);
    expect(await ws.status(h)).toEqual({ taskSubjectId: h.taskSubjectId, state: 'synced', pending: 0, version });

    // Classification answers go the same way: the frame's last list, next to its objects.
    const answer = (labelId: string) => ({ id: 'cls-7', featureId: 7, labelId, attributes: {}, source: 'manual' });
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f1, classifications: [answer('day')] });
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f1, upsert: [box('d')], classifications: [answer('night')] });
    const answered = await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId });
    const frame1 = (await api(h, 'GET', `/annotate?taskSubjectId=${h.taskSubjectId}&frameIds=${f1}`)).body.data;
    expect(frame1.version).toBe(answered.version);
    expect(frame1.frames[0].data.classifications).toEqual([answer('night')]);
    expect(frame1.frames[0].data.objects.map((o: { id: string }) => o.id).sort()).toEqual(['c', 'd']);

    // A bad edit fails in the renderer's hands at once instead of being refused later.
    expect(await ws.call('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [{ id: 'x' }] })).toMatchObject({ ok: false, error: { code: 'BAD_ARGS' } });
    expect(await ws.call('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('cls-7')], classifications: [answer('day')] })).toMatchObject({ ok: false, error: { code: 'BAD_ARGS' } });
    expect(await ws.invoke('journal.forget', { taskSubjectId: h.taskSubjectId })).toEqual({ ok: true });
    await ws.kill();
  });

  it('loses nothing when the workstation process is killed: right after appends, and after a save committed whose answer never came', async () => {
    const h = held[1]!;
    const [f0, f1] = h.frames as [number, number];
    // 1. Killed right after the last append answered, with the sync behind (the server answers
    // slowly): what was not sent yet is in the journal, and a save may be in flight.
    const slow = new HoldingProxy(server.url);
    await slow.start();
    slow.delayMs = 300;
    let ws = await startWorkstation('ws-killed', slow.url);
    await ws.signIn(h);
    await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: h.version });
    for (let i = 0; i < 12; i++) await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: i % 3 === 2 ? f1 : f0, upsert: [box(`k${i}`, i)] });
    await ws.kill();
    await slow.close();

    ws = await startWorkstation('ws-killed');
    // Before a session nothing can be sent: the journal says so instead of dropping anything.
    expect(await ws.status(h)).toMatchObject({ state: 'offline', pending: expect.any(Number), error: { code: 'JOURNAL_SIGNED_OUT' } });
    expect((await ws.status(h)).pending).toBeGreaterThan(6);
    await ws.signIn(h);
    const synced = await until('journal synced after restart', () => ws.status(h), (s) => s.state === 'synced' && s.pending === 0);
    const first = await onServer(h);
    const want = Array.from({ length: 12 }, (_, i) => [i % 3 === 2 ? f1 : f0, `k${i}@${i}`] as const);
    expect(first.objects[f0]).toEqual(want.filter(([f]) => f === f0).map(([, o]) => o).sort());
    expect(first.objects[f1]).toEqual(want.filter(([f]) => f === f1).map(([, o]) => o).sort());
    expect(first.version).toBe(synced.version);
    let saves = await saveIds(h);
    expect(new Set(saves).size).toBe(saves.length);
    expect(first.version).toBe(h.version + saves.length);
    await ws.kill();

    // 2. Killed after the server committed a save and before its answer arrived: the restart sends
    // the same save id again, the server answers the first result, and no conflict is seen.
    const proxy = new HoldingProxy(server.url);
    await proxy.start();
    try {
      ws = await startWorkstation('ws-killed', proxy.url);
      await ws.signIn(h);
      proxy.hold = true;
      await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('late', 99)] });
      await until('save committed with its answer held', async () => proxy.held.length, (n) => n > 0);
      expect((await onServer(h)).version).toBe(first.version + 1);
      await ws.kill();
      proxy.hold = false;
      ws = await startWorkstation('ws-killed', proxy.url);
      await ws.signIn(h);
      expect(await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId, timeoutMs: 20_000 })).toEqual({ version: first.version + 1 });
    } finally {
      await proxy.close();
    }
    const after = await onServer(h);
    expect(after.version).toBe(first.version + 1);
    expect(after.objects[f0]).toContain('late@99');
    saves = await saveIds(h);
    expect(saves).toHaveLength(new Set(saves).size);
    expect(saves).toContain(proxy.held[0]);
    expect(await ws.status(h)).toMatchObject({ state: 'synced', pending: 0 });
    await ws.kill();
  }, 120_000);

  it('sends a submit made while the server was down after the edits, through a killed workstation, and forgets the item', async () => {
    const h = held[4]!;
    const [f0] = h.frames as [number];
    let ws = await startWorkstation('ws-handoff');
    await ws.signIn(h);
    await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: h.version });
    await server.kill();
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('offline-box')] });
    // What the route would refuse is refused now, in the annotator's hands.
    expect(await ws.call('journal.handOff', { taskSubjectId: h.taskSubjectId, action: 'submit', reasonIds: [1] })).toMatchObject({ ok: false, error: { code: 'BAD_ARGS' } });
    expect(await ws.call('journal.handOff', { taskSubjectId: h.taskSubjectId, action: 'approve' })).toMatchObject({ ok: false, error: { code: 'BAD_ARGS' } });
    expect(await ws.invoke('journal.handOff', { taskSubjectId: h.taskSubjectId, action: 'submit', activeMs: 5000 })).toMatchObject({ handoff: 'submit', pending: 1 });
    await until('journal offline', () => ws.status(h), (st) => st.state === 'offline');
    await ws.kill();

    await server.start();
    ws = await startWorkstation('ws-handoff');
    await ws.signIn(h);
    // Sent and forgotten: the journal knows nothing of the item any more.
    await until('submit sent', () => ws.status(h), (st) => st.state === 'synced' && st.version === 0, 30_000);
    const item = (await api(h, 'GET', `/task/subject/${h.taskSubjectId}`)).body.data;
    expect(item.taskSubject ?? item).toMatchObject({ state: 'done' });
    expect((await onServer(h)).objects[f0]).toEqual(['offline-box@10']);
    await ws.kill();
  }, 120_000);

  it('stops a queued submit the server refuses until the item is opened again, which takes it back', async () => {
    const h = held[5]!;
    const [f0] = h.frames as [number];
    const ws = await startWorkstation('ws-handoff-refused');
    await ws.signIn(h);
    await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: h.version });
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('kept')] });
    const { version } = await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId });
    // From another device the item was set aside meanwhile: a submit of it is what the server refuses.
    const skipped = await api(h, 'POST', '/task/subject/annotate/skip', { taskSubjectId: h.taskSubjectId, version, reason: 'elsewhere' });
    expect(skipped.body.code).toBe(200);
    await ws.invoke('journal.handOff', { taskSubjectId: h.taskSubjectId, action: 'submit' });
    const refused = await until('handoff refused', () => ws.status(h), (st) => st.state === 'refused', 30_000);
    expect(refused).toMatchObject({ handoff: 'submit', error: { code: expect.stringMatching(/^(taskSubject|annotate)\./) } });
    // Opened again, the item is the annotator's to decide on: the refused submit is gone, the edits stay synced.
    const reopened = await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: version + 1 });
    expect(reopened).toMatchObject({ state: 'synced', pending: 0, edits: [] });
    expect(reopened.handoff).toBeUndefined();
    expect((await onServer(h)).objects[f0]).toEqual(['kept@10']);
    await ws.kill();
  }, 120_000);

  it('counts a queued submit the server took while its answer was lost as sent, not refused, after a killed workstation', async () => {
    const h = held[6]!;
    const [f0] = h.frames as [number];
    const proxy = new HoldingProxy(server.url);
    await proxy.start();
    try {
      let ws = await startWorkstation('ws-handoff-lost', proxy.url);
      await ws.signIn(h);
      await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: h.version });
      await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('before-submit')] });
      await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId });
      proxy.holdPath = '/task/subject/annotate/submit';
      proxy.hold = true;
      await ws.invoke('journal.handOff', { taskSubjectId: h.taskSubjectId, action: 'submit', activeMs: 2000 });
      await until('submit taken with its answer held', async () => proxy.held.length, (n) => n > 0);
      const item = (await api(h, 'GET', `/task/subject/${h.taskSubjectId}`)).body.data;
      expect(item.taskSubject ?? item).toMatchObject({ state: 'done' });
      await ws.kill();

      // The restarted journal sends the submit again; the server refuses a second submit of a done item.
      proxy.hold = false;
      ws = await startWorkstation('ws-handoff-lost', proxy.url);
      await ws.signIn(h);
      const settled = await until('hand-off settled', () => ws.status(h), (st) => st.state === 'refused' || (st.state === 'synced' && st.version === 0), 30_000);
      expect(settled).toMatchObject({ state: 'synced', version: 0 });
      expect(settled).not.toHaveProperty('handoff');
      await ws.kill();
    } finally {
      await proxy.close();
    }
    const log = (await api(h, 'GET', `/task/subject/log?taskSubjectId=${h.taskSubjectId}`)).body.data.list as { action: string }[];
    expect(log.filter((e) => e.action === 'submit')).toHaveLength(1);
    expect((await onServer(h)).objects[f0]).toEqual(['before-submit@10']);
  }, 120_000);

  it('keeps working while the team server is killed, and syncs everything once it is back', async () => {
    const h = held[2]!;
    const [f0, f1] = h.frames as [number, number];
    const ws = await startWorkstation('ws-offline');
    await ws.signIn(h);
    await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: h.version });
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('before')] });
    const { version: v1 } = await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId });

    await server.kill();
    for (let i = 0; i < 5; i++) await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: i % 2 ? f1 : f0, upsert: [box(`off${i}`, i)] });
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, remove: ['before'] });
    const offline = await until('journal offline', () => ws.status(h), (s) => s.state === 'offline');
    expect(offline).toMatchObject({ pending: 6, version: v1, error: { code: 'JOURNAL_OFFLINE' } });
    expect(await ws.call('journal.flush', { taskSubjectId: h.taskSubjectId })).toMatchObject({ ok: false, error: { name: 'JournalError', code: 'JOURNAL_OFFLINE' } });

    await server.start();
    // No call from the renderer: the backoff retry finds the server again by itself.
    const synced = await until('journal synced after the server came back', () => ws.status(h), (s) => s.state === 'synced', 30_000);
    const now = await onServer(h);
    expect(now.version).toBe(synced.version);
    expect(now.objects[f0]).toEqual(['off0@0', 'off2@2', 'off4@4']);
    expect(now.objects[f1]).toEqual(['off1@1', 'off3@3']);
    const saves = await saveIds(h);
    expect(new Set(saves).size).toBe(saves.length);
    expect(now.version).toBe(h.version + saves.length);
    await ws.kill();
  }, 120_000);

  it('reports someone else\'s save as a conflict without overwriting it; theirs drops, mine overwrites', async () => {
    const h = held[3]!;
    const [f0] = h.frames as [number];
    const ws = await startWorkstation('ws-conflict');
    await ws.signIn(h);
    await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: h.version });
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('a', 1)] });
    const { version: v1 } = await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId });

    // The same holder on another device saves on top of v1.
    const otherDevice = (baseVersion: number, saveId: string, x: number) =>
      api(h, 'POST', '/annotate/object/v2', { taskSubjectId: h.taskSubjectId, saveId, baseVersion, frameId: f0, upsert: [box('a', x), box('z', x)] });
    const v2 = (await otherDevice(v1, 'other-device-1', 50)).body.data.version as number;
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('a', 2)] });
    const conflict = await until('conflict reported', () => ws.status(h), (s) => s.state === 'conflict');
    expect(conflict).toMatchObject({ pending: 1, version: v1, serverVersion: v2, error: { code: 'annotate.stale' } });
    expect(await onServer(h)).toEqual({ version: v2, objects: { [f0]: ['a@50', 'z@50'], [h.frames[1]!]: [] } });
    expect(await ws.call('journal.flush', { taskSubjectId: h.taskSubjectId })).toMatchObject({ ok: false, error: { code: 'JOURNAL_CONFLICT' } });
    // Loading the task subject again shows the conflict and the edit that waits.
    const reopened = await ws.invoke('journal.open', { taskSubjectId: h.taskSubjectId, serverVersion: v2 });
    expect(reopened).toMatchObject({ state: 'conflict', pending: 1 });
    expect(reopened.edits.map((e: { upsert: { id: string }[] }) => e.upsert[0]!.id)).toEqual(['a']);

    // Theirs: the waiting edit is dropped, the server keeps the other device's objects.
    expect(await ws.invoke('journal.resolve', { taskSubjectId: h.taskSubjectId, keep: 'theirs', serverVersion: v2 })).toMatchObject({ state: 'synced', pending: 0, version: v2 });
    expect((await onServer(h)).objects[f0]).toEqual(['a@50', 'z@50']);

    // Again, and this time mine: the edit is sent on the newer version and overwrites that object only.
    const v3 = (await otherDevice(v2, 'other-device-2', 60)).body.data.version as number;
    await ws.invoke('journal.append', { taskSubjectId: h.taskSubjectId, frameId: f0, upsert: [box('a', 3)] });
    await until('second conflict', () => ws.status(h), (s) => s.state === 'conflict' && s.serverVersion === v3);
    await ws.invoke('journal.resolve', { taskSubjectId: h.taskSubjectId, keep: 'mine', serverVersion: v3 });
    const { version: v4 } = await ws.invoke('journal.flush', { taskSubjectId: h.taskSubjectId });
    expect(v4).toBe(v3 + 1);
    expect((await onServer(h)).objects[f0]).toEqual(['a@3', 'z@60']);
    await ws.kill();
  }, 120_000);
});
