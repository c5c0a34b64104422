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
import { newCallbackToken } from '../../src-server/ai/serviceUrls';

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

  /** A pre-annotation job over these items, taken as a model service would take it, with a token the test holds. */
  async function takenJob(items: { key: string; taskSubjectId: number; subjectId: number; frameId: number }[]) {
    const jobs = new AiJobsRepository(s.app.ctx.db);
    const { token, hash } = newCallbackToken();
    const modelId = (await detector()).id;
    // The server's own runner may take a job first: that one is cancelled and another made.
    let created = 0;
    let taken;
    while (!taken) {
      if (created) await s.call({ method: 'POST', url: '/core/ai/predict/cancel', token: w.users.owner.token, payload: { projectId: w.projectP, jobId: created } });
      created = await jobs.create({ projectId: w.projectP, modelId, type: 'predict', tool: 'box', params: {}, createdBy: w.users.owner.id, now: Date.now(), items });
      // heard "in an hour": the runner's stall check leaves it alone meanwhile
      taken = await jobs.takeForDispatch((await jobs.get(created))!, { runnerId: 'test', tokenHash: hash, now: Date.now() + 3_600_000 });
    }
    const notify = (body: object) =>
      s.call({ method: 'POST', url: '/core/ai/notify/predict', headers: { authorization: `Bearer ${token}` }, payload: { jobId: `${created}.${taken.attempt}`, total: items.length, ...body } });
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
});
