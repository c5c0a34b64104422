import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { aiTask } from '../support/aiFixture';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { WARMUPS_PER_USER } from '../../src-server/ai/limits';

const MiB = 1024 * 1024;

/**
 * Sends a callback of `declared` bytes with a made-up token over real HTTP, writing only its
 * first MiB, and answers the status the server gave while the rest was still unsent (or the
 * error if it never answered before `waitMs`). A server that reads the body before the token
 * cannot answer then: it is still waiting for the other 30 MiB.
 */
function partialCallback(base: string, declared: number, waitMs = 20_000): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${base}/core/ai/notify/predict`);
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': declared, authorization: `Bearer ${'a1'.repeat(32)}` } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('the server did not answer while the body was unfinished'));
    }, waitMs);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
      });
    });
    // The socket may be closed under us once the refusal is sent: that is the point.
    req.on('error', () => undefined);
    req.write(`{"jobId":"1.1","seq":1,"state":"running","done":0,"total":1,"results":[{"key":"${'x'.repeat(MiB)}`);
  });
}

/**
 * Issue 30, findings 6 and 11: callbacks that do not hold a job's token, other teams' jobs, and
 * prompts a model cannot use.
 */
describe.each(DB_KINDS)('AI callbacks and prompts, on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let base: string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    base = await s.app.listen();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('refuses a forged callback from its headers, before reading its body', async () => {
    const r = await partialCallback(base, 31 * MiB);
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body).msg).toBe('error.ai.badCallbackToken');
    // It hangs up rather than reading the rest to keep the connection.
    expect(r.connection).toBe('close');
  });

  it('answers another team\'s job as not found, running or finished, never as finished', async () => {
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), subjects: 1 });
    const start = await s.call({ method: 'POST', url: '/core/ai/predict', token: w.users.owner.token, payload: { projectId: w.projectP, taskSubjectIds: a.t.taskSubjectIds } });
    const jobId = start.body.data.jobId as number;
    const strangers = async () => {
      const out: [number, string][] = [];
      for (const url of ['/core/ai/predict/cancel', '/core/ai/train/terminate']) {
        for (const projectId of [w.projectQ, w.projectP]) {
          const r = await s.call({ method: 'POST', url, token: w.users.ownerB.token, payload: { projectId, jobId } });
          out.push([r.status, r.body.msg]);
        }
      }
      return out;
    };
    const whileRunning = await strangers();
    expect(whileRunning.every(([status]) => status === 404), JSON.stringify(whileRunning)).toBe(true);
    const cancel = await s.call({ method: 'POST', url: '/core/ai/predict/cancel', token: w.users.owner.token, payload: { projectId: w.projectP, jobId } });
    expect(cancel.body.data.state).toBe('cancelled');
    expect(await strangers()).toEqual(whileRunning);
  });

  it('checks a prompt against the frame before any model: outside the picture or without area is the caller\'s 400', async () => {
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png'], subjects: 1 });
    const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
    const frame = await s.app.ctx.db.selectFrom('subject_frames').select(['width', 'height']).where('id', '=', frameId).executeTakeFirstOrThrow();
    expect(frame.width).toBeGreaterThan(0);
    const ask = (prompt: object, tool = 'polygon') => s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool, ...prompt } });
    const cases: [string, object, string][] = [
      ['a box past the right edge', { box: { x: frame.width! + 10, y: 10, width: 100, height: 100 } }, 'outside'],
      ['a box above the picture', { box: { x: 10, y: -500, width: 100, height: 100 } }, 'outside'],
      ['a box without area', { box: { x: 10, y: 10, width: 0, height: 100 } }, 'empty'],
      ['a click off the picture', { points: [{ x: -50, y: 20, positive: true }] }, 'outside'],
    ];
    for (const [what, prompt, problem] of cases) {
      const r = await ask(prompt);
      expect([r.status, r.body.msg, r.body.data?.problem], what).toEqual([400, 'error.ai.promptOutsideFrame', problem]);
      expect(r.body.data).toMatchObject({ frameId, width: frame.width, height: frame.height });
    }
    const tracked = await ask({ objects: [{ id: 'o1', featureId: a.boxFeatureId, labelId: 'person', tool: 'box', box: { x: -300, y: 10, width: 100, height: 100 } }] }, 'tracking');
    expect([tracked.status, tracked.body.data?.problem]).toEqual([400, 'outside']);
    // A box dragged past the edge means "up to the edge": it is clipped and answered.
    const clipped = await ask({ box: { x: 100, y: 50, width: frame.width! * 2, height: frame.height! * 2 } });
    expect(clipped.body.code, JSON.stringify(clipped.body)).toBe(200);
  });

  it('answers the model service\'s refusal of a request as a translated 4xx with its reason, not a 5xx', async () => {
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png'], subjects: 1 });
    const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
    // A frame registered without its size: the server can check areas only, the service the rest.
    await s.app.ctx.db.updateTable('subject_frames').set({ width: null, height: null }).where('id', '=', frameId).execute();
    const r = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'polygon', box: { x: 90_000, y: 90_000, width: 50, height: 50 } } });
    expect([r.status, r.body.msg, r.body.data?.code]).toEqual([422, 'error.ai.requestRefused', 'badRequest']);
    // The built-in service is the operator's own: its reason is passed on.
    expect(typeof r.body.data.message).toBe('string');
  });

  it('counts each person\'s warm-ups: past the minute\'s allowance they are refused, and other people\'s go on', async () => {
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png'], subjects: 1 });
    const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
    const warm = (token: string) => s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box', warm: true } });
    const perMinute = WARMUPS_PER_USER.windows[0]!.max;
    for (let i = 0; i < perMinute; i++) expect((await warm(w.users.annotator.token)).status).toBe(200);
    const refused = await warm(w.users.annotator.token);
    expect([refused.status, refused.body.msg]).toEqual([429, 'error.ai.warmLimited']);
    expect(refused.body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect((await warm(w.users.reviewer.token)).status).toBe(200);
  });
});
