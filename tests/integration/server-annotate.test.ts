import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type WorldUser } from '../support/world';
import { boxes, buildTask } from '../support/taskFixture';
import { aiOntology, BOX_DEFAULTS } from '../support/aiFixture';
import { decodeBitmap, encodeBitmap } from '../../src-shared/mask/rle';

/** Annotations: versioned, idempotent saves by the holder; reading; object edits; pre-annotation; figures. */
describe.each(DB_KINDS)('annotations on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST', url: string, payload?: object) => s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const failure = (r: Awaited<ReturnType<typeof call>>) => ({ status: r.status, msg: r.body.msg });

  /** A task of frame sequences (3 frames each), annotated by the annotator; the first one claimed. */
  const setup = async (subjects = 2) => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [{ type: 'annotate', members: [w.users.annotator.id, w.users.vendorAnnotator.id] }, { type: 'review', members: [w.users.reviewer.id] }],
      subjects,
      framesPerSubject: 3,
    });
    const claimed = (await call(w.users.annotator, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId })).body.data;
    return { w, t, id: claimed.taskSubjectId as number, version: claimed.version as number, frames: claimed.frameIds as number[] };
  };
  const save = (u: WorldUser, id: number, saveId: string, baseVersion: number, frames: object[]) => call(u, 'POST', '/annotate', { taskSubjectId: id, saveId, baseVersion, frames });

  it('saves frames in one go and reads them back, every frame present (or only those saved on), filtered by frames and tool', async () => {
    const { w, id, version, frames } = await setup();
    const polygon = { id: 'poly-1', featureId: 2, labelId: 'road', tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 25, y: 40 }] }, attributes: {}, zIndex: 9, source: 'manual' };
    const data0 = { ...boxes(2), objects: [...boxes(2).objects, polygon], classifications: [{ id: 'cls-1', featureId: 3, labelId: 'day', attributes: {}, source: 'manual' }] };
    const saved = await save(w.users.annotator, id, 'first-save', version, [{ frameId: frames[0], data: data0 }, { frameId: frames[2], data: boxes(1) }]);
    expect(saved.body.data).toEqual({ taskSubjectId: id, saveId: 'first-save', version: version + 1, savedAt: expect.any(Number) });

    const all = await call(w.users.reviewer, 'GET', `/annotate?taskSubjectId=${id}`);
    expect(all.body.data).toMatchObject({ taskSubjectId: id, version: version + 1 });
    expect(all.body.data.frames.map((f: { frameId: number; data: { objects: unknown[] } }) => [f.frameId, f.data.objects.length])).toEqual([[frames[0], 3], [frames[1], 0], [frames[2], 1]]);
    expect(all.body.data.frames[0]).toMatchObject({ data: data0, version: version + 1, updatedBy: w.users.annotator.id });
    expect(all.body.data.frames[1]).toMatchObject({ version: 0, updatedBy: null, data: { version: 1, objects: [], classifications: [] } });

    const some = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}&toolType=polygon&dataId=${all.body.data.dataId}`);
    expect(some.body.data.frames).toEqual([expect.objectContaining({ frameId: frames[0], data: { version: 1, objects: [polygon], classifications: [] } })]);
    const classified = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}&toolType=classification`);
    expect(classified.body.data.frames[0].data).toMatchObject({ objects: [], classifications: [{ id: 'cls-1' }] });
    expect(failure(await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&dataId=${all.body.data.dataId + 1000}`))).toEqual({ status: 404, msg: 'error.annotate.dataMismatch' });
    expect(failure(await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]! + 1000}`))).toEqual({ status: 404, msg: 'error.annotate.frameNotFound' });

    // `saved`: only the frames saved on, as the workspace reads a long video's item (the others are empty).
    const savedOnly = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&saved=true`);
    expect(savedOnly.body.data).toMatchObject({ taskSubjectId: id, version: version + 1 });
    expect(savedOnly.body.data.frames.map((f: { frameId: number; data: { objects: unknown[] } }) => [f.frameId, f.data.objects.length])).toEqual([[frames[0], 3], [frames[2], 1]]);
    expect(savedOnly.body.data.frames[0]).toEqual(all.body.data.frames[0]);
    const unsavedAsked = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&saved=true&frameIds=${frames[1]}&frameIds=${frames[2]}`);
    expect(unsavedAsked.body.data.frames.map((f: { frameId: number }) => f.frameId)).toEqual([frames[2]]);
    expect(failure(await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&saved=true&frameIds=${frames[0]! + 1000}`))).toEqual({ status: 404, msg: 'error.annotate.frameNotFound' });
  });

  it('answers a retried save id with the first result and never applies it twice, even when sent twice at once', async () => {
    const { w, id, version, frames } = await setup();
    const first = await save(w.users.annotator, id, 'retry-me-1', version, [{ frameId: frames[0], data: boxes(2) }]);
    // The retry arrives after the first landed: stale base, other data, same id.
    const retry = await save(w.users.annotator, id, 'retry-me-1', version, [{ frameId: frames[0], data: boxes(7) }]);
    expect(retry.body).toEqual(first.body);
    const stored = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}`);
    expect(stored.body.data.frames[0].data.objects).toHaveLength(2);
    expect(stored.body.data.version).toBe(version + 1);

    const twins = await Promise.all([0, 1].map(() => save(w.users.annotator, id, 'twin-save-1', version + 1, [{ frameId: frames[1], data: boxes(4) }])));
    expect(twins.map((t) => t.body.code)).toEqual([200, 200]);
    expect(twins[0]!.body).toEqual(twins[1]!.body);
    const saves = await s.app.ctx.db.selectFrom('annotation_saves').select('save_id').where('task_subject_id', '=', id).execute();
    expect(saves.map((r) => r.save_id).sort()).toEqual(['retry-me-1', 'twin-save-1']);
    expect((await call(w.users.annotator, 'GET', `/task/subject/${id}`)).body.data.version).toBe(version + 2);

    // Another user reusing the id is a conflict, not a replay of someone else's save.
    await s.app.ctx.db.updateTable('task_subjects').set({ holder_id: w.users.vendorAnnotator.id }).where('id', '=', id).execute();
    expect(failure(await save(w.users.vendorAnnotator, id, 'retry-me-1', version + 2, [{ frameId: frames[0], data: boxes(1) }]))).toEqual({ status: 409, msg: 'error.annotate.saveIdTaken' });
  });

  it('refuses a save against an old version with 409 and the current version, writing nothing', async () => {
    const { w, id, version, frames } = await setup();
    await save(w.users.annotator, id, 'save-aaaa', version, [{ frameId: frames[0], data: boxes(2) }]);
    const stale = await save(w.users.annotator, id, 'save-bbbb', version, [{ frameId: frames[0], data: boxes(5) }]);
    expect(failure(stale)).toEqual({ status: 409, msg: 'error.annotate.stale' });
    expect(stale.body.data).toEqual({ version: version + 1 });
    const stored = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}`);
    expect(stored.body.data.frames[0].data.objects).toHaveLength(2);
  });

  it('lets only the holder save, and only sound frames of the subject', async () => {
    const { w, t, id, version, frames } = await setup();
    expect(failure(await save(w.users.vendorAnnotator, id, 'not-mine-1', version, [{ frameId: frames[0], data: boxes(1) }]))).toEqual({ status: 409, msg: 'error.taskSubject.notHolder' });
    expect(failure(await save(w.users.reviewer, id, 'not-mine-2', version, [{ frameId: frames[0], data: boxes(1) }]))).toEqual({ status: 403, msg: 'error.taskSubject.notStepMember' });
    const otherFrame = t.frames.get(t.subjectIds[1]!)![0];
    expect(failure(await save(w.users.annotator, id, 'foreign-1', version, [{ frameId: otherFrame, data: boxes(1) }]))).toEqual({ status: 404, msg: 'error.annotate.frameNotFound' });

    const dup = boxes(2);
    dup.objects[1]!.id = dup.objects[0]!.id;
    const invalid = await save(w.users.annotator, id, 'invalid-1', version, [{ frameId: frames[0], data: boxes(1) }, { frameId: frames[1], data: dup }]);
    expect(failure(invalid)).toEqual({ status: 400, msg: 'error.annotate.invalidData' });
    expect(invalid.body.data.issues).toEqual([{ reason: 'duplicateId', path: '/frames/1/data/objects/1/id' }]);
    const triangle = { ...boxes(1).objects[0]!, tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] } };
    const schema = await save(w.users.annotator, id, 'invalid-2', version, [{ frameId: frames[0], data: { version: 1, objects: [triangle], classifications: [] } }]);
    expect(failure(schema)).toEqual({ status: 400, msg: 'error.validation' });
    expect(JSON.stringify(schema.body.data.issues)).toContain('/frames/0/data/objects/0');
    for (const payload of [{ taskSubjectId: id }, { taskSubjectId: id, saveId: 'short', baseVersion: 0, frames: [] }, { taskSubjectId: id, saveId: 'x'.repeat(65), baseVersion: 0, frames: [{ frameId: 1, data: {} }] }]) {
      expect((await call(w.users.annotator, 'POST', '/annotate', payload)).status).toBe(400);
    }
    const tooMany = await save(w.users.annotator, id, 'too-many-1', version, [{ frameId: frames[0], data: boxes(20_001) }]);
    expect(failure(tooMany)).toEqual({ status: 400, msg: 'error.validation' });
    expect((await call(w.users.annotator, 'GET', `/task/subject/${id}`)).body.data).toMatchObject({ state: 'claimed', version });
  });

  it('edits objects of a frame by id with the same version rules', async () => {
    const { w, id, version, frames } = await setup();
    const v1 = (await save(w.users.annotator, id, 'base-save', version, [{ frameId: frames[0], data: boxes(3) }])).body.data.version;
    const moved = { ...boxes(3).objects[1]!, geometry: { x: 100, y: 100, width: 5, height: 5 } };
    const added = { ...boxes(1).objects[0]!, id: 'new-one' };
    const edit = await call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId: 'edit-0001', baseVersion: v1, frameId: frames[0], upsert: [moved, added], remove: ['box-0', 'gone-already'] });
    expect(edit.body.data.version).toBe(v1 + 1);
    const objects = (await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}`)).body.data.frames[0].data.objects;
    expect(objects.map((o: { id: string }) => o.id)).toEqual(['box-1', 'box-2', 'new-one']);
    expect(objects[0].geometry).toEqual({ x: 100, y: 100, width: 5, height: 5 });
    expect(failure(await call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId: 'edit-0002', baseVersion: v1, frameId: frames[0], remove: ['box-1'] }))).toEqual({
      status: 409,
      msg: 'error.annotate.stale',
    });
    const flat = { ...added, id: 'flat', geometry: { x: 1, y: 1, width: 0, height: 1 } };
    const bad = await call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId: 'edit-0003', baseVersion: v1 + 1, frameId: frames[0], upsert: [flat] });
    expect(bad.body.data.issues).toEqual([{ reason: 'degenerate', path: '/upsert/0/geometry' }]);
  });

  it('keeps a mask stroke by stroke as run-length text, and refuses a cut one while keeping what was saved', async () => {
    const { w, id, version, frames } = await setup();
    const bits = new Uint8Array(64 * 48);
    for (let y = 8; y < 40; y++) for (let x = 10; x < 50; x++) if ((x - 30) ** 2 + (y - 24) ** 2 < 200) bits[y * 64 + x] = 1;
    const mask = { id: 'mask-1', featureId: 2, labelId: 'road', tool: 'mask', geometry: { x: 5, y: 7, width: 64, height: 48, rle: encodeBitmap(bits, 64, 48) }, attributes: {}, zIndex: 1, source: 'manual' };
    const v1 = (await call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId: 'mask-0001', baseVersion: version, frameId: frames[0], upsert: [mask] })).body.data.version;
    const more = new Uint8Array(bits).fill(1, 0, 64 * 4);
    const stroke = { ...mask, geometry: { ...mask.geometry, rle: encodeBitmap(more, 64, 48) } };
    const v2 = (await call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId: 'mask-0002', baseVersion: v1, frameId: frames[0], upsert: [stroke] })).body.data.version;
    expect(v2).toBe(v1 + 1);
    const read = await call(w.users.reviewer, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}&toolType=mask`);
    expect(read.body.data.frames[0].data.objects).toEqual([stroke]);
    expect(decodeBitmap(read.body.data.frames[0].data.objects[0].geometry.rle, 64, 48)).toEqual(more);

    // A text cut short (its last count still says "more follows"), and runs for another box.
    const cut = { ...mask, geometry: { ...mask.geometry, rle: `${stroke.geometry.rle.slice(0, -1)}P` } };
    const refused = await call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId: 'mask-0003', baseVersion: v2, frameId: frames[0], upsert: [cut] });
    expect(failure(refused)).toEqual({ status: 400, msg: 'error.annotate.invalidData' });
    expect(refused.body.data.issues).toEqual([expect.objectContaining({ reason: 'maskRuns', path: '/upsert/0/geometry/rle' })]);
    const wider = { ...mask, geometry: { ...mask.geometry, width: 65 } };
    const refusedToo = await call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId: 'mask-0004', baseVersion: v2, frameId: frames[0], upsert: [wider] });
    expect(refusedToo.body.data.issues).toEqual([expect.objectContaining({ reason: 'maskRuns' })]);
    const after = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}`);
    expect(after.body.data).toMatchObject({ version: v2, frames: [{ data: { objects: [stroke] } }] });
  });

  it('replaces a frame\'s classification answers in an object edit, keeping its objects, and keeps them when a later edit omits them', async () => {
    const { w, id, version, frames } = await setup();
    const v1 = (await save(w.users.annotator, id, 'cls-base-1', version, [{ frameId: frames[0], data: boxes(2) }])).body.data.version;
    const edit = (saveId: string, baseVersion: number, extra: object) => call(w.users.annotator, 'POST', '/annotate/object/v2', { taskSubjectId: id, saveId, baseVersion, frameId: frames[0], ...extra });
    const weather = { id: 'cls-3', featureId: 3, labelId: 'day', attributes: { light: 'bright' }, source: 'manual' };
    const v2 = (await edit('cls-edit-1', v1, { classifications: [weather] })).body.data.version;
    const read = async () => (await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${id}&frameIds=${frames[0]}`)).body.data.frames[0].data;
    expect(await read()).toEqual({ version: 1, objects: boxes(2).objects, classifications: [weather] });

    // An object edit without the field leaves the answers as they are.
    const added = { ...boxes(1).objects[0]!, id: 'added-1' };
    const v3 = (await edit('cls-edit-2', v2, { upsert: [added] })).body.data.version;
    expect(await read()).toMatchObject({ objects: [...boxes(2).objects, added], classifications: [weather] });

    // Ids are unique across the objects and the classifications, sent or kept.
    const twice = await edit('cls-edit-3', v3, { classifications: [weather, { ...weather, featureId: 4 }] });
    expect(failure(twice)).toEqual({ status: 400, msg: 'error.annotate.invalidData' });
    expect(twice.body.data.issues).toEqual([{ reason: 'duplicateId', path: '/classifications/1/id' }]);
    const clash = await edit('cls-edit-4', v3, { classifications: [{ ...weather, id: 'box-0' }] });
    expect(failure(clash)).toEqual({ status: 400, msg: 'error.annotate.invalidData' });
    expect(failure(await edit('cls-edit-5', v3, { upsert: [{ ...added, id: 'cls-3' }] }))).toEqual({ status: 400, msg: 'error.annotate.invalidData' });

    // An empty list clears the answers.
    await edit('cls-edit-6', v3, { classifications: [] });
    expect(await read()).toMatchObject({ objects: [...boxes(2).objects, added], classifications: [] });
  });

  it('stores pre-annotations as ai only where no work started, all or nothing, and announces a finished run', async () => {
    const { w, t, id, version, frames } = await setup(3);
    const pending = t.taskSubjectIds.filter((x) => x !== id);
    const framesOf = (tsIndex: number) => t.frames.get(t.subjectIds[tsIndex]!)!;
    const item = (tsIndex: number) => ({ taskSubjectId: t.taskSubjectIds[tsIndex], frames: [{ frameId: framesOf(tsIndex)[0], data: boxes(2) }] });
    const pre = (u: WorldUser, items: object[]) => call(u, 'POST', '/annotate/beforehand/update', { projectId: w.projectP, taskId: t.taskId, items });

    expect(failure(await pre(w.users.annotator, [item(1)]))).toEqual({ status: 403, msg: 'error.forbidden' });
    await save(w.users.annotator, id, 'work-started', version, [{ frameId: frames[0], data: boxes(1) }]);
    const refused = await pre(w.users.projectManager, [item(1), item(0)]);
    expect(failure(refused)).toEqual({ status: 409, msg: 'error.annotate.workStarted' });
    expect(refused.body.data).toEqual({ taskSubjectIds: [id] });
    expect(await s.app.ctx.db.selectFrom('annotation_frames').select('task_subject_id').where('task_subject_id', 'in', pending).execute()).toEqual([]);

    // The second item's box is of a feature whose question has a default, and the caller left it unanswered.
    const { boxFeatureId } = await aiOntology(s.app.ctx, w.projectP, w.users.owner.id);
    const unanswered = { id: 'pre-cat', featureId: boxFeatureId, labelId: 'cat', tool: 'box', geometry: { x: 1, y: 1, width: 20, height: 20 }, attributes: {}, zIndex: 0, source: 'manual' };
    const withCat = { taskSubjectId: t.taskSubjectIds[2], frames: [{ frameId: framesOf(2)[0], data: { version: 1, objects: [unanswered], classifications: [] } }] };
    const ok = await pre(w.users.projectManager, [item(1), withCat]);
    expect(ok.body.data).toEqual({ taskId: t.taskId, updated: pending.map((taskSubjectId) => ({ taskSubjectId, version: 1 })) });
    const stored = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${pending[0]}&frameIds=${framesOf(1)[0]}`);
    expect(stored.body.data.frames[0].data.objects.map((o: { source: string }) => o.source)).toEqual(['ai', 'ai']);
    // Stored with the default, as a box drawn in the workspace would be (issue 31).
    const cat = await call(w.users.annotator, 'GET', `/annotate?taskSubjectId=${pending[1]}&frameIds=${framesOf(2)[0]}`);
    expect(cat.body.data.frames[0].data.objects).toEqual([{ ...unanswered, source: 'ai', attributes: BOX_DEFAULTS }]);

    const notice = await call(w.users.owner, 'POST', '/annotate/pre/annotate/notification', { projectId: w.projectP, taskId: t.taskId, status: 'finished', count: 2 });
    expect(notice.body).toMatchObject({ code: 200, data: null });
    const events = await s.app.ctx.db.selectFrom('realtime_events').select(['type', 'payload']).where('room', '=', `task:${t.taskId}`).orderBy('seq', 'desc').limit(1).execute();
    expect(events[0]!.type).toBe('taskSubject.changed');
    expect(JSON.parse(events[0]!.payload)).toMatchObject({ action: 'preAnnotated', notice: { status: 'finished', count: 2 } });
  });

  it('counts what the project has annotated and shows each subject\'s status in its tasks', async () => {
    const { w, t, id, version, frames } = await setup(3);
    await save(w.users.annotator, id, 'count-me-1', version, [{ frameId: frames[0], data: boxes(4) }, { frameId: frames[1], data: boxes(1) }]);
    const total = await call(w.users.reviewer, 'GET', `/project/${w.projectP}/annotate/total`);
    expect(total.body.data).toEqual({ projectId: w.projectP, objectCount: 5, annotatedFrames: 2, annotatedTaskSubjects: 1, annotatedSubjects: 1, taskSubjects: 3, doneTaskSubjects: 0 });
    const status = await call(w.users.annotator, 'GET', `/project/${w.projectP}/subject/annotate?taskId=${t.taskId}&annotated=true`);
    expect(status.body.data).toMatchObject({
      total: 1,
      list: [{ dataId: t.subjectIds[0], recordType: 'frame', tasks: [{ taskId: t.taskId, taskSubjectId: id, stepType: 'annotate', state: 'inProgress', holderId: w.users.annotator.id, objectCount: 5 }] }],
    });
    const notYet = await call(w.users.annotator, 'GET', `/project/${w.projectP}/subject/annotate?annotated=false`);
    expect(notYet.body.data.total).toBe(2);
    expect(failure(await call(w.users.ownerB, 'GET', `/project/${w.projectP}/annotate/total`))).toEqual({ status: 404, msg: 'error.project.notFound' });
  });
});

