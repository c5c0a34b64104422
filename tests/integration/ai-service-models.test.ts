/**
 * The built-in model service with its real models on the demo photos, through HTTP as the team
 * server calls it: what an annotator would see come back from "detect here", "fit a skeleton",
 * "box to polygon" and "propagate", and the answers a broken request gets.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelService } from '../../src-ai/service';
import { Value } from 'typebox/value';
import { HealthResponse, type AiBox, type AiPoint, type Prediction } from '../../src-shared/ai/protocol';
import { BUILTIN_DETECTOR, BUILTIN_GRABCUT, BUILTIN_POSE, BUILTIN_TRACKER, call, DEMO, infer, startAi, startFileServer, type FileServer } from '../support/aiHarness';
import { zeroPng } from '../support/zeroPng';
import { renderScene, type Scene } from '../support/trackScenes/render';
import { boatLeaving, drumThrown, musicianCovered } from '../support/trackScenes/testScenes';

let ai: ModelService;
let files: FileServer;

beforeAll(async () => {
  files = await startFileServer();
  ai = await startAi();
  // the first call waits for the models to load (about 2 s)
  const warm = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('horse.png') } });
  expect(warm.status).toBe(200);
  await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('horse.png') }, prompt: { box: { x: 10, y: 10, width: 100, height: 100 } } });
});
afterAll(async () => {
  await ai?.close();
  await files?.close();
});

/** Hand-drawn reference boxes on the demo photos. */
const ASTRONAUT_PERSON: AiBox = { x: 20, y: 15, width: 345, height: 497 };
const CHELSEA_CAT: AiBox = { x: 0, y: 0, width: 412, height: 300 };
const ASTRONAUT_FACE: AiBox = { x: 170, y: 50, width: 130, height: 140 };

function iou(a: AiBox, b: AiBox) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = w > 0 && h > 0 ? w * h : 0;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
function bbox(pts: AiPoint[]): AiBox {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}
function insidePolygon(pts: AiPoint[], x: number, y: number) {
  let c = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i]!;
    const b = pts[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}
/** The polygon's area (sampled every 2 px) and how much of it lies inside the box. */
function polygonInBox(pts: AiPoint[], box: AiBox, width: number, height: number) {
  let inPoly = 0;
  let inBoth = 0;
  for (let y = 1; y < height; y += 2) {
    for (let x = 1; x < width; x += 2) {
      if (!insidePolygon(pts, x, y)) continue;
      inPoly++;
      if (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height) inBoth++;
    }
  }
  return { area: inPoly * 4, insideShare: inBoth / Math.max(1, inPoly), boxCover: (inBoth * 4) / (box.width * box.height) };
}

