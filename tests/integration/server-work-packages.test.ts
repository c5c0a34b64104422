import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { boxes, buildTask, type TaskFixture } from '../support/taskFixture';
import { sweepLapsedLeases } from '../../src-server/leases/leaseLapse';
import type { PackageItem, PackageTaken } from '../../src-shared/api/taskSubject';
import type { PackageReturnResult, WorkPackageSummary } from '../../src-shared/api/workPackage';

const HOUR = 3600_000;

/** Work packages (docs/offline-day.md, "Team server"): taking, listing, giving back, lapsing. */
describe.each(DB_KINDS)('work packages on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const setConfig = (w: World, config: object) => call(w.users.owner, 'PUT', `/project/${w.projectP}/config`, config);
  /** A fresh world with one annotate step the two annotators work at, and a review step after it. */
  const setup = async (subjects: number) => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [{ type: 'annotate', members: [w.users.annotator.id, w.users.vendorAnnotator.id] }, { type: 'review', members: [w.users.reviewer.id] }],
      subjects,
      framesPerSubject: 2,
    });
    return { w, t };
  };
  const take = async (w: World, t: TaskFixture, u: WorldUser, size?: number) => {
    const r = await call(u, 'POST', '/task/subject/package', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, ...(size ? { size } : {}) });
    expect(r.body.code).toBe(200);
    return r.body.data as PackageTaken | null;
  };
  const ids = (p: PackageTaken) => p.items.map((i) => i.card.taskSubjectId);
  const list = async (u: WorldUser, w: World) => (await call(u, 'GET', `/task/subject/package/list?projectId=${w.projectP}`)).body.data as WorkPackageSummary[];
  const save = (u: WorldUser, item: PackageItem, saveId: string) =>
    call(u, 'POST', '/annotate', { taskSubjectId: item.card.taskSubjectId, saveId, baseVersion: item.card.version, frames: [{ frameId: item.card.frameIds[0], data: boxes(1) }] });
  const giveBack = (u: WorldUser, w: World, packageId: number, taskSubjectIds?: number[]) =>
    call(u, 'POST', '/task/subject/package/return', { projectId: w.projectP, packageId, ...(taskSubjectIds ? { taskSubjectIds } : {}) });

  it('takes what the worker holds first (rework first), then the oldest waiting, capped by packageSize, with all the workspace needs offline', async () => {
    const { w, t } = await setup(8);
    const { annotator } = w.users;
    expect((await setConfig(w, { packageSize: 4, leaseHours: 2 })).body.code).toBe(200);
    // The annotator already holds item 5 (claimed) and item 6 (rework handed back to them).
    await s.app.ctx.db.updateTable('task_subjects').set({ state: 'claimed', holder_id: annotator.id, claimed_at: s.app.ctx.now() }).where('id', '=', t.taskSubjectIds[5]!).execute();
    await s.app.ctx.db.updateTable('task_subjects').set({ state: 'claimed', holder_id: annotator.id, rework: 1, claimed_at: s.app.ctx.now() }).where('id', '=', t.taskSubjectIds[6]!).execute();

    const before = s.app.ctx.now();
    const p = (await take(w, t, annotator, 10))!;
    expect(ids(p)).toEqual([t.taskSubjectIds[6], t.taskSubjectIds[5], t.taskSubjectIds[0], t.taskSubjectIds[1]]);
    expect(p.package).toMatchObject({ holderId: annotator.id, state: 'open', itemCount: 4, startedCount: 0, workflowId: t.steps[0]!.workflowId });
    expect(p.package.expiresAt - p.package.createdAt).toBe(2 * HOUR);
    expect(p.package.createdAt).toBeGreaterThanOrEqual(before);

    // Each item carries its card, its frames with object keys and sizes, and its annotations at the card's version.
    const first = p.items[2]!;
    expect(first.card).toMatchObject({ state: 'claimed', holderId: annotator.id, stepType: 'annotate' });
    expect(first.subject.dataId).toBe(t.subjectIds[0]);
    expect(first.subject.frames.map((f) => f.frameId)).toEqual(t.frames.get(t.subjectIds[0]!));
    expect(first.subject.frames.every((f) => f.key.length > 0 && f.sizeBytes > 0)).toBe(true);
    expect(first.annotations).toMatchObject({ taskSubjectId: first.card.taskSubjectId, version: first.card.version });
    expect(first.annotations.frames).toHaveLength(2);

    // The default size is the setting; an empty queue answers null.
    const second = (await take(w, t, w.users.vendorAnnotator))!;
    expect(ids(second)).toEqual([t.taskSubjectIds[2], t.taskSubjectIds[3], t.taskSubjectIds[4], t.taskSubjectIds[7]]);
    // Leasing packageSize already, they are told so (the lease cap, security-lease-cap.test.ts)...
    const more = await call(w.users.vendorAnnotator, 'POST', '/task/subject/package', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId });
    expect({ status: more.status, msg: more.body.msg, data: more.body.data }).toEqual({ status: 409, msg: 'error.task.packageLimit', data: { leased: 4, packageSize: 4 } });
    // ...and with room left, the empty queue answers null.
    expect((await setConfig(w, { packageSize: 5, leaseHours: 2 })).body.code).toBe(200);
    expect(await take(w, t, w.users.vendorAnnotator)).toBeNull();
  });

  it('gives two workers racing for packages bigger than one claim batch disjoint items', async () => {
    const { w, t } = await setup(120);
    // 70 each: every package is taken in two transactions of the queue, interleaved with the other's.
    const [a, b] = await Promise.all([take(w, t, w.users.annotator, 70), take(w, t, w.users.vendorAnnotator, 70)]);
    const all = [...ids(a!), ...ids(b!)];
    expect(all).toHaveLength(120);
    expect(new Set(all).size).toBe(120);
    expect(a!.package.itemCount + b!.package.itemCount).toBe(120);
    const rows = await s.app.ctx.db.selectFrom('task_subjects').select(['id', 'holder_id', 'package_id']).where('task_id', '=', t.taskId).execute();
    const holderOf = new Map([...ids(a!).map((id) => [id, w.users.annotator.id] as const), ...ids(b!).map((id) => [id, w.users.vendorAnnotator.id] as const)]);
    expect(rows.every((r) => r.holder_id === holderOf.get(r.id))).toBe(true);
    const logs = await s.app.ctx.db.selectFrom('task_subject_logs').select('task_subject_id').where('task_id', '=', t.taskId).where('action', '=', 'claim').execute();
    expect(logs).toHaveLength(120);
  });

  it('lists the caller\'s packages, and everyone\'s in the project for a dispatcher, with how many are started', async () => {
    const { w, t } = await setup(6);
    const mine = (await take(w, t, w.users.annotator, 3))!;
    const theirs = (await take(w, t, w.users.vendorAnnotator, 2))!;
    expect((await save(w.users.annotator, mine.items[0]!, 'list-save-1')).body.code).toBe(200);

    const own = await list(w.users.annotator, w);
    expect(own.map((p) => p.packageId)).toEqual([mine.package.packageId]);
    expect(own[0]).toMatchObject({ itemCount: 3, startedCount: 1, holderName: 'Annotator A' });
    const all = await list(w.users.projectManager, w);
    expect(all.map((p) => p.packageId)).toEqual([theirs.package.packageId, mine.package.packageId]);
    expect(all[0]).toMatchObject({ holderId: w.users.vendorAnnotator.id, itemCount: 2, startedCount: 0 });
  });

  it('lets the holder give back unstarted items only, and a dispatcher take back a started one', async () => {
    const { w, t } = await setup(4);
    const { annotator } = w.users;
    const p = (await take(w, t, annotator, 4))!;
    const [started, a, b, c] = p.items.map((i) => i.card.taskSubjectId) as [number, number, number, number];
    expect((await save(annotator, p.items[0]!, 'return-save-1')).body.code).toBe(200);
    // Active time reported counts as started too.
    expect((await call(annotator, 'POST', '/task/subject/log/edit', { taskSubjectId: c, activeMs: 30_000 })).body.code).toBe(200);

    const refused = await giveBack(annotator, w, p.package.packageId, [started, a]);
    expect({ status: refused.status, msg: refused.body.msg, data: refused.body.data }).toEqual({ status: 409, msg: 'error.task.packageItemStarted', data: { taskSubjectIds: [started] } });
    const back = (await giveBack(annotator, w, p.package.packageId)).body.data as PackageReturnResult;
    expect(back.returnedIds).toEqual([a, b]);
    expect(back.startedIds).toEqual([]);
    expect(back.package).toMatchObject({ state: 'open', itemCount: 2, startedCount: 2 });
    // Given back means anyone's again: the other annotator's claim gets them.
    const next = (await take(w, t, w.users.vendorAnnotator, 4))!;
    expect(ids(next)).toEqual([a, b]);

    // A worker cannot see or return someone else's package.
    expect((await giveBack(w.users.vendorAnnotator, w, p.package.packageId)).body.msg).toBe('error.task.packageNotFound');
    const taken = (await giveBack(w.users.projectManager, w, p.package.packageId, [started])).body.data as PackageReturnResult;
    expect(taken).toMatchObject({ returnedIds: [started], startedIds: [started], package: { itemCount: 1 } });
    const row = await s.app.ctx.db.selectFrom('task_subjects').select(['state', 'holder_id', 'package_id']).where('id', '=', started).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'pending', holder_id: null, package_id: null });
    // The holder, who had it open, is refused as no longer holding it.
    expect((await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: started, version: p.items[0]!.card.version + 1 })).body.msg).toBe('error.taskSubject.stale');
    // Returning the last one ends the package: it leaves the list.
    expect((await giveBack(w.users.projectManager, w, p.package.packageId)).body.data.package.state).toBe('returned');
    expect(await list(annotator, w)).toEqual([]);
  });

  it('lapses: unstarted items go back to the queue and their hand-off is refused with task.leaseLapsed; started ones stay with the holder', async () => {
    const { w, t } = await setup(3);
    const { annotator } = w.users;
    expect((await setConfig(w, { leaseHours: 1 })).body.code).toBe(200);
    const p = (await take(w, t, annotator))!;
    const [kept, lost, lostToo] = p.items as [PackageItem, PackageItem, PackageItem];
    expect((await save(annotator, kept, 'lapse-save-1')).body.code).toBe(200);

    // Before the hour is out the sweep changes nothing.
    s.advance(HOUR - 60_000);
    await sweepLapsedLeases(s.app.ctx, s.app.ctx.now());
    expect((await list(annotator, w))[0]).toMatchObject({ state: 'open', itemCount: 3 });

    s.advance(2 * 60_000);
    await sweepLapsedLeases(s.app.ctx, s.app.ctx.now());
    const [after] = await list(w.users.projectManager, w);
    expect(after).toMatchObject({ packageId: p.package.packageId, state: 'lapsed', itemCount: 1, startedCount: 1 });
    const logs = await s.app.ctx.db.selectFrom('task_subject_logs').select(['task_subject_id', 'user_id']).where('task_id', '=', t.taskId).where('action', '=', 'leaseLapsed').orderBy('task_subject_id').execute();
    expect(logs).toEqual([
      { task_subject_id: lost.card.taskSubjectId, user_id: annotator.id },
      { task_subject_id: lostToo.card.taskSubjectId, user_id: annotator.id },
    ]);

    // The hand-offs the workstation sends on return: refused for what the lapse gave back...
    const submit = await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: lost.card.taskSubjectId, version: lost.card.version });
    expect({ status: submit.status, msg: submit.body.msg }).toEqual({ status: 409, msg: 'error.task.leaseLapsed' });
    expect((await save(annotator, lostToo, 'lapse-save-2')).body.msg).toBe('error.task.leaseLapsed');
    // ...accepted for the started item it still holds.
    const kept2 = await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: kept.card.taskSubjectId, version: kept.card.version + 1 });
    expect(kept2.body.data).toMatchObject({ stepIndex: 1, state: 'pending' });
    // The given-back items are anyone's: the other annotator takes them.
    expect(ids((await take(w, t, w.users.vendorAnnotator))!)).toEqual([lost.card.taskSubjectId, lostToo.card.taskSubjectId]);
  });

  it('validates the settings: whole numbers in range, with a translated error', async () => {
    const { w } = await setup(0);
    for (const bad of [{ packageSize: 0 }, { packageSize: 1001 }, { packageSize: 2.5 }, { leaseHours: 0 }, { leaseHours: 169 }, { leaseHours: '24' }]) {
      const r = await setConfig(w, bad);
      expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg: 'error.project.settingOutOfRange' });
    }
    expect((await setConfig(w, { packageSize: 0 })).body.data).toMatchObject({ setting: 'packageSize', min: 1, max: 1000 });
    expect((await setConfig(w, { packageSize: 1000, leaseHours: 168, other: true })).body.data).toEqual({ packageSize: 1000, leaseHours: 168, other: true });
  });
});
