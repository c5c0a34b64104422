import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectInput } from '../../src-shared/api/subject';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { seededBatch, uploadedImage } from '../support/routeSamples/subject';
import { uniquePng } from '../support/uniquePng';

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');

/** Registering uploaded files as subjects: the file checks, duplicates, counts and deletion. */
describe.each(DB_KINDS)('subject import on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const add = (batchId: number, subjects: object[], projectId = w.projectP, u = w.users.owner) =>
    call(u, 'POST', `/project/${projectId}/subject`, { batchId, subjects });
  const emptyBatch = async (projectId = w.projectP) => (await seededBatch(s.app.ctx, projectId, w.users.owner.id, 0, `Empty ${crypto.randomUUID()}`)).batchId;

  /** A frame sequence of n uploaded frames. */
  const uploadedSequence = async (name: string, n: number): Promise<SubjectInput> => {
    const frames = [];
    for (let i = 0; i < n; i++) {
      const bytes = uniquePng(`${name} frame ${i}`, 100 + i, 50);
      const key = `dataset/${w.projectP}/seq/${name}/${i}.png`;
      await s.app.ctx.storage.put(key, bytes, 'image/png');
      frames.push({ key, sizeBytes: bytes.length, sha256: sha256(bytes), width: 100 + i, height: 50 });
    }
    return { name, recordType: 'frame', frames };
  };

  it('keeps the per-type counts of its batches as subjects come and go', async () => {
    w = await buildWorld(s.app.ctx);
    const batchId = await emptyBatch();
    const image = { ...(await uploadedSequence('still', 1)), recordType: 'image' };
    await add(batchId, [await uploadedSequence('walk', 2), await uploadedSequence('run', 2), image]);
    const count = async (q: string) => (await call(w.users.reviewer, 'GET', `/project/${w.projectP}/subject/list/count?${q}`)).body.data.count as number;
    expect([await count('recordType=frame'), await count('recordType=image'), await count(`recordType=frame&batchId=${batchId}`)]).toEqual([2, 1, 2]);
    const listed = (await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/list/frame`)).body.data.list as { dataId: number }[];
    await call(w.users.owner, 'DELETE', `/project/${w.projectP}/subject?subjectIds=${listed[0]!.dataId}`);
    expect([await count('recordType=frame'), await count('recordType=image')]).toEqual([1, 1]);
    // The counters agree with the subjects themselves.
    const rows = await s.app.ctx.db.selectFrom('subjects').select('record_type').where('batch_id', '=', batchId).execute();
    expect(rows.filter((r) => r.record_type === 'frame')).toHaveLength(1);
  });

  it('registers a frame sequence with its frames in order, hashed as the API describes', async () => {
    w = await buildWorld(s.app.ctx);
    const batchId = await emptyBatch();
    const seq = await uploadedSequence('walk', 3);
    const r = await add(batchId, [seq], w.projectP, w.users.manager);
    expect(r.body.data).toMatchObject({ batch: { id: batchId, subjectCount: 1 }, created: 1, duplicates: [] });
    const listed = await call(w.users.annotator, 'GET', `/project/${w.projectP}/subject/list`);
    const item = listed.body.data.list[0];
    expect(item).toMatchObject({ name: 'walk', recordType: 'frame', frameCount: 3, batchId, firstFrame: { key: seq.frames[0]!.key, width: 100, height: 50 } });
    const detail = (await call(w.users.annotator, 'GET', `/project/${w.projectP}/subject/${item.dataId}`)).body.data;
    expect(detail.contentHash).toBe(sha256(seq.frames.map((f) => f.sha256).join('')));
    expect(detail.frames.map((f: { index: number; key: string; fileName: string; contentType: string }) => [f.index, f.key, f.fileName, f.contentType])).toEqual(
      seq.frames.map((f, i) => [i, f.key, `${i}.png`, 'image/png']),
    );
    expect(detail.frames[0].frameId).toBe(item.firstFrame.frameId);
    expect(detail.sizeBytes).toBe(seq.frames.reduce((n, f) => n + f.sizeBytes, 0));
  });

  it('reports duplicates by content, within the call and against the project, and creates them once', async () => {
    w = await buildWorld(s.app.ctx);
    const batchId = await emptyBatch();
    const a = await uploadedImage(s.app.ctx, w.projectP, 'a.jpg');
    const b = await uploadedImage(s.app.ctx, w.projectP, 'b.jpg');
    const first = await add(batchId, [a, { ...a, name: 'a copy.jpg' }]);
    expect(first.body.data.created).toBe(1);
    const aId = first.body.data.duplicates[0].existingDataId;
    expect(first.body.data.duplicates).toEqual([{ index: 1, name: 'a copy.jpg', contentHash: expect.any(String), existingDataId: aId }]);
    // Upper-case digests are the same content.
    const upper = { ...a, frames: [{ ...a.frames[0]!, sha256: a.frames[0]!.sha256.toUpperCase() }] };
    const second = await add(batchId, [b, upper]);
    expect(second.body.data).toMatchObject({ created: 1, duplicates: [{ index: 1, name: 'a.jpg', existingDataId: aId }], batch: { subjectCount: 2 } });
    // A duplicate's file need not exist any more: only new contents are looked up in the store.
    await s.app.ctx.storage.delete(a.frames[0]!.key);
    expect((await add(batchId, [a])).body.data).toMatchObject({ created: 0, duplicates: [{ existingDataId: aId }] });
    // Another project may hold the same content.
    const q = await emptyBatch(w.projectQ);
    const copy = await s.app.ctx.storage.put(`dataset/${w.projectQ}/b.jpg`, uniquePng(`b.jpg in project ${w.projectP}`, 640, 480));
    const inQ = await add(q, [{ ...b, frames: [{ ...b.frames[0]!, key: `dataset/${w.projectQ}/b.jpg`, sizeBytes: copy.size }] }], w.projectQ, w.users.ownerB);
    expect(inQ.body.data.created).toBe(1);
  });

  it('creates a content once when two imports race, and reports it to the loser', async () => {
    w = await buildWorld(s.app.ctx);
    const [one, two] = [await emptyBatch(), await emptyBatch()];
    const img = await uploadedImage(s.app.ctx, w.projectP, 'race.jpg');
    const results = await Promise.all([add(one, [img]), add(two, [img])]);
    expect(results.map((r) => r.body.code)).toEqual([200, 200]);
    const created = results.map((r) => r.body.data.created).sort();
    expect(created).toEqual([0, 1]);
    const winner = results.find((r) => r.body.data.created === 1)!.body.data.batch.id;
    const dataId = (await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/list`)).body.data.list[0].dataId;
    const loser = results.find((r) => r.body.data.created === 0)!.body.data;
    expect(loser.duplicates).toEqual([{ index: 0, name: 'race.jpg', contentHash: expect.any(String), existingDataId: dataId }]);
    expect(loser.batch.subjectCount).toBe(0);
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/${dataId}`)).body.data.batchId).toBe(winner);
  });

  it('refuses by name and reason each subject whose file is not a whole picture, takes the rest, and stores the size the picture has', async () => {
    w = await buildWorld(s.app.ctx);
    const batchId = await emptyBatch();
    const put = async (name: string, bytes: Buffer, width = 10, height = 10) => {
      const key = `dataset/${w.projectP}/door/${name}`;
      await s.app.ctx.storage.put(key, bytes, 'image/png');
      return { key, sizeBytes: bytes.length, sha256: sha256(bytes), width, height };
    };
    const rocket = fs.readFileSync(path.join(import.meta.dirname, '../../resources/demo-images/rocket.jpg'));
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } }).tiff().toBuffer();
    const subjects: SubjectInput[] = [
      // the caller says 999 x 999; the picture is 120 x 80
      { name: 'good.png', recordType: 'image', frames: [await put('good.png', uniquePng('good', 120, 80), 999, 999)] },
      { name: 'notes.png', recordType: 'image', frames: [await put('notes.png', Buffer.from('hello'))] },
      { name: 'cut.jpg', recordType: 'image', frames: [await put('cut.jpg', rocket.subarray(0, Math.floor(rocket.length / 2)))] },
      { name: 'scan.tif', recordType: 'image', frames: [await put('scan.tif', tiff)] },
      { name: 'walk', recordType: 'frame', frames: [await put('w0.png', uniquePng('w0')), await put('w1.png', uniquePng('w1').subarray(0, 100)), await put('w2.png', uniquePng('w2'))] },
      { name: 'empty.png', recordType: 'image', frames: [await put('empty.png', Buffer.alloc(0))] },
    ];
    const res = await add(batchId, subjects);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created).toBe(1);
    expect(res.body.data.refused).toEqual([
      { index: 1, name: 'notes.png', key: subjects[1]!.frames[0]!.key, reason: 'notImage' },
      { index: 2, name: 'cut.jpg', key: subjects[2]!.frames[0]!.key, reason: 'truncated', format: 'jpeg' },
      { index: 3, name: 'scan.tif', key: subjects[3]!.frames[0]!.key, reason: 'unsupportedFormat', format: 'tiff' },
      // a sequence is refused whole, naming its first bad frame
      { index: 4, name: 'walk', key: subjects[4]!.frames[1]!.key, reason: 'truncated', format: 'png' },
      { index: 5, name: 'empty.png', key: subjects[5]!.frames[0]!.key, reason: 'empty' },
    ]);
    expect(res.body.data.batch.subjectCount).toBe(1);
    const listed = (await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/list?batchId=${batchId}`)).body.data;
    expect(listed.list.map((x: { name: string }) => x.name)).toEqual(['good.png']);
    const frame = await s.app.ctx.db.selectFrom('subject_frames').select(['width', 'height']).where('object_key', '=', subjects[0]!.frames[0]!.key).executeTakeFirstOrThrow();
    expect(frame).toEqual({ width: 120, height: 80 });
    // The same file sent again once fixed goes in.
    const fixed = await add(batchId, [{ name: 'cut.jpg', recordType: 'image', frames: [await put('cut-fixed.jpg', rocket)] }]);
    expect(fixed.body.data).toMatchObject({ created: 1, refused: [] });
  });

  it('refuses keys outside the project, unsafe keys, missing files and wrong sizes, creating nothing', async () => {
    w = await buildWorld(s.app.ctx);
    const batchId = await emptyBatch();
    const good = await uploadedImage(s.app.ctx, w.projectP, 'good.jpg');
    const withKey = (key: string, sizeBytes = good.frames[0]!.sizeBytes): SubjectInput => ({ ...good, name: 'other.jpg', frames: [{ ...good.frames[0]!, key, sizeBytes, sha256: sha256(key) }] });
    const cases: [string, SubjectInput, string][] = [
      ['another project', withKey(`dataset/${w.projectQ}/x.jpg`), 'error.subject.keyOutsideProject'],
      ['a project id prefix', withKey(`dataset/${w.projectP}0/x.jpg`), 'error.subject.keyOutsideProject'],
      ['another top folder', withKey(`user/${w.users.owner.id}/x.jpg`), 'error.subject.keyOutsideProject'],
      ['dot-dot', withKey(`dataset/${w.projectP}/../${w.projectQ}/x.jpg`), 'error.subject.badKey'],
      ['absolute', withKey(`/dataset/${w.projectP}/x.jpg`), 'error.subject.badKey'],
      ['control character', withKey(`dataset/${w.projectP}/a\u0001.jpg`), 'error.subject.badKey'],
      ['not uploaded', withKey(`dataset/${w.projectP}/never.jpg`), 'error.subject.fileMissing'],
      ['wrong size', withKey(good.frames[0]!.key, 1), 'error.subject.fileSizeMismatch'],
    ];
    for (const [what, subject, msg] of cases) {
      const r = await add(batchId, [good, subject]);
      expect({ what, status: r.status, msg: r.body.msg }).toEqual({ what, status: 400, msg });
    }
    const missing = await add(batchId, [withKey(`dataset/${w.projectP}/never.jpg`)]);
    expect(missing.body.data).toEqual({ keys: [`dataset/${w.projectP}/never.jpg`], count: 1 });
    const size = await add(batchId, [withKey(good.frames[0]!.key, 7)]);
    expect(size.body.data.files).toEqual([{ key: good.frames[0]!.key, declared: 7, stored: good.frames[0]!.sizeBytes }]);
    const image2 = await add(batchId, [{ ...good, frames: [good.frames[0]!, good.frames[0]!] }]);
    expect({ status: image2.status, msg: image2.body.msg, data: image2.body.data }).toEqual({ status: 400, msg: 'error.subject.imageFrameCount', data: { indexes: [0], count: 1 } });
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/count/${batchId}`)).body.data.count).toBe(0);
    expect(await s.app.ctx.db.selectFrom('subjects').select('id').where('project_id', '=', w.projectP).execute()).toEqual([]);
  });

  it('adds only to a batch of the project, and refuses bad input with 400', async () => {
    w = await buildWorld(s.app.ctx);
    const good = await uploadedImage(s.app.ctx, w.projectP, 'good.jpg');
    const q = await emptyBatch(w.projectQ);
    const crossed = await add(q, [good]);
    expect({ status: crossed.status, msg: crossed.body.msg }).toEqual({ status: 404, msg: 'error.batch.notFound' });
    expect((await call(w.users.ownerB, 'GET', `/project/${w.projectQ}/subject/count/${q}`)).body.data.count).toBe(0);
    const intruder = await add(q, [good], w.projectQ, w.users.owner);
    expect(intruder.status).toBe(404);
    const reviewer = await add(await emptyBatch(), [good], w.projectP, w.users.reviewer);
    expect(reviewer.status).toBe(403);

    const batchId = await emptyBatch();
    const frame = good.frames[0]!;
    const bad: [string, object][] = [
      ['no frames', { ...good, frames: [] }],
      ['unknown record type', { ...good, recordType: 'pointCloud' }],
      ['short hash', { ...good, frames: [{ ...frame, sha256: 'abc' }] }],
      ['negative size', { ...good, frames: [{ ...frame, sizeBytes: -1 }] }],
      ['blank name', { ...good, name: ' ' }],
      ['zero width', { ...good, frames: [{ ...frame, width: 0 }] }],
      ['unknown frame field', { ...good, frames: [{ ...frame, url: 'http://x' }] }],
      ['content type with a newline', { ...good, frames: [{ ...frame, contentType: 'image/jpeg\nX: y' }] }],
    ];
    for (const [what, subject] of bad) {
      const r = await add(batchId, [subject]);
      expect({ what, status: r.status, msg: r.body.msg }).toEqual({ what, status: 400, msg: 'error.validation' });
    }
  });

  it('takes large imports (bodies over 1 MiB) and refuses more than 100,000 frames per call', async () => {
    w = await buildWorld(s.app.ctx);
    const batchId = await emptyBatch();
    const good = await uploadedImage(s.app.ctx, w.projectP, 'shared.jpg');
    // 5,000 subjects pointing at one file with distinct declared digests: about 1.5 MB of JSON.
    const many = Array.from({ length: 5000 }, (_, i) => ({
      name: `frame_${String(i).padStart(6, '0')}_${'x'.repeat(40)}.jpg`,
      recordType: 'image',
      frames: [{ ...good.frames[0]!, sha256: sha256(`many ${i}`) }],
    }));
    expect(JSON.stringify(many).length).toBeGreaterThan(1024 * 1024);
    const r = await add(batchId, many);
    expect(r.body.data).toMatchObject({ created: 5000, duplicates: [], batch: { subjectCount: 5000 } });
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/list/count`)).body.data.count).toBe(5000);

    const frame = { ...good.frames[0]!, sha256: 'a'.repeat(64) };
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ name: `seq ${i}`, recordType: 'frame', frames: Array(10_000).fill(frame) }));
    const refused = await add(batchId, tooMany);
    expect({ status: refused.status, msg: refused.body.msg, data: refused.body.data }).toEqual({ status: 400, msg: 'error.subject.tooManyFrames', data: { max: 100_000, given: 110_000 } });
  }, 60_000);

  it('deletes subjects all or nothing and keeps the batch counts in step', async () => {
    w = await buildWorld(s.app.ctx);
    const { batchId, subjectIds } = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 4, 'Four');
    const other = await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 2, 'Two');
    const q = await seededBatch(s.app.ctx, w.projectQ, w.users.ownerB.id, 1, 'Q');
    const del = (ids: number[], u = w.users.owner) => call(u, 'DELETE', `/project/${w.projectP}/subject?${ids.map((id) => `subjectIds=${id}`).join('&')}`);

    const mixed = await del([subjectIds[0]!, q.subjectIds[0]!]);
    expect({ status: mixed.status, msg: mixed.body.msg, data: mixed.body.data }).toEqual({ status: 404, msg: 'error.subject.notFound', data: { subjectIds: [q.subjectIds[0]] } });
    expect((await del([subjectIds[0]!], w.users.annotator)).status).toBe(403);

    expect((await del([subjectIds[0]!, subjectIds[1]!, other.subjectIds[0]!, subjectIds[0]!])).body.code).toBe(200);
    const count = async (id: number) => (await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/count/${id}`)).body.data.count;
    expect([await count(batchId), await count(other.batchId)]).toEqual([2, 1]);
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/list/count`)).body.data.count).toBe(3);
    // Deleted subjects are gone from the list and their detail is not found.
    const gone = await call(w.users.owner, 'GET', `/project/${w.projectP}/subject/${subjectIds[0]}`);
    expect(gone.body.msg).toBe('error.subject.notFound');
    const frames = await s.app.ctx.db.selectFrom('subject_frames').select('id').where('subject_id', 'in', [subjectIds[0]!, subjectIds[1]!]).execute();
    expect(frames).toEqual([]);
    expect((await call(w.users.ownerB, 'GET', `/project/${w.projectQ}/subject/list/count`)).body.data.count).toBe(1);
  });
});