describe('health and access', () => {
  it('lists the built-in models with their kind, tools and classes', async () => {
    const res = await call(ai, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(Value.Check(HealthResponse, res.body)).toBe(true);
    const health = res.body as unknown as HealthResponse;
    expect(health.ok).toBe(true);
    expect(health.protocol).toContain(1);
    const byName = Object.fromEntries(health.models.map((m) => [m.name, m]));
    expect(byName.detector).toMatchObject({ kind: 'detector', runtime: 'builtin', tools: ['box'], trainable: true });
    expect(byName.detector!.classes).toHaveLength(80);
    expect(byName.detector!.classes).toEqual(expect.arrayContaining(['person', 'cat', 'cup', 'horse']));
    expect(byName.pose).toMatchObject({ kind: 'pose', tools: ['keypoints'] });
    expect(byName.pose!.classes).toEqual(expect.arrayContaining(['nose', 'left_eye', 'right_ankle']));
    expect(byName.pose!.classes).toHaveLength(17);
    expect(byName.segmenter).toMatchObject({ kind: 'segmenter', tools: ['polygon', 'mask'] });
    // GrabCut is the segmenter's fallback, asked for by name only: a team server never offers it
    expect(byName.grabcut).toBeUndefined();
    expect(byName.tracker).toMatchObject({ kind: 'tracker' });
    expect(byName['onnx-yolo']).toMatchObject({ kind: 'detector', runtime: 'onnx-yolo' });
  });

  it('refuses a call without the right key with 401 unauthorized', async () => {
    for (const key of ['wrong-key', '']) {
      const health = await call(ai, 'GET', '/health', undefined, key);
      expect(health.status).toBe(401);
      expect(health.body.code).toBe('unauthorized');
      const res = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('horse.png') } }, key);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it('answers 400 badRequest to a body that does not match the protocol, and 404 to an unknown model', async () => {
    const bad = await call(ai, 'POST', '/v1/infer', { model: { kind: 'detector', runtime: 'builtin' }, image: { url: files.demo('horse.png') } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('badRequest');
    const extra = await call(ai, 'POST', '/v1/infer', { model: BUILTIN_DETECTOR, image: { url: files.demo('horse.png') }, surprise: 1 });
    expect(extra.status).toBe(400);
    const unknown = await infer(ai, { model: { kind: 'detector', runtime: 'builtin', name: 'yolo-huge' }, image: { url: files.demo('horse.png') } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('unknownModel');
    const wrongKind = await infer(ai, { model: { kind: 'pose', runtime: 'builtin', name: 'detector' }, image: { url: files.demo('horse.png') } });
    expect(wrongKind.status).toBe(404);
  });
});

describe('unreadable images', () => {
  it('answers 422 imageUnreadable for text served as a PNG, a truncated JPEG, a missing file, pixel bombs and an oversized download', async () => {
    const jpeg = fs.readFileSync(path.join(DEMO, 'rocket.jpg'));
    const cases = {
      text: files.put('notes.png', Buffer.from('this is not a picture\n'.repeat(20)), 'image/png'),
      truncated: files.put('half.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'),
      missing: `${files.url}/files/nothing-here.png`,
      // past 2^31 pixels, the most the platform holds (issue 30: up to that, a PNG that streams is read at working size)
      bomb: files.put('bomb.png', zeroPng(50_000, 50_000), 'image/png'),
      // an interlaced PNG is decoded whole: past 100 Mpx it is refused
      interlacedBomb: files.put('bomb-interlaced.png', zeroPng(11_000, 10_000, { interlaced: true }), 'image/png'),
      svg: files.put('drawing.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>'), 'image/svg+xml'),
      huge: files.put('huge.png', Buffer.alloc(64 * 1024 * 1024 + 1024, 7), 'image/png'),
    };
    for (const [what, url] of Object.entries(cases)) {
      const res = await infer(ai, { model: BUILTIN_DETECTOR, image: { url } });
      expect({ what, status: res.status, code: res.body.code }).toEqual({ what, status: 422, code: 'imageUnreadable' });
    }
  });
});

describe('detector', () => {
  it('finds the person on astronaut.png where she is', async () => {
    const res = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('astronaut.png') } });
    expect(res.status).toBe(200);
    const people = res.body.predictions.filter((p) => p.className === 'person');
    expect(people.length).toBeGreaterThanOrEqual(1);
    expect(people[0]!.tool).toBe('box');
    expect(iou(people[0]!.box!, ASTRONAUT_PERSON)).toBeGreaterThan(0.7);
    expect(people[0]!.score).toBeGreaterThanOrEqual(0.3);
    expect(people[0]!.label).toBeUndefined();
  });

  it('finds the cat on chelsea.png, and nothing below minScore', async () => {
    const res = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('chelsea.png') } });
    const cat = res.body.predictions.find((p) => p.className === 'cat');
    expect(cat).toBeDefined();
    expect(iou(cat!.box!, CHELSEA_CAT)).toBeGreaterThan(0.7);
    expect(res.body.predictions.every((p) => p.score >= 0.3)).toBe(true);
    const strict = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('chelsea.png') }, params: { minScore: 0.95 } });
    expect(strict.body.predictions).toEqual([]);
    const loose = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('chelsea.png') }, params: { minScore: 0.05, maxObjects: 3 } });
    expect(loose.body.predictions.length).toBe(3);
  });

  it('applies a head: maps classes to labels, drops unmapped ones and those under the label threshold', async () => {
    const head = { mapping: { cup: 'lbl-cup' }, thresholds: { 'lbl-cup': 0.2 }, defaultThreshold: 0.5 };
    const res = await infer(ai, { model: { ...BUILTIN_DETECTOR, head }, image: { url: files.demo('coffee.png') } });
    expect(res.body.predictions.length).toBeGreaterThanOrEqual(1);
    expect(res.body.predictions.every((p) => p.className === 'cup' && p.label === 'lbl-cup' && p.score >= 0.2)).toBe(true);
    const tooStrict = await infer(ai, { model: { ...BUILTIN_DETECTOR, head: { ...head, thresholds: { 'lbl-cup': 0.99 } } }, image: { url: files.demo('coffee.png') } });
    expect(tooStrict.body.predictions).toEqual([]);
  });

  it('downloads and decodes an image once for repeated calls with the same cacheKey', async () => {
    const before = files.hits.get('/demo/camera.png') ?? 0;
    for (let i = 0; i < 3; i++) {
      const res = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('camera.png'), cacheKey: 'objects/camera.png' } });
      expect(res.body.predictions.some((p) => p.className === 'person')).toBe(true);
    }
    expect((files.hits.get('/demo/camera.png') ?? 0) - before).toBe(1);
  });

  it('warms its cache on request, so the call that follows does not download the picture again; a picture it cannot read is still refused when asked for', async () => {
    const before = files.hits.get('/demo/rocket.jpg') ?? 0;
    const warm = await call(ai, 'POST', '/v1/images/warm', { images: [{ url: files.demo('rocket.jpg'), cacheKey: 'objects/rocket.jpg' }] });
    expect(warm.status).toBe(202);
    await expect.poll(() => (files.hits.get('/demo/rocket.jpg') ?? 0) - before, { timeout: 30_000 }).toBe(1);
    const res = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('rocket.jpg'), cacheKey: 'objects/rocket.jpg' } });
    expect(res.status).toBe(200);
    expect((files.hits.get('/demo/rocket.jpg') ?? 0) - before).toBe(1);

    expect((await call(ai, 'POST', '/v1/images/warm', { images: [{ url: `${files.url}/files/not-warmable.png`, cacheKey: 'objects/missing.png' }] })).status).toBe(202);
    const missing = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: `${files.url}/files/not-warmable.png`, cacheKey: 'objects/missing.png' } });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('imageUnreadable');
    expect((await call(ai, 'POST', '/v1/images/warm', { images: [] })).status).toBe(400);
  });
});

