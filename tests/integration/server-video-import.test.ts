import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectInput } from '../../src-shared/api/subject';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { seededBatch } from '../support/routeSamples/subject';
import { buildTask } from '../support/taskFixture';
import { makeFrameNumberVideo } from '../support/frameNumberVideo';
import { probeVideo, type VideoBytes } from '../../src-shared/media/videoProbe';

const run = promisify(execFile);
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** The videos of this file, made once: ffmpeg's own, small (320 x 240, at most 3 s). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-video-import-'));
const file = (name: string) => path.join(dir, name);
/** Each video's frame times as ffprobe reads its packets: pts in µs, in presentation order. */
const probed = new Map<string, number[]>();

async function ffprobeTimes(name: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts:stream=time_base', '-of', 'json', file(name)]);
  const out = JSON.parse(stdout) as { packets: { pts: number }[]; streams: { time_base: string }[] };
  const [num, den] = out.streams[0]!.time_base.split('/').map(Number) as [number, number];
  return out.packets.map((p) => Math.round((p.pts * num * 1e6) / den)).filter((t) => t >= 0).sort((a, b) => a - b);
}

/** The first two thirds of a file: a copy interrupted. */
const cut = (from: string, to: string) => {
  const bytes = fs.readFileSync(file(from));
  fs.writeFileSync(file(to), bytes.subarray(0, Math.floor((bytes.length * 2) / 3)));
};

