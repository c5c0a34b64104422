/**
 * Training a head on the built-in detector from a few hand-labelled demo photos, as a team would
 * after reviewing some pre-annotations: `data` callbacks while the detector reads the examples,
 * then `train` callbacks, the last with the learnt head, which the service then applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelService } from '../../src-ai/service';
import type { JobRequest, TrainExample } from '../../src-shared/ai/protocol';
import { BUILTIN_DETECTOR, call, infer, startAi, startCallbackRecorder, startFileServer, type CallbackRecorder, type FileServer } from '../support/aiHarness';

let ai: ModelService;
let files: FileServer;
let recorder: CallbackRecorder;
const TOKEN = 'train-callback-token-0123456789';

beforeAll(async () => {
  files = await startFileServer();
  recorder = await startCallbackRecorder();
  ai = await startAi();
  expect((await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('horse.png') } })).status).toBe(200);
});
afterAll(async () => {
  await ai?.close();
  await files?.close();
  await recorder?.close();
});

/** Boxes drawn by hand on the demo photos, under the project's label keys. */
function examples(): TrainExample[] {
  return [
    { key: 'ex-astronaut', image: { url: files.demo('astronaut.png') }, objects: [{ label: 'lbl-person', box: { x: 20, y: 15, width: 345, height: 497 } }] },
    { key: 'ex-camera', image: { url: files.demo('camera.png') }, objects: [{ label: 'lbl-person', box: { x: 0, y: 65, width: 330, height: 447 } }] },
    { key: 'ex-coffee', image: { url: files.demo('coffee.png') }, objects: [{ label: 'lbl-cup', box: { x: 168, y: 14, width: 250, height: 256 } }] },
    { key: 'ex-horse', image: { url: files.demo('horse.png') }, objects: [{ label: 'lbl-horse', box: { x: 14, y: 15, width: 386, height: 301 } }] },
  ];
}
const trainJob = (jobId: string, list: TrainExample[]): JobRequest => ({
  jobId,
  type: 'train',
  callback: { url: recorder.url, token: TOKEN },
  model: BUILTIN_DETECTOR,
  train: { examples: list, labels: ['lbl-person', 'lbl-cup', 'lbl-horse'], targetPrecision: 0.8 },
});

describe('training a head', () => {
  it('learns person -> lbl-person from two labelled people, reports data then train progress, and the head works', async () => {
    const res = await call(ai, 'POST', '/v1/jobs', trainJob('train-1', examples()));
    expect(res.status).toBe(202);
    const final = await recorder.final('train-1');
    const got = recorder.forJob('train-1');
    expect(got.map((r) => r.body.seq)).toEqual(got.map((_, i) => i + 1));
    const kinds = got.map((r) => r.kind);
    // data first, then train, the last one final
    expect(kinds[0]).toBe('data');
    expect(kinds.at(-1)).toBe('train');
    expect(kinds.lastIndexOf('data')).toBeLessThan(kinds.indexOf('train'));
    expect(got.filter((r) => r.kind === 'data').at(-1)!.body).toMatchObject({ done: 4, total: 4 });
    expect(final.body.state).toBe('succeeded');

    const head = final.body.head!;
    expect(head.mapping.person).toBe('lbl-person');
    // one cup and one horse are not enough evidence (at least two matches)
    expect(head.mapping.cup).toBeUndefined();
    expect(head.mapping.horse).toBeUndefined();
    expect(head.defaultThreshold).toBe(0.5);
    expect(head.thresholds['lbl-person']).toBeGreaterThanOrEqual(0.05);
    expect(head.thresholds['lbl-person']).toBeLessThan(0.6);
    expect(final.body.report).toMatchObject({ examples: 4, mapping: head.mapping });
    expect(final.body.report!.matched).toBeGreaterThanOrEqual(4);

    // the learnt head in use: the astronaut comes back as lbl-person, the horse not at all
    const person = await infer(ai, { model: { ...BUILTIN_DETECTOR, version: 'v2', head }, image: { url: files.demo('astronaut.png') } });
    expect(person.body.predictions.length).toBeGreaterThanOrEqual(1);
    expect(person.body.predictions.every((p) => p.label === 'lbl-person')).toBe(true);
    const horse = await infer(ai, { model: { ...BUILTIN_DETECTOR, version: 'v2', head }, image: { url: files.demo('horse.png') } });
    expect(horse.body.predictions).toEqual([]);
  });

  it('stops within a second when cancelled while reading its examples', async () => {
    const many = Array.from({ length: 10 }, () => examples()).flat();
    await call(ai, 'POST', '/v1/jobs', trainJob('train-cancel', many));
    const started = Date.now();
    while (recorder.forJob('train-cancel').length === 0 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 20));
    const asked = performance.now();
    expect((await call(ai, 'DELETE', '/v1/jobs/train-cancel')).status).toBe(200);
    const final = await recorder.final('train-cancel', 5000);
    expect(final.at - asked).toBeLessThan(1000);
    expect(final.body.state).toBe('cancelled');
    expect(final.body.head).toBeUndefined();
    expect(final.body.done).toBeLessThan(40);
  });

  it('sent only callbacks that match NotifyBody', () => {
    expect(recorder.invalid).toEqual([]);
  });
});
