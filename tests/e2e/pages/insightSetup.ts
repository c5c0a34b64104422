import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import { encodeBitmap } from '../../../src-shared/mask/rle';

/** The team server of the e2e run (playwright.config.ts starts it). */
export const SERVER = `http://127.0.0.1:${process.env.E2E_SERVER_PORT ?? 8691}/core`;
export const DEMO = { owner: '13800000001', annotator: '13800000002', reviewer: '13800000003', password: 'demo12345' } as const;

type Headers = Record<string, string>;
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');

/** One server session, calling the API as a user would; every answer must be the success envelope. */
export class ApiUser {
  private constructor(
    private readonly request: APIRequestContext,
    readonly headers: Headers,
    readonly id: number,
  ) {}

  static async logIn(request: APIRequestContext, mobile: string): Promise<ApiUser> {
    const login = await (await request.post(`${SERVER}/user/login/mobile`, { data: { mobile, password: DEMO.password } })).json();
    const headers = { [login.data.tokenName]: login.data.tokenValue };
    const info = await (await request.get(`${SERVER}/user/info`, { headers })).json();
    return new ApiUser(request, headers, info.data.id);
  }

  // The answers are JSON read loosely by the setup; the specs' assertions check what matters.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call<T = any>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(`${SERVER}${path}`, { method, headers: this.headers, ...(data !== undefined ? { data } : {}) });
    const body = await res.json();
    expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe(200);
    return body.data as T;
  }

  /** Puts bytes into the object store through the fallback upload (embedded mode), as a workstation would. */
  async upload(key: string, bytes: Buffer): Promise<void> {
    const res = await this.request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key)}`, {
      headers: this.headers,
      multipart: { file: { name: key.split('/').pop()!, mimeType: 'image/jpeg', buffer: bytes } },
    });
    expect((await res.json()).code).toBe(200);
  }
}

/** Image subjects uploaded into a project's dataset folder, in one new batch; answers the batch id. */
export async function uploadBatch(owner: ApiUser, projectId: number, fileNames: string[], salt: string): Promise<number> {
  const subjects = [];
  // A real 640 x 480 picture (every import checks), made unique by bytes after its end.
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5b8' } }).png().toBuffer();
  for (const name of fileNames) {
    const bytes = Buffer.concat([picture, Buffer.from(`${name} ${salt}`)]);
    const key = `dataset/${projectId}/e2e-${salt}/${name}`;
    await owner.upload(key, bytes);
    subjects.push({ name, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256: sha256(bytes), fileName: name, width: 640, height: 480 }] });
  }
  const batch = await owner.call('POST', '/batch', { projectId, name: `E2E batch ${salt}`, subjects });
  return batch.batch.id;
}

export interface AnnotatedWork {
  projectId: number;
  taskId: number;
  fileNames: string[];
}

/**
 * Real work in the demo team, on a project of its own: a box feature, two uploaded images in a batch, a task with an
 * annotate step (the annotator) and a review step (the reviewer); each image is claimed, boxed,
 * saved and submitted by the annotator and passed by the reviewer. Unique per call, so specs
 * do not depend on each other.
 */
export async function annotatedWork(request: APIRequestContext): Promise<AnnotatedWork> {
  const owner = await ApiUser.logIn(request, DEMO.owner);
  const annotator = await ApiUser.logIn(request, DEMO.annotator);
  const reviewer = await ApiUser.logIn(request, DEMO.reviewer);
  const salt = `${Date.now()}`;
  // A project of its own in the demo team: the seeded demo project has photos of its own that
  // other specs annotate, and an export of it would carry them too.
  const project = await owner.call('POST', '/project', { projectName: `Annotated ${salt}`, type: 'image' });
  const projectId: number = project.projectId;
  await owner.call('POST', `/project/${projectId}/member`, { members: [{ userId: annotator.id, role: 'annotator' }, { userId: reviewer.id, role: 'reviewer' }] });

  const features = await owner.call('POST', '/ontology/feature/manage', {
    projectId,
    features: [
      { name: 'Vehicle', tool: 'box', labels: [{ name: 'Car', color: '#ff0000' }] },
      { name: 'Lane', tool: 'polyline', labels: [{ name: 'Kerb', color: '#1677ff' }] },
    ],
  });
  const feature = features.find((f: { name: string }) => f.name === 'Vehicle');
  const lane = features.find((f: { name: string }) => f.name === 'Lane');
  // The first image also has what only some formats keep: a polyline (lossless only) and a
  // model's box nobody confirmed (left out of COCO, YOLO and VOC by default).
  const extras = [
    { id: 'kerb-0', featureId: lane.featureId, labelId: lane.labels[0].id, tool: 'polyline', geometry: { points: [{ x: 0, y: 90 }, { x: 200, y: 95 }] }, attributes: {}, zIndex: 1, source: 'manual' },
    { id: 'ai-car-0', featureId: feature.featureId, labelId: feature.labels[0].id, tool: 'box', geometry: { x: 150, y: 20, width: 60, height: 40 }, attributes: {}, zIndex: 2, source: 'ai', score: 0.6 },
  ];
  const fileNames = [`car_${salt}_1.jpg`, `car_${salt}_2.jpg`];
  const batchId = await uploadBatch(owner, projectId, fileNames, salt);
  const task = await owner.call('POST', '/task', {
    projectId,
    name: `E2E task ${salt}`,
    batchIds: [batchId],
    workflow: { steps: [{ type: 'annotate', memberIds: [annotator.id] }, { type: 'review', memberIds: [reviewer.id] }] },
  });
  const [annotate, review] = task.steps;

  for (let i = 0; i < fileNames.length; i++) {
    const card = await annotator.call('POST', '/task/subject/claim', { projectId, taskId: task.id, workflowId: annotate.workflowId });
    const saved = await annotator.call('POST', '/annotate', {
      taskSubjectId: card.taskSubjectId,
      saveId: `e2e-${salt}-${i}`,
      baseVersion: card.version,
      frames: [
        {
          frameId: card.frameIds[0],
          data: {
            version: 1,
            objects: [
              { id: `car-${i}`, featureId: feature.featureId, labelId: feature.labels[0].id, tool: 'box', geometry: { x: 10, y: 20, width: 100, height: 50 }, attributes: {}, zIndex: 0, source: 'manual' },
              ...(i === 0 ? extras : []),
            ],
            classifications: [],
          },
        },
      ],
    });
    await annotator.call('POST', '/task/subject/annotate/submit', { taskSubjectId: card.taskSubjectId, version: saved.version, activeMs: 30_000 });
    const toReview = await reviewer.call('POST', '/task/subject/claim', { projectId, taskId: task.id, workflowId: review.workflowId });
    await reviewer.call('POST', '/task/subject/review/submit', { taskSubjectId: toReview.taskSubjectId, version: toReview.version, activeMs: 10_000 });
  }
  return { projectId, taskId: task.id, fileNames };
}

/** A new project of the owner's team with the same images (same file names) in a task, ready to receive an import. */
export async function importTarget(request: APIRequestContext, fileNames: string[]): Promise<{ projectId: number; taskName: string }> {
  const owner = await ApiUser.logIn(request, DEMO.owner);
  const salt = `${Date.now()}`;
  const project = await owner.call('POST', '/project', { projectName: `Import target ${salt}`, type: 'image' });
  const projectId: number = project.projectId;
  const batchId = await uploadBatch(owner, projectId, fileNames, `target-${salt}`);
  const taskName = `Receive ${salt}`;
  await owner.call('POST', '/task', { projectId, name: taskName, batchIds: [batchId], workflow: { steps: [{ type: 'annotate', memberIds: [owner.id] }] } });
  return { projectId, taskName };
}

/** A mask of discs minus holes (centre x, y, radius) on a width x height picture, as stored: run-length over its box. */
function discMask(width: number, height: number, parts: [number, number, number][], holes: [number, number, number][] = []) {
  const inside = (x: number, y: number, [cx, cy, r]: [number, number, number]) => (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r;
  const set = (x: number, y: number) => parts.some((d) => inside(x, y, d)) && !holes.some((d) => inside(x, y, d));
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (set(x, y)) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const [w, h] = [x1 - x0 + 1, y1 - y0 + 1];
  const bits = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) bits[y * w + x] = set(x0 + x, y0 + y) ? 1 : 0;
  return { x: x0, y: y0, width: w, height: h, rle: encodeBitmap(bits, w, h) };
}

/**
 * A segmentation project of the demo team: a mask feature (Cat, Dog), two uploaded images (named
 * as given) in a one-step task, each annotated by the owner with a ring (a hole) and a disc cut by
 * the picture's edge, and submitted. Unique per call.
 */
export async function maskedWork(request: APIRequestContext, fileNames: string[]): Promise<AnnotatedWork> {
  const owner = await ApiUser.logIn(request, DEMO.owner);
  const salt = `${Date.now()}`;
  const project = await owner.call('POST', '/project', { projectName: `Masks ${salt}`, type: 'image' });
  const projectId: number = project.projectId;
  const [feature] = await owner.call('POST', '/ontology/feature/manage', {
    projectId,
    features: [{ name: 'Animals', tool: 'mask', labels: [{ name: 'Cat', color: '#e6194b' }, { name: 'Dog', color: '#3cb44b' }] }],
  });
  const batchId = await uploadBatch(owner, projectId, fileNames, salt);
  const task = await owner.call('POST', '/task', { projectId, name: `Masks ${salt}`, batchIds: [batchId], workflow: { steps: [{ type: 'annotate', memberIds: [owner.id] }] } });
  for (let i = 0; i < fileNames.length; i++) {
    const card = await owner.call('POST', '/task/subject/claim', { projectId, taskId: task.id, workflowId: task.steps[0].workflowId });
    const masks = [discMask(640, 480, [[200 + i * 40, 200, 80]], [[200 + i * 40, 200, 30]]), discMask(640, 480, [[620, 460, 60]])];
    const objects = masks.map((geometry, k) => ({ id: `mask-${i}-${k}`, featureId: feature.featureId, labelId: feature.labels[k].id, tool: 'mask', geometry, attributes: {}, zIndex: k, source: 'manual' }));
    const saved = await owner.call('POST', '/annotate', { taskSubjectId: card.taskSubjectId, saveId: `e2e-masks-${salt}-${i}`, baseVersion: card.version, frames: [{ frameId: card.frameIds[0], data: { version: 1, objects, classifications: [] } }] });
    await owner.call('POST', '/task/subject/annotate/submit', { taskSubjectId: card.taskSubjectId, version: saved.version, activeMs: 30_000 });
  }
  return { projectId, taskId: task.id, fileNames };
}
