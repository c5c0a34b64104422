import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { buildTask, type TaskFixture } from '../support/taskFixture';
import type { PackageTaken } from '../../src-shared/api/taskSubject';
import type { TaskWork } from '../../src-shared/api/task';

/**
 * One annotator could lease a whole step's queue (issue 30, item 10): packageSize bounded one
 * take, not one worker, so with packageSize 1 three takes leased 3 items, for up to 168 hours.
 * Now a worker holds at most packageSize leased items per step, counted under a lock in the
 * same transaction as the take, and a take past it is refused with task.packageLimit.
 */
describe.each(DB_KINDS)('a worker leases at most packageSize items per step on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const setup = async (subjects: number, packageSize: number) => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [{ type: 'annotate', members: [w.users.annotator.id, w.users.vendorAnnotator.id] }, { type: 'review', members: [w.users.reviewer.id] }],
      subjects,
    });
    expect((await call(w.users.owner, 'PUT', `/project/${w.projectP}/config`, { packageSize, leaseHours: 168 })).body.code).toBe(200);
    return { w, t };
  };
  const take = (w: World, t: TaskFixture, u: WorldUser, size?: number) =>
    call(u, 'POST', '/task/subject/package', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, ...(size ? { size } : {}) });
  /** What the worker holds at the step, and how much of it open packages lease. */
  const holding = async (t: TaskFixture, u: WorldUser) => {
    const rows = await s.app.ctx.db
      .selectFrom('task_subjects as ts')
      .leftJoin('work_packages as wp', 'wp.id', 'ts.package_id')
      .select(['ts.id', 'ts.state', 'wp.state as package_state'])
      .where('ts.task_id', '=', t.taskId)
      .where('ts.holder_id', '=', u.id)
      .execute();
    return { held: rows.length, leased: rows.filter((r) => r.package_state === 'open').length };
  };
  const pendingCount = async (t: TaskFixture) =>
    (await s.app.ctx.db.selectFrom('task_subjects').select('id').where('task_id', '=', t.taskId).where('state', '=', 'pending').execute()).length;

  it('with packageSize 1, a second and third take lease nothing and say why; giving back makes room again', async () => {
    const { w, t } = await setup(5, 1);
    const { annotator, vendorAnnotator } = w.users;
    const first = (await take(w, t, annotator)).body.data as PackageTaken;
    expect(first.items).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const again = await take(w, t, annotator);
      expect({ status: again.status, msg: again.body.msg, data: again.body.data }).toEqual({ status: 409, msg: 'error.task.packageLimit', data: { leased: 1, packageSize: 1 } });
    }
    // The second item is not leased: it still waits for anyone, and no empty package is left behind.
    expect(await holding(t, annotator)).toEqual({ held: 1, leased: 1 });
    expect(await pendingCount(t)).toBe(4);
    expect(await s.app.ctx.db.selectFrom('work_packages').select('id').where('task_id', '=', t.taskId).execute()).toEqual([{ id: first.package.packageId }]);
    // My work says how many they lease, so the workstation can tell them before it asks.
    const work = (await call(annotator, 'POST', '/task/work/list', { projectId: w.projectP })).body.data.list as TaskWork[];
    expect(work.find((x) => x.taskId === t.taskId)!.steps[0]).toMatchObject({ held: 1, leased: 1 });

    // The cap is per worker: another annotator takes theirs.
    expect(((await take(w, t, vendorAnnotator)).body.data as PackageTaken).items).toHaveLength(1);
    // Giving the package back makes room for the next one.
    expect((await call(annotator, 'POST', '/task/subject/package/return', { projectId: w.projectP, packageId: first.package.packageId })).body.code).toBe(200);
    expect(((await take(w, t, annotator)).body.data as PackageTaken).items).toHaveLength(1);
    expect(await holding(t, annotator)).toEqual({ held: 1, leased: 1 });
  });

  it('counts every open package of the worker at the step: small takes add up to packageSize and no further', async () => {
    const { w, t } = await setup(10, 3);
    const { annotator } = w.users;
    const sizes: number[] = [];
    for (const size of [1, 1, 5]) sizes.push(((await take(w, t, annotator, size)).body.data as PackageTaken).items.length);
    // 1 + 1, then the room left (1) of the 5 asked for.
    expect(sizes).toEqual([1, 1, 1]);
    expect((await take(w, t, annotator, 1)).body.msg).toBe('error.task.packageLimit');
    expect(await holding(t, annotator)).toEqual({ held: 3, leased: 3 });
    expect(await pendingCount(t)).toBe(7);
  });

  it('holds under concurrent takes by the same worker (truly concurrent on PostgreSQL)', async () => {
    const { w, t } = await setup(40, 3);
    const { annotator } = w.users;
    const answers = await Promise.all(Array.from({ length: 16 }, () => take(w, t, annotator, 3)));
    const taken = answers.filter((a) => a.body.code === 200).map((a) => (a.body.data as PackageTaken).items.length);
    const refused = answers.filter((a) => a.body.code !== 200).map((a) => a.body.msg);
    expect(taken.reduce((n, x) => n + x, 0)).toBe(3);
    expect(refused.every((m) => m === 'error.task.packageLimit')).toBe(true);
    expect(taken.length + refused.length).toBe(16);
    // The 4th item is not leased: 37 still wait.
    expect(await holding(t, annotator)).toEqual({ held: 3, leased: 3 });
    expect(await pendingCount(t)).toBe(37);
    // Refused takes leave no package behind.
    const packages = await s.app.ctx.db.selectFrom('work_packages').select('id').where('task_id', '=', t.taskId).execute();
    expect(packages).toHaveLength(taken.length);
  });
});
