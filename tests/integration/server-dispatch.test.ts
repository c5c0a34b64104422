import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type WorldUser } from '../support/world';
import { boxes, buildTask } from '../support/taskFixture';

/** Dispatch: managers hand waiting task subjects to step members, and take back the untouched ones. */
describe.each(DB_KINDS)('dispatch on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const failure = (r: Awaited<ReturnType<typeof call>>) => ({ status: r.status, msg: r.body.msg });

  const setup = async (subjects = 5) => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [{ type: 'annotate', members: [w.users.annotator.id, w.users.vendorAnnotator.id] }, { type: 'review', members: [w.users.reviewer.id] }],
      subjects,
    });
    const dispatch = (u: WorldUser, extra: object) => call(u, 'POST', '/taskSubjectDispatch', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, ...extra });
    return { w, t, dispatch };
  };

  it('hands the oldest waiting task subjects to a member, who finds them held, and cancels the ones not yet saved', async () => {
    const { w, t, dispatch } = await setup();
    const { annotator, projectManager } = w.users;
    const made = await dispatch(projectManager, { targetUserId: annotator.id, count: 3 });
    expect(made.body.data).toMatchObject({ taskId: t.taskId, workflowId: t.steps[0]!.workflowId, stepIndex: 0, targetUserId: annotator.id, targetUserName: 'Annotator A', createdBy: projectManager.id, cancelledAt: null, itemCount: 3, openCount: 3 });
    expect(made.body.data.items.map((i: { taskSubjectId: number; state: string; holderId: number }) => [i.taskSubjectId, i.state, i.holderId])).toEqual(
      t.taskSubjectIds.slice(0, 3).map((id) => [id, 'claimed', annotator.id]),
    );
    const claimed = await call(annotator, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId });
    expect(claimed.body.data.taskSubjectId).toBe(t.taskSubjectIds[0]);
    await call(annotator, 'POST', '/annotate', { taskSubjectId: claimed.body.data.taskSubjectId, saveId: 'kept-work', baseVersion: claimed.body.data.version, frames: [{ frameId: claimed.body.data.frameIds[0], data: boxes(1) }] });

    const id = made.body.data.id as number;
    const cancelled = await call(projectManager, 'PUT', `/taskSubjectDispatch/${id}/cancel`, { projectId: w.projectP, taskId: t.taskId });
    expect(cancelled.body.data).toMatchObject({ id, cancelledAt: expect.any(Number), itemCount: 3, openCount: 0, returnedIds: t.taskSubjectIds.slice(1, 3) });
    const detail = await call(projectManager, 'GET', `/taskSubjectDispatch/${id}/detail?projectId=${w.projectP}&taskId=${t.taskId}`);
    expect(detail.body.data.items.map((i: { state: string; holderId: number | null }) => [i.state, i.holderId])).toEqual([['inProgress', annotator.id], ['pending', null], ['pending', null]]);
    expect(failure(await call(projectManager, 'PUT', `/taskSubjectDispatch/${id}/cancel`, { projectId: w.projectP, taskId: t.taskId }))).toEqual({ status: 409, msg: 'error.dispatch.cancelled' });
    const log = await s.app.ctx.db.selectFrom('task_subject_logs').select(['action', 'user_id']).where('task_subject_id', '=', t.taskSubjectIds[1]!).orderBy('id').execute();
    expect(log).toEqual([{ action: 'dispatch', user_id: projectManager.id }, { action: 'cancelDispatch', user_id: projectManager.id }]);
  });

  it('dispatches named task subjects all or nothing, skipped ones included', async () => {
    const { w, t, dispatch } = await setup();
    const { annotator, vendorAnnotator, owner } = w.users;
    const c = (await call(annotator, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId })).body.data;
    const skipped = (await call(annotator, 'POST', '/task/subject/annotate/skip', { taskSubjectId: c.taskSubjectId, version: c.version })).body.data;
    const c2 = (await call(annotator, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId })).body.data;

    const busy = await dispatch(owner, { targetUserId: vendorAnnotator.id, taskSubjectIds: [skipped.taskSubjectId, c2.taskSubjectId] });
    expect(failure(busy)).toEqual({ status: 409, msg: 'error.dispatch.notDispatchable' });
    expect(busy.body.data).toEqual({ taskSubjectIds: [c2.taskSubjectId] });
    const other = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 1 });
    const foreign = await dispatch(owner, { targetUserId: vendorAnnotator.id, taskSubjectIds: [other.taskSubjectIds[0]] });
    expect(failure(foreign)).toEqual({ status: 404, msg: 'error.dispatch.subjectNotFound' });
    expect(await s.app.ctx.db.selectFrom('dispatches').select('id').where('task_id', '=', t.taskId).execute()).toEqual([]);

    const ok = await dispatch(owner, { targetUserId: vendorAnnotator.id, taskSubjectIds: [skipped.taskSubjectId, t.taskSubjectIds[4]] });
    expect(ok.body.data.items.map((i: { state: string; holderId: number }) => [i.state, i.holderId])).toEqual([['claimed', vendorAnnotator.id], ['claimed', vendorAnnotator.id]]);
  });

  it('refuses bad targets and requests, and lets a vendor manager hand work only to their own team', async () => {
    const { w, t, dispatch } = await setup(2);
    const { annotator, vendorAnnotator, vendorManager, reviewer, manager } = w.users;
    expect(failure(await dispatch(manager, { targetUserId: annotator.id, count: 1, taskSubjectIds: [t.taskSubjectIds[0]] }))).toEqual({ status: 400, msg: 'error.dispatch.idsOrCount' });
    expect(failure(await dispatch(manager, { targetUserId: annotator.id }))).toEqual({ status: 400, msg: 'error.dispatch.idsOrCount' });
    expect(failure(await dispatch(manager, { targetUserId: reviewer.id, count: 1 }))).toEqual({ status: 409, msg: 'error.dispatch.targetNotStepMember' });
    expect(failure(await dispatch(manager, { targetUserId: annotator.id, count: 1, workflowId: 999_999 }))).toEqual({ status: 404, msg: 'error.dispatch.stepNotFound' });
    expect(failure(await dispatch(annotator, { targetUserId: annotator.id, count: 1 }))).toEqual({ status: 403, msg: 'error.forbidden' });
    expect(failure(await dispatch(vendorManager, { targetUserId: annotator.id, count: 1 }))).toEqual({ status: 403, msg: 'error.dispatch.vendorMemberOnly' });
    expect((await dispatch(vendorManager, { targetUserId: vendorAnnotator.id, count: 1 })).body.data.itemCount).toBe(1);
    expect((await dispatch(manager, { targetUserId: annotator.id, count: 5 })).body.data.itemCount).toBe(1);
    expect(failure(await dispatch(manager, { targetUserId: annotator.id, count: 1 }))).toEqual({ status: 409, msg: 'error.dispatch.queueEmpty' });
    expect(failure(await call(w.users.ownerB, 'POST', '/taskSubjectDispatch', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, targetUserId: annotator.id, count: 1 }))).toEqual({
      status: 404,
      msg: 'error.project.notFound',
    });

    const targets = (u: WorldUser) => call(u, 'GET', `/taskSubjectDispatch/${t.taskId}/target?projectId=${w.projectP}&workflowId=${t.steps[0]!.workflowId}`);
    expect((await targets(manager)).body.data).toEqual([
      { userId: annotator.id, name: 'Annotator A', claimed: 1, inProgress: 0, skipped: 0 },
      { userId: vendorAnnotator.id, name: 'Vendor annotator', claimed: 1, inProgress: 0, skipped: 0 },
    ]);
    expect((await targets(vendorManager)).body.data.map((x: { userId: number }) => x.userId)).toEqual([vendorAnnotator.id]);
  });

  it('lists a task\'s dispatches newest first, cancelled ones only when asked', async () => {
    const { w, t, dispatch } = await setup(4);
    const { annotator, vendorAnnotator, owner } = w.users;
    const a = (await dispatch(owner, { targetUserId: annotator.id, count: 1 })).body.data.id;
    const b = (await dispatch(owner, { targetUserId: vendorAnnotator.id, count: 2 })).body.data.id;
    await call(owner, 'PUT', `/taskSubjectDispatch/${a}/cancel`, { projectId: w.projectP, taskId: t.taskId });
    const list = (body: object) => call(owner, 'POST', `/taskSubjectDispatch/${t.taskId}`, { projectId: w.projectP, ...body });
    expect((await list({})).body.data).toMatchObject({ total: 1, list: [{ id: b, itemCount: 2, openCount: 2 }] });
    expect((await list({ includeCancelled: true })).body.data.list.map((d: { id: number }) => d.id)).toEqual([b, a]);
    expect((await list({ includeCancelled: true, targetUserId: annotator.id })).body.data.list.map((d: { id: number }) => d.id)).toEqual([a]);
    const other = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 0 });
    expect(failure(await call(owner, 'GET', `/taskSubjectDispatch/${b}/detail?projectId=${w.projectP}&taskId=${other.taskId}`))).toEqual({ status: 404, msg: 'error.dispatch.notFound' });
  });
});
