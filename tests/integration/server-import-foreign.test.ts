/**
 * Issue 35: a team brings its work from another tool. First CVAT: Datumaro's own CVAT for images file (no one here wrote
 * it: tests/fixtures/foreign/datumaro) imported through the route into a project with the same
 * images: the dry run says which labels are missing and which shapes are left out, nothing is
 * written without the confirmation, and with it the labels are created (a skeleton with its
 * points) and every labelled shape lands on its image with its answers. Then a LabelMe file
 * whose picture the project does not have: listed as unmatched, nothing written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../support/zipOf';
import { CVAT_PATH } from '../../src-server/exports/formats';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { buildImportProject, exportItemsOf, ontologyOf, putZip, storeOntology } from '../support/importFixture';

const DATUMARO_FILE = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/foreign/datumaro/cvat-for-images-train.xml'));


describe.each(DB_KINDS)('importing another tool\'s files on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  const project = async () => {
    const p = await buildImportProject(s.app.ctx, {
      teamId: w.teamA,
      ownerId: w.users.owner.id,
      annotatorIds: [],
      subjects: [
        { name: 'img0.jpg', frames: [{ fileName: 'img0.jpg', width: 8, height: 8 }] },
        { name: 'img1.jpg', frames: [{ fileName: 'img1.jpg', width: 10, height: 10 }] },
      ],
    });
    // The project has label1 as CVAT had it, with its four attributes; not label2 nor the skeleton.
    await storeOntology(s.app.ctx, p.projectId, w.users.owner.id, {
      features: [
        {
          featureId: 1, sortOrder: 0, name: 'Things', tool: 'box', labels: [{ id: 'l1', name: 'Label1', color: '#ff0000' }],
          attributes: [
            { id: 'a1', name: 'a1', type: 'radio', required: false, options: [{ id: 'f', name: 'false' }, { id: 't', name: 'true' }] },
            { id: 'a2', name: 'a2', type: 'select', required: false, options: [{ id: 'v1', name: 'v1' }, { id: 'v2', name: 'v2' }, { id: 'v3', name: 'v3' }] },
            { id: 'a3', name: 'a3', type: 'text', required: false },
            { id: 'a4', name: 'a4', type: 'number', required: false },
            { id: 'occ', name: 'occluded', type: 'radio', required: false, options: [{ id: 'yes', name: 'yes' }, { id: 'no', name: 'no' }] },
          ],
        },
      ],
    });
    return p;
  };
  const importInto = async (p: Awaited<ReturnType<typeof project>>, body: Record<string, unknown>) => {
    const key = await putZip(s.app.ctx, w.users.manager.id, await zipOf({ [CVAT_PATH]: DATUMARO_FILE }));
    return s.call({ method: 'POST', url: '/core/project/external/import', token: w.users.manager.token, payload: { projectId: p.projectId, taskId: p.taskId, format: 'cvat', key, ...body } });
  };

  it("says in a dry run what Datumaro's file needs and leaves out, refuses to write without the labels, and with them writes every labelled shape", async () => {
    const b = await project();
    const dry = await importInto(b, {});
    expect(dry.body.msg).toBe('ok');
    expect(dry.body.data).toMatchObject({
      written: false,
      // only img0's box has its label yet: the shapes of the missing labels are counted aside
      matched: { subjects: 1, frames: 1, objects: 1 },
      skippedObjects: { labelMissing: 5 },
      labelsMissing: expect.arrayContaining([expect.objectContaining({ name: 'skeleton', tool: 'keypoints' }), expect.objectContaining({ name: 'label2', tool: 'point' })]),
      warnings: { count: 2 },
    });
    expect(dry.body.data.labelsMissing).toHaveLength(2);
    expect(dry.body.data.warnings.list.join('\n')).toMatch(/image\[0\]\.polyline\[0\] has no label/);

    const refused = await importInto(b, { dryRun: false });
    expect(refused.body).toMatchObject({ code: 409, msg: 'error.import.labelsMissing' });
    expect((await exportItemsOf(s.app.ctx, b.taskId)).flatMap((i) => i.frames).every((f) => f.data.objects.length === 0)).toBe(true);

    const done = await importInto(b, { dryRun: false, createMissingLabels: true });
    expect(done.body.msg, JSON.stringify(done.body.data)).toBe('ok');
    expect(done.body.data).toMatchObject({ written: true, matched: { objects: 6 }, skippedObjects: {} });
    const { features } = await ontologyOf(s.app.ctx, b.projectId);
    const skeleton = features.find((f) => f.tool === 'keypoints')!;
    expect(skeleton.labels.map((l) => l.name)).toEqual(['skeleton']);
    expect(skeleton.skeleton!.points.map((p) => p.name)).toEqual(['1', '2', '3', '4']);

    const frames = Object.fromEntries((await exportItemsOf(s.app.ctx, b.taskId)).flatMap((i) => i.frames).map((f) => [f.fileName, f.data.objects]));
    const nameOf = (o: { featureId: number; labelId?: string }) => features.find((f) => f.featureId === o.featureId)!.labels.find((l) => l.id === o.labelId)!.name;
    expect(frames['img0.jpg']!.map((o) => [nameOf(o), o.tool])).toEqual([['skeleton', 'keypoints'], ['Label1', 'box']]);
    expect(frames['img1.jpg']!.map((o) => [nameOf(o), o.tool])).toEqual([['skeleton', 'keypoints'], ['label2', 'point'], ['label2', 'point'], ['label2', 'point']]);
    // label1's answers by name, CVAT's occluded flag as the project's "occluded" question
    const box = frames['img0.jpg']![1]!;
    expect(box).toMatchObject({ geometry: { x: 0, y: 2, width: 4, height: 2 }, attributes: { a1: 't', a2: 'v3', a3: '0003', a4: 2.4, occ: 'yes' }, source: 'import' });
  });

  it('lists a LabelMe file whose picture the project does not have as unmatched, and writes nothing', async () => {
    const b = await project();
    const file = (imagePath: string) => Buffer.from(JSON.stringify({ version: '5.5.0', flags: {}, shapes: [{ label: 'Label1', points: [[1, 1], [5, 5]], shape_type: 'rectangle', flags: {} }], imagePath, imageData: null, imageHeight: 8, imageWidth: 8 }));
    const key = await putZip(s.app.ctx, w.users.manager.id, await zipOf({ 'ann/img0.json': file('../img/img0.jpg'), 'ann/gone.json': file('../img/gone.jpg') }));
    const call = (dryRun: boolean) => s.call({ method: 'POST', url: '/core/project/external/import', token: w.users.manager.token, payload: { projectId: b.projectId, taskId: b.taskId, format: 'labelme', key, dryRun } });
    const dry = await call(true);
    expect(dry.body.data).toMatchObject({ written: false, files: 2, matched: { frames: 1, objects: 1 }, unmatchedFiles: { count: 1, list: ['img/gone.jpg'] } });
    const done = await call(false);
    expect(done.body.data).toMatchObject({ written: true, matched: { frames: 1, objects: 1 }, unmatchedFiles: { count: 1, list: ['img/gone.jpg'] } });
    const frames = Object.fromEntries((await exportItemsOf(s.app.ctx, b.taskId)).flatMap((i) => i.frames).map((f) => [f.fileName, f.data.objects.length]));
    expect(frames).toEqual({ 'img0.jpg': 1, 'img1.jpg': 0 });
  });
});
