import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameData } from '../../src-shared/model/annotation';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { attributeFrame, attributeOntology, consumerView } from '../support/attributeSample';
import { DB_KINDS } from '../support/databases';
import { awaitExport, readExportZip } from '../support/exportJobs';
import { buildImportProject, storeOntology, type ImportProject } from '../support/importFixture';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

const run = promisify(execFile);
const READER = join(__dirname, '../support/readers/read_export.py');
const IMAGE = { fileName: 'street.jpg', width: 640, height: 480 };
/** Ids of the sample's ontology that must never reach a file a person reads. */
const LEAKS = ['awb56disq', 'o87xfbz9n', 'o87xfbz9m', 'a1colour', 'a7axles', 'a9cargo', 'lq7c1'];

type Seen = Record<string, { attributes: Record<string, unknown>; tags?: { label: string; attributes: Record<string, unknown> }[]; objects: { class: string; attributes: Record<string, unknown>; flags?: Record<string, string>; corners?: [number, number][] }[] }>;
type Reader = 'coco' | 'voc' | 'yolo' | 'yoloObb' | 'yoloClassify' | 'imagenet' | 'cvat' | 'labelme' | 'labelStudio' | 'datumaro';

/** The export of a run, unpacked, read by the outside reader (python3 with pycocotools, xml.etree, PyYAML). */
async function readOutside(s: TestServer, token: string, objectKey: string | null, reader: Reader): Promise<{ seen: Seen; texts: string }> {
  const { entries } = await readExportZip(s, token, objectKey);
  const dir = await mkdtemp(join(tmpdir(), 'export-readers-'));
  try {
    for (const [path, data] of entries) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), data);
    }
    const { stdout } = await run('python3', [READER, reader, dir], { maxBuffer: 16 * 1024 * 1024 });
    return { seen: JSON.parse(stdout) as Seen, texts: [...entries.values()].map((b) => b.toString('utf8')).join('\n') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** VOC keeps text only: numbers as written, a multiple choice as its names joined by ", ". */
const asText = (answers: Record<string, unknown>) => Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));

async function projectWithAnswers(s: TestServer, w: World, annotate: boolean): Promise<ImportProject & { featureIds: Map<number, number> }> {
  const p = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: [{ name: IMAGE.fileName, frames: [IMAGE] }] });
  const featureIds = await storeOntology(s.app.ctx, p.projectId, w.users.owner.id, attributeOntology);
  if (annotate) {
    const data: FrameData = {
      ...attributeFrame,
      objects: attributeFrame.objects.map((o) => ({ ...o, featureId: featureIds.get(o.featureId)! })),
      classifications: attributeFrame.classifications.map((c) => ({ ...c, featureId: featureIds.get(c.featureId)! })),
    };
    const taskSubjectId = p.taskSubjectIds.get(p.subjectIds.get(IMAGE.fileName)!)!;
    await new AnnotationsRepository(s.app.ctx.db).writeFrames(taskSubjectId, [{ frameId: p.frameIds.get(IMAGE.fileName)!, json: JSON.stringify(data), objectCount: data.objects.length }], {
      version: 1,
      userId: w.users.owner.id,
      now: s.app.ctx.now(),
    });
  }
  return { ...p, featureIds };
}

/** A project's one frame as stored, features named (ids differ between projects, element ids do not). */
async function storedFrame(s: TestServer, p: ImportProject & { featureIds: Map<number, number> }) {
  const row = await s.app.ctx.db.selectFrom('annotation_frames').select('data').where('frame_id', '=', p.frameIds.get(IMAGE.fileName)!).executeTakeFirstOrThrow();
  const data = JSON.parse(row.data) as FrameData;
  const featureOf = new Map([...p.featureIds].map(([sample, stored]) => [stored, sample]));
  return {
    objects: data.objects.map((o) => ({ feature: featureOf.get(o.featureId), labelId: o.labelId, attributes: o.attributes })),
    classifications: data.classifications.map((c) => ({ feature: featureOf.get(c.featureId), labelId: c.labelId, attributes: c.attributes })).sort((a, b) => a.feature! - b.feature!),
  };
}

