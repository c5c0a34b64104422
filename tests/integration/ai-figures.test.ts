import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { aiOntology, BOX_DEFAULTS } from '../support/aiFixture';
import { buildTask } from '../support/taskFixture';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { eventually } from '../support/eventually';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { AiJobsRepository } from '../../src-server/repositories/aiJobs';
import { AiModelsRepository } from '../../src-server/repositories/aiModels';
import { newCallbackToken } from '../../src-server/ai/serviceUrls';
import { ANNOTATION_VERSION } from '../../src-shared/model/annotation';
import { ONTOLOGY_VERSION } from '../../src-shared/model/ontology';
import type { TrainOutcome } from '../../src-shared/api/ai';
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import { encodeBitmap } from '../../src-shared/mask/rle';

/**
 * Issue 31, "figures that mislead": a pre-annotation job's item count and what the statistics
 * say annotators kept. The model service is played by the test (its callbacks, with a token of
 * the test's own), so which frames come in which callback is the test's to choose.
 */
describe.each(DB_KINDS)('AI figures on %s', (kind) => {
  let s: TestServer;
  let w: World;

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  const detector = () =>
    eventually('the built-in detector to be recorded', () =>
      s.app.ctx.db.selectFrom('ai_models').select('id').where('kind', '=', 'detector').where('team_id', 'is', null).where('project_id', 'is', null).executeTakeFirst(),
    );

  type JobItem = { key: string; taskSubjectId: number; subjectId: number; frameId: number };

  /**
   * A job over these items (a pre-annotation unless said), taken as a model service would take
   * it, with a token the test holds.
   */
  async function takenJob(items: JobItem[], o: { type?: 'predict' | 'evaluate' | 'train'; modelId?: number; parentJobId?: number } = {}) {
    const jobs = new AiJobsRepository(s.app.ctx.db);
    const { token, hash } = newCallbackToken();
    const type = o.type ?? 'predict';
    const modelId = o.modelId ?? (await detector()).id;
    // The server's own runner may take a job first: that one is stopped and another made.
    let created = 0;
    let taken;
    while (!taken) {
      if (created) await s.call({ method: 'POST', url: type === 'train' ? '/core/ai/train/terminate' : '/core/ai/predict/cancel', token: w.users.owner.token, payload: { projectId: w.projectP, jobId: created } });
      created = await jobs.create({ projectId: w.projectP, modelId, type, tool: 'box', params: {}, parentJobId: o.parentJobId ?? null, createdBy: w.users.owner.id, now: Date.now(), items });
      // heard "in an hour": the runner's stall check leaves it alone meanwhile
      taken = await jobs.takeForDispatch((await jobs.get(created))!, { runnerId: 'test', tokenHash: hash, now: Date.now() + 3_600_000 });
    }
    const notify = (body: object) =>
      s.call({ method: 'POST', url: `/core/ai/notify/${type}`, headers: { authorization: `Bearer ${token}` }, payload: { jobId: `${created}.${taken.attempt}`, total: items.length, ...body } });
    return { jobId: created, notify };
  }

  const listed = async (jobId: number) => {
    const r = await s.call({ method: 'GET', url: `/core/ai/apply/list?projectId=${w.projectP}&pageSize=100`, token: w.users.owner.token });
    return r.body.data.list.find((j: { jobId: number }) => j.jobId === jobId);
  };

  it('counts a two-frame sequence once when its frames come in two callbacks, and its suggestions start with the attributes\' defaults', async () => {
    const ctx = s.app.ctx;
    const { boxFeatureId } = await aiOntology(ctx, w.projectP, w.users.owner.id);
    const t = await buildTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: projectPlayers(w) }], subjects: 1, framesPerSubject: 2 });
    const [subjectId, taskSubjectId] = [t.subjectIds[0]!, t.taskSubjectIds[0]!];
    const [first, second] = t.frames.get(subjectId)! as [number, number];
    const { jobId, notify } = await takenJob([
      { key: 'f1', taskSubjectId, subjectId, frameId: first },
      { key: 'f2', taskSubjectId, subjectId, frameId: second },
    ]);
    const cat = (x: number) => ({ tool: 'box', className: 'cat', label: `${boxFeatureId}:cat`, score: 0.9, box: { x, y: 10, width: 100, height: 80 } });
    expect((await notify({ seq: 1, state: 'running', done: 1, results: [{ key: 'f1', predictions: [cat(10)] }] })).body.code).toBe(200);
    expect((await notify({ seq: 2, state: 'succeeded', done: 2, results: [{ key: 'f2', predictions: [cat(30)] }] })).body.code).toBe(200);

    const job = await eventually('the job to end', async () => {
      const j = await listed(jobId);
      return j?.state === 'succeeded' ? j : undefined;
    });
    // One item (a task subject), however many callbacks its frames took; two objects.
    expect(job.applied).toMatchObject({ items: 1, objects: 2, skippedTouched: 0 });
    const frames = await new AnnotationsRepository(ctx.db).frames(taskSubjectId);
    const objects = frames.flatMap((f) => f.data.objects);
    expect(objects.map((o) => `${o.labelId}:${o.source}`)).toEqual(['cat:ai', 'cat:ai']);
    for (const o of objects) expect(o.attributes).toEqual(BOX_DEFAULTS);
  });

  it('counts what annotators kept, edited and deleted only on items a person has submitted', async () => {
    const ctx = s.app.ctx;
    const { boxFeatureId } = await aiOntology(ctx, w.projectP, w.users.owner.id);
    const t = await buildTask(ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [{ type: 'annotate', members: [w.users.annotator.id] }, { type: 'review', members: [w.users.reviewer.id] }],
      subjects: 2,
    });
    const items = t.subjectIds.map((subjectId, i) => ({ key: `s${i}`, taskSubjectId: t.taskSubjectIds[i]!, subjectId, frameId: t.frames.get(subjectId)![0]! }));
    const { jobId, notify } = await takenJob(items);
    const person = { tool: 'box', className: 'person', label: `${boxFeatureId}:person`, score: 0.8, box: { x: 5, y: 5, width: 50, height: 120 } };
    await notify({ seq: 1, state: 'succeeded', done: 2, results: items.map((i) => ({ key: i.key, predictions: [person] })) });
    await eventually('the job to end', async () => (await listed(jobId))?.state === 'succeeded');
    const modelId = (await detector()).id;
    const feedback = async () => {
      // Not measured yet: the refusal carries the feedback, as the AI tab shows it.
      const r = await s.call({ method: 'GET', url: `/core/modelPredictStatistics/${modelId}/object?projectId=${w.projectP}`, token: w.users.owner.token });
      expect(r.body.msg).toBe('error.ai.noStatistics');
      return r.body.data.feedback;
    };
    // Nobody has looked at either item: nothing is "kept" yet.
    expect(await feedback()).toEqual({ kept: 0, edited: 0, deleted: 0 });

    // The annotator takes one item and submits it with the suggestion as it was.
    const claim = await s.call({ method: 'POST', url: '/core/task/subject/claim', token: w.users.annotator.token, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } });
    expect(claim.body.code, JSON.stringify(claim.body)).toBe(200);
    const submit = await s.call({ method: 'POST', url: '/core/task/subject/annotate/submit', token: w.users.annotator.token, payload: { taskSubjectId: claim.body.data.taskSubjectId, version: claim.body.data.version } });
    expect(submit.body.code, JSON.stringify(submit.body)).toBe(200);
    expect(await feedback()).toEqual({ kept: 1, edited: 0, deleted: 0 });
  });

  it('measures outline labels by mask IoU, says so per label, and a training run\'s verdict follows it', async () => {
    const ctx = s.app.ctx;
    const { boxFeatureId, polygonFeatureId } = await aiOntology(ctx, w.projectP, w.users.owner.id);
    const ontologyId = (await ctx.db.selectFrom('ontology_features').select('ontology_id').where('id', '=', boxFeatureId).executeTakeFirstOrThrow()).ontology_id;
    const now = ctx.now();
    const maskFeatureId = (
      await ctx.db
        .insertInto('ontology_features')
        .values({ ontology_id: ontologyId, name: 'Pet masks', tool: 'mask', sort_order: 5, label_count: 1, definition: JSON.stringify({ version: ONTOLOGY_VERSION, labels: [{ id: 'pet', name: 'pet', color: '#00ffff' }], attributes: [] }), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const t = await buildTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: projectPlayers(w) }], subjects: 2 });
    const items = t.subjectIds.map((subjectId, i) => ({ key: `m${i}`, taskSubjectId: t.taskSubjectIds[i]!, subjectId, frameId: t.frames.get(subjectId)![0]! }));

    // The pet: a 40 x 40 body with a tail one pixel thick and 60 long. Its box is 100 x 40 and
    // mostly empty: the box holds it at IoU 0.415 as pixels (1.0 as boxes); the body alone 0.964
    // as pixels (0.4 as boxes).
    const bits = new Uint8Array(100 * 40);
    for (let y = 0; y < 40; y++) bits.fill(1, y * 100, y * 100 + 40);
    bits.fill(1, 20 * 100 + 40, 20 * 100 + 100);
    const pet = { x: 100, y: 100, width: 100, height: 40, rle: encodeBitmap(bits, 100, 40) };
    // The outline: a right triangle, 780 of its box's 1,600 pixels.
    const triangle = [{ x: 300, y: 300 }, { x: 340, y: 300 }, { x: 300, y: 340 }];
    const raster = rasterizePolygons([triangle])!;
    const triangleMask = { x: raster.x, y: raster.y, width: raster.width, height: raster.height, rle: encodeBitmap(raster.bits, raster.width, raster.height) };
    const person = { x: 400, y: 50, width: 60, height: 150 };
    for (const it of items) {
      const objects = [
        { id: 'pet', featureId: maskFeatureId, labelId: 'pet', tool: 'mask', geometry: pet },
        { id: 'tri', featureId: polygonFeatureId, labelId: 'outline', tool: 'polygon', geometry: { points: triangle } },
        { id: 'man', featureId: boxFeatureId, labelId: 'person', tool: 'box', geometry: person },
      ].map((o, z) => ({ ...o, attributes: {}, zIndex: z, source: 'manual' }));
      const data = { version: ANNOTATION_VERSION, classifications: [], objects };
      await ctx.db.insertInto('annotation_frames').values({ task_subject_id: it.taskSubjectId, frame_id: it.frameId, data: JSON.stringify(data), object_count: 3, version: 2, updated_by: w.users.annotator.id, updated_at: now }).execute();
    }

    // A training run of the detector, its new version made: both are measured on the items.
    const models = new AiModelsRepository(ctx.db);
    const base = (await models.model((await detector()).id))!;
    const { id: _id, ...row } = base;
    const versionId = await models.insertModel({ ...row, project_id: w.projectP, parent_id: base.id, version: 2, head: JSON.stringify({ mapping: {}, thresholds: {}, defaultThreshold: 0.3 }), trainable: 1, created_by: w.users.owner.id, created_at: now });
    const train = await takenJob([], { type: 'train', modelId: base.id });
    const outcome: TrainOutcome = { trainItems: 8, holdoutItems: items.length, newModelId: versionId, mapping: {}, before: null, after: null, improved: null };
    await new AiJobsRepository(ctx.db).setTrain(train.jobId, outcome);
    const found = (label: string, geometry: object) => ({ className: 'thing', label, score: 0.9, ...geometry });
    const box = (b: { x: number; y: number; width: number; height: number }) => ({ tool: 'box', box: b });
    const answers = {
      // the base version finds each outline's box
      [base.id]: [found(`${maskFeatureId}:pet`, box({ x: 100, y: 100, width: 100, height: 40 })), found(`${polygonFeatureId}:outline`, box({ x: 300, y: 300, width: 40, height: 40 })), found(`${boxFeatureId}:person`, box(person))],
      // the new one the pet's body, and the triangle's pixels as a segmenter answers them
      [versionId]: [found(`${maskFeatureId}:pet`, box({ x: 100, y: 100, width: 40, height: 40 })), found(`${polygonFeatureId}:outline`, { tool: 'polygon', points: triangle, mask: triangleMask }), found(`${boxFeatureId}:person`, box(person))],
    };
    for (const modelId of [base.id, versionId]) {
      const evaluation = await takenJob(items, { type: 'evaluate', modelId, parentJobId: train.jobId });
      const r = await evaluation.notify({ seq: 1, state: 'succeeded', done: items.length, results: items.map((i) => ({ key: i.key, predictions: answers[modelId] })) });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    }

    const labels = async (modelId: number) => {
      const r = await s.call({ method: 'GET', url: `/core/modelPredictStatistics/${modelId}/label?projectId=${w.projectP}`, token: w.users.owner.token });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return Object.fromEntries((r.body.data.figures as { label: string }[]).map((f) => [f.label, f]));
    };
    const before = await eventually('the base version measured', async () => (await s.call({ method: 'GET', url: `/core/modelPredictStatistics/${base.id}/label?projectId=${w.projectP}`, token: w.users.owner.token })).body.code === 200 && labels(base.id));
    // The mask label and the polygon label: mask AP; a box over the outline is not the outline.
    expect(before[`${maskFeatureId}:pet`]).toMatchObject({ measure: 'mask', gtCount: 2, tp: 0, ap50: 0, ap5095: 0 });
    expect(before[`${polygonFeatureId}:outline`]).toMatchObject({ measure: 'mask', gtCount: 2, tp: 0, ap50: 0 });
    expect(before[`${boxFeatureId}:person`]).toMatchObject({ measure: 'box', gtCount: 2, tp: 2, ap50: 1 });
    const after = await labels(versionId);
    expect(after[`${maskFeatureId}:pet`]).toMatchObject({ measure: 'mask', tp: 2, ap50: 1, ap5095: 1 });
    expect(after[`${polygonFeatureId}:outline`]).toMatchObject({ measure: 'mask', tp: 2, ap50: 1, ap5095: 1 });

    // Measured as boxes, the base version would have been the better one; as pixels the new one is.
    const verdict = await eventually('the run\'s verdict', async () => {
      const j = await new AiJobsRepository(ctx.db).get(train.jobId);
      const o = JSON.parse(j?.train ?? 'null') as TrainOutcome | null;
      return o?.improved !== null && o?.improved !== undefined ? o : undefined;
    });
    expect(verdict.improved).toBe(true);
    expect(verdict.before).toMatchObject({ maskLabels: 2, items: 2 });
    expect(verdict.before?.f1).toBeCloseTo(1 / 3, 12);
    expect(verdict.after).toMatchObject({ f1: 1, ap50: 1, maskLabels: 2 });
  });
});
