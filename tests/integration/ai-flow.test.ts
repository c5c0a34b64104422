import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { aiTask, BOX_DEFAULTS } from '../support/aiFixture';
import { builtinModel, reviewedTask } from '../support/routeSamples/ai';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { yoloModel } from '../support/tinyOnnx';
import { AiJobsRepository } from '../../src-server/repositories/aiJobs';
import { newCallbackToken } from '../../src-server/ai/serviceUrls';
import { eventually } from '../support/eventually';
import { ONTOLOGY_VERSION } from '../../src-shared/model/ontology';
import { ANNOTATION_VERSION, frameDataIssues } from '../../src-shared/model/annotation';

const until = <T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 60_000) => eventually(what, check, timeoutMs);


/** The AI group end to end: the server, the real built-in model service, real photographs. */
describe.each(DB_KINDS)('AI on %s', (kind) => {
  let s: TestServer;
  let w: World;
  const owner = () => w.users.owner.token;
  const job = async (jobId: number) => {
    const r = await s.call({ method: 'GET', url: `/core/ai/apply/list?projectId=${w.projectP}&pageSize=100`, token: owner() });
    return r.body.data.list.find((j: { jobId: number }) => j.jobId === jobId);
  };
  const finished = (jobId: number, timeoutMs?: number) => until(`job ${jobId} to end`, async () => {
    const j = await job(jobId);
    return j && ['succeeded', 'failed', 'cancelled'].includes(j.state) ? j : undefined;
  }, timeoutMs);

  beforeAll(async () => {
    // The operator allows one internal address that nothing listens on: a team service that is away.
    s = await startTestServer(kind, { env: { AI_SERVICE_ALLOWED_HOSTS: `${new URL(inject('aiServiceUrl')).host},127.0.0.1:9` } });
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pre-annotates the untouched items of a task with the project\'s labels, and leaves an item a person started as it was', { timeout: 120_000 }, async () => {
    const ctx = s.app.ctx;
    const a = await aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png', 'chelsea.png', 'astronaut.png'], subjects: 3 });
    // One item: the annotator claimed it and saved one box of their own.
    const claim = await s.call({ method: 'POST', url: '/core/task/subject/claim', token: w.users.annotator.token, payload: { projectId: w.projectP, taskId: a.t.taskId, workflowId: a.t.steps[0]!.workflowId } });
    expect(claim.body.code).toBe(200);
    const held = claim.body.data.taskSubjectId as number;
    const heldFrame = (await ctx.db.selectFrom('task_subjects as ts').innerJoin('subject_frames as sf', 'sf.subject_id', 'ts.subject_id').select('sf.id').where('ts.id', '=', held).executeTakeFirstOrThrow()).id;
    const mine = { id: 'mine1', featureId: a.boxFeatureId, labelId: 'cat', tool: 'box', geometry: { x: 1, y: 2, width: 30, height: 40 }, attributes: {}, zIndex: 0, source: 'manual' };
    const save = await s.call({ method: 'POST', url: '/core/annotate', token: w.users.annotator.token, payload: { taskSubjectId: held, saveId: 'save-0001-mine', baseVersion: claim.body.data.version, frames: [{ frameId: heldFrame, data: { version: 1, objects: [mine], classifications: [] } }] } });
    expect(save.body.code, JSON.stringify(save.body)).toBe(200);

    const start = await s.call({ method: 'POST', url: '/core/ai/model/task', token: owner(), payload: { projectId: w.projectP, taskId: a.t.taskId } });
    expect(start.body.code, JSON.stringify(start.body)).toBe(200);
    // The held item was started: it is not even queued.
    expect(start.body.data.total).toBe(2);
    const done = await finished(start.body.data.jobId);
    expect(done.state).toBe('succeeded');
    expect(done.applied.items).toBe(2);

    const annotations = new AnnotationsRepository(ctx.db);
    const others = a.t.taskSubjectIds.filter((id) => id !== held);
    const found = await Promise.all(others.map((id) => annotations.frames(id)));
    const labels = found.map((frames) => frames.flatMap((f) => f.data.objects.map((o) => `${o.labelId}:${o.source}`)));
    // astronaut.png shows a person and chelsea.png a cat; the project's labels are `person` and `Cat`.
    expect(labels.flat()).toContain('person:ai');
    expect(labels.flat()).toContain('cat:ai');
    for (const frames of found) for (const o of frames.flatMap((f) => f.data.objects)) expect(o.score).toBeGreaterThan(0);
    // Each suggestion starts with its feature's defaults, as a drawn box does (issue 31).
    for (const frames of found) for (const o of frames.flatMap((f) => f.data.objects)) expect(o.attributes).toEqual(BOX_DEFAULTS);
    const heldNow = await annotations.frames(held);
    expect(heldNow.flatMap((f) => f.data.objects)).toEqual([mine]);
  });

  it('refuses callbacks without the dispatch\'s token alike for running, finished and unknown jobs; only the token\'s holder learns a job ended', { timeout: 120_000 }, async () => {
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), subjects: 1 });
    const start = await s.call({ method: 'POST', url: '/core/ai/predict', token: owner(), payload: { projectId: w.projectP, taskSubjectIds: a.t.taskSubjectIds } });
    const jobId = start.body.data.jobId as number;
    const forge = (id: string, seq: number) => s.call({ method: 'POST', url: '/core/ai/notify/predict', headers: { authorization: 'Bearer ' + 'f'.repeat(64) }, payload: { jobId: id, seq, state: 'failed', done: 0, total: 1 } });
    const forged = await forge(`${jobId}.1`, 99);
    expect(forged.status).toBe(401);
    expect(forged.body.msg).toBe('error.ai.badCallbackToken');
    const done = await finished(jobId);
    expect(done.state).toBe('succeeded');
    // A finished job and one that never existed answer a stranger the same: nothing tells them apart.
    const late = await forge(`${jobId}.1`, 100);
    const never = await forge('99999999.1', 100);
    expect([late.status, late.body]).toEqual([401, forged.body]);
    expect([never.status, never.body]).toEqual([401, forged.body]);
    expect((await job(jobId)).state).toBe('succeeded');

    // The holder of a dispatch's token learns that its job ended, and changes nothing.
    const second = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), subjects: 1 });
    const jobs = new AiJobsRepository(s.app.ctx.db);
    const { token, hash } = newCallbackToken();
    // Taken as a runner would, with a token this test holds: should the server's own runner take
    // the job first (its tick may fall in between), that one is cancelled and another made.
    let created = 0;
    let taken;
    while (!taken) {
      if (created) await s.call({ method: 'POST', url: '/core/ai/predict/cancel', token: owner(), payload: { projectId: w.projectP, jobId: created } });
      created = await jobs.create({ projectId: w.projectP, modelId: (await builtinModel(s.app.ctx, 'detector')).id, type: 'predict', tool: 'box', params: {}, createdBy: w.users.owner.id, now: Date.now(), items: [{ key: 'k1', taskSubjectId: second.t.taskSubjectIds[0]!, subjectId: second.t.subjectIds[0]!, frameId: second.t.frames.get(second.t.subjectIds[0]!)![0]! }] });
      // heard "in an hour": the runner's stall check leaves it alone meanwhile
      taken = await jobs.takeForDispatch((await jobs.get(created))!, { runnerId: 'test', tokenHash: hash, now: Date.now() + 3_600_000 });
    }
    const own = (body: object) => s.call({ method: 'POST', url: '/core/ai/notify/predict', headers: { authorization: `Bearer ${token}` }, payload: { jobId: `${created}.${taken.attempt}`, done: 0, total: 1, ...body } });
    const running = await own({ seq: 1, state: 'running' });
    expect(running.body.data).toMatchObject({ accepted: true, state: 'running' });
    // The token is this dispatch's only: naming another job with it is refused.
    const other = await s.call({ method: 'POST', url: '/core/ai/notify/predict', headers: { authorization: `Bearer ${token}` }, payload: { jobId: `${jobId}.1`, seq: 2, state: 'failed', done: 0, total: 1 } });
    expect(other.status).toBe(401);
    const cancel = await s.call({ method: 'POST', url: '/core/ai/predict/cancel', token: owner(), payload: { projectId: w.projectP, jobId: created } });
    expect(cancel.body.data.state).toBe('cancelled');
    const after = await own({ seq: 3, state: 'succeeded', results: [{ key: 'k1', predictions: [] }] });
    expect(after.status).toBe(409);
    expect(after.body.msg).toBe('error.ai.jobFinished');
    expect((await jobs.get(created))!.state).toBe('cancelled');
  });

  it('cancels a pre-annotation at once', async () => {
    const a = await aiTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), subjects: 12 });
    const start = await s.call({ method: 'POST', url: '/core/ai/predict', token: owner(), payload: { projectId: w.projectP, taskSubjectIds: a.t.taskSubjectIds } });
    const cancel = await s.call({ method: 'POST', url: '/core/ai/predict/cancel', token: owner(), payload: { projectId: w.projectP, jobId: start.body.data.jobId } });
    expect(cancel.body.code).toBe(200);
    expect(cancel.body.data.state).toBe('cancelled');
    const again = await s.call({ method: 'POST', url: '/core/ai/predict/cancel', token: owner(), payload: { projectId: w.projectP, jobId: start.body.data.jobId } });
    expect(again.body.msg).toBe('error.ai.jobFinished');
  });

  it('helps on the item in hand: detects a person, turns a box into a polygon, and says so when the frame is gone', async () => {
    const ctx = s.app.ctx;
    const a = await aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png', 'chelsea.png'], subjects: 2 });
    const [astro, cat] = a.t.subjectIds.map((id) => a.t.frames.get(id)![0]!) as [number, number];
    const detect = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId: astro, tool: 'box' } });
    expect(detect.body.code, JSON.stringify(detect.body)).toBe(200);
    const people = detect.body.data.frames[0].objects.filter((o: { labelId: string }) => o.labelId === 'person');
    expect(people.length).toBeGreaterThan(0);
    expect(people[0].source).toBe('ai');
    expect(people[0].attributes).toEqual(BOX_DEFAULTS);

    // A project without a `cat` label: the cat is said to be found, and a chosen label takes it.
    const catLabels = await ctx.db.selectFrom('ontology_features').select('id').where('tool', '=', 'box').where('definition', 'like', '%"cat"%').execute();
    await ctx.db.updateTable('ontology_features').set({ definition: JSON.stringify({ version: 1, labels: [{ id: 'person', name: 'person', color: '#ff0000' }, { id: 'pet', name: 'Pet', color: '#00ff00' }], attributes: [] }) }).where('id', 'in', catLabels.map((f) => f.id)).execute();
    const unnamed = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[1], frameId: cat, tool: 'box' } });
    expect(unnamed.body.data.frames[0].objects.filter((o: { labelId: string }) => o.labelId !== 'person'), JSON.stringify(unnamed.body.data)).toEqual([]);
    expect(unnamed.body.data.unmapped.map((u: { className: string }) => u.className)).toContain('cat');
    const asPet = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[1], frameId: cat, tool: 'box', featureId: a.boxFeatureId, labelId: 'pet' } });
    expect(asPet.body.data.frames[0].objects.map((o: { labelId: string }) => o.labelId)).toContain('pet');

    const polygon = await s.call({
      method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token,
      payload: { taskSubjectId: a.t.taskSubjectIds[1], frameId: cat, tool: 'polygon', featureId: a.polygonFeatureId, labelId: 'outline', box: { x: 40, y: 20, width: 380, height: 280 } },
    });
    expect(polygon.body.code, JSON.stringify(polygon.body)).toBe(200);
    const shape = polygon.body.data.frames[0].objects[0];
    expect(shape.tool).toBe('polygon');
    expect(shape.geometry.points.length).toBeGreaterThanOrEqual(3);
    // Around the box: SAM follows the cat a few pixels past the box's left edge (the cat goes on to x = 0).
    for (const p of shape.geometry.points) {
      expect(p.x).toBeGreaterThanOrEqual(40 - 12);
      expect(p.x).toBeLessThanOrEqual(420 + 12);
    }

    // Into a mask feature, the same prompt comes back as the segmenter's mask: whole runs over its
    // box, on the picture, as a frame would store it (issue 32).
    const now = ctx.now();
    const ontologyId = (await ctx.db.selectFrom('ontology_features').select('ontology_id').where('id', '=', a.polygonFeatureId).executeTakeFirstOrThrow()).ontology_id;
    const maskFeatureId = (
      await ctx.db
        .insertInto('ontology_features')
        .values({ ontology_id: ontologyId, name: 'Masks', tool: 'mask', sort_order: 9, label_count: 1, definition: JSON.stringify({ version: ONTOLOGY_VERSION, labels: [{ id: 'pet-mask', name: 'Pet', color: '#00ffff' }], attributes: [] }), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const asMask = await s.call({
      method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token,
      payload: { taskSubjectId: a.t.taskSubjectIds[1], frameId: cat, tool: 'polygon', featureId: maskFeatureId, box: { x: 40, y: 20, width: 380, height: 280 } },
    });
    expect(asMask.body.code, JSON.stringify(asMask.body)).toBe(200);
    const mask = asMask.body.data.frames[0].objects[0];
    expect(mask).toMatchObject({ tool: 'mask', featureId: maskFeatureId, labelId: 'pet-mask', source: 'ai' });
    expect(frameDataIssues({ version: ANNOTATION_VERSION, objects: [mask], classifications: [] })).toEqual([]);
    expect(mask.geometry.x).toBeGreaterThanOrEqual(0);
    expect(mask.geometry.x + mask.geometry.width).toBeLessThanOrEqual(451);
    expect(mask.geometry.width * mask.geometry.height).toBeGreaterThan(0.5 * 380 * 280);
    // With no feature named, an outline still goes to the polygon feature, as before masks.
    const unnamedOutline = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[1], frameId: cat, tool: 'polygon', box: { x: 40, y: 20, width: 380, height: 280 } } });
    expect(unnamedOutline.body.data.frames[0].objects.map((o: { tool: string }) => o.tool)).toEqual(['polygon']);

    const key = (await ctx.db.selectFrom('subject_frames').select('object_key').where('id', '=', astro).executeTakeFirstOrThrow()).object_key;
    await ctx.storage.delete(key);
    const gone = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId: astro, tool: 'box' } });
    expect(gone.status).toBe(422);
    expect(gone.body.msg).toBe('error.ai.imageUnreadable');
    // Getting a frame ready answers no suggestions, needs no prompt, and is refused alike for a frame that is gone.
    const warm = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[1], frameId: cat, tool: 'polygon', warm: true } });
    expect(warm.body.code, JSON.stringify(warm.body)).toBe(200);
    expect(warm.body.data.frames).toEqual([]);
    const warmGone = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId: astro, tool: 'polygon', warm: true } });
    expect(warmGone.body.msg).toBe('error.ai.imageUnreadable');
  });

  it('trains on reviewed items, makes a new version, and measures both on the held-out split', { timeout: 240_000 }, async () => {
    const ctx = s.app.ctx;
    await reviewedTask(w, ctx, 6);
    const base = await builtinModel(ctx, 'detector');
    const start = await s.call({ method: 'POST', url: '/core/ai/train', token: owner(), payload: { projectId: w.projectP, modelId: base.id } });
    expect(start.body.code, JSON.stringify(start.body)).toBe(200);
    const trained = await finished(start.body.data.jobId, 120_000);
    expect(trained.state).toBe('succeeded');
    const outcome = await until('both evaluations', async () => {
      const j = await job(start.body.data.jobId);
      return j.train?.improved !== null && j.train?.improved !== undefined ? j.train : undefined;
    }, 120_000);
    expect(outcome.newModelId).toBeGreaterThan(base.id);
    expect(outcome.holdoutItems).toBeGreaterThan(0);
    expect(outcome.mapping.person).toMatch(/:person$/);
    expect(outcome.before.items).toBe(outcome.holdoutItems);
    const stats = await s.call({ method: 'GET', url: `/core/modelPredictStatistics/${outcome.newModelId}/object?projectId=${w.projectP}`, token: w.users.annotator.token });
    expect(stats.body.code, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body.data.figures.gtCount).toBe(outcome.holdoutItems);
    expect(stats.body.data.parent.modelId).toBe(base.id);
    const list = await s.call({ method: 'GET', url: `/core/ai/model/list?projectId=${w.projectP}&tool=box`, token: owner() });
    const version = list.body.data.find((m: { modelId: number }) => m.modelId === outcome.newModelId);
    expect(version.version).toBe(2);
    expect(version.score.items).toBe(outcome.holdoutItems);
  });

  it('brings in a team\'s ONNX detector and uses it; a corrupt or wrong-shaped file fails to load with modelInvalid', { timeout: 120_000 }, async () => {
    const ctx = s.app.ctx;
    const a = await aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png'], subjects: 1 });
    const model = async (modelId: number) => {
      const list = await s.call({ method: 'GET', url: `/core/ai/model/list?projectId=${w.projectP}&tool=box`, token: owner() });
      return list.body.data.find((m: { modelId: number }) => m.modelId === modelId);
    };
    const bring = async (name: string, bytes: Uint8Array, classes: string[]) => {
      const fileKey = `dataset/${w.projectP}/models/${name}.onnx`;
      await ctx.storage.put(fileKey, Buffer.from(bytes), 'application/octet-stream');
      const r = await s.call({ method: 'POST', url: '/core/ai/serve', token: owner(), payload: { projectId: w.projectP, runtime: 'onnx-yolo', name, fileKey, classes } });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.state).toBe('loading');
      return until(`${name} to load or fail`, async () => {
        const m = await model(r.body.data.modelId);
        return m && m.state !== 'loading' ? m : undefined;
      });
    };
    // A 320x256 model that always finds one `person` box in the middle of its input.
    const good = await bring('tiny', yoloModel({ inputWidth: 320, inputHeight: 256, classes: 2, boxes: [{ cx: 160, cy: 128, w: 100, h: 100, cls: 0, score: 0.9 }] }), ['person', 'cat']);
    expect(good.state).toBe('ready');
    const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
    const detect = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box', modelId: good.modelId } });
    expect(detect.body.code, JSON.stringify(detect.body)).toBe(200);
    const [box] = detect.body.data.frames[0].objects;
    expect(box.labelId).toBe('person');
    // 512x512 letterboxed into 320x256: the box's centre is the image's centre.
    expect(box.geometry.x + box.geometry.width / 2).toBeCloseTo(256, 0);

    const corrupt = await bring('corrupt', new TextEncoder().encode('this is not an ONNX file'), ['person']);
    expect(corrupt.state).toBe('failed');
    expect(corrupt.error).toBeTruthy();
    const wrongClasses = await bring('wrong', yoloModel({ inputWidth: 320, inputHeight: 256, classes: 2, boxes: [{ cx: 10, cy: 10, w: 5, h: 5, cls: 0, score: 0.9 }] }), ['person', 'cat', 'dog']);
    expect(wrongClasses.state).toBe('failed');
    const jobs = await s.call({ method: 'GET', url: `/core/ai/apply/list?projectId=${w.projectP}&type=serve`, token: owner() });
    const failed = jobs.body.data.list.filter((j: { state: string }) => j.state === 'failed');
    expect(failed.map((j: { error: { code: string } }) => j.error.code)).toEqual(['ai.modelInvalid', 'ai.modelInvalid']);
    const refused = await s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.annotator.token, payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box', modelId: corrupt.modelId } });
    expect(refused.body.msg).toBe('error.ai.modelNotReady');
    // Model files stay in the server's own store, out of every client's reach.
    const leak = await s.call({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(`model/${w.teamA}/x.onnx`)}`, token: owner() });
    expect(leak.status).toBe(400);
  });

  it('says clearly when AI is off in the project, or a team\'s service cannot be reached', async () => {
    const off = await s.call({ method: 'PUT', url: `/core/project/${w.projectP}/config`, token: w.users.owner.token, payload: { aiEnabled: false } });
    expect(off.body.code).toBe(200);
    const allow = await s.call({ method: 'GET', url: `/core/ai/allow?projectId=${w.projectP}`, token: w.users.owner.token });
    expect(allow.body.data).toMatchObject({ enabled: false, mayUse: false });
    const refused = await s.call({ method: 'POST', url: '/core/ai/model/default', token: w.users.owner.token, payload: { projectId: w.projectP, tool: 'box', modelId: (await builtinModel(s.app.ctx, 'detector')).id } });
    expect(refused.body.msg).toBe('error.ai.disabled');
    await s.call({ method: 'PUT', url: `/core/project/${w.projectP}/config`, token: w.users.owner.token, payload: { aiEnabled: true } });
    const away = await s.call({ method: 'POST', url: '/core/ai/serve', token: owner(), payload: { projectId: w.projectP, runtime: 'external', name: 'GPU box', serviceUrl: 'http://127.0.0.1:9/', serviceKey: 'secret-key-123', modelName: 'yolo' } });
    expect(away.status).toBe(502);
    expect(away.body.msg).toBe('error.ai.serviceUnreachable');
    // Any other internal address is not called at all.
    const internal = await s.call({ method: 'POST', url: '/core/ai/serve', token: owner(), payload: { projectId: w.projectP, runtime: 'external', name: 'GPU box', serviceUrl: 'http://127.0.0.1:10/', serviceKey: 'secret-key-123', modelName: 'yolo' } });
    expect(internal.status).toBe(400);
    expect(internal.body.msg).toBe('error.ai.serviceAddressRefused');
  });
});
