import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import os from 'node:os';
import { imageSize as readImageSize } from 'image-size';
import sharp from 'sharp';
import { makePyramid } from '../../../src-main/services/datasets/imagePyramid';
import { makeFrameNumberVideo } from '../../support/frameNumberVideo';
import { call, registerUser, SERVER, teamWith, type TestUser } from './teamSetup';

/** Real photographs (resources/demo-images), so the workspace decodes and draws them. */
const PHOTOS = ['chelsea.png', 'coffee.png', 'astronaut.png', 'rocket.jpg', 'horse.png'];
const photoBytes = (name: string) => fs.readFileSync(path.join('resources/demo-images', name));

/** A photograph's pixel size, as a workstation import records it. */
function imageSize(bytes: Buffer): { width: number; height: number } {
  const { width, height } = readImageSize(bytes);
  return { width, height };
}

export interface WorkWorld {
  owner: TestUser;
  annotator: TestUser;
  reviewer: TestUser;
  teamName: string;
  projectId: number;
  projectName: string;
  taskId: number;
  taskName: string;
  annotateStep: number;
  reviewStep: number;
  photos: string[];
  rejectReason: string;
}

const idOf = async (request: APIRequestContext, user: TestUser): Promise<number> => (await call(request, user, 'GET', '/user/info')).id;

/**
 * A fresh team with an annotator and a reviewer, a project with a box and a polygon feature,
 * (with `classification`, a whole-item question too) `count` real photographs in a batch (with
 * `sequence`, as the frames of one subject; `photos` picks which), and a task with an annotate step (the annotator) and a
 * review step (the reviewer). With `video`, one more item after them: a video of that many
 * frames whose every frame shows its own number (tests/support/frameNumberVideo.ts), `clip.mp4`.
 * Unique per call, so specs never share state.
 */
