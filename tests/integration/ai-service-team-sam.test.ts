/**
 * A team's own SAM (runtime onnx-sam, issue 32) in the model service, as the team server calls
 * it: the test builds a tiny SAM-shaped pair itself (tests/support/tinyOnnx.ts tinySamPair: its
 * mask is a disk of 8 input px round the first click, whatever the picture), serves it like the
 * server's signed URLs, and checks that a click is answered with that disk in the picture's own
 * pixels, that a picture is encoded once (and by a warm-up), that a pair off the contract is
 * modelInvalid, that an encoder which computes for seconds is stopped at its CPU limit while
 * another party's SAM goes on answering, and that it outlines a detector's boxes (pre-annotation
 * with masks) in a Detect and in a job.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelService } from '../../src-ai/service';
import type { ModelRef } from '../../src-shared/ai/protocol';
import { decodeBitmap } from '../../src-shared/mask/rle';
import { BUILTIN_DETECTOR, call, infer, startAi, startCallbackRecorder, startFileServer, type CallbackRecorder, type FileServer } from '../support/aiHarness';
import { eventually } from '../support/eventually';
import { tinySamPair, type TinySamOptions } from '../support/tinyOnnx';

let ai: ModelService;
let files: FileServer;
let recorder: CallbackRecorder;
let photo: string;
let other: string;

/** 640 x 400: at the pair's 64 px input side, 0.1 input px a picture pixel, so its disk of 8 input px is 80 px across the picture. */
const W = 640;
const H = 400;
const RADIUS = 80;

beforeAll(async () => {
  files = await startFileServer();
  recorder = await startCallbackRecorder();
  // Limits low enough for the bomb below to be stopped in about a second of CPU; the wall-clock
  // backstop far off, so a loaded machine slows it without making it "busy".
  ai = await startAi({ warm: false, teamModels: { encodeLimitMs: 1000, runLimitMs: 1000, wallFactor: 30 } });
  const png = (r: number) => sharp({ create: { width: W, height: H, channels: 3, background: { r, g: 120, b: 60 } } }).png().toBuffer();
  photo = files.put('field.png', await png(90), 'image/png');
  other = files.put('field2.png', await png(200), 'image/png');
});
afterAll(async () => {
  await ai?.close();
  await files?.close();
  await recorder?.close();
});

const sam = (name: string, o: TinySamOptions = {}): ModelRef => {
  const pair = tinySamPair(o);
  return { kind: 'segmenter', runtime: 'onnx-sam', name, version: `${name}-v1`, artifactUrl: files.put(`${name}.encoder.onnx`, pair.encoder), decoderUrl: files.put(`${name}.decoder.onnx`, pair.decoder) };
};
const encoded = () => ai.parts.teamEmbeddings.stats().encoded;
/** The disk's box round (cx, cy), to the pixel (the logits are read between the cells' centres). */
function expectDiskBox(m: { x: number; y: number; width: number; height: number }, cx: number, cy: number) {
  for (const [got, want] of [[m.x, cx - RADIUS], [m.y, cy - RADIUS], [m.width, 2 * RADIUS], [m.height, 2 * RADIUS]] as const) expect(Math.abs(got - want), JSON.stringify(m)).toBeLessThanOrEqual(2);
}

