import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { seededBatch } from '../support/routeSamples/subject';

/** Creating tasks over batches and reading them back: steps, members, task subjects, progress. */
describe.each(DB_KINDS)('tasks on %s', (kind) => {
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
  const twoSteps = () => ({
    steps: [
      { type: 'annotate', name: 'Draw', memberIds: [w.users.annotator.id, w.users.vendorAnnotator.id] },
      { type: 'review', memberIds: [w.users.reviewer.id] },
    ],
  });

  it('creates a task over a batch: every subject pending at the first step, and the overview counts them', async () => {
    w = await buildWorld(s.app.ctx);
    const { batchId, subjectIds } = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 5);
    const extra = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 2, 'Extra');
    const made = await call(w.users.projectManager, 'POST', '/task', {
      projectId: w.projectP, name: '  Signs  ', description: 'All the signs', batchIds: [batchId], subjectIds: [extra.subjectIds[0], subjectIds[0]], workflow: twoSteps(),
    });
    expect(made.body.code).toBe(200);
    const task = made.body.data;
    expect(task).toMatchObject({ projectId: w.projectP, name: 'Signs', description: 'All the signs', status: 'open', createdBy: w.users.projectManager.id, config: {}, progress: { total: 6, done: 0, rework: 0 } });
    expect(task.steps.map((x: { stepIndex: number; type: string; name: string; memberIds: number[] }) => [x.stepIndex, x.type, x.name, x.memberIds])).toEqual([
      [0, 'annotate', 'Draw', [w.users.annotator.id, w.users.vendorAnnotator.id].sort((a, b) => a - b)],
      [1, 'review', '', [w.users.reviewer.id]], // unnamed: each reader's client names it in their language
    ]);

    const overview = await call(w.users.reviewer, 'GET', `/task/${task.id}/overview?projectId=${w.projectP}`);
    expect(overview.body.data.progress).toEqual({ total: 6, done: 0, rework: 0 });
    expect(overview.body.data.steps.map((x: { total: number; states: object }) => [x.total, x.states])).toEqual([
      [6, { pending: 6, claimed: 0, inProgress: 0, skipped: 0, done: 0 }],
      [0, { pending: 0, claimed: 0, inProgress: 0, skipped: 0, done: 0 }],
    ]);
    expect(overview.body.data.members).toEqual([]);

    // Task subjects follow the data's order.
    const list = await call(w.users.annotator, 'GET', `/task/${task.id}/subject/list?projectId=${w.projectP}&pageSize=4`);
    expect(list.body.data.list.map((x: { dataId: number }) => x.dataId)).toEqual([...subjectIds.slice(0, 4)]);
    expect(list.body.data.list[0]).toMatchObject({ taskId: task.id, workflowId: task.steps[0].workflowId, stepIndex: 0, state: 'pending', holderId: null, rework: false, version: 0 });
    const next = await call(w.users.annotator, 'GET', `/task/${task.id}/subject/list?projectId=${w.projectP}&pageSize=4&afterId=${list.body.data.nextAfterId}`);
    expect(next.body.data.list.map((x: { dataId: number }) => x.dataId)).toEqual([subjectIds[4], extra.subjectIds[0]]);
    expect(next.body.data.nextAfterId).toBeNull();

    const v2 = await call(w.users.annotator, 'GET', `/task/${task.id}/subject/v2?projectId=${w.projectP}&dataId=${subjectIds[1]}`);
    expect(v2.body.data.list).toEqual([expect.objectContaining({ dataId: subjectIds[1], name: 'img_1.jpg', recordType: 'image', frameCount: 1, firstFrame: expect.objectContaining({ width: 64, height: 48 }) })]);

    const ids = await call(w.users.annotator, 'GET', `/task/${task.id}/subject/id/list?projectId=${w.projectP}&state=pending`);
    expect(ids.body.data).toMatchObject({ truncated: false });
    expect(ids.body.data.ids).toHaveLength(6);

    const count = await call(w.users.annotator, 'GET', `/task/${task.id}/subject/count/v2?projectId=${w.projectP}&workflowId=${task.steps[0].workflowId}`);
    expect(count.body.data).toMatchObject({ total: 6, rework: 0, states: { pending: 6 } });

    const listed = await call(w.users.annotator, 'GET', `/project/${w.projectP}/task`);
    expect(listed.body.data).toMatchObject({ total: 1, list: [{ id: task.id, name: 'Signs', stepCount: 2, progress: { total: 6, done: 0, rework: 0 } }] });
    const pickers = await call(w.users.annotator, 'GET', `/project/${w.projectP}/task/id`);
    expect(pickers.body.data).toEqual([{ id: task.id, name: 'Signs', status: 'open' }]);
  });

  it('adds batches and subjects without duplicates, imports by dataId, and removes only unfinished task subjects', async () => {
    w = await buildWorld(s.app.ctx);
    const a = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 2, 'A');
    const b = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 3, 'B');
    const task = (await call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'T', batchIds: [a.batchId], workflow: twoSteps() })).body.data;
    const added = await call(w.users.owner, 'POST', '/task/batch', { projectId: w.projectP, taskId: task.id, batchIds: [a.batchId, b.batchId] });
    expect(added.body.data).toEqual({ taskId: task.id, added: 3, total: 5, notFound: [] });
    const again = await call(w.users.owner, 'POST', `/task/${task.id}/subject`, { projectId: w.projectP, subjectIds: [b.subjectIds[0]] });
    expect(again.body.data).toMatchObject({ added: 0, total: 5 });

    const c = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 1, 'C');
    const q = await seededBatch(s.app.ctx, w.projectQ, w.users.ownerB.id, 1, 'Q');
    // Another project's subject is unknown here: strict for POST subject, reported by import.
    const strict = await call(w.users.owner, 'POST', `/task/${task.id}/subject`, { projectId: w.projectP, subjectIds: [c.subjectIds[0], q.subjectIds[0]] });
    expect({ status: strict.status, msg: strict.body.msg, data: strict.body.data }).toEqual({ status: 404, msg: 'error.subject.notFound', data: { dataIds: [q.subjectIds[0]] } });
    const imported = await call(w.users.owner, 'POST', `/task/${task.id}/subject/import`, { projectId: w.projectP, dataIds: [c.subjectIds[0], q.subjectIds[0]] });
    expect(imported.body.data).toEqual({ taskId: task.id, added: 1, total: 6, notFound: [q.subjectIds[0]] });

    const ids: number[] = (await call(w.users.owner, 'GET', `/task/${task.id}/subject/id/list?projectId=${w.projectP}`)).body.data.ids;
    await s.app.ctx.db.updateTable('task_subjects').set({ state: 'done', workflow_id: task.steps[1].workflowId, step_index: 1 }).where('id', '=', ids[0]!).execute();
    const refused = await call(w.users.owner, 'DELETE', `/task/${task.id}/subject?projectId=${w.projectP}&taskSubjectIds=${ids[0]}&taskSubjectIds=${ids[1]}`);
    expect({ status: refused.status, msg: refused.body.msg, data: refused.body.data }).toEqual({ status: 409, msg: 'error.task.subjectDone', data: { taskSubjectIds: [ids[0]] } });
    const unknown = await call(w.users.owner, 'DELETE', `/task/${task.id}/subject?projectId=${w.projectP}&taskSubjectIds=${ids[1]}&taskSubjectIds=999999`);
    expect(unknown.body).toMatchObject({ code: 404, msg: 'error.task.subjectNotFound', data: { taskSubjectIds: [999999] } });
    const removed = await call(w.users.owner, 'DELETE', `/task/${task.id}/subject?projectId=${w.projectP}&taskSubjectIds=${ids[1]}&taskSubjectIds=${ids[2]}`);
    expect(removed.body.code).toBe(200);
    const overview = await call(w.users.owner, 'GET', `/task/${task.id}/overview?projectId=${w.projectP}`);
    expect(overview.body.data.progress).toEqual({ total: 4, done: 1, rework: 0 });
  });

  it('refuses a first review step, members who cannot work on the project, and unknown batches (4xx, nothing created)', async () => {
    w = await buildWorld(s.app.ctx);
    const { batchId } = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 2);
    const create = (workflow: object, extra: object = {}) => call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'X', batchIds: [batchId], workflow, ...extra });

    const reviewFirst = await create({ steps: [{ type: 'review', memberIds: [] }, { type: 'annotate', memberIds: [] }] });
    expect({ status: reviewFirst.status, msg: reviewFirst.body.msg }).toEqual({ status: 400, msg: 'error.workflow.firstStepNotAnnotate' });
    const noSteps = await create({ steps: [] });
    expect(noSteps.body.msg).toBe('error.validation');
    const strangers = await create({ steps: [{ type: 'annotate', memberIds: [w.users.annotator.id, w.users.outsider.id, w.users.ownerB.id] }] });
    expect({ status: strangers.status, msg: strangers.body.msg, data: strangers.body.data }).toEqual({
      status: 400, msg: 'error.workflow.memberNotEligible', data: { userIds: [w.users.outsider.id, w.users.ownerB.id] },
    });
    // The team's managers and the vendor team's owner may work on it without being project members.
    const managers = await create({ steps: [{ type: 'annotate', memberIds: [w.users.manager.id, w.users.vendorManager.id, w.users.admin.id] }] });
    expect(managers.body.code).toBe(200);
    const otherBatch = await seededBatch(s.app.ctx, w.projectQ, w.users.ownerB.id, 1);
    const foreign = await call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'Y', batchIds: [otherBatch.batchId], workflow: { steps: [{ type: 'annotate', memberIds: [] }] } });
    expect({ status: foreign.status, msg: foreign.body.msg, data: foreign.body.data }).toEqual({ status: 404, msg: 'error.batch.notFound', data: { batchIds: [otherBatch.batchId] } });
    const dup = await create({ steps: [{ type: 'annotate', memberIds: [] }] }, { name: ' X ' });
    expect({ status: dup.status, msg: dup.body.msg }).toEqual({ status: 409, msg: 'error.task.nameTaken' });
    const tasks = await s.app.ctx.db.selectFrom('tasks').select('name').where('project_id', '=', w.projectP).execute();
    expect(tasks.map((t) => t.name)).toEqual(['X']);
  });

  it('reads, changes, clones and deletes a task; configuration round-trips', async () => {
    w = await buildWorld(s.app.ctx);
    const { batchId } = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 2);
    const task = (await call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'Base', batchIds: [batchId], config: { tools: ['box'] }, workflow: twoSteps() })).body.data;
    const got = await call(w.users.annotator, 'GET', `/task/${task.id}?projectId=${w.projectP}`);
    expect(got.body.data).toEqual(task);

    const changed = await call(w.users.manager, 'PUT', `/task/${task.id}`, { projectId: w.projectP, name: 'Base v2', status: 'closed' });
    expect(changed.body.data).toMatchObject({ name: 'Base v2', status: 'closed', config: { tools: ['box'] } });
    const config = await call(w.users.manager, 'PUT', `/task/${task.id}/configuration`, { projectId: w.projectP, config: { tools: ['polygon'], autoSave: true } });
    expect(config.body.data).toEqual({ tools: ['polygon'], autoSave: true });
    expect((await call(w.users.annotator, 'GET', `/task/${task.id}/configuration?projectId=${w.projectP}`)).body.data).toEqual({ tools: ['polygon'], autoSave: true });
    const tooBig = await call(w.users.manager, 'PUT', `/task/${task.id}/configuration`, { projectId: w.projectP, config: { blob: 'x'.repeat(70_000) } });
    expect(tooBig.body.msg).toBe('error.task.configTooLarge');

    const clone = await call(w.users.owner, 'POST', `/task/${task.id}/cloneTask`, { projectId: w.projectP, name: 'Copy' });
    expect(clone.body.data).toMatchObject({ name: 'Copy', status: 'open', config: { tools: ['polygon'], autoSave: true }, progress: { total: 0 } });
    expect(clone.body.data.steps.map((x: { type: string; memberIds: number[] }) => [x.type, x.memberIds])).toEqual(task.steps.map((x: { type: string; memberIds: number[] }) => [x.type, x.memberIds]));

    const boot = await call(w.users.owner, 'GET', `/task/${clone.body.data.id}/boot/state?projectId=${w.projectP}`);
    expect(boot.body.data).toMatchObject({ ready: false, missing: ['subjects', 'ontology'], stepCount: 2, stepsWithoutMembers: [], subjectCount: 0, featureCount: 0 });

    expect((await call(w.users.owner, 'DELETE', `/task/${task.id}?projectId=${w.projectP}`)).body.code).toBe(200);
    expect((await call(w.users.owner, 'GET', `/task/${task.id}?projectId=${w.projectP}`)).body.msg).toBe('error.task.notFound');
    const left = await s.app.ctx.db.selectFrom('task_subjects').select('id').where('task_id', '=', task.id).execute();
    expect(left).toEqual([]);
  });

  it('keeps line breaks in descriptions, refuses NUL, and goes with its project or its subjects', async () => {
    w = await buildWorld(s.app.ctx);
    const { batchId, subjectIds } = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 2);
    const nul = await call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'N', description: 'a\u0000b', workflow: twoSteps() });
    expect(nul.status).toBe(400);
    const task = (await call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'N', description: 'line 1\nline 2', batchIds: [batchId], workflow: twoSteps() })).body.data;
    expect(task.description).toBe('line 1\nline 2');
    // Deleting a subject of the project removes it from the task.
    expect((await call(w.users.owner, 'DELETE', `/project/${w.projectP}/subject?subjectIds=${subjectIds[0]}`)).body.code).toBe(200);
    expect((await call(w.users.owner, 'GET', `/task/${task.id}/overview?projectId=${w.projectP}`)).body.data.progress.total).toBe(1);
    expect((await call(w.users.owner, 'DELETE', `/project/${w.projectP}`)).body.code).toBe(200);
    expect(await s.app.ctx.db.selectFrom('tasks').select('id').where('id', '=', task.id).execute()).toEqual([]);
    expect(await s.app.ctx.db.selectFrom('workflows').select('id').where('task_id', '=', task.id).execute()).toEqual([]);
  });

  it('answers 404 for tasks of other projects, even to their own team, and 400 for bad input', async () => {
    w = await buildWorld(s.app.ctx);
    const task = (await call(w.users.owner, 'POST', '/task', { projectId: w.projectP, name: 'Mine', workflow: { steps: [{ type: 'annotate', memberIds: [] }] } })).body.data;
    // Team B's owner names their own project with team A's task id: not found, not forbidden.
    const viaQ = await call(w.users.ownerB, 'GET', `/task/${task.id}?projectId=${w.projectQ}`);
    expect({ status: viaQ.status, msg: viaQ.body.msg }).toEqual({ status: 404, msg: 'error.task.notFound' });
    const putViaQ = await call(w.users.ownerB, 'PUT', `/task/${task.id}`, { projectId: w.projectQ, name: 'Stolen' });
    expect(putViaQ.status).toBe(404);
    const deleteViaQ = await call(w.users.ownerB, 'DELETE', `/task/${task.id}?projectId=${w.projectQ}`);
    expect(deleteViaQ.status).toBe(404);
    const direct = await call(w.users.ownerB, 'GET', `/task/${task.id}?projectId=${w.projectP}`);
    expect(direct.status).toBe(404);
    expect((await call(w.users.owner, 'GET', `/task/${task.id}?projectId=${w.projectP}`)).body.data.name).toBe('Mine');

    for (const [method, url, payload] of [
      ['GET', `/task/abc?projectId=${w.projectP}`, undefined],
      ['GET', `/task/${task.id}`, undefined],
      ['PUT', `/task/${task.id}`, { projectId: w.projectP }],
      ['PUT', `/task/${task.id}`, { projectId: w.projectP, status: 'archived' }],
      ['POST', '/task', { projectId: w.projectP, name: '', workflow: { steps: [{ type: 'annotate', memberIds: [] }] } }],
      ['POST', '/task', { projectId: w.projectP, name: 'Z', workflow: { steps: [{ type: 'draw', memberIds: [] }] } }],
      ['GET', `/task/${task.id}/subject/list?projectId=${w.projectP}&state=lost`, undefined],
      ['GET', `/task/${task.id}/subject/list?projectId=${w.projectP}&pageSize=501`, undefined],
    ] as const) {
      const res = await call(w.users.owner, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(400);
    }
  });
});
