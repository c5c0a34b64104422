import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { boxes, buildTask, type TaskFixture } from '../support/taskFixture';

/** What each step handed on, as a reviewer reads it to compare with the previous submission. */
describe.each(DB_KINDS)('task subject snapshots on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const failure = (r: Awaited<ReturnType<typeof call>>) => ({ status: r.status, msg: r.body.msg });
  const claim = (u: WorldUser, w: World, t: TaskFixture, step = 0) =>
    call(u, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[step]!.workflowId });

  /** Annotate by the annotator, review by the reviewer; two items. */
  const setup = async () => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [
        { type: 'annotate', members: [w.users.annotator.id] },
        { type: 'review', members: [w.users.reviewer.id] },
      ],
      subjects: 2,
    });
    return { w, t };
  };

  /** The annotator claims the next item, saves these objects on its first frame and submits it. */
  const saveAndSubmit = async (w: World, t: TaskFixture, saveId: string, data: ReturnType<typeof boxes>) => {
    const held = (await claim(w.users.annotator, w, t)).body.data;
    const frameId = held.frameIds[0] as number;
    const saved = await call(w.users.annotator, 'POST', '/annotate', { taskSubjectId: held.taskSubjectId, saveId, baseVersion: held.version, frames: [{ frameId, data }] });
    expect(saved.body.code).toBe(200);
    s.advance(1000);
    const submitted = await call(w.users.annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: held.taskSubjectId, version: saved.body.data.version });
    expect(submitted.body.code).toBe(200);
    return { id: held.taskSubjectId as number, frameId };
  };

  it('lists both submissions of a reworked item newest first, and reads the older one as it was', async () => {
    const { w, t } = await setup();
    const { annotator, reviewer } = w.users;
    const first = boxes(3);
    const { id, frameId } = await saveAndSubmit(w, t, 'snap-save-1', first);

    const review = (await claim(reviewer, w, t, 1)).body.data;
    const rejected = await call(reviewer, 'POST', '/task/subject/review/reject', { taskSubjectId: id, version: review.version, reason: 'Boxes too loose' });
    expect(rejected.body.data).toMatchObject({ stepIndex: 0, rework: true });

    // The rework: box-0 moved, box-2 gone.
    const second = boxes(2);
    second.objects[0]!.geometry = { x: 40, y: 40, width: 10, height: 8 };
    const resubmitted = await saveAndSubmit(w, t, 'snap-save-2', second);
    expect(resubmitted.id).toBe(id);

    const list = await call(reviewer, 'GET', `/task/subject/snapshot/list?taskSubjectId=${id}`);
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.body.data.list).toMatchObject([
      { action: 'submit', stepIndex: 0, userId: annotator.id, userName: 'Annotator A', objectCount: 2 },
      { action: 'submit', stepIndex: 0, userId: annotator.id, userName: 'Annotator A', objectCount: 3 },
    ]);
    const [newer, older] = list.body.data.list as { snapshotId: number; version: number; createdAt: number }[];
    expect(newer!.version).toBeGreaterThan(older!.version);
    expect(newer!.createdAt).toBeGreaterThan(older!.createdAt);

    const paged = await call(reviewer, 'GET', `/task/subject/snapshot/list?taskSubjectId=${id}&page=2&pageSize=1`);
    expect(paged.body.data.list.map((e: { snapshotId: number }) => e.snapshotId)).toEqual([older!.snapshotId]);

    const read = await call(reviewer, 'GET', `/task/subject/snapshot/${older!.snapshotId}?taskSubjectId=${id}`);
    expect(read.body.data).toMatchObject({ snapshotId: older!.snapshotId, version: older!.version, action: 'submit', userId: annotator.id, userName: 'Annotator A' });
    expect(read.body.data.frames).toEqual([{ frameId, data: first }]);
    // The annotator, whose work it was, reads it too.
    expect((await call(annotator, 'GET', `/task/subject/snapshot/${newer!.snapshotId}?taskSubjectId=${id}`)).body.data.frames).toEqual([{ frameId, data: second }]);
  });

  it('brings a snapshot frame stored in an older shape up to the current one', async () => {
    const { w, t } = await setup();
    const id = t.taskSubjectIds[0]!;
    const frameId = t.frames.get(t.subjectIds[0]!)![0]!;
    // Version 0: no version, zIndex, source nor classifications.
    const legacy = { objects: [{ id: 'old-1', featureId: 1, labelId: 'car', tool: 'box', geometry: { x: 1, y: 2, width: 3, height: 4 } }] };
    const row = await s.app.ctx.db
      .insertInto('annotation_snapshots')
      .values({ task_subject_id: id, version: 1, step_index: 0, action: 'submit', frames: JSON.stringify([{ frameId, data: legacy }]), user_id: w.users.annotator.id, created_at: s.app.ctx.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = await call(w.users.reviewer, 'GET', `/task/subject/snapshot/${row.id}?taskSubjectId=${id}`);
    expect(read.body.data.frames).toEqual([
      { frameId, data: { version: 1, objects: [{ ...legacy.objects[0], attributes: {}, zIndex: 0, source: 'manual' }], classifications: [] } },
    ]);
    expect((await call(w.users.reviewer, 'GET', `/task/subject/snapshot/list?taskSubjectId=${id}`)).body.data.list).toMatchObject([{ snapshotId: row.id, objectCount: 1 }]);
  });

  it("answers 404 for another item's snapshot, and keeps items of other projects hidden", async () => {
    const { w, t } = await setup();
    const { reviewer, outsider, ownerB } = w.users;
    const a = await saveAndSubmit(w, t, 'snap-save-a', boxes(1));
    const b = await saveAndSubmit(w, t, 'snap-save-b', boxes(2));
    expect(a.id).not.toBe(b.id);
    const snapOfB = (await call(reviewer, 'GET', `/task/subject/snapshot/list?taskSubjectId=${b.id}`)).body.data.list[0].snapshotId as number;

    expect(failure(await call(reviewer, 'GET', `/task/subject/snapshot/${snapOfB}?taskSubjectId=${a.id}`))).toEqual({ status: 404, msg: 'error.taskSubject.snapshotNotFound' });
    expect(failure(await call(reviewer, 'GET', `/task/subject/snapshot/999999?taskSubjectId=${a.id}`))).toEqual({ status: 404, msg: 'error.taskSubject.snapshotNotFound' });
    // Without access to the project the item is not found at all (as for its log): its existence is not told.
    for (const stranger of [outsider, ownerB]) {
      expect(failure(await call(stranger, 'GET', `/task/subject/snapshot/list?taskSubjectId=${b.id}`))).toEqual({ status: 404, msg: 'error.taskSubject.notFound' });
      expect(failure(await call(stranger, 'GET', `/task/subject/snapshot/${snapOfB}?taskSubjectId=${b.id}`))).toEqual({ status: 404, msg: 'error.taskSubject.notFound' });
    }
    // The task subject is required: the access hook has nothing to check without it.
    expect((await call(reviewer, 'GET', `/task/subject/snapshot/${snapOfB}`)).status).toBe(400);
  });
});
