import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { imageSize } from 'image-size';
import { call, registerUser, SERVER, teamWith, type TestUser } from './teamSetup';
import { encodeCounts } from '../../../src-shared/mask/rle';

/** Real photographs the built-in detector finds people and cats in (resources/demo-images). */
const PHOTOS = ['astronaut.png', 'chelsea.png'];
const BIG_PHOTOS = ['astronaut.png', 'chelsea.png', 'coffee.png', 'rocket.jpg', 'horse.png'];

export interface AiWorld {
  owner: TestUser;
  ownerId: number;
  projectId: number;
  projectName: string;
  /** a small task whose photos show a person or a cat */
  small: { taskId: number; name: string; annotateStep: number; reviewStep: number; subjects: number };
  /** a bigger task (the same photographs again) to start and cancel */
  big: { taskId: number; name: string; subjects: number };
}

/**
 * A batch of `count` photographs cycling through `photos`; a run number after each file's end
 * (viewers ignore it) makes every one new content, since a project skips files it already has.
 */
async function photoBatch(request: APIRequestContext, owner: TestUser, projectId: number, name: string, photos: readonly string[], count: number): Promise<number> {
  const subjects = [];
  for (let i = 0; i < count; i++) {
    const file = photos[i % photos.length]!;
    const original = fs.readFileSync(path.join('resources/demo-images', file));
    const bytes = Buffer.concat([original, Buffer.from(`${name}-${i}`)]);
    const key = `dataset/${projectId}/${name}/${i}-${file}`;
    const res = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key)}`, {
      headers: owner.headers,
      multipart: { file: { name: file, mimeType: file.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: bytes } },
    });
    expect((await res.json()).code).toBe(200);
    const { width, height } = imageSize(original);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    subjects.push({ name: `${i}-${file}`, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256, fileName: file, width, height }] });
  }
  const batch = await call(request, owner, 'POST', '/batch', { projectId, name, subjects });
  return batch.batch.id;
}

export interface AiProject {
  owner: TestUser;
  ownerId: number;
  projectId: number;
  projectName: string;
  salt: string;
}

/**
 * A fresh team and image project whose box feature has the labels `person` and `cat` (COCO's
 * names, so the built-in detector's finds land in them); with `annotator`, a team member who is
 * an annotator of the project too; with `masks`, a mask feature `Shapes` whose label `shape` no
 * class of the detector goes into.
 */
export async function aiProject(request: APIRequestContext, options: { annotator?: boolean; extraLabels?: { name: string; color: string }[]; masks?: boolean } = {}): Promise<AiProject & { annotator?: TestUser }> {
  const salt = `${Date.now() % 1e7}`;
  const owner = await registerUser(request, `AI owner ${salt}`);
  const annotator = options.annotator ? await registerUser(request, `AI annotator ${salt}`) : undefined;
  await teamWith(request, owner, `AI team ${salt}`, annotator ? [{ user: annotator, role: 'annotator' }] : []);
  const ownerId: number = (await call(request, owner, 'GET', '/user/info')).id;
  const projectName = `Pets and people ${salt}`;
  const projectId: number = (await call(request, owner, 'POST', '/project', { projectName, type: 'image' })).projectId;
  if (annotator) {
    const annotatorId: number = (await call(request, annotator, 'GET', '/user/info')).id;
    await call(request, owner, 'POST', `/project/${projectId}/member`, { members: [{ userId: annotatorId, role: 'annotator' }] });
  }
  await call(request, owner, 'POST', '/ontology/feature/manage', {
    projectId,
    features: [
      { name: 'Things', tool: 'box', labels: [{ name: 'person', color: '#ff4d4f', hotkey: 'p' }, { name: 'cat', color: '#52c41a', hotkey: 'c' }, ...(options.extraLabels ?? [])] },
      ...(options.masks ? [{ name: 'Shapes', tool: 'mask', labels: [{ name: 'shape', color: '#722ed1' }] }] : []),
    ],
  });
  return { owner, ownerId, projectId, projectName, salt, ...(annotator ? { annotator } : {}) };
}

/**
 * The AI project with a small task over photographs of an astronaut and a cat (annotate, then
 * review, both by the owner) and a bigger one over more photographs.
 */
export async function aiWorld(request: APIRequestContext, sizes = { small: 5, big: 40 }): Promise<AiWorld> {
  // "Object 物品" takes the classes nobody else does only once a manager confirms it (asked at the first run).
  const { owner, ownerId, projectId, projectName, salt } = await aiProject(request, { extraLabels: [{ name: 'Object 物品', color: '#faad14' }], masks: true });
  const smallBatch = await photoBatch(request, owner, projectId, `small-${salt}`, PHOTOS, sizes.small);
  const bigBatch = await photoBatch(request, owner, projectId, `big-${salt}`, BIG_PHOTOS, sizes.big);
  const steps = { steps: [{ type: 'annotate', memberIds: [ownerId] }, { type: 'review', memberIds: [ownerId] }] };
  const smallName = `People and cats ${salt}`;
  const small = await call(request, owner, 'POST', '/task', { projectId, name: smallName, batchIds: [smallBatch], workflow: steps });
  const bigName = `Many photos ${salt}`;
  const big = await call(request, owner, 'POST', '/task', { projectId, name: bigName, batchIds: [bigBatch], workflow: steps });
  return {
    owner,
    ownerId,
    projectId,
    projectName,
    small: { taskId: small.id, name: smallName, annotateStep: small.steps[0].workflowId, reviewStep: small.steps[1].workflowId, subjects: sizes.small },
    big: { taskId: big.id, name: bigName, subjects: sizes.big },
  };
}

interface BoxObject {
  id: string;
  featureId: number;
  labelId?: string;
  tool: string;
  geometry: unknown;
  attributes: Record<string, unknown>;
  zIndex: number;
  source: string;
  score?: number;
}

/**
 * Takes every item of the small task through its two steps as a person would: the annotator
 * claims it, keeps the pre-annotated boxes as their own (or draws one where the model found
 * nothing), paints a shape as a mask, submits; the reviewer claims it and passes it. Answers how
 * many items are done.
 */
export async function reviewSmallTask(request: APIRequestContext, world: AiWorld): Promise<number> {
  const { owner, projectId } = world;
  const { taskId, annotateStep, reviewStep } = world.small;
  const ontology = await call(request, owner, 'GET', `/project/${projectId}/ontology`);
  const feature = ontology.features.find((f: { tool: string }) => f.tool === 'box');
  const person = feature.labels.find((l: { name: string }) => l.name === 'person');
  const shapes = ontology.features.find((f: { tool: string }) => f.tool === 'mask');
  // a filled 100 x 200 px mask: its run-length text is one unset run of 0 and one set run
  const shape = { featureId: shapes.featureId, labelId: shapes.labels[0].id, tool: 'mask', geometry: { x: 20, y: 20, width: 100, height: 200, rle: encodeCounts([0, 100 * 200]) }, attributes: {}, zIndex: 99, source: 'manual' };
  let done = 0;
  for (;;) {
    const card = await call(request, owner, 'POST', '/task/subject/claim', { projectId, taskId, workflowId: annotateStep });
    if (!card) break;
    const current = await call(request, owner, 'GET', `/annotate?taskSubjectId=${card.taskSubjectId}`);
    const frames = card.frameIds.map((frameId: number) => {
      const found = current.frames.find((f: { frameId: number }) => f.frameId === frameId);
      const objects: BoxObject[] = (found?.data.objects ?? []).map(({ score: _score, ...o }: BoxObject) => ({ ...o, source: 'manual' }));
      if (objects.length === 0) {
        objects.push({ id: `drawn-${frameId}`, featureId: feature.featureId, labelId: person.id, tool: 'box', geometry: { x: 150, y: 20, width: 250, height: 480 }, attributes: {}, zIndex: 0, source: 'manual' });
      }
      objects.push({ id: `shape-${frameId}`, ...shape });
      return { frameId, data: { version: 1, objects, classifications: [] } };
    });
    const saved = await call(request, owner, 'POST', '/annotate', {
      taskSubjectId: card.taskSubjectId,
      saveId: `e2e-ai-${card.taskSubjectId}-${Date.now()}`,
      baseVersion: current.version,
      frames,
    });
    await call(request, owner, 'POST', '/task/subject/annotate/submit', { taskSubjectId: card.taskSubjectId, version: saved.version });
    const review = await call(request, owner, 'POST', '/task/subject/claim', { projectId, taskId, workflowId: reviewStep });
    await call(request, owner, 'POST', '/task/subject/review/submit', { taskSubjectId: review.taskSubjectId, version: review.version });
    done += 1;
  }
  return done;
}

/** The project's newest AI job of a type, as the server lists it. */
export async function newestJob(request: APIRequestContext, world: AiWorld, type: 'predict' | 'train' | 'evaluate') {
  const page = await call(request, world.owner, 'GET', `/ai/apply/list?projectId=${world.projectId}&type=${type}&pageSize=1`);
  expect(page.list.length, `a ${type} job`).toBeGreaterThan(0);
  return page.list[0] as { jobId: number; state: string; total: number; modelId: number; train: { newModelId: number | null; improved: boolean | null } | null };
}
