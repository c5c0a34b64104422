import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type WorldUser } from '../support/world';
import { buildTask } from '../support/taskFixture';

/** Notes pinned to subjects and objects, opened and resolved in bulk, with note labels. */
describe.each(DB_KINDS)('notes on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const failure = (r: Awaited<ReturnType<typeof call>>) => ({ status: r.status, msg: r.body.msg });

  const setup = async () => {
    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [w.users.annotator.id] }], subjects: 2, framesPerSubject: 2 });
    const dataId = t.subjectIds[0]!;
    const note = (u: WorldUser, extra: object = {}) => call(u, 'POST', '/note', { projectId: w.projectP, dataId, content: 'Check this', ...extra });
    return { w, t, dataId, note };
  };

  it('pins notes to a subject, a task subject, a frame and an object, and lists them by subject', async () => {
    const { w, t, dataId, note } = await setup();
    const label = (await call(w.users.reviewer, 'POST', '/note-label', { projectId: w.projectP, name: ' Question ', color: '#ff8800' })).body.data;
    expect(label).toEqual({ id: expect.any(Number), projectId: w.projectP, name: 'Question', color: '#ff8800' });
    const frameId = t.frames.get(dataId)![1]!;
    const pinned = await note(w.users.vendorAnnotator, { taskSubjectId: t.taskSubjectIds[0], frameId, objectId: 'box-7', labelId: label.id, content: 'Is this a van?' });
    expect(pinned.body.data).toMatchObject({ projectId: w.projectP, dataId, taskSubjectId: t.taskSubjectIds[0], frameId, objectId: 'box-7', labelId: label.id, status: 'open', createdBy: w.users.vendorAnnotator.id, createdByName: 'Vendor annotator', resolvedAt: null });
    await note(w.users.annotator);
    await note(w.users.annotator, { dataId: t.subjectIds[1] });

    const bySubject = await call(w.users.reviewer, 'GET', `/note/subject?projectId=${w.projectP}&dataId=${dataId}`);
    expect(bySubject.body.data.map((n: { content: string }) => n.content)).toEqual(['Is this a van?', 'Check this']);
    const byTaskSubject = await call(w.users.reviewer, 'GET', `/note/subject?projectId=${w.projectP}&dataId=${dataId}&taskSubjectId=${t.taskSubjectIds[0]}`);
    expect(byTaskSubject.body.data).toHaveLength(1);
    expect((await call(w.users.annotator, 'GET', `/note/${pinned.body.data.id}?projectId=${w.projectP}`)).body.data.content).toBe('Is this a van?');

    // Anchors must belong together in the project.
    expect(failure(await note(w.users.annotator, { dataId: 999_999 }))).toEqual({ status: 404, msg: 'error.note.subjectNotFound' });
    expect(failure(await note(w.users.annotator, { taskSubjectId: t.taskSubjectIds[1] }))).toEqual({ status: 404, msg: 'error.note.taskSubjectNotFound' });
    expect(failure(await note(w.users.annotator, { frameId: t.frames.get(t.subjectIds[1]!)![0] }))).toEqual({ status: 404, msg: 'error.note.frameNotFound' });
    expect(failure(await note(w.users.annotator, { labelId: 999_999 }))).toEqual({ status: 404, msg: 'error.note.labelNotFound' });
    expect((await note(w.users.annotator, { content: '   ' })).status).toBe(400);
  });

  it('resolves and reopens notes in bulk, all or nothing, and filters the list', async () => {
    const { w, t, dataId, note } = await setup();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await note(w.users.annotator, { content: `Note ${i}`, ...(i === 2 ? { taskSubjectId: t.taskSubjectIds[0] } : {}) })).body.data.id);
    const foreign = await buildWorld(s.app.ctx);
    const qTask = await buildTask(s.app.ctx, { projectId: foreign.projectQ, createdBy: foreign.users.ownerB.id, steps: [{ type: 'annotate', members: [] }], subjects: 1 });
    const qNote = (await call(foreign.users.ownerB, 'POST', '/note', { projectId: foreign.projectQ, dataId: qTask.subjectIds[0], content: 'theirs' })).body.data.id;

    const resolve = (u: WorldUser, noteIds: number[]) => call(u, 'PUT', '/note/resolved', { projectId: w.projectP, ids: noteIds });
    expect(failure(await resolve(w.users.annotator, ids))).toEqual({ status: 403, msg: 'error.forbidden' });
    const mixed = await resolve(w.users.reviewer, [ids[0]!, qNote]);
    expect(failure(mixed)).toEqual({ status: 404, msg: 'error.note.notFound' });
    expect(mixed.body.data).toEqual({ ids: [qNote] });
    const resolved = await resolve(w.users.reviewer, ids.slice(0, 2));
    expect(resolved.body.data.map((n: { status: string; resolvedBy: number }) => [n.status, n.resolvedBy])).toEqual([['resolved', w.users.reviewer.id], ['resolved', w.users.reviewer.id]]);

    const list = (body: object) => call(w.users.annotator, 'POST', '/note/list', { projectId: w.projectP, ...body });
    expect((await list({ status: 'open' })).body.data.list.map((n: { id: number }) => n.id)).toEqual([ids[2]]);
    expect((await list({ status: 'resolved', pageSize: 1 })).body.data).toMatchObject({ total: 2, list: [{ id: ids[1] }] });
    expect((await list({ taskId: t.taskId })).body.data.list.map((n: { id: number }) => n.id)).toEqual([ids[2]]);
    expect((await list({ dataId, createdBy: w.users.reviewer.id })).body.data.total).toBe(0);

    const reopened = await call(w.users.vendorManager, 'PUT', '/note/open', { projectId: w.projectP, ids: [ids[0]] });
    expect(reopened.body.data).toMatchObject([{ id: ids[0], status: 'open', resolvedBy: null, resolvedAt: null }]);
  });

  it('names each note\'s item by its file name and lists the conversation on one anchor as one thread', async () => {
    const { w, t, dataId, note } = await setup();
    const subjectName = (await s.app.ctx.db.selectFrom('subjects').select('name').where('id', '=', dataId).executeTakeFirstOrThrow()).name;
    const onBox = { taskSubjectId: t.taskSubjectIds[0], objectId: 'box-1' };
    const question = (await note(w.users.reviewer, { ...onBox, content: 'Is this a van?' })).body.data;
    expect(question.dataName).toBe(subjectName);
    const other = (await note(w.users.reviewer, { content: 'The whole item is blurry' })).body.data;
    const answer = (await note(w.users.annotator, { ...onBox, content: 'No, a bus' })).body.data;
    const thanks = (await note(w.users.reviewer, { ...onBox, content: 'Thanks' })).body.data;

    const threads = (await call(w.users.annotator, 'POST', '/note/list', { projectId: w.projectP, threads: true })).body.data;
    expect(threads.total).toBe(2);
    expect(threads.list.map((n: { id: number; replies: { id: number }[] }) => [n.id, n.replies.map((r) => r.id)])).toEqual([
      [other.id, []],
      [question.id, [answer.id, thanks.id]],
    ]);
    // Without threads the list is every note, as before.
    expect((await call(w.users.annotator, 'POST', '/note/list', { projectId: w.projectP })).body.data.total).toBe(4);
  });

  it('lets the author or a note manager delete notes, all or nothing, and hides other teams\' notes', async () => {
    const { w, note } = await setup();
    const mine = (await note(w.users.annotator)).body.data.id;
    const theirs = (await note(w.users.vendorAnnotator)).body.data.id;
    const del = (u: WorldUser, ids: number[]) => call(u, 'DELETE', `/note?${ids.map((id) => `ids=${id}`).join('&')}`);
    const refused = await del(w.users.annotator, [mine, theirs]);
    expect(failure(refused)).toEqual({ status: 403, msg: 'error.note.notAuthor' });
    expect(refused.body.data).toEqual({ ids: [theirs] });
    expect(failure(await del(w.users.ownerB, [mine]))).toEqual({ status: 404, msg: 'error.note.notFound' });
    expect(failure(await del(w.users.outsider, [mine]))).toEqual({ status: 404, msg: 'error.note.notFound' });
    expect((await del(w.users.annotator, [mine])).body).toMatchObject({ code: 200, data: null });
    expect((await del(w.users.reviewer, [theirs])).body.code).toBe(200);
    expect(failure(await del(w.users.reviewer, [theirs]))).toEqual({ status: 404, msg: 'error.note.notFound' });
    expect(failure(await call(w.users.ownerB, 'GET', `/note/subject?projectId=${w.projectP}&dataId=1`))).toEqual({ status: 404, msg: 'error.project.notFound' });
  });

  it('manages note labels: unique names, rename, recolour, delete keeps the notes', async () => {
    const { w, note } = await setup();
    const add = (name: string) => call(w.users.projectManager, 'POST', '/note-label', { projectId: w.projectP, name, color: '#112233' });
    const a = (await add('Error')).body.data;
    const b = (await add('Question')).body.data;
    expect(failure(await add('Error '))).toEqual({ status: 409, msg: 'error.note.labelTaken' });
    expect(failure(await call(w.users.annotator, 'POST', '/note-label', { projectId: w.projectP, name: 'Mine', color: '#000000' }))).toEqual({ status: 403, msg: 'error.forbidden' });
    expect(failure(await call(w.users.projectManager, 'PUT', `/note-label/${a.id}`, { projectId: w.projectP, name: 'Question' }))).toEqual({ status: 409, msg: 'error.note.labelTaken' });
    expect((await call(w.users.projectManager, 'PUT', `/note-label/${a.id}`, { projectId: w.projectP, name: 'Bug', color: '#abcdef' })).body.data).toEqual({ ...a, name: 'Bug', color: '#abcdef' });
    expect((await call(w.users.annotator, 'GET', `/note-label?projectId=${w.projectP}`)).body.data.map((l: { name: string }) => l.name)).toEqual(['Bug', 'Question']);
    const labelled = (await note(w.users.annotator, { labelId: b.id })).body.data;
    expect((await call(w.users.projectManager, 'DELETE', `/note-label/${b.id}?projectId=${w.projectP}`)).body.code).toBe(200);
    expect((await call(w.users.annotator, 'GET', `/note/${labelled.id}?projectId=${w.projectP}`)).body.data).toMatchObject({ content: 'Check this', labelId: null });
    expect(failure(await call(w.users.projectManager, 'DELETE', `/note-label/${b.id}?projectId=${w.projectP}`))).toEqual({ status: 404, msg: 'error.note.labelNotFound' });
    expect((await call(w.users.projectManager, 'PUT', `/note-label/${a.id}`, { projectId: w.projectP })).status).toBe(400);
  });
});
