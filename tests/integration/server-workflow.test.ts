import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { seededTask } from '../support/routeSamples/task';
import { append } from '../../src-server/repositories/taskSubjectLog';

/** Steps of a task: adding, removing, members, and the workers' views of one step. */
describe.each(DB_KINDS)('workflow steps on %s', (kind) => {
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
  const stepsOf = async (taskId: number) =>
    (await call(w.users.owner, 'GET', `/task/${taskId}/workflow?projectId=${w.projectP}`)).body.data.map((x: { workflowId: number; stepIndex: number; type: string }) => [x.workflowId, x.stepIndex, x.type]);

  it('adds a step after the work, reindexing later steps, and refuses positions the work already reached', async () => {
    w = await buildWorld(s.app.ctx);
    const t = await seededTask(s.app.ctx, w);
    // Task subjects sit at steps 0 and 1: step 2 is still ahead of all of them.
    const inserted = await call(w.users.projectManager, 'POST', '/workflow', { projectId: w.projectP, taskId: t.taskId, type: 'annotate', memberIds: [w.users.annotator.id], afterStep: 1 });
    expect(inserted.body.data).toMatchObject({ taskId: t.taskId, stepIndex: 2, type: 'annotate', name: '', memberIds: [w.users.annotator.id], members: [{ userId: w.users.annotator.id, name: 'Annotator A' }] });
    expect(await stepsOf(t.taskId)).toEqual([[t.stepIds[0], 0, 'annotate'], [t.stepIds[1], 1, 'review'], [inserted.body.data.workflowId, 2, 'annotate'], [t.stepIds[2], 3, 'review']]);

    const reached = await call(w.users.owner, 'POST', '/workflow', { projectId: w.projectP, taskId: t.taskId, type: 'review', memberIds: [], afterStep: 0 });
    expect(reached.body).toMatchObject({ code: 409, msg: 'error.workflow.subjectsPastStep', data: { count: 1 } });
    const first = await call(w.users.owner, 'POST', '/workflow', { projectId: w.projectP, taskId: t.taskId, type: 'review', memberIds: [], afterStep: -1 });
    expect(first.body.msg).toBe('error.workflow.firstStepNotAnnotate');
    const past = await call(w.users.owner, 'POST', '/workflow', { projectId: w.projectP, taskId: t.taskId, type: 'review', memberIds: [], afterStep: 9 });
    expect(past.body).toMatchObject({ code: 400, msg: 'error.workflow.badPosition' });
    const stranger = await call(w.users.owner, 'POST', '/workflow', { projectId: w.projectP, taskId: t.taskId, type: 'review', memberIds: [w.users.outsider.id] });
    expect(stranger.body).toMatchObject({ code: 400, msg: 'error.workflow.memberNotEligible', data: { userIds: [w.users.outsider.id] } });
    const last = await call(w.users.owner, 'POST', '/workflow', { projectId: w.projectP, taskId: t.taskId, type: 'review', name: 'Final', memberIds: [] });
    expect(last.body.data).toMatchObject({ stepIndex: 4, name: 'Final' });

    // Once a task subject is done, it has passed every position: nothing more can be added.
    await s.app.ctx.db.updateTable('task_subjects').set({ state: 'done' }).where('id', '=', t.taskSubjectIds[2]).execute();
    const afterDone = await call(w.users.owner, 'POST', '/workflow', { projectId: w.projectP, taskId: t.taskId, type: 'review', memberIds: [] });
    expect(afterDone.body.msg).toBe('error.workflow.subjectsPastStep');
  });

  it('removes a step nothing is at, moving later steps and their task subjects down one', async () => {
    w = await buildWorld(s.app.ctx);
    const t = await seededTask(s.app.ctx, w);
    const inUse = await call(w.users.owner, 'DELETE', `/workflow/${t.stepIds[1]}?projectId=${w.projectP}`);
    expect(inUse.body).toMatchObject({ code: 409, msg: 'error.workflow.stepInUse', data: { count: 1 } });
    const firstOut = await call(w.users.owner, 'DELETE', `/workflow/${t.stepIds[0]}?projectId=${w.projectP}`);
    expect(firstOut.body.msg).toBe('error.workflow.firstStepNotAnnotate');

    // Empty the review step; then the one before the last review goes and the last one moves down.
    await call(w.users.owner, 'POST', `/task/${t.taskId}/subject/change/workflow`, { projectId: w.projectP, workflowId: t.stepIds[2], taskSubjectIds: [t.taskSubjectIds[2]] });
    const configurable = await call(w.users.owner, 'GET', `/task/${t.taskId}/configurable/workflow?projectId=${w.projectP}`);
    expect(configurable.body.data.steps.map((x: { removable: boolean }) => x.removable)).toEqual([false, true, false]);
    expect((await call(w.users.owner, 'DELETE', `/workflow/${t.stepIds[1]}?projectId=${w.projectP}`)).body.code).toBe(200);
    expect(await stepsOf(t.taskId)).toEqual([[t.stepIds[0], 0, 'annotate'], [t.stepIds[2], 1, 'review']]);
    const moved = await s.app.ctx.db.selectFrom('task_subjects').select(['workflow_id', 'step_index']).where('id', '=', t.taskSubjectIds[2]).executeTakeFirstOrThrow();
    expect(moved).toEqual({ workflow_id: t.stepIds[2], step_index: 1 });
    expect((await call(w.users.owner, 'GET', `/workflow/${t.stepIds[1]}?projectId=${w.projectP}`)).status).toBe(404);
  });

  it('sets members, renames and reads steps; types and other projects\' ids answer 404', async () => {
    w = await buildWorld(s.app.ctx);
    const t = await seededTask(s.app.ctx, w);
    const assigned = await call(w.users.manager, 'POST', '/workflow/assignment', { projectId: w.projectP, workflowId: t.stepIds[1], memberIds: [w.users.reviewer.id, w.users.reviewer.id, w.users.manager.id] });
    expect(assigned.body.data.memberIds).toEqual([w.users.manager.id, w.users.reviewer.id].sort((a, b) => a - b));
    const members = await call(w.users.annotator, 'GET', `/workflow/${t.stepIds[1]}/member?projectId=${w.projectP}`);
    expect(members.body.data.map((m: { name: string }) => m.name).sort()).toEqual(['Manager A', 'Reviewer A']);
    const renamed = await call(w.users.owner, 'PUT', `/workflow/${t.stepIds[1]}`, { projectId: w.projectP, name: ' QA ', config: { sample: 0.1 } });
    expect(renamed.body.data).toMatchObject({ name: 'QA', config: { sample: 0.1 } });
    expect((await call(w.users.owner, 'GET', `/workflow/${t.stepIds[1]}?projectId=${w.projectP}&type=review`)).body.data.name).toBe('QA');
    expect((await call(w.users.owner, 'GET', `/workflow/${t.stepIds[1]}?projectId=${w.projectP}&type=annotate`)).body.msg).toBe('error.workflow.notFound');

    const project = await call(w.users.annotator, 'POST', '/workflow/project', { projectId: w.projectP, type: 'review' });
    expect(project.body.data.map((x: { workflowId: number; taskName: string }) => [x.workflowId, x.taskName])).toEqual([[t.stepIds[1], 'Seeded task'], [t.stepIds[2], 'Seeded task']]);

    const viaQ = await call(w.users.ownerB, 'PUT', `/workflow/${t.stepIds[1]}`, { projectId: w.projectQ, name: 'Mine' });
    expect({ status: viaQ.status, msg: viaQ.body.msg }).toEqual({ status: 404, msg: 'error.workflow.notFound' });
    const assignViaQ = await call(w.users.ownerB, 'POST', '/workflow/assignment', { projectId: w.projectQ, workflowId: t.stepIds[1], memberIds: [] });
    expect(assignViaQ.status).toBe(404);
    const addViaQ = await call(w.users.ownerB, 'POST', '/workflow', { projectId: w.projectQ, taskId: t.taskId, type: 'review', memberIds: [] });
    expect(addViaQ.body.msg).toBe('error.task.notFound');
    for (const bad of [{ projectId: w.projectP }, { projectId: w.projectP, name: '' }, { projectId: w.projectP, name: 'x', extra: 1 }]) {
      expect((await call(w.users.owner, 'PUT', `/workflow/${t.stepIds[1]}`, bad)).status).toBe(400);
    }
  });

  it('shows a worker what they hold at a step, their rework, and a subject under review with the submission before it', async () => {
    w = await buildWorld(s.app.ctx);
    const t = await seededTask(s.app.ctx, w);
    const annotate = t.stepIds[0];
    const held = await call(w.users.annotator, 'GET', `/workflow/${annotate}/user/subjects?projectId=${w.projectP}`);
    expect(held.body.data.list.map((x: { taskSubjectId: number }) => x.taskSubjectId)).toEqual([t.taskSubjectIds[1]]);
    expect((await call(w.users.reviewer, 'GET', `/workflow/${annotate}/user/subjects?projectId=${w.projectP}`)).body.data.list).toEqual([]);
    const ids = await call(w.users.annotator, 'GET', `/workflow/${annotate}/user/working/subject/ids?projectId=${w.projectP}&type=annotate`);
    expect(ids.body.data).toEqual({ claimed: [t.taskSubjectIds[1]], inProgress: [], skipped: [] });
    expect((await call(w.users.annotator, 'GET', `/workflow/${annotate}/repair/subjects?projectId=${w.projectP}`)).body.data.list).toEqual([]);
    await s.app.ctx.db.updateTable('task_subjects').set({ rework: 1, state: 'inProgress' }).where('id', '=', t.taskSubjectIds[1]).execute();
    const repair = await call(w.users.annotator, 'GET', `/workflow/${annotate}/repair/subjects?projectId=${w.projectP}`);
    expect(repair.body.data.list).toEqual([expect.objectContaining({ taskSubjectId: t.taskSubjectIds[1], rework: true, state: 'inProgress' })]);

    // The task subject at the review step was submitted by the annotator (as the log says).
    const row = await s.app.ctx.db.selectFrom('task_subjects').selectAll().where('id', '=', t.taskSubjectIds[2]).executeTakeFirstOrThrow();
    await append(s.app.ctx.db, { taskSubject: { ...row, workflow_id: annotate, step_index: 0 }, userId: w.users.annotator.id, action: 'submit', from: 'inProgress', to: 'pending', activeMs: 61_000, objectCount: 7, now: 1234 });
    const review = await call(w.users.reviewer, 'GET', `/workflow/${t.stepIds[1]}/review/subject?projectId=${w.projectP}&taskSubjectId=${t.taskSubjectIds[2]}`);
    expect(review.body.data).toMatchObject({
      taskSubject: { taskSubjectId: t.taskSubjectIds[2], stepIndex: 1 },
      step: { workflowId: t.stepIds[1], type: 'review' },
      subject: { dataId: t.subjectIds[2] },
      previous: { userId: w.users.annotator.id, userName: 'Annotator A', action: 'submit', workflowId: annotate, stepIndex: 0, activeMs: 61_000, objectCount: 7, at: 1234 },
    });
    const notHere = await call(w.users.reviewer, 'GET', `/workflow/${t.stepIds[1]}/review/subject?projectId=${w.projectP}&taskSubjectId=${t.taskSubjectIds[0]}`);
    expect(notHere.body.msg).toBe('error.workflow.subjectNotAtStep');
    const notReview = await call(w.users.reviewer, 'GET', `/workflow/${annotate}/review/subject?projectId=${w.projectP}&taskSubjectId=${t.taskSubjectIds[0]}`);
    expect(notReview.body.msg).toBe('error.workflow.notReviewStep');
  });
});
