import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { boxes, buildTask, type TaskFixture } from '../support/taskFixture';
import type { PackageTaken } from '../../src-shared/api/taskSubject';
import type { WorkPackageSummary } from '../../src-shared/api/workPackage';
import { SessionsRepository } from '../../src-server/repositories/sessions';

/**
 * A vendor team's manager acts only on the work of their own team's members (issue 30, item 5):
 * before, the vendor's owner took back a work package of the client team's own annotator
 * (started items included), saw every package of the project, handed on a client annotator's
 * skipped item, moved their held items away and reopened what the client had finished. Every
 * dispatcher path now asks one rule (src-server/auth/workReach.ts); the project's own managers
 * keep acting on anyone's work.
 */
describe.each(DB_KINDS)('a vendor\'s manager acts only on their own team\'s work on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  let saveSeq = 0;
  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const failure = (r: Awaited<ReturnType<typeof call>>) => ({ status: r.status, msg: r.body.msg, data: r.body.data });
  /** team A's annotator and the vendor's annotator both work at the annotate step; team A's reviewer reviews. */
  const setup = async (subjects: number, steps: ('annotate' | 'review')[] = ['annotate', 'review']) => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: steps.map((type) => ({ type, members: type === 'annotate' ? [w.users.annotator.id, w.users.vendorAnnotator.id] : [w.users.reviewer.id] })),
      subjects,
    });
    return { w, t };
  };
  const row = (id: number) => s.app.ctx.db.selectFrom('task_subjects').select(['state', 'holder_id', 'package_id', 'step_index']).where('id', '=', id).executeTakeFirstOrThrow();
  const claim = async (u: WorldUser, w: World, t: TaskFixture) =>
    (await call(u, 'POST', '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId })).body.data as { taskSubjectId: number; version: number; frameIds: number[] };
  const saveOne = async (u: WorldUser, card: { taskSubjectId: number; version: number; frameIds: number[] }) => {
    const r = await call(u, 'POST', '/annotate', { taskSubjectId: card.taskSubjectId, saveId: `vendor-work-${++saveSeq}`, baseVersion: card.version, frames: [{ frameId: card.frameIds[0], data: boxes(1) }] });
    expect(r.body.code).toBe(200);
    return r.body.data.version as number;
  };

  it('leaves the client\'s annotator their work package: not listed, not taken back, started items and all', async () => {
    const { w, t } = await setup(6);
    const { annotator, vendorAnnotator, vendorManager, projectManager } = w.users;
    const take = async (u: WorldUser, size: number) =>
      (await call(u, 'POST', '/task/subject/package', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, size })).body.data as PackageTaken;
    const list = async (u: WorldUser) => ((await call(u, 'GET', `/task/subject/package/list?projectId=${w.projectP}`)).body.data as WorkPackageSummary[]).map((p) => p.packageId);
    const giveBack = (u: WorldUser, packageId: number) => call(u, 'POST', '/task/subject/package/return', { projectId: w.projectP, packageId });

    const clients = await take(annotator, 3);
    await saveOne(annotator, clients.items[0]!.card);
    const vendors = await take(vendorAnnotator, 2);
    await saveOne(vendorAnnotator, vendors.items[0]!.card);

    // The vendor's manager sees only their own annotator's package; team A's managers see both.
    expect(await list(vendorManager)).toEqual([vendors.package.packageId]);
    expect(await list(projectManager)).toEqual([vendors.package.packageId, clients.package.packageId]);

    // Taking back the client's package is refused as if it were not there, and nothing moves.
    expect(failure(await giveBack(vendorManager, clients.package.packageId))).toEqual({ status: 404, msg: 'error.task.packageNotFound', data: null });
    for (const item of clients.items) {
      expect(await row(item.card.taskSubjectId)).toMatchObject({ state: item === clients.items[0] ? 'inProgress' : 'claimed', holder_id: annotator.id, package_id: clients.package.packageId });
    }
    const logs = await s.app.ctx.db.selectFrom('task_subject_logs').select('id').where('task_id', '=', t.taskId).where('action', '=', 'packageReturn').execute();
    expect(logs).toEqual([]);

    // Their own annotator's package they take back, the started item too.
    const back = await giveBack(vendorManager, vendors.package.packageId);
    expect(back.body.data).toMatchObject({ returnedIds: vendors.items.map((i) => i.card.taskSubjectId), startedIds: [vendors.items[0]!.card.taskSubjectId] });
    // Team A's own manager still takes back anyone's.
    expect((await giveBack(projectManager, clients.package.packageId)).body.data.returnedIds).toHaveLength(3);
  });

  it('neither sees nor cancels a dispatch to the client\'s annotator, nor hands on their skipped item', async () => {
    const { w, t } = await setup(6);
    const { annotator, vendorAnnotator, vendorManager, owner } = w.users;
    const workflowId = t.steps[0]!.workflowId;
    const dispatch = (u: WorldUser, extra: object) => call(u, 'POST', '/taskSubjectDispatch', { projectId: w.projectP, taskId: t.taskId, workflowId, ...extra });

    // The client's annotator sets an item aside: it stays theirs until a manager acts.
    const card = await claim(annotator, w, t);
    expect((await call(annotator, 'POST', '/task/subject/annotate/skip', { taskSubjectId: card.taskSubjectId, version: card.version })).body.code).toBe(200);
    const handOn = await dispatch(vendorManager, { targetUserId: vendorAnnotator.id, taskSubjectIds: [card.taskSubjectId] });
    expect(failure(handOn)).toEqual({ status: 403, msg: 'error.task.vendorMemberOnly', data: { taskSubjectIds: [card.taskSubjectId] } });
    expect(await row(card.taskSubjectId)).toMatchObject({ state: 'skipped', holder_id: annotator.id });

    const toClient = (await dispatch(owner, { targetUserId: annotator.id, count: 2 })).body.data as { id: number; items: { taskSubjectId: number }[] };
    const toVendor = (await dispatch(owner, { targetUserId: vendorAnnotator.id, count: 1 })).body.data as { id: number };
    const listed = await call(vendorManager, 'POST', `/taskSubjectDispatch/${t.taskId}`, { projectId: w.projectP, includeCancelled: true });
    expect(listed.body.data).toMatchObject({ total: 1, list: [{ id: toVendor.id }] });
    // Asking for the client's annotator by name finds nothing either.
    expect((await call(vendorManager, 'POST', `/taskSubjectDispatch/${t.taskId}`, { projectId: w.projectP, targetUserId: annotator.id })).body.data.total).toBe(0);
    expect(failure(await call(vendorManager, 'GET', `/taskSubjectDispatch/${toClient.id}/detail?projectId=${w.projectP}&taskId=${t.taskId}`))).toMatchObject({ status: 404, msg: 'error.dispatch.notFound' });
    expect(failure(await call(vendorManager, 'PUT', `/taskSubjectDispatch/${toClient.id}/cancel`, { projectId: w.projectP, taskId: t.taskId }))).toMatchObject({ status: 404, msg: 'error.dispatch.notFound' });
    for (const item of toClient.items) expect(await row(item.taskSubjectId)).toMatchObject({ state: 'claimed', holder_id: annotator.id });

    // Their own team's dispatch they read and cancel; team A's owner lists both.
    expect((await call(vendorManager, 'PUT', `/taskSubjectDispatch/${toVendor.id}/cancel`, { projectId: w.projectP, taskId: t.taskId })).body.data.returnedIds).toHaveLength(1);
    expect((await call(owner, 'POST', `/taskSubjectDispatch/${t.taskId}`, { projectId: w.projectP, includeCancelled: true })).body.data.total).toBe(2);
  });

  it('does not move the client\'s annotator\'s held items to another step, and offers no manager action on them', async () => {
    const { w, t } = await setup(4);
    const { annotator, vendorAnnotator, vendorManager, projectManager } = w.users;
    const held = await claim(annotator, w, t);
    const version = await saveOne(annotator, held);
    const vendors = await claim(vendorAnnotator, w, t);
    const move = (u: WorldUser, ids: number[]) => call(u, 'POST', `/task/${t.taskId}/subject/change/workflow`, { projectId: w.projectP, workflowId: t.steps[1]!.workflowId, taskSubjectIds: ids });
    const pending = t.taskSubjectIds.find((id) => id !== held.taskSubjectId && id !== vendors.taskSubjectId)!;

    // All or nothing: one of the client's items among them moves none.
    expect(failure(await move(vendorManager, [pending, held.taskSubjectId]))).toEqual({ status: 403, msg: 'error.task.vendorMemberOnly', data: { taskSubjectIds: [held.taskSubjectId] } });
    expect(await row(held.taskSubjectId)).toMatchObject({ state: 'inProgress', holder_id: annotator.id, step_index: 0 });
    expect(await row(pending)).toMatchObject({ state: 'pending', step_index: 0 });
    // The annotator goes on with it: their submit is accepted.
    expect((await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: held.taskSubjectId, version })).body.data).toMatchObject({ stepIndex: 1, state: 'pending' });

    // Waiting items and their own annotator's held ones they move.
    expect((await move(vendorManager, [pending, vendors.taskSubjectId])).body.data).toEqual({ moved: 2 });
    expect(await row(vendors.taskSubjectId)).toMatchObject({ state: 'pending', holder_id: null, step_index: 1 });

    // What a card offers follows the same rule: no take-back on the client's work, as for a team A manager it is.
    const other = await claim(annotator, w, t);
    const actions = async (u: WorldUser) => (await call(u, 'GET', `/task/${t.taskId}/subject/work/${other.taskSubjectId}?projectId=${w.projectP}`)).body.data.availableActions as string[];
    expect(await actions(vendorManager)).toEqual([]);
    expect(await actions(projectManager)).toEqual(expect.arrayContaining(['cancelDispatch', 'requeue', 'move']));
    const tried = (await call(vendorManager, 'GET', `/task/subject/test/${other.taskSubjectId}`)).body.data as { manages: boolean; actions: string[] };
    expect(tried).toMatchObject({ manages: false, actions: [] });
  });

  it('does not reopen what the client\'s annotator finished', async () => {
    const { w, t } = await setup(2, ['annotate']);
    const { annotator, vendorAnnotator, vendorManager } = w.users;
    const finish = async (u: WorldUser) => {
      const card = await claim(u, w, t);
      const version = await saveOne(u, card);
      expect((await call(u, 'POST', '/task/subject/annotate/submit', { taskSubjectId: card.taskSubjectId, version })).body.data).toMatchObject({ state: 'done' });
      return card.taskSubjectId;
    };
    const clients = await finish(annotator);
    const vendors = await finish(vendorAnnotator);
    const versionOf = async (id: number) => (await s.app.ctx.db.selectFrom('task_subjects').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    const reopen = async (id: number) => call(vendorManager, 'POST', '/task/subject/edit', { taskSubjectId: id, workflowId: t.steps[0]!.workflowId, version: await versionOf(id) });
    const canReopen = async (id: number) => (await call(vendorManager, 'POST', '/task/subject/is/edit', { taskSubjectId: id, workflowId: t.steps[0]!.workflowId })).body.data.canReopen as boolean;

    expect(await canReopen(clients)).toBe(false);
    expect(failure(await reopen(clients))).toEqual({ status: 403, msg: 'error.task.vendorMemberOnly', data: { taskSubjectIds: [clients] } });
    expect(await row(clients)).toMatchObject({ state: 'done', holder_id: null });

    expect(await canReopen(vendors)).toBe(true);
    expect((await reopen(vendors)).body.data).toMatchObject({ taskSubjectId: vendors, state: 'pending', stepIndex: 0 });
  });

  it('a vendor member managing the project neither removes the client\'s annotator\'s held items nor takes them off the step', async () => {
    const { w, t } = await setup(3);
    const { annotator, vendorAnnotator } = w.users;
    // Another member of the vendor team, a manager of project P (project.task.manage).
    const { db } = s.app.ctx;
    const now = s.app.ctx.now();
    const id = (await db.insertInto('users').values({ mobile: `+19${String(now).slice(-9)}${w.projectP}`, name: 'Vendor project manager', password_hash: 'x', current_team_id: w.vendorTeam, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('team_members').values({ team_id: w.vendorTeam, user_id: id, role: 'annotator', joined_at: now }).execute();
    await db.insertInto('project_members').values({ project_id: w.projectP, user_id: id, role: 'manager', added_at: now }).execute();
    const vendorPm: WorldUser = { id, mobile: '', token: await new SessionsRepository(db).open(id, now) };

    const held = await claim(annotator, w, t);
    const removeItems = (ids: number[]) => call(vendorPm, 'DELETE', `/task/${t.taskId}/subject?projectId=${w.projectP}&${ids.map((x) => `taskSubjectIds=${x}`).join('&')}`);
    expect(failure(await removeItems([held.taskSubjectId]))).toEqual({ status: 403, msg: 'error.task.vendorMemberOnly', data: { taskSubjectIds: [held.taskSubjectId] } });
    expect(await row(held.taskSubjectId)).toMatchObject({ state: 'claimed', holder_id: annotator.id });

    const assign = (memberIds: number[]) => call(vendorPm, 'POST', '/workflow/assignment', { projectId: w.projectP, workflowId: t.steps[0]!.workflowId, memberIds });
    expect(failure(await assign([vendorAnnotator.id]))).toEqual({ status: 403, msg: 'error.project.vendorMemberOnly', data: { userIds: [annotator.id] } });
    // Still a member of the step, the annotator hands on what they hold.
    const version = await saveOne(annotator, held);
    expect((await call(annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: held.taskSubjectId, version })).body.data).toMatchObject({ stepIndex: 1 });

    // Their own team's member they take off the step, and a waiting item they remove.
    expect((await assign([annotator.id])).body.code).toBe(200);
    const waiting = t.taskSubjectIds.find((x) => x !== held.taskSubjectId)!;
    expect((await removeItems([waiting])).body.code).toBe(200);
  });
  it('hands out no project role above the giver\'s own: a vendor\'s manager makes no project manager, so cannot export through one', async () => {
    const { w } = await setup(1);
    const { vendorManager, vendorAnnotator, owner } = w.users;
    const add = (u: WorldUser, userId: number, role: string) => call(u, 'POST', `/project/${w.projectP}/member`, { members: [{ userId, role }] });
    const exportList = (u: WorldUser) => call(u, 'GET', `/export/template/${w.projectP}`);
    expect((await exportList(vendorManager)).status).toBe(403);
    for (const userId of [vendorAnnotator.id, vendorManager.id]) {
      expect(failure(await add(vendorManager, userId, 'manager'))).toEqual({ status: 403, msg: 'error.project.roleAboveOwn', data: { userIds: [userId], role: 'manager' } });
    }
    expect((await exportList(vendorAnnotator)).status).toBe(403);
    // Roles within the vendor manager's own rights stay theirs to give.
    expect((await add(vendorManager, vendorAnnotator.id, 'reviewer')).status).toBe(200);
    // The project's team may make a vendor member its project manager, on purpose.
    expect((await add(owner, vendorAnnotator.id, 'manager')).status).toBe(200);
  });
});
