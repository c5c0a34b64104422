import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type WorldUser } from '../support/world';
import { buildTask } from '../support/taskFixture';

/** Claim-next under load: many workers at once never share a task subject. */
describe.each(DB_KINDS)('claiming next on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** n annotators of the team and the project, each with a session. */
  const workers = async (teamId: number, projectId: number, n: number, tag: string): Promise<WorldUser[]> => {
    const { db } = s.app.ctx;
    const now = s.app.ctx.now();
    const out: WorldUser[] = [];
    for (let i = 0; i < n; i++) {
      const mobile = `+86${tag}${String(i).padStart(4, '0')}`;
      const u = await db.insertInto('users').values({ mobile, name: `Worker ${i}`, password_hash: 'x', current_team_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('team_members').values({ team_id: teamId, user_id: u.id, role: 'annotator', joined_at: now }).execute();
      await db.insertInto('project_members').values({ project_id: projectId, user_id: u.id, role: 'annotator', added_at: now }).execute();
      out.push({ id: u.id, mobile, token: await s.app.ctx.repos.sessions.open(u.id, now) });
    }
    return out;
  };

  it('hands a queue of 30 to 50 workers claiming at once: 30 distinct claims, 20 empty answers, no double claim', async () => {
    const w = await buildWorld(s.app.ctx);
    const crowd = await workers(w.teamA, w.projectP, 50, `${kind === 'sqlite' ? 1 : 2}${String(process.pid % 1000).padStart(3, '0')}`);
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: crowd.map((u) => u.id) }], subjects: 30 });

    const answers = await Promise.all(
      crowd.map((u) =>
        s.call({ method: 'POST', url: '/core/task/subject/claim', token: u.token, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } }),
      ),
    );
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    const claimed = answers.filter((a) => a.body.data !== null).map((a) => a.body.data as { taskSubjectId: number; holderId: number });
    expect(claimed).toHaveLength(30);
    expect(answers.filter((a) => a.body.data === null)).toHaveLength(20);
    expect(new Set(claimed.map((c) => c.taskSubjectId)).size).toBe(30);
    expect(new Set(claimed.map((c) => c.holderId)).size).toBe(30);

    // The database agrees: each task subject held once, by whoever was told it was theirs, with one claim logged.
    const rows = await s.app.ctx.db.selectFrom('task_subjects').select(['id', 'state', 'holder_id']).where('task_id', '=', t.taskId).execute();
    expect(rows.every((r) => r.state === 'claimed')).toBe(true);
    const told = new Map(claimed.map((c) => [c.taskSubjectId, c.holderId]));
    expect(rows.every((r) => told.get(r.id) === r.holder_id)).toBe(true);
    const logs = await s.app.ctx.db.selectFrom('task_subject_logs').select(['task_subject_id', 'user_id']).where('task_id', '=', t.taskId).where('action', '=', 'claim').execute();
    expect(logs).toHaveLength(30);
    expect(new Set(logs.map((l) => l.task_subject_id)).size).toBe(30);
  });

  it('serves rework waiting for anyone before older fresh work, and then the oldest again', async () => {
    const w = await buildWorld(s.app.ctx);
    const { annotator } = w.users;
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 3 });
    // The newest of the three was rejected while its annotator had left: it waits as rework.
    await s.app.ctx.db.updateTable('task_subjects').set({ rework: 1 }).where('id', '=', t.taskSubjectIds[2]!).execute();
    const claimNext = async () => {
      const c = (await s.call({ method: 'POST', url: '/core/task/subject/claim', token: annotator.token, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } })).body.data;
      await s.call({ method: 'POST', url: '/core/task/subject/annotate/submit', token: annotator.token, payload: { taskSubjectId: c.taskSubjectId, version: c.version } });
      return c as { taskSubjectId: number; rework: boolean };
    };
    expect(await claimNext()).toMatchObject({ taskSubjectId: t.taskSubjectIds[2], rework: true });
    expect((await claimNext()).taskSubjectId).toBe(t.taskSubjectIds[0]);
    expect((await claimNext()).taskSubjectId).toBe(t.taskSubjectIds[1]);
  });

  it('claims ahead: excluding what it holds gives the next item, and never more than the open one and three ahead', async () => {
    const w = await buildWorld(s.app.ctx);
    const { annotator } = w.users;
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 6 });
    const claim = (exclude?: number[]) =>
      s.call({ method: 'POST', url: '/core/task/subject/claim', token: annotator.token, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, ...(exclude ? { exclude } : {}) } });
    const open = (await claim()).body.data.taskSubjectId;
    const ahead = (await claim([open])).body.data.taskSubjectId;
    expect([open, ahead]).toEqual(t.taskSubjectIds.slice(0, 2));
    // Asked again with the same exclusion (a reload), the item ahead is the same one.
    expect((await claim([open])).body.data.taskSubjectId).toBe(ahead);
    const third = (await claim([open, ahead])).body.data.taskSubjectId;
    const fourth = (await claim([open, ahead, third])).body.data.taskSubjectId;
    expect([third, fourth]).toEqual(t.taskSubjectIds.slice(2, 4));
    const tooMany = await claim([open, ahead, third, fourth]);
    expect({ status: tooMany.status, msg: tooMany.body.msg }).toEqual({ status: 400, msg: 'error.validation' });
    const held = await s.app.ctx.db.selectFrom('task_subjects').select('id').where('task_id', '=', t.taskId).where('holder_id', '=', annotator.id).execute();
    expect(held.map((r) => r.id).sort((a, b) => a - b)).toEqual(t.taskSubjectIds.slice(0, 4));
    // Without an exclusion the oldest held comes first, as before.
    expect((await claim()).body.data.taskSubjectId).toBe(open);

    // Leaving, the workspace gives back what it claimed ahead: back in the queue for anyone.
    const release = async (id: number) => {
      const { version } = (await s.call({ method: 'GET', url: `/core/task/subject/${id}`, token: annotator.token })).body.data;
      return s.call({ method: 'POST', url: '/core/task/subject/release', token: annotator.token, payload: { taskSubjectId: id, version } });
    };
    expect((await release(fourth)).body.data).toMatchObject({ taskSubjectId: fourth, state: 'pending', holderId: null });
    const log = await s.app.ctx.db.selectFrom('task_subject_logs').select(['action', 'user_id']).where('task_subject_id', '=', fourth).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['claim', 'release']);
    // An item begun (saved to) is not given back this way.
    const box = { id: 'b1', featureId: 1, labelId: 'car', tool: 'box', geometry: { x: 1, y: 1, width: 5, height: 5 }, attributes: {}, zIndex: 0, source: 'manual' };
    const t3 = (await s.call({ method: 'GET', url: `/core/task/subject/${third}`, token: annotator.token })).body.data;
    const version = t3.version as number;
    const saved = await s.call({ method: 'POST', url: '/core/annotate/object/v2', token: annotator.token, payload: { taskSubjectId: third, baseVersion: version, saveId: `release-${kind}`, frameId: t3.frameIds[0], upsert: [box] } });
    expect(saved.body.code).toBe(200);
    const refused = await release(third);
    expect({ status: refused.status, msg: refused.body.msg }).toEqual({ status: 409, msg: 'error.taskSubject.wrongState' });
  });

  it('gives a worker what they already hold first (rework first), then the oldest waiting, then null', async () => {
    const w = await buildWorld(s.app.ctx);
    const { annotator, reviewer } = w.users;
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [{ type: 'annotate', members: [annotator.id] }, { type: 'review', members: [reviewer.id] }],
      subjects: 3,
    });
    const claim = (u: WorldUser, step = 0) => s.call({ method: 'POST', url: '/core/task/subject/claim', token: u.token, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[step]!.workflowId } });
    const first = (await claim(annotator)).body.data;
    expect(first.taskSubjectId).toBe(t.taskSubjectIds[0]);
    // Asking again (a reload, a second device) answers the same one, not a second.
    expect((await claim(annotator)).body.data.taskSubjectId).toBe(t.taskSubjectIds[0]);
    await s.call({ method: 'POST', url: '/core/task/subject/annotate/submit', token: annotator.token, payload: { taskSubjectId: first.taskSubjectId, version: first.version } });
    const second = (await claim(annotator)).body.data;
    expect(second.taskSubjectId).toBe(t.taskSubjectIds[1]);

    // The first comes back rejected: it is rework, and comes before the second they hold.
    const review = (await claim(reviewer, 1)).body.data;
    await s.call({ method: 'POST', url: '/core/task/subject/review/reject', token: reviewer.token, payload: { taskSubjectId: review.taskSubjectId, version: review.version, reason: 'redo' } });
    expect((await claim(annotator)).body.data).toMatchObject({ taskSubjectId: t.taskSubjectIds[0], rework: true });

    const skip = async (id: number) => {
      const c = (await s.call({ method: 'GET', url: `/core/task/subject/${id}`, token: annotator.token })).body.data;
      return s.call({ method: 'POST', url: '/core/task/subject/annotate/skip', token: annotator.token, payload: { taskSubjectId: id, version: c.version, reason: 'blurry' } });
    };
    expect((await skip(t.taskSubjectIds[0]!)).body.data).toMatchObject({ state: 'skipped' });
    expect((await skip(t.taskSubjectIds[1]!)).body.data).toMatchObject({ state: 'skipped' });
    expect((await claim(annotator)).body.data.taskSubjectId).toBe(t.taskSubjectIds[2]);
    await skip(t.taskSubjectIds[2]!);
    expect((await claim(annotator)).body.data).toBeNull();

    // A closed task hands out nothing new.
    await s.app.ctx.db.updateTable('task_subjects').set({ state: 'pending', holder_id: null }).where('id', '=', t.taskSubjectIds[2]!).execute();
    await s.app.ctx.db.updateTable('tasks').set({ status: 'closed' }).where('id', '=', t.taskId).execute();
    const closed = await claim(annotator);
    expect({ status: closed.status, msg: closed.body.msg }).toEqual({ status: 409, msg: 'error.taskSubject.taskClosed' });
  });
});