export async function workWorld(
  request: APIRequestContext,
  count = 3,
  options: { classification?: boolean; sequence?: boolean; panorama?: boolean; photos?: string[]; masks?: boolean; video?: number } = {},
): Promise<WorkWorld> {
  const salt = `${Date.now() % 1e7}`;
  const owner = await registerUser(request, `Owner ${salt}`);
  const annotator = await registerUser(request, `Annotator ${salt}`);
  const reviewer = await registerUser(request, `Reviewer ${salt}`);
  const teamName = `Work team ${salt}`;
  await teamWith(request, owner, teamName, [
    { user: annotator, role: 'annotator' },
    { user: reviewer, role: 'reviewer' },
  ]);
  const [annotatorId, reviewerId] = [await idOf(request, annotator), await idOf(request, reviewer)];
  const projectName = `Street scenes ${salt}`;
  // A video item needs a frame project (the server refuses one elsewhere); photographs go in either.
  const project = await call(request, owner, 'POST', '/project', { projectName, type: options.video ? 'frame' : 'image' });
  const projectId: number = project.projectId;
  await call(request, owner, 'POST', `/project/${projectId}/member`, {
    members: [
      { userId: annotatorId, role: 'annotator' },
      { userId: reviewerId, role: 'reviewer' },
    ],
  });
  await call(request, owner, 'POST', '/ontology/feature/manage', {
    projectId,
    features: [
      { name: 'Animals', tool: 'box', labels: [{ name: 'Cat', color: '#ff4d4f', hotkey: 'c' }], attributes: [{ name: 'Pose', type: 'radio', required: false, options: [{ name: 'Sitting' }, { name: 'Lying' }] }] },
      { name: 'Regions', tool: 'polygon', labels: [{ name: 'Background', color: '#1677ff', hotkey: 'g' }] },
      // A mask label named as the polygon label, so either converts into the other.
      ...(options.masks ? [{ name: 'Segments', tool: 'mask', labels: [{ name: 'Background', color: '#13c2c2', hotkey: 'm' }] }] : []),
      ...(options.classification
        ? [{ name: 'Scene', tool: 'classification', scope: 'subject', labels: [{ name: 'Indoor', color: '#52c41a' }, { name: 'Outdoor', color: '#faad14' }] }]
        : []),
    ],
  });
  const rejectReason = `Box too loose ${salt}`;
  await call(request, owner, 'POST', `/project/${projectId}/rejectReason/add`, { reason: rejectReason });

  // A sequence's frames are one camera's: the same picture size (here the same photograph) on each.
  const photos = options.sequence ? Array.from({ length: count }, () => PHOTOS[0]!) : (options.photos ?? PHOTOS).slice(0, count);
  const subjects = [];
  for (const [i, name] of photos.entries()) {
    const bytes = options.sequence ? Buffer.concat([photoBytes(name), Buffer.from([i])]) : photoBytes(name);
    const key = `dataset/${projectId}/work-${salt}/${options.sequence ? `${i}-` : ''}${name}`;
    const res = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key)}`, {
      headers: owner.headers,
      multipart: { file: { name, mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: bytes } },
    });
    expect((await res.json()).code).toBe(200);
    const contentHash = crypto.createHash('sha256').update(bytes).digest('hex');
    subjects.push({ name, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256: contentHash, fileName: name, ...imageSize(bytes) }] });
  }
  // A frame sequence: the photos as the frames of one subject, in order.
  const items: { name: string; recordType: string; frames: object[] }[] = options.sequence ? [{ name: `sequence-${salt}`, recordType: 'frame', frames: subjects.flatMap((x) => x.frames) }] : subjects;
  if (options.panorama) items.push(await panoramaSubject(request, owner, `dataset/${projectId}/work-${salt}/panorama.png`));
  if (options.video) items.push(await videoSubject(request, owner, `dataset/${projectId}/work-${salt}/clip.mp4`, options.video));
  const batch = await call(request, owner, 'POST', '/batch', { projectId, name: `Photos ${salt}`, subjects: items });
  const taskName = `Label the photos ${salt}`;
  const task = await call(request, owner, 'POST', '/task', {
    projectId,
    name: taskName,
    batchIds: [batch.batch.id],
    workflow: { steps: [{ type: 'annotate', memberIds: [annotatorId] }, { type: 'review', memberIds: [reviewerId] }] },
  });
  return {
    owner,
    annotator,
    reviewer,
    teamName,
    projectId,
    projectName,
    taskId: task.id,
    taskName,
    annotateStep: task.steps[0].workflowId,
    reviewStep: task.steps[1].workflowId,
    photos,
    rejectReason,
  };
}

/** A video item whose frames show their own numbers (H.264 with B-frames, 320 x 240, 30 fps), stored as an import stores it. */
async function videoSubject(request: APIRequestContext, owner: TestUser, key: string, frames: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  try {
    await makeFrameNumberVideo(path.join(dir, 'clip.mp4'), { frames });
    const bytes = fs.readFileSync(path.join(dir, 'clip.mp4'));
    const res = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key)}`, { headers: owner.headers, multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: bytes } } });
    expect((await res.json()).code).toBe(200);
    return { name: 'clip.mp4', recordType: 'video', frames: [{ key, sizeBytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') }] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The panorama's size and where its colours change: red up to PANORAMA_RED_TO, green after. */
export const PANORAMA = { width: 17_000, height: 400, redTo: 6000 };

/**
 * A 17,000 x 400 image (too large to decode in one piece) stored as the workstation's folder
 * import stores one: the original, and its Deep Zoom pyramid made by the same code.
 */
async function panoramaSubject(request: APIRequestContext, owner: TestUser, key: string) {
  const { width, height, redTo } = PANORAMA;
  const red = await sharp({ create: { width: redTo, height, channels: 3, background: '#ff0000' } }).png().toBuffer();
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#00ff00' } }).composite([{ input: red, left: 0, top: 0 }]).png().toBuffer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-panorama-'));
  try {
    fs.writeFileSync(path.join(dir, 'panorama.png'), bytes);
    const files = [{ file: path.join(dir, 'panorama.png'), suffix: '', contentType: 'image/png' }, ...(await makePyramid(path.join(dir, 'panorama.png'), dir))];
    for (const f of files) {
      const res = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key + f.suffix)}`, {
        headers: owner.headers,
        multipart: { file: { name: path.basename(f.file), mimeType: f.contentType, buffer: fs.readFileSync(f.file) } },
      });
      expect((await res.json()).code).toBe(200);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  return { name: 'panorama.png', recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256, fileName: 'panorama.png', width, height }] };
}
