import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../support/zipOf';
import { writeCoco, writeVoc } from '../../src-server/exports/formats';
import { fetchZipToFile } from '../../src-server/imports/fetchZip';
import { IMPORT_LIMITS } from '../../src-shared/api/projectImport';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { buildImportProject, exportItemsOf, ontologyOf, putZip, sampleSubjects, storeOntology, type ImportProject, type SubjectSpec } from '../support/importFixture';


/** The import route: what it answers and what project B then stores. */
describe.each(DB_KINDS)('annotation import on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let cocoZip: Buffer;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    cocoZip = (await writeIntoZip((sink) => writeCoco(sampleItems, sampleOntology, sink))).zip;
  });
  afterAll(async () => {
    await s?.close();
  });

  const project = (subjects: SubjectSpec[] = sampleSubjects(), inTask?: (x: SubjectSpec) => boolean) =>
    buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [w.users.annotator.id], subjects, ...(inTask ? { inTask } : {}) });
  const importInto = async (p: ImportProject, body: Record<string, unknown>, zip: Buffer = cocoZip) => {
    const key = await putZip(s.app.ctx, w.users.manager.id, zip);
    return s.call({ method: 'POST', url: '/core/project/external/import', token: w.users.manager.token, payload: { projectId: p.projectId, taskId: p.taskId, format: 'coco', key, ...body } });
  };
  /** Objects stored per file name, as `label:tool`. */
  const stored = async (p: ImportProject) => {
    const { features } = await ontologyOf(s.app.ctx, p.projectId);
    const labelOf = (featureId: number, labelId: string) => features.find((f) => f.featureId === featureId)!.labels.find((l) => l.id === labelId)!.name;
    const out: Record<string, string[]> = {};
    for (const f of (await exportItemsOf(s.app.ctx, p.taskId)).flatMap((i) => i.frames)) out[f.fileName] = f.data.objects.map((o) => `${labelOf(o.featureId, o.labelId)}:${o.tool}`);
    return out;
  };
  const versions = async (p: ImportProject) =>
    (await s.app.ctx.db.selectFrom('task_subjects').select(['id', 'version']).where('task_id', '=', p.taskId).orderBy('id').execute()).map((r) => r.version);
  const storedFrames = async (p: ImportProject) =>
    Number((await s.app.ctx.db.selectFrom('annotation_frames as af').innerJoin('task_subjects as ts', 'ts.id', 'af.task_subject_id').select((eb) => eb.fn.countAll<number>().as('n')).where('ts.task_id', '=', p.taskId).executeTakeFirstOrThrow()).n);

  it('answers a dry run (the default) with what it would do and writes nothing', async () => {
    const b = await project();
    const before = await versions(b);
    const r = await importInto(b, { createMissingLabels: true });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      dryRun: true,
      written: false,
      files: 4,
      // COCO holds the boxes, the polygon and the keypoints; the polyline is not in it.
      matched: { subjects: 3, frames: 4, objects: 7 },
      labelsCreated: [],
      featuresMissing: expect.arrayContaining([{ name: 'Road users', tool: 'box' }, { name: 'Areas', tool: 'polygon' }, { name: 'Pose', tool: 'keypoints' }]),
    });
    expect(r.body.data.labelsMissing.map((l: { name: string }) => l.name).sort()).toEqual(['car', 'person', 'road', 'truck & <trailer>', '行人'].sort());
    expect(await ontologyOf(s.app.ctx, b.projectId)).toEqual({ features: [] });
    expect(await storedFrames(b)).toBe(0);
    expect(await versions(b)).toEqual(before);
  });

  it('refuses labels the ontology lacks without confirmation, writing nothing, and creates them with it', async () => {
    const b = await project();
    const refused = await importInto(b, { dryRun: false });
    expect({ status: refused.status, msg: refused.body.msg }).toEqual({ status: 409, msg: 'error.import.labelsMissing' });
    expect(refused.body.data.labels).toContainEqual({ name: '行人', tool: 'box', featureName: 'Road users' });
    expect(await storedFrames(b)).toBe(0);
    expect(await ontologyOf(s.app.ctx, b.projectId)).toEqual({ features: [] });

    const done = await importInto(b, { dryRun: false, createMissingLabels: true });
    expect(done.body.data).toMatchObject({ written: true, matched: { objects: 7 } });
    expect(done.body.data.labelsCreated).toContainEqual({ name: 'car', tool: 'box', featureName: 'Road users', featureId: expect.any(Number), labelId: expect.any(String) });
    const { features } = await ontologyOf(s.app.ctx, b.projectId);
    expect(features.map((f) => [f.name, f.tool, f.labels.map((l) => l.name)])).toEqual([
      ['Road users', 'box', ['car', '行人', 'truck & <trailer>']],
      ['Areas', 'polygon', ['road']],
      ['Pose', 'keypoints', ['person']],
    ]);
    expect(await stored(b)).toMatchObject({ 'a.jpg': ['car:box', '行人:box', 'road:polygon'], 'folder/b.png': ['person:keypoints', 'truck & <trailer>:box'] });
  });

  it('puts labels into the ontology it has when they exist, without asking, and maps the answers our COCO writes by name back to ids', async () => {
    const b = await project();
    await storeOntology(s.app.ctx, b.projectId, w.users.owner.id);
    const r = await importInto(b, { dryRun: false });
    expect(r.body.data).toMatchObject({ written: true, labelsMissing: [], labelsCreated: [], droppedAnswers: {} });
    const car = (await exportItemsOf(s.app.ctx, b.taskId))[0]!.frames[0]!.data.objects.find((o) => o.labelId === 'car')!;
    expect(car).toMatchObject({ tool: 'box', geometry: { x: 10, y: 20, width: 100, height: 50 }, attributes: { color: 'red' }, source: 'import' });
  });

  it('reports files that match no frame and files that match several, and writes neither', async () => {
    // a.jpg exists twice (in two folders), so its base name is ambiguous; clip/ frames do not exist.
    const b = await project([
      { name: 'one', frames: [{ fileName: 'x/a.jpg', width: 640, height: 480 }] },
      { name: 'two', frames: [{ fileName: 'y/a.jpg', width: 640, height: 480 }] },
      { name: 'three', frames: [{ fileName: 'folder/b.png', width: 1280, height: 720 }] },
    ]);
    const r = await importInto(b, { dryRun: false, createMissingLabels: true });
    expect(r.body.data).toMatchObject({
      unmatchedFiles: { count: 2, list: ['clip/000000.jpg', 'clip/000001.jpg'] },
      ambiguousFiles: { count: 1, list: [{ fileName: 'a.jpg', frames: 2 }] },
      matched: { subjects: 1, frames: 1, objects: 2 },
    });
    expect(await stored(b)).toEqual({ 'x/a.jpg': [], 'y/a.jpg': [], 'folder/b.png': ['person:keypoints', 'truck & <trailer>:box'] });
  });

  it('matches by base name when the zip kept no folders, and reports subjects outside the task', async () => {
    const b = await project(
      [
        { name: 'a', frames: [{ fileName: 'upload/2024/a.jpg', width: 640, height: 480 }] },
        { name: 'b', frames: [{ fileName: 'folder/b.png', width: 1280, height: 720 }] },
      ],
      (x) => x.name === 'a',
    );
    const r = await importInto(b, { dryRun: false, createMissingLabels: true });
    expect(r.body.data).toMatchObject({ matched: { subjects: 1, objects: 3 }, subjectsNotInTask: { count: 1, list: [b.subjectIds.get('b')] } });
    expect((await stored(b))['upload/2024/a.jpg']).toEqual(['car:box', '行人:box', 'road:polygon']);
  });

  it('leaves a task subject a worker holds as it is and says so', async () => {
    const b = await project();
    const held = b.taskSubjectIds.get(b.subjectIds.get('a.jpg')!)!;
    await s.app.ctx.db.updateTable('task_subjects').set({ state: 'inProgress', holder_id: w.users.annotator.id }).where('id', '=', held).execute();
    const r = await importInto(b, { dryRun: false, createMissingLabels: true });
    expect(r.body.data).toMatchObject({ heldTaskSubjects: { count: 1, list: [held] }, matched: { subjects: 2 } });
    expect((await stored(b))['a.jpg']).toEqual([]);
    const row = await s.app.ctx.db.selectFrom('task_subjects').select(['version', 'state']).where('id', '=', held).executeTakeFirstOrThrow();
    expect(row).toEqual({ version: 0, state: 'inProgress' });
  });

  it('replaces the frames\' objects, or appends to them, bumping each task subject\'s version once per import', async () => {
    const b = await project();
    await importInto(b, { dryRun: false, createMissingLabels: true, mode: 'replace' });
    const once = await versions(b);
    const again = await importInto(b, { dryRun: false, mode: 'replace' });
    expect(again.body.data).toMatchObject({ labelsCreated: [], matched: { objects: 7 } });
    expect((await stored(b))['a.jpg']).toEqual(['car:box', '行人:box', 'road:polygon']);
    expect(await versions(b)).toEqual(once.map((v) => v + 1));

    await importInto(b, { dryRun: false, mode: 'append' });
    expect((await stored(b))['a.jpg']).toEqual(['car:box', '行人:box', 'road:polygon', 'car:box', '行人:box', 'road:polygon']);
    const ids = (await exportItemsOf(s.app.ctx, b.taskId))[0]!.frames[0]!.data.objects.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers a damaged, empty or mistaken zip with a translated error naming the fault, and writes nothing', async () => {
    const b = await project();
    const fail = async (zip: Buffer, body: Record<string, unknown> = {}) => {
      const r = await importInto(b, { dryRun: false, createMissingLabels: true, ...body }, zip);
      return { status: r.status, msg: r.body.msg, data: r.body.data };
    };
    expect(await fail(Buffer.from('not a zip at all'))).toMatchObject({ status: 400, msg: 'error.import.badZip' });
    expect(await fail(await zipOf({}))).toMatchObject({ status: 400, msg: 'error.import.emptyZip' });
    expect(await fail(cocoZip, { format: 'yolo' })).toEqual({ status: 400, msg: 'error.import.missingFile', data: { file: 'data.yaml', message: expect.any(String), looksLike: 'coco' } });
    expect(await fail(cocoZip, { format: 'voc' })).toMatchObject({ status: 400, msg: 'error.import.missingFile', data: { file: 'Annotations/*.xml', looksLike: 'coco' } });
    const broken = await zipOf({ 'annotations/instances_default.json': JSON.stringify({ images: [{ id: 1, file_name: 'a.jpg' }], categories: [{ id: 1, name: 'car' }], annotations: [{ image_id: 1, category_id: 1, bbox: [1, 2] }] }) });
    expect(await fail(broken)).toEqual({ status: 400, msg: 'error.import.badFormat', data: { file: 'annotations/instances_default.json', field: 'annotations[0].bbox', message: expect.any(String) } });
    const voc = await zipOf({ 'Annotations/a.xml': '<annotation><filename>a.jpg</filename><object><name>car</name></object></annotation>' });
    expect(await fail(voc, { format: 'voc' })).toMatchObject({ status: 400, msg: 'error.import.badFormat', data: { file: 'Annotations/a.xml', field: 'object[0].bndbox' } });
    const newer = await zipOf({ 'manifest.json': JSON.stringify({ format: 'annotation-workstation/lossless', formatVersion: 99 }), 'ontology.json': '{"features":[]}', 'annotations.jsonl': '' });
    expect(await fail(newer, { format: 'lossless' })).toMatchObject({ status: 400, msg: 'error.import.unsupportedVersion', data: { file: 'manifest.json', version: 99 } });
    expect(await storedFrames(b)).toBe(0);
    expect(await ontologyOf(s.app.ctx, b.projectId)).toEqual({ features: [] });
  });

  it('refuses a key that holds nothing, one the caller may not read, and a task of another project', async () => {
    const b = await project();
    const other = await project();
    const call = (body: Record<string, unknown>) =>
      s.call({ method: 'POST', url: '/core/project/external/import', token: w.users.manager.token, payload: { projectId: b.projectId, taskId: b.taskId, format: 'coco', ...body } });
    const failure = (r: Awaited<ReturnType<typeof call>>) => ({ status: r.status, msg: r.body.msg });
    expect(failure(await call({ key: `user/${w.users.manager.id}/nothing-here.zip` }))).toEqual({ status: 404, msg: 'error.import.zipNotFound' });
    const ownersZip = await putZip(s.app.ctx, w.users.owner.id, cocoZip);
    expect(failure(await call({ key: ownersZip }))).toEqual({ status: 404, msg: 'error.obs.objectNotFound' });
    expect(failure(await call({ key: '../etc/passwd' }))).toEqual({ status: 400, msg: 'error.obs.invalidKey' });
    const mine = await putZip(s.app.ctx, w.users.manager.id, cocoZip);
    expect(failure(await call({ key: mine, taskId: other.taskId }))).toEqual({ status: 404, msg: 'error.task.notFound' });
  });

  it('refuses a zip above the size limit before reading it', async () => {
    const key = await putZip(s.app.ctx, w.users.manager.id, cocoZip);
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'import-fetch-'));
    try {
      await expect(fetchZipToFile(s.app.ctx.storage, key, cocoZip.length - 1, path.join(dir, 'small.zip'))).rejects.toMatchObject({ key: 'import.zipTooLarge', data: { limit: 'zip', max: cocoZip.length - 1 } });
      await fetchZipToFile(s.app.ctx.storage, key, IMPORT_LIMITS.zipBytes, path.join(dir, 'whole.zip'));
      expect((await fs.promises.readFile(path.join(dir, 'whole.zip'))).equals(cocoZip)).toBe(true);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });

  it('adds VOC\'s labels to the first box feature the ontology has, since VOC names no feature', async () => {
    const b = await project();
    const truncated = { id: 'trunc', name: 'Truncated', type: 'radio' as const, required: false, options: [{ id: 'y', name: 'Yes' }, { id: 'n', name: 'No', default: true }] };
    await storeOntology(s.app.ctx, b.projectId, w.users.owner.id, { features: [{ featureId: 9, sortOrder: 0, name: 'Things', tool: 'box', labels: [{ id: 'x', name: 'thing', color: '#00ff00' }], attributes: [truncated] }] });
    const { zip } = await writeIntoZip((sink) => writeVoc(sampleItems, sampleOntology, sink));
    const r = await importInto(b, { format: 'voc', dryRun: false, createMissingLabels: true }, zip);
    expect(r.body.data).toMatchObject({ written: true, featuresMissing: [], skippedObjects: {} });
    const { features } = await ontologyOf(s.app.ctx, b.projectId);
    expect(features.map((f) => [f.name, f.labels.map((l) => l.name)])).toEqual([['Things', ['thing', 'car', '行人', 'truck & <trailer>']]]);
    expect((await stored(b))['clip/000001.jpg']).toEqual(['行人:box']);
    // What the file leaves unanswered takes the feature's default, as a box drawn in the workspace does (issue 31).
    const objects = (await exportItemsOf(s.app.ctx, b.taskId)).flatMap((i) => i.frames.flatMap((f) => f.data.objects));
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects) expect(o.attributes).toMatchObject({ trunc: 'n' });
  });
});