describe('pose', () => {
  it('gives 17 named keypoints on astronaut.png, the nose above the hips, and a box around them', async () => {
    const res = await infer(ai, { model: BUILTIN_POSE, image: { url: files.demo('astronaut.png') } });
    expect(res.status).toBe(200);
    expect(res.body.predictions).toHaveLength(1);
    const p = res.body.predictions[0]!;
    expect(p.tool).toBe('keypoints');
    expect(p.keypoints!.map((k) => k.name)).toEqual(['nose', 'left_eye', 'right_eye', 'left_ear', 'right_ear', 'left_shoulder', 'right_shoulder', 'left_elbow', 'right_elbow', 'left_wrist', 'right_wrist', 'left_hip', 'right_hip', 'left_knee', 'right_knee', 'left_ankle', 'right_ankle']);
    const kp = Object.fromEntries(p.keypoints!.map((k) => [k.name, k]));
    expect(kp.nose!.y).toBeLessThan(kp.left_hip!.y);
    expect(kp.nose!.y).toBeLessThan(kp.right_hip!.y);
    // the nose is on her face, the shoulders under it
    expect(kp.nose!.x).toBeGreaterThan(ASTRONAUT_FACE.x);
    expect(kp.nose!.x).toBeLessThan(ASTRONAUT_FACE.x + ASTRONAUT_FACE.width);
    expect(kp.nose!.y).toBeGreaterThan(ASTRONAUT_FACE.y);
    expect(kp.nose!.y).toBeLessThan(ASTRONAUT_FACE.y + ASTRONAUT_FACE.height);
    expect(kp.left_shoulder!.y).toBeGreaterThan(kp.nose!.y);
    expect(p.box!.x).toBeLessThanOrEqual(kp.nose!.x);
    expect(p.box!.y).toBeLessThanOrEqual(kp.nose!.y);
  });

  it('fits the skeleton inside a prompt box', async () => {
    const box = { x: 100, y: 20, width: 260, height: 300 };
    const res = await infer(ai, { model: BUILTIN_POSE, image: { url: files.demo('astronaut.png') }, prompt: { box } });
    const kp = Object.fromEntries(res.body.predictions[0]!.keypoints!.map((k) => [k.name, k]));
    expect(kp.nose!.x).toBeGreaterThan(ASTRONAUT_FACE.x);
    expect(kp.nose!.x).toBeLessThan(ASTRONAUT_FACE.x + ASTRONAUT_FACE.width);
    expect(kp.nose!.y).toBeLessThan(ASTRONAUT_FACE.y + ASTRONAUT_FACE.height);
  });
});

