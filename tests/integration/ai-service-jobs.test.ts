/**
 * Batch jobs of the model service as the team server sees them: POST /v1/jobs answers 202 at
 * once, callbacks arrive at its notify endpoint in order with the job's token, results in batches,
 * a final state last; cancel, a server that says 409, a callback target that hiccups, unreadable
 * items, and /health staying quick while the models work.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelService } from '../../src-ai/service';
import { BATCH_ITEMS } from '../../src-ai/jobs';
import type { JobRequest } from '../../src-shared/ai/protocol';
import { AI_KEY, BUILTIN_DETECTOR, BUILTIN_POSE, call, DEMO, infer, startAi, startCallbackRecorder, startFileServer, type CallbackRecorder, type FileServer } from '../support/aiHarness';

let ai: ModelService;
let files: FileServer;
let recorder: CallbackRecorder;
const TOKEN = 'job-callback-token-0123456789';
const PHOTOS = ['astronaut.png', 'chelsea.png', 'coffee.png', 'camera.png', 'horse.png', 'rocket.jpg'];

beforeAll(async () => {
  files = await startFileServer();
  recorder = await startCallbackRecorder();
  ai = await startAi({ jobs: { retry: { attempts: 4, baseDelayMs: 50, timeoutMs: 5000 } } });
  expect((await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('horse.png') } })).status).toBe(200);
});
afterAll(async () => {
  await ai?.close();
  await files?.close();
  await recorder?.close();
});

function items(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => ({ key: `${prefix}-${i}`, image: { url: files.demo(PHOTOS[i % PHOTOS.length]!), cacheKey: `demo/${PHOTOS[i % PHOTOS.length]}` } }));
}
function job(jobId: string, extra: Partial<JobRequest>): JobRequest {
  return { jobId, type: 'predict', callback: { url: recorder.url, token: TOKEN }, model: BUILTIN_DETECTOR, ...extra };
}
const postJob = (body: unknown, key = AI_KEY) => call(ai, 'POST', '/v1/jobs', body, key);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describe('predict jobs', () => {
  it('answers 202 and reports every item once, in callbacks numbered 1..n, in batches, with a final succeeded', async () => {
    const list = items(12, 'p');
    const res = await postJob(job('predict-1', { items: list }));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true });
    const final = await recorder.final('predict-1');
    const got = recorder.forJob('predict-1');
    expect(got.map((r) => r.body.seq)).toEqual(got.map((_, i) => i + 1));
    expect(got.length).toBeGreaterThanOrEqual(2);
    expect(got.every((r) => r.kind === 'predict' && r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(got.slice(0, -1).every((r) => r.body.state === 'running')).toBe(true);
    expect(final).toBe(got[got.length - 1]);
    expect(final.body).toMatchObject({ state: 'succeeded', done: 12, total: 12 });
    // done only grows, and each batch has at most a few items
    const dones = got.map((r) => r.body.done);
    expect([...dones].sort((a, b) => a - b)).toEqual(dones);
    expect(got.every((r) => (r.body.results ?? []).length <= 8)).toBe(true);
    const results = got.flatMap((r) => r.body.results ?? []);
    expect(results.map((r) => r.key).sort()).toEqual(list.map((i) => i.key).sort());
    expect(results.find((r) => r.key === 'p-0')!.predictions.some((p) => p.className === 'person')).toBe(true);
    expect(results.find((r) => r.key === 'p-1')!.predictions.some((p) => p.className === 'cat')).toBe(true);
    expect(results.every((r) => r.error === undefined)).toBe(true);
  });

  it('gives an unreadable image an error and goes on with the others', async () => {
    const jpeg = fs.readFileSync(path.join(DEMO, 'rocket.jpg'));
    const list = [
      { key: 'good-1', image: { url: files.demo('astronaut.png') } },
      { key: 'text', image: { url: files.put('readme.png', Buffer.from('# not an image\n'), 'image/png') } },
      { key: 'truncated', image: { url: files.put('cut.jpg', jpeg.subarray(0, 5000), 'image/jpeg') } },
      { key: 'good-2', image: { url: files.demo('horse.png') } },
    ];
    await postJob(job('predict-bad-items', { items: list }));
    const final = await recorder.final('predict-bad-items');
    expect(final.body).toMatchObject({ state: 'succeeded', done: 4, total: 4 });
    const results = Object.fromEntries(recorder.forJob('predict-bad-items').flatMap((r) => r.body.results ?? []).map((r) => [r.key, r]));
    expect(results.text!.error).toMatch(/imageUnreadable/);
    expect(results.truncated!.error).toMatch(/imageUnreadable/);
    expect(results.text!.predictions).toEqual([]);
    expect(results['good-1']!.predictions.some((p) => p.className === 'person')).toBe(true);
    expect(results['good-2']!.predictions.some((p) => p.className === 'horse')).toBe(true);
  });

  it('runs pose and evaluate jobs the same way', async () => {
    await postJob(job('pose-1', { model: BUILTIN_POSE, items: items(2, 'pose') }));
    await postJob(job('eval-1', { type: 'evaluate', items: items(3, 'eval'), model: { ...BUILTIN_DETECTOR, head: { mapping: { person: 'lbl-person' }, thresholds: {}, defaultThreshold: 0.3 } } }));
    const pose = await recorder.final('pose-1');
    expect(pose.kind).toBe('predict');
    const poseResults = recorder.forJob('pose-1').flatMap((r) => r.body.results ?? []);
    expect(poseResults.find((r) => r.key === 'pose-0')!.predictions[0]!.keypoints).toHaveLength(17);
    const evaluate = await recorder.final('eval-1');
    expect(evaluate.kind).toBe('evaluate');
    const evalResults = recorder.forJob('eval-1').flatMap((r) => r.body.results ?? []);
    // with the head only mapped classes come back, labelled
    expect(evalResults.find((r) => r.key === 'eval-0')!.predictions.every((p) => p.label === 'lbl-person')).toBe(true);
    expect(evalResults.find((r) => r.key === 'eval-1')!.predictions).toEqual([]);
  });

  it('stops at the item in hand on DELETE and sends a final cancelled, then nothing more', async () => {
    await postJob(job('cancel-1', { items: items(60, 'c') }));
    await until(() => recorder.forJob('cancel-1').length > 0);
    // Counted in items, not milliseconds (a loaded machine stretches any window): what was done
    // when the DELETE went out, as far as the callbacks had said, against the final count.
    const reportedBefore = Math.max(...recorder.forJob('cancel-1').map((r) => r.body.done ?? 0));
    const del = await call(ai, 'DELETE', '/v1/jobs/cancel-1');
    expect(del.status).toBe(200);
    const final = await recorder.final('cancel-1', 30_000);
    expect(final.body.state).toBe('cancelled');
    // At most the batch not yet reported and the item on the model thread: never the other items.
    expect(final.body.done! - reportedBefore).toBeLessThanOrEqual(BATCH_ITEMS);
    expect(final.body.done).toBeLessThan(60);
    const count = recorder.forJob('cancel-1').length;
    await sleep(800);
    expect(recorder.forJob('cancel-1').length).toBe(count);
    expect(recorder.forJob('cancel-1').at(-1)!.body.seq).toBe(count);
    const health = await call(ai, 'GET', '/health');
    expect(health.body.runningJobs).toBe(0);
  });

  it('answers 404 unknownJob to cancelling a job it does not run', async () => {
    const res = await call(ai, 'DELETE', '/v1/jobs/never-started');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('unknownJob');
  });

  it('stops a job whose callback the server answers 409, without another callback', async () => {
    recorder.respond = (r) => (r.body.jobId === 'gone-1' && r.body.seq === 2 ? 409 : 200);
    try {
      await postJob(job('gone-1', { items: items(40, 'g') }));
      await until(() => recorder.forJob('gone-1').length >= 1);
      await sleep(1500);
      const got = recorder.forJob('gone-1');
      expect(got.map((r) => r.body.seq)).toEqual([1]);
      const health = await call(ai, 'GET', '/health');
      expect(health.body.runningJobs).toBe(0);
    } finally {
      recorder.respond = () => 200;
    }
  });

  it('sends a callback again when the server fails for a moment, and seq stays in order', async () => {
    recorder.respond = (r, attempt) => (r.body.jobId === 'flaky-1' && attempt <= 2 ? 503 : 200);
    try {
      await postJob(job('flaky-1', { items: items(10, 'f') }));
      const final = await recorder.final('flaky-1');
      expect(final.body.state).toBe('succeeded');
      const got = recorder.forJob('flaky-1');
      expect(got.map((r) => r.body.seq)).toEqual(got.map((_, i) => i + 1));
      expect(got.flatMap((r) => r.body.results ?? []).map((r) => r.key).sort()).toEqual(items(10, 'f').map((i) => i.key).sort());
    } finally {
      recorder.respond = () => 200;
    }
  });

  it('takes a job posted again with a new token as a new dispatch: the old run stops, the new one reports from seq 1', async () => {
    const second = 'second-dispatch-token-0123456789';
    await postJob(job('redispatch-1', { items: items(40, 'r1') }));
    await until(() => recorder.forJob('redispatch-1').length > 0);
    // the same POST again (a retry) changes nothing
    expect((await postJob(job('redispatch-1', { items: items(40, 'r1') }))).status).toBe(202);
    expect((await postJob({ ...job('redispatch-1', { items: items(3, 'r2') }), callback: { url: recorder.url, token: second } })).status).toBe(202);
    const final = await recorder.final('redispatch-1');
    expect(final.authorization).toBe(`Bearer ${second}`);
    expect(final.body).toMatchObject({ state: 'succeeded', done: 3, total: 3 });
    const fresh = recorder.forJob('redispatch-1').filter((r) => r.authorization === `Bearer ${second}`);
    expect(fresh.map((r) => r.body.seq)).toEqual(fresh.map((_, i) => i + 1));
    const old = recorder.forJob('redispatch-1').filter((r) => r.authorization === `Bearer ${TOKEN}`);
    expect(old.every((r) => r.body.state === 'running')).toBe(true);
    await sleep(600);
    expect(recorder.forJob('redispatch-1').filter((r) => r.authorization === `Bearer ${TOKEN}`).length).toBe(old.length);
  });

  it('runs two servers\' jobs of the same id side by side, and stops only the one whose server cancels it', async () => {
    // Every team server numbers its jobs from 1.1; one service may serve several (staging and
    // production, a test run's many). Keyed by the id alone, the second stopped the first silently.
    const other = await startCallbackRecorder();
    try {
      const theirs = (jobId: string, n: number): JobRequest => ({ ...job(jobId, { items: items(n, `o-${jobId}`) }), callback: { url: other.url, token: 'other-server-token-0123456789' } });
      expect((await postJob(job('shared-1', { items: items(6, 's1') }))).status).toBe(202);
      expect((await postJob(theirs('shared-1', 3))).status).toBe(202);
      expect((await recorder.final('shared-1')).body).toMatchObject({ state: 'succeeded', done: 6, total: 6 });
      expect((await other.final('shared-1')).body).toMatchObject({ state: 'succeeded', done: 3, total: 3 });

      await postJob(job('shared-2', { items: items(8, 's2') }));
      await postJob(theirs('shared-2', 60));
      await until(() => other.forJob('shared-2').length > 0);
      const del = await call(ai, 'DELETE', `/v1/jobs/shared-2?callback=${encodeURIComponent(other.url)}`);
      expect(del.status).toBe(200);
      expect((await other.final('shared-2', 30_000)).body.state).toBe('cancelled');
      expect((await recorder.final('shared-2', 30_000)).body).toMatchObject({ state: 'succeeded', done: 8, total: 8 });
    } finally {
      await other.close();
    }
  });

  it('keeps /health answering while a job runs the models, and serves an interactive call before the job\'s remaining items', async () => {
    await postJob(job('busy-1', { items: items(30, 'b') }));
    await until(() => recorder.forJob('busy-1').length >= 2);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      const res = await call(ai, 'GET', '/health');
      times.push(performance.now() - t);
      expect(res.body.runningJobs).toBeGreaterThanOrEqual(1);
      await sleep(40);
    }
    // Against the job's own pace in the same moment, so a loaded machine slows both alike: a
    // model call on the service's event loop would hold a health check for up to a whole item.
    const got = recorder.forJob('busy-1');
    const [first, last] = [got[0]!, got.at(-1)!];
    const itemMs = (last.at - first.at) / Math.max(1, last.body.done! - first.body.done!);
    expect(Math.max(...times), `health checks against ${itemMs.toFixed(0)} ms an item`).toBeLessThan(itemMs / 2);
    // An interactive call gets its turn before the job's remaining items: it answers while the
    // job is still running, not after its last item.
    const res = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('chelsea.png'), cacheKey: 'demo/chelsea.png' } });
    expect(res.status).toBe(200);
    expect(recorder.forJob('busy-1').every((r) => r.body.state === 'running')).toBe(true);
    await call(ai, 'DELETE', '/v1/jobs/busy-1');
    await recorder.final('busy-1');
  });
});

describe('job requests the service refuses', () => {
  it('401 without the key, 400 for a malformed job, 404 for an unknown model', async () => {
    const wrongKey = await postJob(job('nokey', { items: items(1, 'k') }), 'not-the-key');
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.code).toBe('unauthorized');
    expect((await call(ai, 'DELETE', '/v1/jobs/nokey', undefined, 'not-the-key')).status).toBe(401);
    const noItems = await postJob(job('noitems', {}));
    expect(noItems.status).toBe(400);
    expect(noItems.body.code).toBe('badRequest');
    const shortToken = await postJob({ ...job('short', { items: items(1, 's') }), callback: { url: recorder.url, token: 'short' } });
    expect(shortToken.status).toBe(400);
    const unknown = await postJob(job('unknown', { items: items(1, 'u'), model: { kind: 'detector', runtime: 'builtin', name: 'nope' } }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('unknownModel');
    expect(recorder.forJob('nokey').length + recorder.forJob('noitems').length + recorder.forJob('unknown').length).toBe(0);
  });

  it('503 busy when it already runs as many jobs as it takes', async () => {
    const small = await startAi({ warm: false, jobs: { maxJobs: 1 } });
    try {
      const first = await call(small, 'POST', '/v1/jobs', job('one', { items: items(20, 'one') }));
      expect(first.status).toBe(202);
      const second = await call(small, 'POST', '/v1/jobs', job('two', { items: items(2, 'two') }));
      expect(second.status).toBe(503);
      expect(second.body.code).toBe('busy');
      // the same job posted again (a retried POST) is not a second job
      expect((await call(small, 'POST', '/v1/jobs', job('one', { items: items(20, 'one') }))).status).toBe(202);
      await call(small, 'DELETE', '/v1/jobs/one');
      await recorder.final('one');
    } finally {
      await small.close();
    }
  });

  it('sent only callbacks that match NotifyBody', () => {
    expect(recorder.invalid).toEqual([]);
  });
});