/**
 * Issue 17: exported attributes were ids (`{"awb56disq":"o87xfbz9n"}` for "occluded: yes").
 * Every attribute kind, per object and per image, in Chinese and English, exported through the
 * job, read by readers no one here wrote, must read by name; the same file imported into a
 * project with the same ontology must give back the same answers.
 */
describe.each(DB_KINDS)('attributes by name in every format that has them, read by outside readers, on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let a: Awaited<ReturnType<typeof projectWithAnswers>>;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    a = await projectWithAnswers(s, w, true);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  const FORMATS = [
    { format: 'coco', reader: 'coco', importAs: 'coco' },
    { format: 'voc', reader: 'voc', importAs: 'voc' },
    { format: 'yoloDetect', reader: 'yolo', importAs: 'yolo' },
    { format: 'yoloObb', reader: 'yoloObb', importAs: 'yoloObb' },
    { format: 'cvat', reader: 'cvat', importAs: 'cvat' },
    { format: 'labelme', reader: 'labelme', importAs: 'labelme' },
    { format: 'labelStudio', reader: 'labelStudio', importAs: 'labelStudio' },
    { format: 'datumaro', reader: 'datumaro', importAs: 'datumaro' },
  ] as const;

  it.each(FORMATS)('$format: a reader sees every answer by name, and the file imports back with the answers intact', async ({ format, reader, importAs }) => {
    const token = w.users.owner.token;
    const started = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId: a.projectId, format } });
    expect(started.body.msg).toBe('ok');
    const job = await awaitExport(s, token, a.projectId, started.body.data.id, 150_000);
    expect(job.status).toBe('done');
    expect(job.report?.skipped ?? {}).toEqual({});

    const { seen, texts } = await readOutside(s, token, job.objectKey, reader);
    for (const id of LEAKS) expect(texts, `the id ${id} leaked into the export`).not.toContain(id);
    const image = seen[IMAGE.fileName]!;
    expect(image, JSON.stringify(seen)).toBeDefined();
    if (reader === 'datumaro') {
      // Typed; the chosen classification label as a label annotation, the questions as the item's attributes.
      expect(image.objects.map((o) => ({ class: o.class, attributes: o.attributes }))).toEqual(consumerView.objects);
      expect(image.tags).toEqual([{ label: '晴', attributes: {} }]);
      expect(image.attributes).toEqual({ Visibility: 80, 'Time of day': '夜晚' });
    } else if (reader === 'labelme') {
      // Typed, as COCO; the chosen labels as the image's flags, the questions in the document's attributes.
      expect(image.objects.map((o) => ({ class: o.class, attributes: o.attributes }))).toEqual(consumerView.objects);
      expect(image.tags).toEqual([{ label: '晴', attributes: {} }]);
      expect(image.attributes).toEqual(consumerView.image);
    } else if (reader === 'cvat') {
      // Text, as VOC; a frame's classifications are tags: the chosen label (the feature's name for questions alone) with its questions.
      expect(image.objects.map((o) => ({ class: o.class, attributes: o.attributes }))).toEqual(consumerView.objects.map((o) => ({ class: o.class, attributes: asText(o.attributes) })));
      expect(image.objects.map((o) => o.flags)).toEqual([{ occluded: '1' }, { occluded: '0' }]);
      expect(image.tags).toEqual([
        { label: '晴', attributes: { Visibility: '80' } },
        { label: 'Scene', attributes: { 'Time of day': '夜晚' } },
      ]);
    } else if (reader === 'voc') {
      expect(image.attributes).toEqual(asText(consumerView.image));
      expect(image.objects.map((o) => ({ class: o.class, attributes: o.attributes }))).toEqual(consumerView.objects.map((o) => ({ class: o.class, attributes: asText(o.attributes) })));
      // VOC's own flag says what the "occluded" question says
      expect(image.objects.map((o) => o.flags)).toEqual([
        { truncated: '0', difficult: '0', occluded: '1' },
        { truncated: '0', difficult: '0', occluded: '0' },
      ]);
    } else {
      expect(image.attributes).toEqual(consumerView.image);
      expect(image.objects.map((o) => ({ class: o.class, attributes: o.attributes }))).toEqual(consumerView.objects);
    }
    if (reader === 'yoloObb') {
      // each box's four corners, clockwise from the top-left, as fractions of the 640 x 480 picture
      const pixels = image.objects.map((o) => o.corners!.map(([x, y]) => [Math.round(x * IMAGE.width * 1000) / 1000, Math.round(y * IMAGE.height * 1000) / 1000]));
      expect(pixels).toEqual([
        [[10, 20], [110, 20], [110, 70], [10, 70]],
        [[200, 100], [240, 100], [240, 180], [200, 180]],
      ]);
    }

    const b = await projectWithAnswers(s, w, false);
    const imported = await s.call({
      method: 'POST',
      url: '/core/project/external/import',
      token,
      payload: { projectId: b.projectId, taskId: b.taskId, format: importAs, key: job.objectKey, dryRun: false, createMissingLabels: false, mode: 'replace' },
    });
    expect(imported.body.msg, JSON.stringify(imported.body.data)).toBe('ok');
    expect(imported.body.data).toMatchObject({ skippedObjects: {}, droppedAnswers: {} });
    expect(await storedFrame(s, b)).toEqual(await storedFrame(s, a));
    // An export thread, a Python process and an import reader process each start here: minutes on a loaded 2-core machine.
  }, 180_000);

  it.each([
    { format: 'yoloClassify', path: `train/晴/${IMAGE.fileName}` },
    { format: 'imagenet', path: `晴/${IMAGE.fileName}` },
  ] as const)('$format: a reader walking the folders sees the picture under its class, and the zip imports back to that class', async ({ format, path }) => {
    const token = w.users.owner.token;
    // the class folders are made of the pictures themselves
    const key = (await s.app.ctx.db.selectFrom('subject_frames').select('object_key').where('id', '=', a.frameIds.get(IMAGE.fileName)!).executeTakeFirstOrThrow()).object_key;
    await s.app.ctx.storage.put(key, Buffer.from('street picture'), 'image/jpeg');
    const started = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId: a.projectId, format } });
    expect(started.body.msg).toBe('ok');
    const job = await awaitExport(s, token, a.projectId, started.body.data.id, 150_000);
    expect(job.status).toBe('done');
    // the two boxes have no place in a class folder; Scene, a feature of questions alone, names no class
    expect(job.report).toMatchObject({ objectsWritten: 1, skipped: { box: 2 }, mediaFiles: 1 });

    const { seen, texts } = await readOutside(s, token, job.objectKey, format);
    expect(texts).toBe('street picture');
    expect(seen).toEqual({ [IMAGE.fileName]: { attributes: {}, tags: [{ label: '晴', attributes: {} }], objects: [] } });
    expect((await readExportZip(s, token, job.objectKey)).entries.has(path)).toBe(true);

    const b = await projectWithAnswers(s, w, false);
    const imported = await s.call({
      method: 'POST',
      url: '/core/project/external/import',
      token,
      payload: { projectId: b.projectId, taskId: b.taskId, format, key: job.objectKey, dryRun: false, createMissingLabels: false, mode: 'replace' },
    });
    expect(imported.body.msg, JSON.stringify(imported.body.data)).toBe('ok');
    expect(imported.body.data).toMatchObject({ skippedObjects: {}, droppedAnswers: {} });
    // the class, without the answers the folders have no place for
    expect(await storedFrame(s, b)).toEqual({ objects: [], classifications: [{ feature: 2, labelId: 'lw1', attributes: {} }] });
  }, 180_000);
});