beforeAll(async () => {
  await Promise.all([
    // H.264 with B-frames (decode order differs from presentation order), the index at the end as ffmpeg writes it.
    makeFrameNumberVideo(file('walk.mp4'), { frames: 75 }),
    makeFrameNumberVideo(file('street.webm'), { frames: 75, codec: 'vp9' }),
    // frames from 30 on last twice as long
    makeFrameNumberVideo(file('phone.mp4'), { frames: 60, slowFrom: 30 }),
    run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=1', file('sound.m4a')]),
    // MPEG-4 part 2: a codec WebCodecs does not decode
    run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-t', '1', '-c:v', 'mpeg4', file('old.mp4')]),
  ]);
  await run('ffmpeg', ['-loglevel', 'error', '-i', file('walk.mp4'), '-c', 'copy', '-movflags', '+faststart', file('walk-fast.mp4')]);
  cut('walk.mp4', 'cut.mp4');
  cut('walk-fast.mp4', 'cut-fast.mp4');
  cut('street.webm', 'cut.webm');
  // A writer that never went back to fill in its frames' box size (0: "to the end of the file"),
  // cut short: only the index says the frames go further than the file.
  const fast = fs.readFileSync(file('walk-fast.mp4'));
  fast.writeUInt32BE(0, fast.indexOf('mdat') - 4);
  fs.writeFileSync(file('cut-open.mp4'), fast.subarray(0, Math.floor((fast.length * 2) / 3)));
  // An 8 KB file whose index says four billion frames: expanded, it takes the server's memory.
  const huge = fs.readFileSync(file('walk.mp4'));
  huge.writeUInt32BE(4_000_000_000, huge.indexOf('stts') + 12);
  fs.writeFileSync(file('huge-index.mp4'), huge);
  fs.writeFileSync(file('notes.mp4'), 'These are meeting notes, not a video.\n');
  for (const name of ['walk.mp4', 'street.webm', 'phone.mp4']) probed.set(name, await ffprobeTimes(name));
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('video probe of a local file', () => {
  it('reads a file by ranges as the server does, and gives up at its deadline', async () => {
    const bytes = fs.readFileSync(file('walk-fast.mp4'));
    const local: VideoBytes = { size: bytes.length, read: async (start, end) => bytes.subarray(start, end) };
    const verdict = await probeVideo(local, { deadline: Date.now() + 10_000 });
    expect(verdict.ok && verdict.times).toEqual(probed.get('walk.mp4'));
    // a clock that passes the deadline while the demuxer reads: refused, not waited for
    let clock = 0;
    expect(await probeVideo(local, { deadline: 1000, now: () => (clock += 400) })).toEqual({ ok: false, reason: 'unreadable' });
  });
});

/** Video files imported as frame-project items through the API: the probe, the split, the refusals, and what must not read a video as a picture. */
describe.each(DB_KINDS)('video import on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = w.users.owner.token) => s.call({ method, url: `/core${url}`, token, ...(payload ? { payload } : {}) });
  /** A world whose project P is a frame project. */
  const frameWorld = async () => {
    w = await buildWorld(s.app.ctx);
    await s.app.ctx.db.updateTable('projects').set({ type: 'frame' }).where('id', '=', w.projectP).execute();
  };
  const emptyBatch = async (projectId = w.projectP, owner = w.users.owner.id) => (await seededBatch(s.app.ctx, projectId, owner, 0, `Videos ${crypto.randomUUID()}`)).batchId;
  /** A file of this test uploaded into the project's dataset folder, as a video subject. */
  const uploaded = async (name: string, projectId = w.projectP): Promise<SubjectInput> => {
    const bytes = fs.readFileSync(file(name));
    const key = `dataset/${projectId}/videos/${crypto.randomUUID()}/${name}`;
    await s.app.ctx.storage.put(key, bytes, name.endsWith('.webm') ? 'video/webm' : 'video/mp4');
    return { name, recordType: 'video', frames: [{ key, sizeBytes: bytes.length, sha256: sha256(bytes) }] };
  };
  const add = (batchId: number, subjects: SubjectInput[], extra: object = {}, projectId = w.projectP, token = w.users.owner.token) =>
    call('POST', `/project/${projectId}/subject`, { batchId, subjects, ...extra }, token);
  const list = async (batchId: number) =>
    (await call('GET', `/project/${w.projectP}/subject/list?batchId=${batchId}&pageSize=100`)).body.data.list as { dataId: number; name: string; recordType: string; frameCount: number; sizeBytes: number; duration?: number }[];
  const detail = async (dataId: number) => (await call('GET', `/project/${w.projectP}/subject/${dataId}`)).body.data;
  const stored = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of await s.app.ctx.storage.get(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('imports an MP4 (H.264 with B-frames) and a WebM (VP9): frames, rate, size and every frame time as ffprobe reads them, one frame row per frame', async () => {
    await frameWorld();
    const walk = await uploaded('walk.mp4');
    const street = await uploaded('street.webm');
    const r = await call('POST', '/batch', { projectId: w.projectP, name: 'Cameras', subjects: [walk, street] });
    expect(r.body.msg, JSON.stringify(r.body)).toBe('ok');
    expect(r.body.data).toMatchObject({ created: 2, duplicates: [], refused: [], warnings: [], batch: { subjectCount: 2 } });
    const items = await list(r.body.data.batch.id);
    expect(items.map((i) => [i.name, i.recordType, i.frameCount])).toEqual([['walk.mp4', 'video', 75], ['street.webm', 'video', 75]]);
    expect(items[0]!.duration).toBe(2.5);
    expect(items[1]!.duration).toBeCloseTo(2.5, 2);
    expect((await call('GET', `/project/${w.projectP}/subject/list/count?recordType=video`)).body.data.count).toBe(2);

    const mp4 = await detail(items[0]!.dataId);
    expect(mp4.video).toEqual({
      key: walk.frames[0]!.key, container: 'mp4', codec: expect.stringMatching(/^avc1\./), width: 320, height: 240, rotation: 0,
      frameRate: 30, variableFrameRate: false, fileFrames: 75, firstFrame: 0, frameCount: 75, duration: 2.5, timesKey: `${walk.frames[0]!.key}.times.json`,
    });
    // The frame times the workspace seeks by are the container's own: ffprobe's packet times, sorted.
    expect(JSON.parse((await stored(mp4.video.timesKey)).toString())).toEqual({ version: 1, times: probed.get('walk.mp4') });
    expect(mp4.frames).toHaveLength(75);
    expect(mp4.frames.map((f: { index: number }) => f.index)).toEqual([...Array(75).keys()]);
    expect(new Set(mp4.frames.map((f: { key: string; width: number; height: number }) => `${f.key} ${f.width}x${f.height}`))).toEqual(new Set([`${walk.frames[0]!.key} 320x240`]));
    expect([mp4.frames[0].fileName, mp4.frames[74].fileName]).toEqual(['walk/000000.png', 'walk/000074.png']);
    // The file's bytes are the item's, shared out over its frames: sums stay true.
    expect(mp4.sizeBytes).toBe(walk.frames[0]!.sizeBytes);
    expect(mp4.frames.reduce((n: number, f: { sizeBytes: number }) => n + f.sizeBytes, 0)).toBe(walk.frames[0]!.sizeBytes);

    const webm = await detail(items[1]!.dataId);
    expect(webm.video).toMatchObject({ container: 'webm', codec: expect.stringMatching(/^vp09\./), width: 320, height: 240, rotation: 0, variableFrameRate: false, fileFrames: 75, frameCount: 75 });
    expect(webm.video.frameRate).toBeCloseTo(30, 1);
    expect(JSON.parse((await stored(webm.video.timesKey)).toString()).times).toEqual(probed.get('street.webm'));
  });

  it('splits a video by frames or by seconds with an overlap; the same split again is a duplicate, another split is not', async () => {
    await frameWorld();
    const walk = await uploaded('walk.mp4');
    const byFrames = { videoSplit: { unit: 'frames', length: 30, overlap: 5 } };
    const first = await add(await emptyBatch(), [walk], byFrames);
    expect(first.body.data).toMatchObject({ created: 3, duplicates: [] });
    const items = await list(first.body.data.batch.id);
    expect(items.map((i) => i.name)).toEqual(['walk.mp4 · 0–29', 'walk.mp4 · 25–54', 'walk.mp4 · 50–74']);
    const videos = await Promise.all(items.map(async (i) => (await detail(i.dataId)).video));
    expect(videos.map((v) => [v.firstFrame, v.frameCount, v.fileFrames])).toEqual([[0, 30, 75], [25, 30, 75], [50, 25, 75]]);
    expect((await detail(items[1]!.dataId)).frames[0].fileName).toBe('walk/000025.png');
    // The overlap's bytes are counted once: the items add up to the file.
    expect(items.reduce((n, i) => n + i.sizeBytes, 0)).toBe(walk.frames[0]!.sizeBytes);

    const again = await add(await emptyBatch(), [walk], byFrames);
    expect(again.body.data.created).toBe(0);
    expect(again.body.data.duplicates.map((d: { index: number; name: string; existingDataId: number }) => [d.index, d.name, d.existingDataId])).toEqual(items.map((i) => [0, i.name, i.dataId]));
    const other = await add(await emptyBatch(), [walk], { videoSplit: { unit: 'frames', length: 40 } });
    expect(other.body.data).toMatchObject({ created: 2, duplicates: [] });

    // By seconds: an item is the frames of one second from its first, the next starts 3 frames before it ends.
    const street = await uploaded('street.webm');
    const bySeconds = await add(await emptyBatch(), [street], { videoSplit: { unit: 'seconds', length: 1, overlap: 3 } });
    expect(bySeconds.body.data.created).toBe(3);
    const parts = await list(bySeconds.body.data.batch.id);
    expect(parts.map((i) => [i.name, i.frameCount])).toEqual([['street.webm · 0–29', 30], ['street.webm · 27–56', 30], ['street.webm · 54–74', 21]]);

    const overlapTooLong = await add(await emptyBatch(), [walk], { videoSplit: { unit: 'frames', length: 5, overlap: 5 } });
    expect({ status: overlapTooLong.status, msg: overlapTooLong.body.msg }).toEqual({ status: 400, msg: 'error.subject.videoSplitOverlap' });
  });

  it('refuses each file that is not a whole video the workspace decodes, with its reason, and leaves nothing of it behind', async () => {
    await frameWorld();
    const names = ['walk-fast.mp4', 'notes.mp4', 'sound.m4a', 'cut.mp4', 'cut-fast.mp4', 'cut.webm', 'old.mp4', 'cut-open.mp4', 'huge-index.mp4'];
    const subjects = await Promise.all(names.map((n) => uploaded(n)));
    const keyOf = (i: number) => subjects[i]!.frames[0]!.key;
    const r = await add(await emptyBatch(), subjects);
    expect(r.body.msg, JSON.stringify(r.body)).toBe('ok');
    expect(r.body.data.created).toBe(1);
    expect(r.body.data.refused).toEqual([
      { index: 1, name: 'notes.mp4', key: keyOf(1), reason: 'notVideo', media: 'video' },
      { index: 2, name: 'sound.m4a', key: keyOf(2), reason: 'noVideoStream', media: 'video', format: 'mp4' },
      // the index ffmpeg writes last never arrived
      { index: 3, name: 'cut.mp4', key: keyOf(3), reason: 'truncated', media: 'video' },
      // the index is whole, the box of the frames it names runs past the end
      { index: 4, name: 'cut-fast.mp4', key: keyOf(4), reason: 'truncated', media: 'video' },
      { index: 5, name: 'cut.webm', key: keyOf(5), reason: 'truncated', media: 'video' },
      { index: 6, name: 'old.mp4', key: keyOf(6), reason: 'unsupportedCodec', media: 'video', format: 'mp4', codec: 'mp4v' },
      // the index names frames past the end: the last one's bytes are not there
      { index: 7, name: 'cut-open.mp4', key: keyOf(7), reason: 'truncated', media: 'video', format: 'mp4' },
      { index: 8, name: 'huge-index.mp4', key: keyOf(8), reason: 'tooManyFrames', media: 'video' },
    ]);
    const db = s.app.ctx.db;
    const inProject = await db.selectFrom('subjects').select('name').where('project_id', '=', w.projectP).execute();
    expect(inProject.map((x) => x.name)).toEqual(['walk-fast.mp4']);
    const refusedKeys = subjects.slice(1).map((x) => x.frames[0]!.key);
    expect(await db.selectFrom('subject_frames').select('id').where('object_key', 'in', refusedKeys).execute()).toEqual([]);
    expect(await db.selectFrom('subject_videos').select('subject_id').where('object_key', 'in', refusedKeys).execute()).toEqual([]);
    for (const key of refusedKeys) expect(await s.app.ctx.storage.head(`${key}.times.json`)).toBeNull();
    expect(await s.app.ctx.storage.head(`${keyOf(0)}.times.json`)).not.toBeNull();

    // A video into an image project: the whole call is refused, nothing written.
    const q = await emptyBatch(w.projectQ, w.users.ownerB.id);
    const intoImages = await add(q, [await uploaded('walk.mp4', w.projectQ)], {}, w.projectQ, w.users.ownerB.token);
    expect({ status: intoImages.status, msg: intoImages.body.msg }).toEqual({ status: 400, msg: 'error.subject.videoNeedsFrameProject' });
    expect(await db.selectFrom('subjects').select('id').where('project_id', '=', w.projectQ).execute()).toEqual([]);
    expect(await s.app.ctx.storage.list(`dataset/${w.projectQ}/`)).toEqual([expect.stringMatching(/walk\.mp4$/)]);
  });

  it('takes a variable-frame-rate video with a warning; a pre-annotation job refuses it', async () => {
    await frameWorld();
    const phone = await uploaded('phone.mp4');
    const r = await add(await emptyBatch(), [phone]);
    expect(r.body.data).toMatchObject({ created: 1, refused: [] });
    expect(r.body.data.warnings).toEqual([{ index: 0, name: 'phone.mp4', key: phone.frames[0]!.key, warning: 'variableFrameRate' }]);
    const [item] = await list(r.body.data.batch.id);
    const d = await detail(item!.dataId);
    expect(d.video).toMatchObject({ variableFrameRate: true, fileFrames: 60, frameCount: 60 });
    expect(JSON.parse((await stored(d.video.timesKey)).toString()).times).toEqual(probed.get('phone.mp4'));
    const task = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [w.users.owner.id] }], subjects: 0 });
    const now = s.app.ctx.now();
    const ts = await s.app.ctx.db
      .insertInto('task_subjects')
      .values({ task_id: task.taskId, project_id: w.projectP, subject_id: item!.dataId, workflow_id: task.steps[0]!.workflowId, step_index: 0, state: 'pending', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const preAnnotate = await call('POST', '/ai/predict', { projectId: w.projectP, taskSubjectIds: [ts.id] });
    expect({ status: preAnnotate.status, msg: preAnnotate.body.msg }).toEqual({ status: 422, msg: 'error.ai.videoNotSupported' });
    // its frames in an export with media: server-video-export.test.ts
  });
});
