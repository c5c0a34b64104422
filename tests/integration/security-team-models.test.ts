import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { aiTask } from '../support/aiFixture';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { matmulBomb, pictureRowsBomb } from '../support/tinyOnnx';
import { eventually } from '../support/eventually';

const until = <T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 240_000) => eventually(what, check, timeoutMs);


/**
 * Issue 30, finding 3, as a team meets it through the server: a team's uploaded model that costs
 * too much is failed for good, with the reason, and the model service is told whose call each
 * one is (tenant) so it can keep teams apart; a team's own service is not told.
 */
describe.each(DB_KINDS)('a team\'s own models, through the server, on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  const owner = () => w.users.owner.token;
  const modelOf = async (modelId: number) => {
    const list = await s.call({ method: 'GET', url: `/core/ai/model/list?projectId=${w.projectP}&tool=box`, token: owner() });
    return list.body.data.find((m: { modelId: number }) => m.modelId === modelId) as { modelId: number; state: string; error: string | null };
  };
  const bring = async (name: string, bytes: Uint8Array) => {
    const fileKey = `dataset/${w.projectP}/models/${name}.onnx`;
    await s.app.ctx.storage.put(fileKey, Buffer.from(bytes), 'application/octet-stream');
    const r = await s.call({ method: 'POST', url: '/core/ai/serve', token: owner(), payload: { projectId: w.projectP, runtime: 'onnx-yolo', name, fileKey, classes: ['person'] } });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return until(`${name} to load or fail`, async () => {
      const m = await modelOf(r.body.data.modelId);
      return m && m.state !== 'loading' ? m : undefined;
    });
  };

  it('fails the probe\'s 1.5 KB bomb before it runs, saying why, and refuses to use it', { timeout: 300_000 }, async () => {
    const bomb = await bring('probe-bomb', matmulBomb());
    expect(bomb.state).toBe('failed');
    expect(bomb.error).toMatch(/\S/);
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png'], subjects: 1 });
    const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
    const detect = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box', modelId: bomb.modelId } });
    expect([detect.status, detect.body.msg]).toEqual([409, 'error.ai.modelNotReady']);
  });

  it('fails a model that is cheap on a blank picture and costly on a real one at its first real call, for everyone after', { timeout: 300_000 }, async () => {
    const sly = await bring('picture-bomb', pictureRowsBomb());
    // Its load check runs on a blank input, where it costs nothing.
    expect(sly.state).toBe('ready');
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png'], subjects: 1 });
    const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
    // A service whose team processes are all taken by other parties (the other files of the suite
    // share it) answers 503 busy: that is "come back", so the call is made again until it is not.
    const ask = async (token: string) => {
      for (let attempt = 1; ; attempt++) {
        const r = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box', modelId: sly.modelId } });
        if (r.status !== 503 || r.body.msg !== 'error.ai.serviceBusy' || attempt === 30) return r;
      }
    };
    const first = await ask(w.users.annotator.token);
    expect([first.status, first.body.msg]).toEqual([422, 'error.ai.modelInvalid']);
    const now = await modelOf(sly.modelId);
    expect(now.state).toBe('failed');
    expect(now.error).toMatch(/\S/);
    const next = await ask(w.users.reviewer.token);
    expect([next.status, next.body.msg]).toEqual([409, 'error.ai.modelNotReady']);
  });

  it('names the team to the operator\'s model service on every call, and to no team\'s own service', async () => {
    // A recording service standing in for both: the operator's (AI_SERVICE_URL) and team B's own.
    const seen: { path: string; body: { tenant?: string } }[] = [];
    const health = { ok: true, service: 'recorder', version: '1', protocol: [1], runningJobs: 0, models: [{ name: 'det', kind: 'detector', runtime: 'builtin', tools: ['box'], classes: ['person'], description: 'records', trainable: false }] };
    const recorder = http.createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (text += c));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        res.setHeader('content-type', 'application/json');
        if (path.endsWith('/health')) return res.end(JSON.stringify(path.startsWith('/team') ? { ...health, models: [{ ...health.models[0], runtime: 'external' }] } : health));
        seen.push({ path, body: JSON.parse(text || '{}') });
        if (path.endsWith('/v1/infer')) return res.end(JSON.stringify({ predictions: [], ms: 1 }));
        res.statusCode = 202;
        res.end('{"accepted":true}');
      });
    });
    await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    const own = await startTestServer(kind, { aiService: { url: base, key: 'recorder-key-0123456789' }, env: { AI_SERVICE_ALLOWED_HOSTS: new URL(base).host } });
    try {
      const ow = await buildWorld(own.app.ctx);
      const a = await aiTask(own.app.ctx, { projectId: ow.projectP, createdBy: ow.users.owner.id, members: projectPlayers(ow), photos: ['astronaut.png'], subjects: 1 });
      const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
      const call = (payload: object) => own.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: ow.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box', ...payload } });
      expect((await call({})).body.code).toBe(200);
      expect((await call({ warm: true })).body.code).toBe(200);
      const team = await own.call({ method: 'POST', url: '/core/ai/serve', token: ow.users.owner.token, payload: { projectId: ow.projectP, runtime: 'external', name: 'Team box', serviceUrl: `${base}/team`, serviceKey: 'team-key-123456', modelName: 'det' } });
      expect(team.body.code, JSON.stringify(team.body)).toBe(200);
      expect((await call({ modelId: team.body.data.modelId })).body.code).toBe(200);
      expect((await call({ modelId: team.body.data.modelId, warm: true })).body.code).toBe(200);
      const tenants = seen.map((x) => [x.path, x.body.tenant ?? null]);
      // The team in this installation: another installation sharing the service has a team of the same id.
      const tenant = `team:${ow.teamA}@${own.app.ctx.installation}`;
      expect(own.app.ctx.installation).toMatch(/^[0-9a-f]{12}$/);
      expect(tenants).toEqual([
        ['/v1/infer', tenant],
        ['/v1/images/warm', tenant],
        ['/team/v1/infer', null],
        ['/team/v1/images/warm', null],
      ]);
      // A warm-up names its model to the operator's service (the built-in segmenter then computes the
      // picture's embedding); a team's service gets the warm-up as before the field existed.
      const warms = seen.filter((x) => x.path.endsWith('/v1/images/warm')).map((x) => (x.body as { model?: unknown }).model ?? null);
      expect(warms).toEqual([{ kind: 'detector', runtime: 'builtin', name: 'det' }, null]);
      // The picture is cached under this installation's name too, as is every picture sent.
      expect(seen.filter((x) => x.path === '/v1/infer').map((x) => (x.body as { image?: { cacheKey?: string } }).image?.cacheKey)).toEqual([expect.stringMatching(new RegExp(`^${own.app.ctx.installation}/dataset/`))]);
    } finally {
      await own.close();
      await new Promise<void>((r) => recorder.close(() => r()));
    }
  });
});
