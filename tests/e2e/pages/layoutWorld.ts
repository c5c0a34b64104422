import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { imageSize } from 'image-size';
import { call, registerUser, SERVER, teamWith, type TestUser } from './teamSetup';

/**
 * Names as long as the server takes (64 characters), in the three shapes that break layouts:
 * Latin words, CJK (twice as wide a character, breakable anywhere), and one unbroken Latin run
 * (a folder or file name), each ending in `salt` so runs never share them.
 */
export function longNames(salt: string) {
  const fit = (head: string, filler: string) => {
    const tail = ` ${salt}`;
    let s = head;
    while (s.length + tail.length < 64) s += filler;
    return (s.slice(0, 64 - tail.length) + tail).slice(0, 64);
  };
  return {
    latin: (what: string) => fit(`${what} with a name long enough to reach the edge of every box`, ' and more'),
    cjk: (what: string) => fit(`${what}名称很长很长一直写到最大长度用来检查每一个界面上的文字是否会溢出`, '很长'),
    unbroken: (what: string) => fit(`${what}_2024-05-01_front_left_camera_street_scenes_rainy_evening`, '_x').replace(/ /g, '_'),
  };
}

export interface LayoutWorld {
  owner: TestUser;
  annotator: TestUser;
  reviewer: TestUser;
  projectId: number;
  projectName: string;
  taskId: number;
  annotateStep: number;
  reviewStep: number;
}

const PHOTOS = ['chelsea.png', 'coffee.png', 'astronaut.png', 'camera.png', 'coins.png', 'text.png'];

/**
 * A new team whose every name is as long as allowed (issue 17, docs/layout.md): people, team,
 * two projects, features and labels, batches, a task, a group, a reject reason, a note label
 * and a note; one item annotated for 3 min 14 s and passed, so the reports have figures; two
 * submitted and waiting for review, one in a work package, two waiting to be annotated.
 */
