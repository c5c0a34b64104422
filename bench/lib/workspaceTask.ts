import crypto from 'node:crypto';
import fs from 'node:fs';
import { imageSize } from 'image-size';
import type { ProductHost } from './productHost';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Api = (method: string, path: string, body?: unknown) => Promise<any>;

export const PHOTOS = ['chelsea.png', 'coffee.png', 'astronaut.png', 'rocket.jpg', 'horse.png', 'camera.png', 'coins.png', 'hubble_deep_field.jpg'];

export interface BenchTask {
  projectId: number;
  taskId: number;
  workflowId: number;
}

/**
 * A task of `items` real photographs (resources/demo-images), each uploaded under its own key so
 * every item downloads its own image, with `memberId` as the annotate step's only member.
 */
export async function makePhotoTask(host: ProductHost, api: Api, headers: Record<string, string>, projectId: number, memberId: number, name: string, items: number): Promise<BenchTask & { firstPhoto: { width: number; height: number } }> {
  const subjects = [];
  let firstPhoto = { width: 0, height: 0 };
  for (let i = 0; i < items; i++) {
    const photo = PHOTOS[i % PHOTOS.length]!;
    const bytes = fs.readFileSync(`resources/demo-images/${photo}`);
    const key = `dataset/${projectId}/bench/${name}/${i}-${photo}`;
    const form = new FormData();
    form.append('file', new Blob([bytes]), photo);
    const up = await fetch(`${host.server}/obs/upload?key=${encodeURIComponent(key)}`, { method: 'POST', headers, body: form });
    if (((await up.json()) as { msg: string }).msg !== 'ok') throw new Error('upload failed');
    const { width = 0, height = 0 } = imageSize(bytes);
    if (i === 0) firstPhoto = { width, height };
    const sha256 = crypto.createHash('sha256').update(bytes).update(`${name}${i}`).digest('hex');
    subjects.push({ name: `${name}-${i}-${photo}`, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256, fileName: photo, width, height }] });
  }
  const batch = await api('POST', '/batch', { projectId, name: `Bench photos ${name}`, subjects });
  const task = await api('POST', '/task', {
    projectId,
    name: `Bench task ${name}`,
    batchIds: [(batch.batch as { id: number }).id],
    workflow: { steps: [{ type: 'annotate', memberIds: [memberId] }] },
  });
  return { projectId, taskId: task.id as number, workflowId: (task.steps as { workflowId: number }[])[0]!.workflowId, firstPhoto };
}

/**
 * Claims the task's first item as the owner and saves `count` polygons of 20 points on it over
 * the whole image, so the workspace opens it (the item the user holds) with that many shapes.
 */
export async function savePolygons(api: Api, task: BenchTask, size: { width: number; height: number }, count: number): Promise<number> {
  const ontology = await api('GET', `/project/${task.projectId}/ontology`);
  const feature = (ontology.features as { featureId: number; tool: string; labels: { id: string }[] }[]).find((f) => f.tool === 'polygon');
  if (!feature) throw new Error('the project has no polygon feature');
  const card = (await api('POST', '/task/subject/claim', { projectId: task.projectId, taskId: task.taskId, workflowId: task.workflowId })) as { taskSubjectId: number; version: number; frameIds: number[] };
  let seed = 2;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
  const objects = [];
  for (let i = 0; i < count; i++) {
    const cx = random() * size.width, cy = random() * size.height, radius = 2 + random() * 10;
    const points = [];
    for (let k = 0; k < 20; k++) {
      const a = (k / 20) * Math.PI * 2, d = radius * (0.7 + random() * 0.3);
      const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 100) / 100;
      points.push({ x: clamp(cx + Math.cos(a) * d, size.width), y: clamp(cy + Math.sin(a) * d, size.height) });
    }
    objects.push({ id: `p${i}`, featureId: feature.featureId, labelId: feature.labels[0]!.id, attributes: {}, zIndex: i, source: 'manual', tool: 'polygon', geometry: { points } });
  }
  await api('POST', '/annotate', { taskSubjectId: card.taskSubjectId, saveId: `bench-polygons-${task.taskId}`, baseVersion: card.version, frames: [{ frameId: card.frameIds[0], data: { version: 1, objects, classifications: [] } }] });
  return card.taskSubjectId;
}