describe('a team\'s own SAM in the model service', () => {
  it('outlines the disk round the click in the picture\'s own pixels; a picture is encoded once, by the warm-up when there is one', async () => {
    const model = sam('team-sam');
    const before = encoded();
    const res = await infer(ai, { model, tenant: 'team:1', image: { url: photo, cacheKey: 'team-sam/field.png' }, prompt: { points: [{ x: 300, y: 200, positive: true }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [p] = res.body.predictions;
    expect(p).toMatchObject({ tool: 'polygon', className: 'object', score: 0.875 });
    const m = p!.mask!;
    expectDiskBox(m, 300, 200);
    const bits = decodeBitmap(m.rle, m.width, m.height)!;
    const area = bits.reduce((a, b) => a + b, 0);
    expect(Math.abs(area / (Math.PI * RADIUS * RADIUS) - 1)).toBeLessThan(0.03);
    // its outline is the disk's: every point about RADIUS from the click
    for (const q of p!.points!) expect(Math.abs(Math.hypot(q.x - 300, q.y - 200) - RADIUS)).toBeLessThan(3);
    expect(encoded()).toBe(before + 1);

    // another prompt on the same picture (the tiny decoder follows its first click): the decoder only
    const again = await infer(ai, { model, tenant: 'team:1', image: { url: photo, cacheKey: 'team-sam/field.png' }, prompt: { points: [{ x: 100, y: 110, positive: true }, { x: 300, y: 200, positive: false }] } });
    expect(again.status).toBe(200);
    expectDiskBox(again.body.predictions[0]!.mask!, 100, 110);
    expect(encoded()).toBe(before + 1);

    // a warm-up naming the model computes the next picture's embedding; the click then needs none
    const warm = await call(ai, 'POST', '/v1/images/warm', { images: [{ url: other, cacheKey: 'team-sam/field2.png' }], tenant: 'team:1', model });
    expect(warm.status).toBe(202);
    await eventually('the warm-up\'s embedding', () => encoded() === before + 2);
    const warmed = await infer(ai, { model, tenant: 'team:1', image: { url: other, cacheKey: 'team-sam/field2.png' }, prompt: { box: { x: 10, y: 10, width: 200, height: 100 } } });
    expect(warmed.status).toBe(200);
    expect(encoded()).toBe(before + 2);
  });

  it('refuses a pair off the contract before it runs: modelInvalid, naming the tensor', async () => {
    const res = await infer(ai, { model: sam('mismatched', { decoderEmbeddingDims: [1, 8, 32, 32] }), tenant: 'team:1', image: { url: photo }, prompt: { points: [{ x: 1, y: 1, positive: true }] } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('modelInvalid');
    expect(res.body.message).toMatch(/image_embeddings should be \[1, 8, 16, 16\] float32, it is \[1, 8, 32, 32\] float32/);
  });

  it('stops an encoder that computes for seconds at its CPU limit and fails it for every later call; another party\'s SAM answers meanwhile', { timeout: 120_000 }, async () => {
    const bomb = sam('bomb', { bombLayers: 40 });
    const killedBefore = ai.parts.teams.stats().killed;
    const first = infer(ai, { model: bomb, tenant: 'team:bomb', image: { url: photo }, prompt: { points: [{ x: 5, y: 5, positive: true }] } });
    await eventually('the bomb\'s encoder to run', () => ai.parts.teams.stats().running.some((r) => r.tenant === 'team:bomb' && r.op === 'loadSam'));
    const meanwhile = await infer(ai, { model: sam('calm'), tenant: 'team:calm', image: { url: photo }, prompt: { points: [{ x: 300, y: 200, positive: true }] } });
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.body.predictions).toHaveLength(1);
    const stopped = await first;
    expect(stopped.status).toBe(422);
    expect(stopped.body.code).toBe('modelInvalid');
    expect(stopped.body.message).toMatch(/encoder's one run on a blank picture .* took longer than 1 s of CPU time/);
    expect(ai.parts.teams.stats().killed).toBe(killedBefore + 1);
    // the next call answers the same at once, without running it
    const later = await infer(ai, { model: bomb, tenant: 'team:bomb', image: { url: photo }, prompt: { points: [{ x: 5, y: 5, positive: true }] } });
    expect(later.body.code).toBe('modelInvalid');
    expect(ai.parts.teams.stats().killed).toBe(killedBefore + 1);
  });

  it('outlines a detector\'s boxes of the named classes, in a Detect and in a job: each person\'s mask is its disk round the box\'s first corner', { timeout: 120_000 }, async () => {
    // astronaut.png is 512 x 512: the pair's disk of 8 input px is 64 px round the box's top-left corner (its first prompt point)
    const radius = 64;
    const outline = { model: sam('outliner'), classes: { person: 0.3 }, maxPerImage: 50 };
    const image = { url: files.demo('astronaut.png'), cacheKey: 'team-sam/astronaut.png' };
    const onDisk = (p: { box?: { x: number; y: number }; points?: { x: number; y: number }[]; mask?: { rle: string } }) => {
      expect(p.mask, JSON.stringify(p)).toBeDefined();
      expect(p.points!.length).toBeGreaterThan(4);
      // the disk, clipped to the picture: every outline point within the radius of the corner, and most on it
      const dist = p.points!.map((q) => Math.hypot(q.x - p.box!.x, q.y - p.box!.y));
      expect(Math.max(...dist)).toBeLessThan(radius + 3);
      expect(dist.filter((d) => Math.abs(d - radius) < 3).length).toBeGreaterThan(dist.length / 3);
    };
    const detect = await infer(ai, { model: BUILTIN_DETECTOR, tenant: 'team:1', image, outline });
    expect(detect.status, JSON.stringify(detect.body)).toBe(200);
    const people = detect.body.predictions.filter((p) => p.className === 'person');
    expect(people).toHaveLength(1);
    onDisk(people[0]!);
    // other classes stay boxes
    expect(detect.body.predictions.filter((p) => p.className !== 'person').every((p) => !p.mask && !p.points)).toBe(true);

    const post = await call(ai, 'POST', '/v1/jobs', { jobId: 'team-sam-outline', type: 'predict', tenant: 'team:1', callback: { url: recorder.url, token: 'cb-token-team-sam' }, model: BUILTIN_DETECTOR, outline, items: [{ key: 'a', image: { url: files.demo('astronaut.png') } }] });
    expect(post.status, JSON.stringify(post.body)).toBe(202);
    const final = await recorder.final('team-sam-outline');
    expect(final.body).toMatchObject({ state: 'succeeded', done: 1, total: 1 });
    const [result] = recorder.forJob('team-sam-outline').flatMap((r) => r.body.results ?? []);
    expect(result!.error).toBeUndefined();
    const jobPeople = result!.predictions.filter((p) => p.className === 'person');
    expect(jobPeople).toHaveLength(1);
    onDisk(jobPeople[0]!);
  });
});
