import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { seededBatch, uploadedImage } from '../support/routeSamples/subject';

/** Batches: creating with subjects, names, renaming, listing, counting, deleting. */
describe.each(DB_KINDS)('batches on %s', (kind) => {
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
  const create = (u: WorldUser, payload: object) => call(u, 'POST', '/batch', payload);

  it('creates a batch with its subjects and shows it with counts by record type', async () => {
    w = await buildWorld(s.app.ctx);
    const ctx = s.app.ctx;
    const a = await uploadedImage(ctx, w.projectP, 'a.jpg');
    const b = await uploadedImage(ctx, w.projectP, 'b.jpg');
    const made = await create(w.users.projectManager, { projectId: w.projectP, name: '  Camera 1 ', remark: ' morning ', subjects: [a, b] });
    expect(made.body.code).toBe(200);
    expect(made.body.data).toMatchObject({
      batch: { projectId: w.projectP, name: 'Camera 1', remark: 'morning', subjectCount: 2, createdBy: w.users.projectManager.id },
      created: 2,
      duplicates: [],
    });
    const id = made.body.data.batch.id;
    const got = await call(w.users.annotator, 'GET', `/batch/${id}?projectId=${w.projectP}`);
    expect(got.body.data).toMatchObject({ id, name: 'Camera 1', subjectCount: 2, countsByType: { image: 2, frame: 0 }, frameCount: 2, sizeBytes: a.frames[0]!.sizeBytes + b.frames[0]!.sizeBytes });
    // Without subjects: an empty batch to fill later.
    const empty = await create(w.users.owner, { projectId: w.projectP, name: 'Camera 2' });
    expect(empty.body.data).toMatchObject({ batch: { name: 'Camera 2', remark: '', subjectCount: 0 }, created: 0 });
  });

  it('keeps batch names unique per project (409), free in another project', async () => {
    w = await buildWorld(s.app.ctx);
    expect((await create(w.users.owner, { projectId: w.projectP, name: 'Harbor' })).body.code).toBe(200);
    const dup = await create(w.users.manager, { projectId: w.projectP, name: ' Harbor ' });
    expect({ status: dup.status, msg: dup.body.msg }).toEqual({ status: 409, msg: 'error.batch.nameTaken' });
    expect((await create(w.users.ownerB, { projectId: w.projectQ, name: 'Harbor' })).body.code).toBe(200);
    // Two at once: the unique index lets one through.
    const race = await Promise.all([create(w.users.owner, { projectId: w.projectP, name: 'Dock' }), create(w.users.admin, { projectId: w.projectP, name: 'Dock' })]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);

    const check = (name: string) => call(w.users.reviewer, 'POST', '/batch/query/batchName', { projectId: w.projectP, name });
    const taken = await check('Harbor ');
    expect(taken.body.data).toEqual({ available: false, batchId: expect.any(Number) });
    expect((await check('Pier')).body.data).toEqual({ available: true });
  });

  it('renames and re-remarks through both PUT forms, refusing a taken name', async () => {
    w = await buildWorld(s.app.ctx);
    const one = (await create(w.users.owner, { projectId: w.projectP, name: 'One' })).body.data.batch;
    await create(w.users.owner, { projectId: w.projectP, name: 'Two' });
    s.advance(1000);
    const r = await call(w.users.manager, 'PUT', '/batch', { id: one.id, projectId: w.projectP, name: 'First', remark: 'north gate' });
    expect(r.body.data).toMatchObject({ id: one.id, name: 'First', remark: 'north gate' });
    expect(r.body.data.updatedAt).toBeGreaterThan(one.updatedAt);
    const byId = await call(w.users.manager, 'PUT', `/batch/${one.id}`, { projectId: w.projectP, remark: '' });
    expect(byId.body.data).toMatchObject({ name: 'First', remark: '' });
    // Keeping its own name is fine; another batch's name is not.
    expect((await call(w.users.owner, 'PUT', `/batch/${one.id}`, { projectId: w.projectP, name: 'First' })).body.code).toBe(200);
    const clash = await call(w.users.owner, 'PUT', `/batch/${one.id}`, { projectId: w.projectP, name: 'Two' });
    expect({ status: clash.status, msg: clash.body.msg }).toEqual({ status: 409, msg: 'error.batch.nameTaken' });
  });

  it('lists batches newest first with subject counts, filtered by name and paged', async () => {
    w = await buildWorld(s.app.ctx);
    for (const name of ['Alpha 50%', 'Beta', 'Gamma']) await create(w.users.owner, { projectId: w.projectP, name });
    await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 3, 'Delta');
    const list = (payload: object) => call(w.users.vendorAnnotator, 'POST', '/batch/list', { projectId: w.projectP, ...payload });
    const all = await list({});
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list.map((b: { name: string; subjectCount: number }) => [b.name, b.subjectCount])).toEqual([['Delta', 3], ['Gamma', 0], ['Beta', 0], ['Alpha 50%', 0]]);
    const page2 = await list({ page: 2, pageSize: 3 });
    expect(page2.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3, list: [{ name: 'Alpha 50%' }] });
    // "contains", ignoring ASCII case, with wildcards taken literally.
    expect((await list({ name: 'ALPHA' })).body.data.list.map((b: { name: string }) => b.name)).toEqual(['Alpha 50%']);
    expect((await list({ name: '0%' })).body.data.total).toBe(1);
    expect((await list({ name: '_' })).body.data.total).toBe(0);
    const count = await call(w.users.annotator, 'POST', '/batch/query/batchCount', { projectId: w.projectP });
    expect(count.body.data).toEqual({ count: 4 });
  });

  it('deletes batches with their subjects, all or nothing, and leaves the files in the store', async () => {
    w = await buildWorld(s.app.ctx);
    const ctx = s.app.ctx;
    const img = await uploadedImage(ctx, w.projectP, 'keep.jpg');
    const a = (await create(w.users.owner, { projectId: w.projectP, name: 'A', subjects: [img] })).body.data.batch.id;
    const b = (await seededBatch(ctx, w.projectP, w.users.owner.id, 2, 'B')).batchId;
    const q = (await seededBatch(ctx, w.projectQ, w.users.ownerB.id, 1, 'Q')).batchId;

    const mixed = await call(w.users.owner, 'DELETE', `/batch?projectId=${w.projectP}&ids=${a}&ids=${q}`);
    expect({ status: mixed.status, msg: mixed.body.msg, data: mixed.body.data }).toEqual({ status: 404, msg: 'error.batch.notFound', data: { ids: [q] } });
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/list/count`)).body.data.count).toBe(3);

    const del = await call(w.users.projectManager, 'DELETE', `/batch?projectId=${w.projectP}&ids=${a}&ids=${b}`);
    expect(del.body).toEqual({ code: 200, msg: 'ok', data: null });
    expect((await call(w.users.owner, 'POST', '/batch/query/batchCount', { projectId: w.projectP })).body.data.count).toBe(0);
    expect(await ctx.db.selectFrom('subjects').select('id').where('project_id', '=', w.projectP).execute()).toEqual([]);
    expect(await ctx.storage.head(img.frames[0]!.key)).not.toBeNull();
    // Team B's batch is untouched.
    expect((await call(w.users.ownerB, 'GET', `/batch/${q}?projectId=${w.projectQ}`)).body.data.subjectCount).toBe(1);
    // The same files can be registered again without uploading them.
    const again = await create(w.users.owner, { projectId: w.projectP, name: 'A again', subjects: [img] });
    expect(again.body.data.created).toBe(1);
  });

  it('answers 404 for other teams\' projects and batches, 403 for roles that may not write', async () => {
    w = await buildWorld(s.app.ctx);
    const q = (await seededBatch(s.app.ctx, w.projectQ, w.users.ownerB.id, 1, 'Q')).batchId;
    const foreign = await call(w.users.owner, 'GET', `/batch/${q}?projectId=${w.projectQ}`);
    expect({ status: foreign.status, msg: foreign.body.msg }).toEqual({ status: 404, msg: 'error.project.notFound' });
    // Another project's batch through one's own project is not found either.
    const crossed = await call(w.users.owner, 'GET', `/batch/${q}?projectId=${w.projectP}`);
    expect({ status: crossed.status, msg: crossed.body.msg }).toEqual({ status: 404, msg: 'error.batch.notFound' });
    const rename = await call(w.users.owner, 'PUT', `/batch/${q}`, { projectId: w.projectP, name: 'Mine now' });
    expect(rename.body.msg).toBe('error.batch.notFound');
    expect((await call(w.users.ownerB, 'GET', `/batch/${q}?projectId=${w.projectQ}`)).body.data.name).toBe('Q');
    const byOutsider = await call(w.users.outsider, 'POST', '/batch/list', { projectId: w.projectP });
    expect(byOutsider.status).toBe(404);
    const byReviewer = await create(w.users.reviewer, { projectId: w.projectP, name: 'Nope' });
    expect({ status: byReviewer.status, msg: byReviewer.body.msg }).toEqual({ status: 403, msg: 'error.forbidden' });
  });

  it('refuses bad input with 400', async () => {
    w = await buildWorld(s.app.ctx);
    const p = w.projectP;
    const bad: [string, 'POST' | 'PUT' | 'GET' | 'DELETE', string, object?][] = [
      ['blank name', 'POST', '/batch', { projectId: p, name: '   ' }],
      ['long name', 'POST', '/batch', { projectId: p, name: 'x'.repeat(65) }],
      ['control character', 'POST', '/batch', { projectId: p, name: 'a\u0000b' }],
      ['unknown field', 'POST', '/batch', { projectId: p, name: 'ok', color: 'red' }],
      ['no project', 'POST', '/batch', { name: 'ok' }],
      ['long remark', 'PUT', '/batch', { id: 1, projectId: p, remark: 'r'.repeat(513) }],
      ['no ids', 'DELETE', `/batch?projectId=${p}`],
      ['id zero', 'DELETE', `/batch?projectId=${p}&ids=0`],
      ['bad hash', 'POST', '/batch/beforehand', { projectId: p, contentHashes: ['xyz'] }],
      ['too many hashes', 'POST', '/batch/beforehand', { projectId: p, contentHashes: Array(10_001).fill('a'.repeat(64)) }],
      ['page size', 'POST', '/batch/list', { projectId: p, pageSize: 501 }],
      ['id not a number', 'GET', `/batch/abc?projectId=${p}`],
    ];
    for (const [what, method, url, payload] of bad) {
      const r = await call(w.users.owner, method, url, payload);
      // A control character breaks the text rule, which has its own key (docs/security.md).
      const msg = what === 'control character' ? 'error.textNotAllowed' : 'error.validation';
      expect({ what, status: r.status, msg: r.body.msg }).toEqual({ what, status: 400, msg });
    }
  });

  it('tells the workstation which contents the project already has', async () => {
    w = await buildWorld(s.app.ctx);
    const img = await uploadedImage(s.app.ctx, w.projectP, 'seen.jpg');
    const made = await create(w.users.owner, { projectId: w.projectP, name: 'Seen', subjects: [img] });
    const dataId = (await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/list`)).body.data.list[0].dataId;
    const detail = await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/${dataId}`);
    const known = detail.body.data.contentHash as string;
    const unknown = 'f'.repeat(64);
    const r = await call(w.users.owner, 'POST', '/batch/beforehand', { projectId: w.projectP, contentHashes: [unknown, known.toUpperCase(), known] });
    expect(r.body.data).toEqual({ existing: [{ contentHash: known, dataId }] });
    expect(made.body.data.created).toBe(1);
    // Another project does not have it.
    const elsewhere = await call(w.users.ownerB, 'POST', '/batch/beforehand', { projectId: w.projectQ, contentHashes: [known] });
    expect(elsewhere.body.data).toEqual({ existing: [] });
  });
});
