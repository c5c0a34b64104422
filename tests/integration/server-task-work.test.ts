import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { seededTask } from '../support/routeSamples/task';

/** A manager moving task subjects between steps, and what workers see of their queue. */
describe.each(DB_KINDS)('task work and moves on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });

  it('moves task subjects to another step, pending and unheld, and logs each move', async () => {
    w = await buildWorld(s.app.ctx);
    const t = await seededTask(s.app.ctx, w);
    const [pending, claimed] = t.taskSubjectIds;
    await s.app.ctx.db.updateTable('task_subjects').set({ rework: 1 }).where('id', '=', claimed).execute();
    // Team A's project manager: a vendor's manager moves only their own team's work (security-vendor-work.test.ts).
    const moved = await call(w.users.projectManager, 'POST', `/task/${t.taskId}/subject/change/workflow`, {
      projectId: w.projectP, workflowId: t.stepIds[1], taskSubjectIds: [claimed, pending, claimed], reason: 'skip drawing, already labelled',
    });
    expect(moved.body).toMatchObject({ code: 200, data: { moved: 2 } });
    const rows = await s.app.ctx.db.selectFrom('task_subjects').select(['id', 'workflow_id', 'step_index', 'state', 'holder_id', 'rework', 'claimed_at']).where('id', 'in', [pending, claimed]).orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, rework: Number(r.rework) }))).toEqual([
      { id: pending, workflow_id: t.stepIds[1], step_index: 1, state: 'pending', holder_id: null, rework: 0, claimed_at: null },
      { id: claimed, workflow_id: t.stepIds[1], step_index: 1, state: 'pending', holder_id: null, rework: 0, claimed_at: null },
    ]);
    const logs = await s.app.ctx.db
      .selectFrom('task_subject_logs')
      .select(['task_subject_id', 'task_id', 'project_id', 'workflow_id', 'step_index', 'user_id', 'action', 'from_state', 'to_state', 'reason'])
      .where('task_id', '=', t.taskId)
      .orderBy('task_subject_id')
      .execute();
    const base = { task_id: t.taskId, project_id: w.projectP, workflow_id: t.stepIds[0], step_index: 0, user_id: w.users.projectManager.id, action: 'move', to_state: 'pending', reason: 'skip drawing, already labelled' };
    expect(logs).toEqual([
      { ...base, task_subject_id: pending, from_state: 'pending' },
      { ...base, task_subject_id: claimed, from_state: 'claimed' },
    ]);
  });

  it('moves all or nothing: an unknown task subject or a step of another task answers 404 and changes nothing', async () => {
    w = await buildWorld(s.app.ctx);
    const t = await seededTask(s.app.ctx, w);
    const other = await seededTask(s.app.ctx, w, 'Other task');
    const unknown = await call(w.users.owner, 'POST', `/task/${t.taskId}/subject/change/workflow`, { projectId: w.projectP, workflowId: t.stepIds[1], taskSubjectIds: [t.taskSubjectIds[0], other.taskSubjectIds[0]] });
    expect(unknown.body).toMatchObject({ code: 404, msg: 'error.task.subjectNotFound', data: { taskSubjectIds: [other.taskSubjectIds[0]] } });
    const foreignStep = await call(w.users.owner, 'POST', `/task/${t.taskId}/subject/change/workflow`, { projectId: w.projectP, workflowId: other.stepIds[1], taskSubjectIds: [t.taskSubjectIds[0]] });
    expect(foreignStep.body).toMatchObject({ code: 404, msg: 'error.workflow.notFound' });
    const annotator = await call(w.users.annotator, 'POST', `/task/${t.taskId}/subject/change/workflow`, { projectId: w.projectP, workflowId: t.stepIds[1], taskSubjectIds: [t.taskSubjectIds[0]] });
    expect(annotator.status).toBe(403);
    const row = await s.app.ctx.db.selectFrom('task_subjects').select('step_index').where('id', '=', t.taskSubjectIds[0]).executeTakeFirstOrThrow();
    expect(row.step_index).toBe(0);
    expect(await s.app.ctx.db.selectFrom('task_subject_logs').select('id').where('task_id', '=', t.taskId).execute()).toEqual([]);
  });

  it('shows a worker their menu, their queue across projects, and what they may do with a task subject', async () => {
    w = await buildWorld(s.app.ctx);
    const t = await seededTask(s.app.ctx, w);
    const menu = await call(w.users.annotator, 'GET', `/task/${t.taskId}/annotate/menu/list?projectId=${w.projectP}`);
    expect(menu.body.data.map((m: { stepIndex: number; pending: number; held: number }) => [m.stepIndex, m.pending, m.held])).toEqual([[0, 1, 1], [1, 1, 0], [2, 0, 0]]);
    // The owner is no member of any step: an empty menu.
    expect((await call(w.users.owner, 'GET', `/task/${t.taskId}/annotate/menu/list?projectId=${w.projectP}`)).body.data).toEqual([]);

    const queue = await call(w.users.annotator, 'POST', '/task/work/list', {});
    expect(queue.body.data).toMatchObject({ total: 1, list: [{ taskId: t.taskId, projectId: w.projectP, name: 'Seeded task', status: 'open' }] });
    expect((await call(w.users.annotator, 'POST', '/task/work/list', { projectId: w.projectQ })).body.data.total).toBe(0);
    expect((await call(w.users.annotator, 'GET', `/project/${w.projectP}/tasks`)).body.data).toHaveLength(1);
    // A member who lost their way into the project no longer sees its tasks.
    await s.app.ctx.db.deleteFrom('project_members').where('user_id', '=', w.users.vendorAnnotator.id).execute();
    expect((await call(w.users.vendorAnnotator, 'POST', '/task/work/list', {})).body.data.total).toBe(0);
    // Closed tasks take no work.
    await call(w.users.owner, 'PUT', `/task/${t.taskId}`, { projectId: w.projectP, status: 'closed' });
    expect((await call(w.users.annotator, 'POST', '/task/work/list', {})).body.data.total).toBe(0);
    await call(w.users.owner, 'PUT', `/task/${t.taskId}`, { projectId: w.projectP, status: 'open' });

    const work = (u: WorldUser, id: number) => call(u, 'GET', `/task/${t.taskId}/subject/work/${id}?projectId=${w.projectP}`);
    const mine = await work(w.users.annotator, t.taskSubjectIds[1]);
    expect(mine.body.data).toMatchObject({ member: true, stepCount: 3, taskSubject: { state: 'claimed', holderId: w.users.annotator.id } });
    expect(mine.body.data.availableActions).toEqual(['save', 'skip', 'submit', 'release']);
    expect((await work(w.users.annotator, t.taskSubjectIds[0])).body.data.availableActions).toEqual(['claim']);
    expect((await work(w.users.owner, t.taskSubjectIds[0])).body.data.availableActions).toEqual(['dispatch', 'move']);
    expect((await work(w.users.owner, t.taskSubjectIds[1])).body.data.availableActions).toEqual(['cancelDispatch', 'requeue', 'move']);

    const open = await call(w.users.reviewer, 'GET', `/task/${t.taskId}/annotate/subject?projectId=${w.projectP}&taskSubjectId=${t.taskSubjectIds[1]}&type=annotate`);
    expect(open.body.data).toMatchObject({ taskSubject: { taskSubjectId: t.taskSubjectIds[1] }, step: { workflowId: t.stepIds[0], type: 'annotate' }, subject: { dataId: t.subjectIds[1], frames: [{ index: 0 }] } });
    const wrongType = await call(w.users.reviewer, 'GET', `/task/${t.taskId}/annotate/subject?projectId=${w.projectP}&taskSubjectId=${t.taskSubjectIds[1]}&type=review`);
    expect(wrongType.body).toMatchObject({ code: 409, msg: 'error.task.wrongStepType', data: { type: 'annotate' } });
    await call(w.users.owner, 'POST', '/workflow/assignment', { projectId: w.projectP, workflowId: t.stepIds[0], memberIds: [w.users.annotator.id] });
    const notMember = await call(w.users.reviewer, 'GET', `/task/${t.taskId}/annotate/subject?projectId=${w.projectP}&taskSubjectId=${t.taskSubjectIds[0]}`);
    expect(notMember.body).toMatchObject({ code: 403, msg: 'error.task.notStepMember' });
  });

  it('announces task changes to the task\'s and the project\'s rooms', async () => {
    w = await buildWorld(s.app.ctx);
    const made = await call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'Live', workflow: { steps: [{ type: 'annotate', memberIds: [] }] } });
    const taskId = made.body.data.id;
    await call(w.users.owner, 'PUT', `/task/${taskId}`, { projectId: w.projectP, description: 'now' });
    await call(w.users.owner, 'DELETE', `/task/${taskId}?projectId=${w.projectP}`);
    const events = await s.app.ctx.db.selectFrom('realtime_events').select(['room', 'type', 'payload']).where('type', '=', 'task.changed').where('room', 'in', [`task:${taskId}`, `project:${w.projectP}`]).orderBy('seq').execute();
    expect(events.map((e) => [e.room, JSON.parse(e.payload).change])).toEqual([
      [`task:${taskId}`, 'created'], [`project:${w.projectP}`, 'created'],
      [`task:${taskId}`, 'updated'], [`project:${w.projectP}`, 'updated'],
      [`task:${taskId}`, 'deleted'], [`project:${w.projectP}`, 'deleted'],
    ]);
    expect(JSON.parse(events[0]!.payload)).toEqual({ taskId, projectId: w.projectP, change: 'created' });
  });
});
