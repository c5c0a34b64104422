import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { boxes, buildTask, type TaskFixture } from '../support/taskFixture';

/** The task subject lifecycle: claim, save, submit, review, reject as rework, pass, reopen. */
describe.each(DB_KINDS)('task subject lifecycle on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const failure = (r: Awaited<ReturnType<typeof call>>) => ({ status: r.status, msg: r.body.msg });

  /** Annotate by the annotator (and the vendor annotator), review by the reviewer. */
  const setup = async (subjects = 1) => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [
        { type: 'annotate', members: [w.users.annotator.id, w.users.vendorAnnotator.id] },
        { type: 'review', members: [w.users.reviewer.id] },
      ],
      subjects,
    });
    return { w, t };
  };
  const claim = (u: WorldUser, w: World, t: TaskFixture, step = 0) => call(u, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[step]!.workflowId });
  const addReason = async (projectId: number, reason: string) =>
    (await s.app.ctx.db.insertInto('reject_reasons').values({ project_id: projectId, reason, created_by: 1, created_at: s.app.ctx.now() }).returning('id').executeTakeFirstOrThrow()).id;

  it('goes claim → save → submit → reject with reasons → rework for the same annotator → resubmit → pass → done', async () => {
    const { w, t } = await setup();
    const { annotator, reviewer } = w.users;
    const reasonId = await addReason(w.projectP, 'Boxes too loose');

    const claimed = await claim(annotator, w, t);
    expect(claimed.body.data).toMatchObject({ taskSubjectId: t.taskSubjectIds[0], state: 'claimed', holderId: annotator.id, stepType: 'annotate', frameIds: t.frames.get(t.subjectIds[0]!) });
    const id = claimed.body.data.taskSubjectId as number;
    const frameId = t.frames.get(t.subjectIds[0]!)![0]!;

    const saved = await call(annotator, 'POST', '/annotate', { taskSubjectId: id, saveId: 'save-0001', baseVersion: claimed.body.data.version, frames: [{ frameId, data: boxes(3) }] });
    expect(saved.body.code).toBe(200);
    expect((await call(annotator, 'GET', `/task/subject/${id}`)).body.data).toMatchObject({ state: 'inProgress', version: saved.body.data.version });

    s.advance(2000);
    const submitted = await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: id, version: saved.body.data.version, activeMs: 600_000 });
    expect(submitted.body.data).toMatchObject({ stepIndex: 1, workflowId: t.steps[1]!.workflowId, state: 'pending', holderId: null, stepType: 'review' });

    const review = await claim(reviewer, w, t, 1);
    expect(review.body.data).toMatchObject({ taskSubjectId: id, state: 'claimed', holderId: reviewer.id });
    const rejected = await call(reviewer, 'POST', '/task/subject/review/reject', {
      taskSubjectId: id,
      version: review.body.data.version,
      reasonIds: [reasonId],
      reason: ' Tighten the boxes ',
      notes: [{ content: 'This one misses the mirror', frameId, objectId: 'box-1' }],
    });
    expect(rejected.body.data).toMatchObject({ stepIndex: 0, state: 'claimed', holderId: annotator.id, rework: true });

    // Claim-next gives the annotator their rework back before anything else.
    const again = await claim(annotator, w, t);
    expect(again.body.data).toMatchObject({ taskSubjectId: id, rework: true });
    const notes = await call(annotator, 'GET', `/note/subject?projectId=${w.projectP}&dataId=${t.subjectIds[0]}`);
    expect(notes.body.data).toMatchObject([{ content: 'This one misses the mirror', objectId: 'box-1', frameId, taskSubjectId: id, createdBy: reviewer.id }]);

    const edited = await call(annotator, 'POST', '/annotate/object/v2', {
      taskSubjectId: id, saveId: 'save-0002', baseVersion: again.body.data.version, frameId, upsert: [{ ...boxes(2).objects[1]!, geometry: { x: 5, y: 5, width: 4, height: 4 } }],
    });
    expect(edited.body.code).toBe(200);
    const resubmitted = await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: id, version: edited.body.data.version });
    expect(resubmitted.body.data).toMatchObject({ stepIndex: 1, state: 'pending', rework: false });
    const review2 = await claim(reviewer, w, t, 1);
    const passed = await call(reviewer, 'POST', '/task/subject/review/submit', { taskSubjectId: id, version: review2.body.data.version });
    expect(passed.body.data).toMatchObject({ stepIndex: 1, state: 'done', holderId: null });

    const log = await call(reviewer, 'GET', `/task/subject/log?taskSubjectId=${id}&pageSize=50`);
    expect(log.body.data.list.map((e: { action: string }) => e.action)).toEqual(['pass', 'claim', 'submit', 'save', 'reject', 'claim', 'submit', 'save', 'claim']);
    const reject = log.body.data.list[4];
    expect(reject).toMatchObject({ userId: reviewer.id, fromState: 'claimed', toState: 'claimed', reason: 'Tighten the boxes', rejectReasonIds: [reasonId], stepIndex: 1, objectCount: 3 });
    // The reported active time is clamped to the wall time since the annotator's previous log row.
    const firstSubmit = log.body.data.list[6];
    expect(firstSubmit.activeMs).toBeGreaterThanOrEqual(2000);
    expect(firstSubmit.activeMs).toBeLessThan(60_000);
    const snapshots = await s.app.ctx.db.selectFrom('annotation_snapshots').select(['action', 'step_index']).where('task_subject_id', '=', id).orderBy('id').execute();
    expect(snapshots).toEqual([{ action: 'submit', step_index: 0 }, { action: 'submit', step_index: 0 }, { action: 'pass', step_index: 1 }]);
  });

  it('takes a submit with suggestions nobody confirmed unless the project refuses it, and refuses a rule it does not know (issue 31)', async () => {
    const { w, t } = await setup(2);
    const { annotator, projectManager } = w.users;
    const suggested = { ...boxes(2), objects: boxes(2).objects.map((o, i) => (i === 0 ? { ...o, source: 'ai' as const, score: 0.7 } : o)) };
    const worked = async (saveId: string) => {
      const claimed = (await claim(annotator, w, t)).body.data;
      const saved = await call(annotator, 'POST', '/annotate', { taskSubjectId: claimed.taskSubjectId, saveId, baseVersion: claimed.version, frames: [{ frameId: claimed.frameIds[0], data: suggested }] });
      return { id: claimed.taskSubjectId as number, version: saved.body.data.version as number, frameId: claimed.frameIds[0] as number };
    };
    const submit = (item: { id: number; version: number }) => call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: item.id, version: item.version });
    const config = (body: object) => call(projectManager, 'PUT', `/project/${w.projectP}/config`, body);

    // By default the workspace asks, and the server takes the submit.
    expect((await submit(await worked('unconfirmed-1'))).body.data).toMatchObject({ stepType: 'review', state: 'pending' });
    expect(failure(await config({ unconfirmedOnSubmit: 'maybe' }))).toEqual({ status: 400, msg: 'error.project.settingInvalid' });
    expect((await config({ unconfirmedOnSubmit: 'refuse', keep: 1 })).body.data).toEqual({ unconfirmedOnSubmit: 'refuse', keep: 1 });
    const held = await worked('unconfirmed-2');
    const refused = await submit(held);
    expect(failure(refused)).toEqual({ status: 409, msg: 'error.taskSubject.unconfirmedSuggestions' });
    expect(refused.body.data).toEqual({ unconfirmed: 1 });
    // Accepted (source manual), it goes.
    const saved = await call(annotator, 'POST', '/annotate', { taskSubjectId: held.id, saveId: 'unconfirmed-3', baseVersion: held.version, frames: [{ frameId: held.frameId, data: boxes(2) }] });
    expect((await submit({ id: held.id, version: saved.body.data.version })).body.data).toMatchObject({ stepType: 'review' });
  });

  it('refuses each transition that does not fit, with its code and key', async () => {
    const { w, t } = await setup(2);
    const { annotator, vendorAnnotator, reviewer, owner, projectManager } = w.users;
    const held = (await claim(annotator, w, t)).body.data;
    const id = held.taskSubjectId as number;
    const body = (extra: object = {}) => ({ taskSubjectId: id, version: held.version, ...extra });

    // Not a member of the step: 403; a member who does not hold it: 409.
    expect(failure(await call(reviewer, 'POST', '/task/subject/annotate/submit', body()))).toEqual({ status: 403, msg: 'error.taskSubject.notStepMember' });
    expect(failure(await call(vendorAnnotator, 'POST', '/task/subject/annotate/skip', body()))).toEqual({ status: 409, msg: 'error.taskSubject.notHolder' });
    expect(failure(await claim(reviewer, w, t))).toEqual({ status: 403, msg: 'error.taskSubject.notStepMember' });
    // Review actions at an annotate step.
    expect(failure(await call(annotator, 'POST', '/task/subject/review/submit', body()))).toEqual({ status: 409, msg: 'error.taskSubject.wrongStep' });
    expect(failure(await call(annotator, 'POST', '/task/subject/review/reject', body({ reason: 'no' })))).toEqual({ status: 409, msg: 'error.taskSubject.wrongStep' });
    // A version the client did not see.
    const stale = await call(annotator, 'POST', '/task/subject/annotate/submit', body({ version: held.version - 1 }));
    expect(failure(stale)).toEqual({ status: 409, msg: 'error.taskSubject.stale' });
    expect(stale.body.data).toEqual({ version: held.version });

    const submitted = (await call(annotator, 'POST', '/task/subject/annotate/submit', body())).body.data;
    const review = (await claim(reviewer, w, t, 1)).body.data;
    expect(failure(await call(reviewer, 'POST', '/task/subject/review/reject', { taskSubjectId: id, version: review.version }))).toEqual({ status: 400, msg: 'error.taskSubject.rejectReasonRequired' });
    const foreignReason = await addReason(w.projectQ, 'Elsewhere');
    const badReason = await call(reviewer, 'POST', '/task/subject/review/reject', { taskSubjectId: id, version: review.version, reasonIds: [foreignReason] });
    expect(failure(badReason)).toEqual({ status: 404, msg: 'error.taskSubject.rejectReasonNotFound' });
    expect(badReason.body.data).toEqual({ reasonIds: [foreignReason] });
    expect(failure(await call(reviewer, 'POST', '/task/subject/annotate/submit', { taskSubjectId: id, version: review.version }))).toEqual({ status: 409, msg: 'error.taskSubject.wrongStep' });

    // Reopening: only done ones, only by those who dispatch, only at a step of the task.
    const reopen = (u: WorldUser, extra: object = {}) => call(u, 'POST', '/task/subject/edit', { taskSubjectId: id, workflowId: t.steps[0]!.workflowId, version: review.version, ...extra });
    expect(failure(await reopen(owner))).toEqual({ status: 409, msg: 'error.taskSubject.wrongState' });
    const done = (await call(reviewer, 'POST', '/task/subject/review/submit', { taskSubjectId: id, version: review.version })).body.data;
    // Reopening is project.task.dispatch in the role table: the access hook refuses an annotator.
    expect(failure(await reopen(annotator, { version: done.version }))).toEqual({ status: 403, msg: 'error.forbidden' });
    expect(failure(await reopen(projectManager, { version: done.version, workflowId: 999_999 }))).toEqual({ status: 404, msg: 'error.taskSubject.stepNotFound' });
    expect(submitted.version).toBeLessThan(done.version);

    // Claims at a step of another task, or of a task that is not the project's.
    const other = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 1 });
    const wrongStep = await call(annotator, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: other.steps[0]!.workflowId });
    expect(failure(wrongStep)).toEqual({ status: 404, msg: 'error.taskSubject.stepNotFound' });
    const qTask = await buildTask(s.app.ctx, { projectId: w.projectQ, createdBy: w.users.ownerB.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 1 });
    const wrongTask = await call(annotator, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: qTask.taskId, workflowId: qTask.steps[0]!.workflowId });
    expect(failure(wrongTask)).toEqual({ status: 404, msg: 'error.task.notFound' });
  });

  it('reopens a done task subject for a manager who works at the step, and tells who may edit', async () => {
    const { w, t } = await setup();
    const { annotator, reviewer, projectManager } = w.users;
    await s.app.ctx.db.insertInto('workflow_members').values({ workflow_id: t.steps[0]!.workflowId, user_id: projectManager.id }).execute();
    let c = (await claim(annotator, w, t)).body.data;
    const id = c.taskSubjectId as number;
    const isEdit = (u: WorldUser, step: number) => call(u, 'POST', '/task/subject/is/edit', { taskSubjectId: id, workflowId: t.steps[step]!.workflowId });
    expect((await isEdit(annotator, 0)).body.data).toEqual({ taskSubjectId: id, workflowId: t.steps[0]!.workflowId, canEdit: true, canReopen: false, reason: null });
    expect((await isEdit(w.users.vendorAnnotator, 0)).body.data).toMatchObject({ canEdit: false, reason: 'notHolder' });
    expect((await isEdit(annotator, 1)).body.data).toMatchObject({ canEdit: false, reason: 'wrongStep' });

    await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: id, version: c.version });
    c = (await claim(reviewer, w, t, 1)).body.data;
    c = (await call(reviewer, 'POST', '/task/subject/review/submit', { taskSubjectId: id, version: c.version })).body.data;
    expect((await isEdit(projectManager, 0)).body.data).toMatchObject({ canEdit: false, canReopen: true, reason: null });
    expect((await isEdit(annotator, 0)).body.data).toMatchObject({ canReopen: false, reason: 'notManager' });

    const reopened = await call(projectManager, 'POST', '/task/subject/edit', { taskSubjectId: id, workflowId: t.steps[0]!.workflowId, version: c.version });
    expect(reopened.body.data).toMatchObject({ stepIndex: 0, state: 'claimed', holderId: projectManager.id, rework: false });
    const dry = (await call(projectManager, 'GET', `/task/subject/test/${id}`)).body.data;
    expect(dry).toMatchObject({ member: true, manages: true });
    expect(dry.actions).toEqual(expect.arrayContaining(['save', 'skip', 'submit', 'requeue']));
    expect(dry.refusals).toEqual(expect.arrayContaining([{ action: 'pass', reason: 'wrongStep' }, { action: 'claim', reason: 'wrongState' }]));
  });

  it('records reported active time, lists task subjects with their latest log row, and pages the saves', async () => {
    const { w, t } = await setup(3);
    const { annotator } = w.users;
    const c = (await claim(annotator, w, t)).body.data;
    s.advance(5000);
    const activity = await call(annotator, 'POST', '/task/subject/log/edit', { taskSubjectId: c.taskSubjectId, activeMs: 3000 });
    expect(activity.body.data).toMatchObject({ action: 'activity', fromState: 'claimed', toState: 'claimed', activeMs: 3000, userId: annotator.id, userName: 'Annotator A' });
    const frameId = c.frameIds[0];
    let version = c.version as number;
    for (let i = 0; i < 3; i++) {
      version = (await call(annotator, 'POST', '/annotate', { taskSubjectId: c.taskSubjectId, saveId: `save-list-${i}`, baseVersion: version, frames: [{ frameId, data: boxes(i + 1) }] })).body.data.version;
    }
    const saves = await call(annotator, 'POST', '/task/subject/save/list', { taskSubjectId: c.taskSubjectId, pageSize: 2 });
    expect(saves.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2, list: [{ saveId: 'save-list-2', version }, { saveId: 'save-list-1' }] });

    const list = await call(annotator, 'GET', `/task/subject/list/detail?projectId=${w.projectP}&taskId=${t.taskId}&pageSize=10`);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list.map((x: { state: string }) => x.state)).toEqual(['inProgress', 'pending', 'pending']);
    expect(list.body.data.list[0]).toMatchObject({ taskSubjectId: c.taskSubjectId, stepType: 'annotate', subjectName: 'item_0.jpg', lastLog: { action: 'save', userId: annotator.id } });
    expect(list.body.data.list[1].lastLog).toBeNull();
    const filtered = await call(annotator, 'GET', `/task/subject/list/detail?projectId=${w.projectP}&taskId=${t.taskId}&state=inProgress&holderId=${annotator.id}`);
    expect(filtered.body.data.total).toBe(1);
  });

  it('shows nothing of a task subject to another team or an outsider, and changes nothing', async () => {
    const { w, t } = await setup();
    const c = (await claim(w.users.annotator, w, t)).body.data;
    const id = c.taskSubjectId as number;
    const before = await s.app.ctx.db.selectFrom('task_subjects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const intruder of [w.users.ownerB, w.users.outsider]) {
      for (const [method, url, payload] of [
        ['GET', `/task/subject/${id}`],
        ['GET', `/task/subject/test/${id}`],
        ['GET', `/task/subject/log?taskSubjectId=${id}`],
        ['POST', '/task/subject/annotate/submit', { taskSubjectId: id, version: c.version }],
        ['POST', '/task/subject/annotate/skip', { taskSubjectId: id, version: c.version }],
        ['POST', '/task/subject/edit', { taskSubjectId: id, workflowId: t.steps[0]!.workflowId, version: c.version }],
        ['POST', '/task/subject/log/edit', { taskSubjectId: id, activeMs: 10 }],
        ['POST', '/task/subject/save/list', { taskSubjectId: id }],
        ['GET', `/annotate?taskSubjectId=${id}`],
        ['POST', '/annotate', { taskSubjectId: id, saveId: 'intruder-1', baseVersion: c.version, frames: [{ frameId: c.frameIds[0], data: boxes(1) }] }],
      ] as const) {
        const r = await call(intruder, method, url, payload);
        expect({ url, status: r.status }).toEqual({ url, status: 404 });
      }
      expect(failure(await claim(intruder, w, t))).toEqual({ status: 404, msg: 'error.project.notFound' });
    }
    expect(await s.app.ctx.db.selectFrom('task_subjects').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('answers bad input with 400, never 500', async () => {
    const { w } = await setup();
    const { annotator } = w.users;
    for (const [url, payload] of [
      ['/task/subject/annotate/submit', { taskSubjectId: 1, version: -1 }],
      ['/task/subject/annotate/submit', { taskSubjectId: 'x', version: 1 }],
      ['/task/subject/annotate/skip', { taskSubjectId: 1, version: 1, extra: true }],
      ['/task/subject/review/reject', { taskSubjectId: 1, version: 1, reasonIds: [0] }],
      ['/task/subject/claim', { projectId: w.projectP, taskId: 1 }],
      ['/task/subject/log/edit', { taskSubjectId: 1, activeMs: 1e12 }],
      ['/task/subject/edit', { taskSubjectId: 1, version: 1 }],
    ] as const) {
      const r = await call(annotator, 'POST', url, payload);
      expect({ url, status: r.status, msg: r.body.msg }).toEqual({ url, status: 400, msg: 'error.validation' });
    }
    expect((await call(annotator, 'GET', '/task/subject/log?taskSubjectId=abc')).status).toBe(400);
    expect((await call(annotator, 'GET', '/task/subject/0')).status).toBe(400);
  });
});
