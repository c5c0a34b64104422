import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { buildTask } from '../support/taskFixture';
import { realFrames } from '../support/aiFixture';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { eventually } from '../support/eventually';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { ONTOLOGY_VERSION } from '../../src-shared/model/ontology';
import { ANNOTATION_VERSION, frameDataIssues, type AnnotationObject } from '../../src-shared/model/annotation';
import { countsArea, decodeCounts } from '../../src-shared/mask/rle';

type Box = { x: number; y: number; width: number; height: number };
/** The hand-drawn boxes of the demo photographs (tests/fixtures/demo-image-boxes.json). */
const HAND = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/demo-image-boxes.json'), 'utf8')) as { images: Record<string, { label: string; box: Box }[]> };
const handBox = (file: string, label: string) => HAND.images[file]!.find((o) => o.label === label)!.box;

const iou = (a: Box, b: Box) => {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
};
const polygonArea = (points: { x: number; y: number }[]) => Math.abs(points.reduce((s, p, i) => s + p.x * points[(i + 1) % points.length]!.y - points[(i + 1) % points.length]!.x * p.y, 0)) / 2;
const boundsOf = (points: { x: number; y: number }[]): Box => {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
};

/**
 * Pre-annotation with masks (issue 32): one job of the detector in which the boxes of classes
 * mapped to mask and polygon labels come back as the segmenter's masks and outlines of them, on
 * the real built-in service (the detector and SAM) and two demo photographs.
 */
describe.each(DB_KINDS)('pre-annotation with masks on %s', (kind) => {
  let s: TestServer;
  let w: World;

  beforeAll(async () => {
    s = await startTestServer(kind, { env: { AI_SERVICE_ALLOWED_HOSTS: new URL(inject('aiServiceUrl')).host } });
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('makes the person a mask, the cup an outline and the table a box, in one job, each on its picture; Detect does the same', { timeout: 180_000 }, async () => {
    const ctx = s.app.ctx;
    const now = ctx.now();
    const token = w.users.owner.token;
    const ontologyId = (await ctx.db.insertInto('ontologies').values({ project_id: w.projectP, name: 'Masks', created_by: w.users.owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const feature = async (name: string, tool: string, label: { id: string; name: string }, order: number) =>
      (
        await ctx.db
          .insertInto('ontology_features')
          .values({ ontology_id: ontologyId, name, tool, sort_order: order, label_count: 1, definition: JSON.stringify({ version: ONTOLOGY_VERSION, labels: [{ ...label, color: '#ff0000' }], attributes: [] }), created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Each class finds its label by name: person a mask label, cup a polygon label, dining table a box label.
    const people = await feature('People', 'mask', { id: 'person', name: 'Person' }, 0);
    const tableware = await feature('Tableware', 'polygon', { id: 'cup', name: 'Cup' }, 1);
    const furniture = await feature('Furniture', 'box', { id: 'table', name: 'Dining table' }, 2);
    const t = await buildTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: projectPlayers(w) }], subjects: 2 });
    await realFrames(ctx, t, ['astronaut.png', 'coffee.png']);

    const start = await s.call({ method: 'POST', url: '/core/ai/model/task', token, payload: { projectId: w.projectP, taskId: t.taskId } });
    expect(start.body.code, JSON.stringify(start.body)).toBe(200);
    const job = await eventually(
      'the job to end',
      async () => {
        const r = await s.call({ method: 'GET', url: `/core/ai/apply/list?projectId=${w.projectP}&pageSize=100`, token });
        const j = r.body.data.list.find((x: { jobId: number }) => x.jobId === start.body.data.jobId);
        return j && ['succeeded', 'failed', 'cancelled'].includes(j.state) ? j : undefined;
      },
      150_000,
    );
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job.applied).toMatchObject({ items: 2, objects: 3, notOutlined: 0, unmapped: [] });

    const annotations = new AnnotationsRepository(ctx.db);
    const objectsOf = async (i: number): Promise<AnnotationObject[]> => (await annotations.frames(t.taskSubjectIds[i]!)).flatMap((f) => f.data.objects);
    const [astronaut, coffee] = [await objectsOf(0), await objectsOf(1)];
    for (const objects of [astronaut, coffee]) expect(frameDataIssues({ version: ANNOTATION_VERSION, objects, classifications: [] })).toEqual([]);

    // The person as the segmenter's mask: on the 512 x 512 picture, around the person, and a
    // person's share of their box (neither the whole box nor a speck).
    expect(astronaut.map((o) => [o.tool, o.featureId, o.labelId, o.source])).toEqual([['mask', people, 'person', 'ai']]);
    const mask = astronaut[0]!;
    if (mask.tool !== 'mask') throw new Error('not a mask');
    const g = mask.geometry;
    expect(g.x).toBeGreaterThanOrEqual(0);
    expect(g.y).toBeGreaterThanOrEqual(0);
    expect(g.x + g.width).toBeLessThanOrEqual(512);
    expect(g.y + g.height).toBeLessThanOrEqual(512);
    const person = handBox('astronaut.png', 'person');
    expect(iou(g, person)).toBeGreaterThan(0.7);
    const share = countsArea(decodeCounts(g.rle)!).set / (person.width * person.height);
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.9);

    // The cup as its outline (more than a box's four corners), the table as a box.
    expect(coffee.map((o) => [o.tool, o.featureId, o.labelId]).sort()).toEqual([['box', furniture, 'table'], ['polygon', tableware, 'cup']].sort());
    const cup = coffee.find((o) => o.tool === 'polygon')!;
    if (cup.tool !== 'polygon') throw new Error('not a polygon');
    expect(cup.geometry.points.length).toBeGreaterThan(6);
    const cupBox = handBox('coffee.png', 'cup');
    expect(iou(boundsOf(cup.geometry.points), cupBox)).toBeGreaterThan(0.6);
    const cupShare = polygonArea(cup.geometry.points) / (cupBox.width * cupBox.height);
    expect(cupShare).toBeGreaterThan(0.3);
    expect(cupShare).toBeLessThan(0.95);

    // Detect on the item in hand does as the job did: the person comes as a mask.
    const frameId = t.frames.get(t.subjectIds[0]!)![0]!;
    const detect = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: t.taskSubjectIds[0], frameId, tool: 'box' } });
    expect(detect.body.code, JSON.stringify(detect.body)).toBe(200);
    const found = detect.body.data.frames[0].objects as AnnotationObject[];
    expect(found.map((o) => [o.tool, o.labelId])).toEqual([['mask', 'person']]);
    expect(iou(found[0]!.geometry as Box, person)).toBeGreaterThan(0.7);
    // Into a mask label the person chose, every box comes as a mask: the cup and the table.
    const coffeeFrame = t.frames.get(t.subjectIds[1]!)![0]!;
    const chosen = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: t.taskSubjectIds[1], frameId: coffeeFrame, tool: 'box', featureId: people, labelId: 'person' } });
    expect(chosen.body.code, JSON.stringify(chosen.body)).toBe(200);
    const masks = chosen.body.data.frames[0].objects as AnnotationObject[];
    expect(masks.map((o) => [o.tool, o.labelId])).toEqual([['mask', 'person'], ['mask', 'person']]);
    expect(frameDataIssues({ version: ANNOTATION_VERSION, objects: masks, classifications: [] })).toEqual([]);
  });
});