describe('segmenter: GrabCut, the fallback where SAM cannot run (SAM itself: ai-service-sam.test.ts)', () => {
  it('turns a box around the cat into a polygon mostly inside the box that covers most of it', async () => {
    const res = await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('chelsea.png') }, prompt: { box: CHELSEA_CAT } });
    expect(res.status).toBe(200);
    const p = res.body.predictions[0]!;
    expect(p.tool).toBe('polygon');
    expect(p.points!.length).toBeGreaterThanOrEqual(3);
    const m = polygonInBox(p.points!, CHELSEA_CAT, 451, 300);
    expect(m.insideShare).toBeGreaterThan(0.95);
    expect(m.boxCover).toBeGreaterThan(0.6);
  });

  it('answers the box itself, at score 0.5, for a box over the whole frame (nothing around it to learn the background from), rather than a fragment', async () => {
    const whole = { x: 2, y: 2, width: 447, height: 296 };
    const res = await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('chelsea.png') }, prompt: { box: whole } });
    expect(res.status).toBe(200);
    const p = res.body.predictions[0]!;
    expect(p.score).toBe(0.5);
    expect(iou(bbox(p.points!), whole)).toBeGreaterThan(0.99);
    // A negative click gives it background to learn from: the cut is GrabCut's again.
    const told = await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('chelsea.png') }, prompt: { box: whole, points: [{ x: 440, y: 20, positive: false }] } });
    expect(told.body.predictions[0]?.score).not.toBe(0.5);
  });

  it('follows the outline of the horse (a silhouette on white) and a coarser tolerance gives fewer points', async () => {
    const box = { x: 14, y: 15, width: 386, height: 301 };
    const fine = await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('horse.png') }, prompt: { box }, params: { tolerance: 1 } });
    const coarse = await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('horse.png') }, prompt: { box }, params: { tolerance: 8 } });
    const f = fine.body.predictions[0]!.points!;
    const c = coarse.body.predictions[0]!.points!;
    expect(c.length).toBeLessThan(f.length);
    // the silhouette is dark on white: its polygon covers much less than its box, and the body centre is in it
    const m = polygonInBox(f, box, 400, 328);
    expect(m.boxCover).toBeGreaterThan(0.25);
    expect(m.boxCover).toBeLessThan(0.6);
    expect(insidePolygon(f, 200, 150)).toBe(true);
    expect(insidePolygon(f, 200, 300)).toBe(false);
    expect(insidePolygon(f, 40, 60)).toBe(false);
  });

  /** a red and a blue card side by side on paper */
  async function twoCards(): Promise<string> {
    const svg = `<svg width="400" height="300" xmlns="http://www.w3.org/2000/svg"><rect width="400" height="300" fill="#f4f1ea"/><rect x="80" y="80" width="120" height="140" fill="#c0392b"/><rect x="200" y="80" width="120" height="140" fill="#2e5fa8"/></svg>`;
    return files.put('two-cards.png', await sharp(Buffer.from(svg)).png().toBuffer(), 'image/png');
  }
  const RED = { x: 80, y: 80, width: 120, height: 140 };

  it('a negative click takes out the part it is on', async () => {
    const url = await twoCards();
    const box = { x: 60, y: 60, width: 280, height: 180 };
    const both = await infer(ai, { model: BUILTIN_GRABCUT, image: { url }, prompt: { box } });
    const b = both.body.predictions[0]!.points!;
    expect(insidePolygon(b, 140, 150) && insidePolygon(b, 260, 150)).toBe(true);
    const red = await infer(ai, { model: BUILTIN_GRABCUT, image: { url }, prompt: { box, points: [{ x: 260, y: 150, positive: false }] } });
    const r = red.body.predictions[0]!.points!;
    expect(insidePolygon(r, 140, 150)).toBe(true);
    expect(insidePolygon(r, 260, 150)).toBe(false);
    expect(iou(bbox(r), RED)).toBeGreaterThan(0.9);
  });

  it('finds the object from a positive click alone, and keeps to it', async () => {
    const url = await twoCards();
    const res = await infer(ai, { model: BUILTIN_GRABCUT, image: { url }, prompt: { points: [{ x: 140, y: 150, positive: true }] } });
    const pts = res.body.predictions[0]!.points!;
    expect(iou(bbox(pts), RED)).toBeGreaterThan(0.9);
    const horse = await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('horse.png') }, prompt: { points: [{ x: 200, y: 150, positive: true }] } });
    const h = horse.body.predictions[0]!.points!;
    // the whole horse from one click on its body: head to tail, back to hooves
    expect(insidePolygon(h, 200, 150)).toBe(true);
    expect(bbox(h).width).toBeGreaterThan(300);
    expect(bbox(h).height).toBeGreaterThan(250);
    expect(insidePolygon(h, 200, 300)).toBe(false);
  });

  it('needs a box or a positive click', async () => {
    const res = await infer(ai, { model: BUILTIN_GRABCUT, image: { url: files.demo('coffee.png') }, prompt: { points: [{ x: 10, y: 10, positive: false }] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('badRequest');
  });
});

describe('tracker', () => {
  /** astronaut.png with its content moved right by dx and down by dy (black enters at the top left) */
  async function shifted(dx: number, dy: number): Promise<Buffer> {
    return sharp(path.join(DEMO, 'astronaut.png'))
      .extend({ left: dx, top: dy, background: { r: 0, g: 0, b: 0 } })
      .extract({ left: 0, top: 0, width: 512, height: 512 })
      .png()
      .toBuffer();
  }

  it('follows a box and a polygon through frames shifted by known offsets, and stops an object that is gone', async () => {
    const offsets = [
      [9, 6],
      [21, 13],
      [30, 25],
    ] as const;
    const frames = await Promise.all(offsets.map(async ([dx, dy], i) => ({ url: files.put(`shift-${i}.png`, await shifted(dx, dy), 'image/png') })));
    const other = await sharp(path.join(DEMO, 'coins.png')).resize(512, 512, { fit: 'fill' }).png().toBuffer();
    frames.push({ url: files.put('gone.png', other, 'image/png') });
    const badge: AiPoint[] = [
      { x: 135, y: 350 },
      { x: 205, y: 345 },
      { x: 210, y: 420 },
      { x: 140, y: 425 },
    ];
    const res = await infer(ai, {
      model: BUILTIN_TRACKER,
      image: { url: files.demo('astronaut.png') },
      frames,
      prompt: {
        objects: [
          { id: 'face', tool: 'box', box: ASTRONAUT_FACE },
          { id: 'badge', tool: 'polygon', points: badge },
        ],
      },
    });
    expect(res.status).toBe(200);
    const of = (id: string) => res.body.predictions.filter((p: Prediction) => p.trackOf === id).sort((a, b) => a.frameIndex! - b.frameIndex!);
    const face = of('face');
    // followed through the three shifted frames, not into the unrelated fourth
    expect(face.map((p) => p.frameIndex)).toEqual([0, 1, 2]);
    face.forEach((p, i) => {
      expect(p.tool).toBe('box');
      expect(Math.abs(p.box!.x - (ASTRONAUT_FACE.x + offsets[i]![0]))).toBeLessThan(2);
      expect(Math.abs(p.box!.y - (ASTRONAUT_FACE.y + offsets[i]![1]))).toBeLessThan(2);
      // the size follows the object's (issue 33): a shift alone leaves it within 2 px
      expect(Math.abs(p.box!.width - ASTRONAUT_FACE.width)).toBeLessThan(2);
      expect(Math.abs(p.box!.height - ASTRONAUT_FACE.height)).toBeLessThan(2);
      expect(p.score).toBeGreaterThan(0.8);
    });
    const moved = of('badge');
    expect(moved.map((p) => p.frameIndex)).toEqual([0, 1, 2]);
    moved.forEach((p, i) => {
      expect(p.tool).toBe('polygon');
      p.points!.forEach((q, k) => {
        expect(Math.abs(q.x - (badge[k]!.x + offsets[i]![0]))).toBeLessThan(2);
        expect(Math.abs(q.y - (badge[k]!.y + offsets[i]![1]))).toBeLessThan(2);
      });
    });
  });

  /** A scene of tests/support/trackScenes served as JPEG frames, its object asked for from frame 0 with its true box as the workspace asks (no minScore: the team server sends none for tracking). */
  async function followed(scene: Scene) {
    const footage = await renderScene(scene);
    const urls = footage.frames.map((bytes, t) => files.put(`${scene.name}-${t}.jpg`, bytes, 'image/jpeg'));
    const res = await infer(ai, {
      model: BUILTIN_TRACKER,
      image: { url: urls[0]! },
      frames: urls.slice(1).map((url) => ({ url })),
      prompt: { objects: [{ id: 'it', tool: 'box', box: footage.truth[0]![0]!.box }] },
    });
    expect(res.status).toBe(200);
    const truth = footage.truth[0]!.slice(1);
    return { truth, at: truth.map((_, f) => res.body.predictions.find((p: Prediction) => p.frameIndex === f)) };
  }

  it('follows a small object thrown at 50 px a frame over a panning background while it grows by 30 %', async () => {
    // the tracker before issue 33 lost it on the seventh frame and followed the background with a score of 1
    const { truth, at } = await followed(drumThrown());
    at.forEach((p, f) => {
      expect(p, `frame ${f + 1}`).toBeDefined();
      expect(iou(p!.box!, truth[f]!.box), `frame ${f + 1}`).toBeGreaterThan(0.5);
    });
  });

  it('stops following an object that leaves the picture, and one that an animal steps in front of', async () => {
    for (const scene of [boatLeaving(), musicianCovered('raccoon')]) {
      const { truth, at } = await followed(scene);
      truth.forEach((t, f) => {
        if (t.visible >= 0.95) expect(at[f] && iou(at[f].box!, t.box), `${scene.name}, frame ${f + 1}: in view`).toBeGreaterThan(0.5);
        if (t.visible < 0.2) expect(at[f], `${scene.name}, frame ${f + 1}: gone`).toBeUndefined();
      });
    }
  });

  it('says unsure on every frame where another person hides the one followed', async () => {
    // a person in front of a person still looks like one (score 0.35 to 0.4): followed, but said unsure
    const { truth, at } = await followed(musicianCovered('group_p2_red'));
    truth.forEach((t, f) => {
      if (t.visible >= 0.95) expect(at[f]?.unsure, `frame ${f + 1}: in view`).toBeUndefined();
      if (t.visible < 0.2 && at[f]) expect(at[f].unsure, `frame ${f + 1}: hidden`).toBe(true);
    });
  });
});
