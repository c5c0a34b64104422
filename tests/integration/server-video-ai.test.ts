import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { buildTask } from '../support/taskFixture';
import { aiOntology } from '../support/aiFixture';
import { makeFrameNumberVideo, readFrameNumber } from '../support/frameNumberVideo';
import { framePictureKey } from '../../src-server/media/videoFramePictures';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-video-ai-'));
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  await Promise.all([
    // H.264 with B-frames: decode order is not presentation order
    makeFrameNumberVideo(file('walk.mp4'), { frames: 75 }),
    makeFrameNumberVideo(file('plain.mp4'), { frames: 40 }),
  ]);
  // A sound track from 0 s and the picture from 0.7 s, as a camera that starts recording sound first:
  // frame n is at 0.7 s + n/30, and a seek from the file's start would land 21 frames early.
  await run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=3', '-itsoffset', '0.7', '-i', file('plain.mp4'), '-map', '0:a', '-map', '1:v', '-c:v', 'copy', '-c:a', 'aac', file('late.mp4')]);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * AI on video items (docs/video.md, "Video frames on the server"): the model service reads a
 * video's frame as a picture the server decodes with ffmpeg, and that picture is the frame of
 * that number, as the workspace shows it.
 */
// On SQLite only: what is tested is the frames ffmpeg decodes for the model; the item's video row
// is read by the same code on both databases (server-video-import.test.ts runs on both).
describe.each(DB_KINDS.filter((k) => k === 'sqlite'))('AI on a video item\'s frames, on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    await s.app.ctx.db.updateTable('projects').set({ type: 'frame' }).where('id', '=', w.projectP).execute();
    await aiOntology(s.app.ctx, w.projectP, w.users.owner.id);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) => s.call({ method, url: `/core${url}`, token: w.users.owner.token, ...(payload ? { payload } : {}) });
  /** The file imported as video items (split as asked), each put in a task of its own: its frames' ids and its task item. */
  const imported = async (name: string, videoSplit?: object) => {
    const bytes = fs.readFileSync(file(name));
    const key = `dataset/${w.projectP}/videos/${crypto.randomUUID()}/${name}`;
    await s.app.ctx.storage.put(key, bytes, 'video/mp4');
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const r = await call('POST', '/batch', { projectId: w.projectP, name: `Videos ${crypto.randomUUID()}`, subjects: [{ name, recordType: 'video', frames: [{ key, sizeBytes: bytes.length, sha256 }] }], ...(videoSplit ? { videoSplit } : {}) });
    expect(r.body.msg, JSON.stringify(r.body)).toBe('ok');
    const items = (await call('GET', `/project/${w.projectP}/subject/list?batchId=${r.body.data.batch.id}&pageSize=100`)).body.data.list as { dataId: number }[];
    const task = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [w.users.owner.id] }], subjects: 0 });
    const out = [];
    for (const item of items) {
      const d = (await call('GET', `/project/${w.projectP}/subject/${item.dataId}`)).body.data;
      const now = s.app.ctx.now();
      const ts = await s.app.ctx.db
        .insertInto('task_subjects')
        .values({ task_id: task.taskId, project_id: w.projectP, subject_id: item.dataId, workflow_id: task.steps[0]!.workflowId, step_index: 0, state: 'pending', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      out.push({ key, taskSubjectId: ts.id, firstFrame: d.video.firstFrame as number, frameIds: (d.frames as { frameId: number }[]).map((f) => f.frameId) });
    }
    return out;
  };
  /** The number shown in the stored picture of the file's frame n. */
  const pictureNumber = async (key: string, n: number) => {
    const chunks: Buffer[] = [];
    for await (const c of await s.app.ctx.storage.get(framePictureKey(key, n))) chunks.push(c as Buffer);
    const { data, info } = await sharp(Buffer.concat(chunks)).raw().toBuffer({ resolveWithObject: true });
    return readFrameNumber(data, info.width, info.height, info.channels as 3);
  };
  const boxFeature = async () => (await s.app.ctx.db.selectFrom('ontology_features as f').innerJoin('ontologies as o', 'o.id', 'f.ontology_id').select('f.id').where('o.project_id', '=', w.projectP).where('f.tool', '=', 'box').executeTakeFirstOrThrow()).id;
  const follow = async (item: { taskSubjectId: number; frameIds: number[] }, at: number, frames: number, backward = false) =>
    call('POST', '/ai/annotate/prediction', {
      taskSubjectId: item.taskSubjectId,
      frameId: item.frameIds[at],
      tool: 'tracking',
      frames,
      ...(backward ? { backward: true } : {}),
      objects: [{ id: 'a', featureId: await boxFeature(), labelId: 'person', tool: 'box', box: { x: 100, y: 80, width: 60, height: 50 } }],
    });

  it('follows a box forward and backward in an item that starts mid-file, on pictures of exactly the frames named', { timeout: 120_000 }, async () => {
    // 75 frames in items of 30 with 5 shared: 0-29, 25-54, 50-74
    const [, second] = await imported('walk.mp4', { unit: 'frames', length: 30, overlap: 5 });
    expect(second!.firstFrame).toBe(25);
    const ahead = await follow(second!, 2, 5);
    expect(ahead.body.msg, JSON.stringify(ahead.body)).toBe('ok');
    expect(ahead.body.data.frames.map((f: { frameId: number }) => f.frameId)).toEqual(second!.frameIds.slice(3, 8));
    const back = await follow(second!, 2, 2, true);
    expect(back.body.msg, JSON.stringify(back.body)).toBe('ok');
    expect(back.body.data.frames.map((f: { frameId: number }) => f.frameId)).toEqual([second!.frameIds[1], second!.frameIds[0]]);
    // Every frame the service read (the item's frames 0 to 7: the file's 25 to 32) shows its own number.
    const numbers = [];
    for (let n = 25; n <= 32; n++) numbers.push(await pictureNumber(second!.key, n));
    expect(numbers).toEqual([25, 26, 27, 28, 29, 30, 31, 32]);
  });

  it('reads the right frame of a file whose picture starts after its sound, and answers Detect on it', { timeout: 60_000 }, async () => {
    const [late] = await imported('late.mp4');
    const detect = await call('POST', '/ai/annotate/prediction', { taskSubjectId: late!.taskSubjectId, frameId: late!.frameIds[10], tool: 'box' });
    expect(detect.body.msg, JSON.stringify(detect.body)).toBe('ok');
    expect(await pictureNumber(late!.key, 10)).toBe(10);
  });

  it('says, translated, that the server needs ffmpeg when it has none, and still answers frames decoded before', { timeout: 60_000 }, async () => {
    const [plain] = await imported('plain.mp4');
    expect((await follow(plain!, 0, 1)).body.msg).toBe('ok');
    const media = s.app.ctx.config.media;
    const had = media.ffmpegPath;
    media.ffmpegPath = path.join(dir, 'no-ffmpeg-here');
    try {
      const missing = await call('POST', '/ai/annotate/prediction', { taskSubjectId: plain!.taskSubjectId, frameId: plain!.frameIds[20], tool: 'box' });
      expect({ status: missing.status, msg: missing.body.msg }).toEqual({ status: 503, msg: 'error.ai.videoNeedsFfmpeg' });
      // frames 0 and 1 were decoded by the call before: kept in the store, read without ffmpeg
      expect((await call('POST', '/ai/annotate/prediction', { taskSubjectId: plain!.taskSubjectId, frameId: plain!.frameIds[1], tool: 'box' })).body.msg).toBe('ok');
    } finally {
      media.ffmpegPath = had;
    }
  });
});