export async function layoutWorld(request: APIRequestContext): Promise<LayoutWorld> {
  const salt = `${Date.now() % 1e7}`;
  const name = longNames(salt);
  const owner = await registerUser(request, name.latin('Owner'));
  const annotator = await registerUser(request, name.cjk('标注员'));
  const reviewer = await registerUser(request, name.unbroken('Reviewer'));
  await teamWith(request, owner, name.cjk('团队'), [
    { user: annotator, role: 'annotator' },
    { user: reviewer, role: 'reviewer' },
  ]);
  const idOf = async (u: TestUser): Promise<number> => (await call(request, u, 'GET', '/user/info')).id;
  const [annotatorId, reviewerId] = [await idOf(annotator), await idOf(reviewer)];
  await call(request, owner, 'POST', '/group', { name: name.cjk('小组'), userIds: [annotatorId, reviewerId] });

  const projectName = name.latin('Project');
  const { projectId } = await call(request, owner, 'POST', '/project', { projectName, type: 'image', description: name.cjk('说明') });
  await call(request, owner, 'POST', '/project', { projectName: name.cjk('项目'), type: 'image' });
  await call(request, owner, 'POST', `/project/${projectId}/member`, { members: [{ userId: annotatorId, role: 'annotator' }, { userId: reviewerId, role: 'reviewer' }] });
  const features = await call(request, owner, 'POST', '/ontology/feature/manage', {
    projectId,
    features: [
      { name: name.cjk('特征'), tool: 'box', labels: [{ name: name.latin('Label'), color: '#ff4d4f', hotkey: 'c' }, { name: name.unbroken('Label'), color: '#1677ff' }], attributes: [{ name: name.cjk('属性'), type: 'radio', required: false, options: [{ name: name.latin('Option') }, { name: name.cjk('选项') }] }] },
      { name: name.unbroken('Feature'), tool: 'polygon', labels: [{ name: name.cjk('标签'), color: '#52c41a' }] },
    ],
  });
  await call(request, owner, 'POST', `/project/${projectId}/rejectReason/add`, { reason: `${name.latin('Reason')} ${name.cjk('原因')}` });
  await call(request, owner, 'POST', '/note-label', { projectId, name: name.cjk('备注标签'), color: '#faad14' });

  const batchId = await photoBatch(request, owner, projectId, name.unbroken('Batch'), salt, PHOTOS);
  await photoBatch(request, owner, projectId, name.cjk('批次'), `${salt}-b`, PHOTOS.slice(0, 1));
  const task = await call(request, owner, 'POST', '/task', {
    projectId,
    name: name.cjk('任务'),
    batchIds: [batchId],
    workflow: { steps: [{ type: 'annotate', memberIds: [annotatorId] }, { type: 'review', memberIds: [reviewerId] }] },
  });
  const [annotate, review] = task.steps;

  // One item worked on for 3 min 14 s and passed: the reports show durations, rates and people.
  const feature = features.find((f: { tool: string }) => f.tool === 'box');
  const card = await call(request, annotator, 'POST', '/task/subject/claim', { projectId, taskId: task.id, workflowId: annotate.workflowId });
  const saved = await call(request, annotator, 'POST', '/annotate', {
    taskSubjectId: card.taskSubjectId,
    saveId: `layout-${salt}`,
    baseVersion: card.version,
    frames: [{ frameId: card.frameIds[0], data: { version: 1, objects: [{ id: 'box-1', featureId: feature.featureId, labelId: feature.labels[0].id, tool: 'box', geometry: { x: 10, y: 20, width: 100, height: 50 }, attributes: {}, zIndex: 0, source: 'manual' }], classifications: [] } }],
  });
  await call(request, annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: card.taskSubjectId, version: saved.version, activeMs: 194_000 });
  await call(request, annotator, 'POST', '/note', { projectId, dataId: card.dataId, taskSubjectId: card.taskSubjectId, content: `${name.cjk('备注')} ${name.unbroken('note')}` });
  const toReview = await call(request, reviewer, 'POST', '/task/subject/claim', { projectId, taskId: task.id, workflowId: review.workflowId });
  await call(request, reviewer, 'POST', '/task/subject/review/submit', { taskSubjectId: toReview.taskSubjectId, version: toReview.version, activeMs: 61_000 });
  // Two more submitted, waiting for the reviewer: the review step's workspace shows one with the next ready.
  for (let i = 0; i < 2; i++) {
    const next = await call(request, annotator, 'POST', '/task/subject/claim', { projectId, taskId: task.id, workflowId: annotate.workflowId });
    await call(request, annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: next.taskSubjectId, version: next.version, activeMs: 30_000 });
  }
  // A work package held by the longest-named annotator: the tasks tab lists who holds what.
  await call(request, annotator, 'POST', '/task/subject/package', { projectId, taskId: task.id, workflowId: annotate.workflowId, size: 1 });
  // Two items are left waiting at the annotate step: its workspace opens one and gets the other ready ahead.
  return { owner, annotator, reviewer, projectId, projectName, taskId: task.id, annotateStep: annotate.workflowId, reviewStep: review.workflowId };
}

/** Real photographs uploaded into the project and registered as one batch of that name; answers its id. */
async function photoBatch(request: APIRequestContext, owner: TestUser, projectId: number, batchName: string, salt: string, photos: string[]): Promise<number> {
  const subjects = [];
  for (const photo of photos) {
    // Bytes after the end make each run's pictures new content (the project skips duplicates).
    const bytes = Buffer.concat([fs.readFileSync(path.join('resources/demo-images', photo)), Buffer.from(salt)]);
    const fileName = `${batchName}_${photo}`;
    const key = `dataset/${projectId}/${salt}/${fileName}`;
    const res = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key)}`, { headers: owner.headers, multipart: { file: { name: photo, mimeType: 'image/png', buffer: bytes } } });
    expect((await res.json()).code).toBe(200);
    const { width, height } = imageSize(bytes);
    subjects.push({ name: fileName, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex'), fileName, width, height }] });
  }
  const batch = await call(request, owner, 'POST', '/batch', { projectId, name: batchName, subjects });
  return batch.batch.id;
}
