/**
 * Video items' frames as pictures in an export with media (issue 33), on SQLite and PostgreSQL:
 * frame-number videos (H.264 with B-frames, cut with an edit list and split into two items with
 * an overlap; VP9; a variable frame rate) imported through the API and exported as COCO and MOT
 * 1.1 with media; every picture the annotations name is in the zip and is the frame of that
 * number as ffmpeg numbers the file's frames. A file ffmpeg cannot decode, and a server without
 * ffmpeg, give a per-item report entry and an export that is done.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectInput } from '../../src-shared/api/subject';
import type { ExportJob } from '../../src-shared/api/export';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { seededBatch } from '../support/routeSamples/subject';
import { awaitExport, readExportZip } from '../support/exportJobs';
import { ffmpegFrameNumbers, makeFrameNumberVideo, readFrameNumber } from '../support/frameNumberVideo';

const run = promisify(execFile);
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-video-export-'));
const file = (name: string) => path.join(dir, name);

/** What each file's frames show, in ffmpeg's numbering (`-fps_mode passthrough`). */
const numbers = new Map<string, number[]>();

beforeAll(async () => {
  await Promise.all([
    makeFrameNumberVideo(file('whole.mp4'), { frames: 76 }),
    makeFrameNumberVideo(file('street.webm'), { frames: 30, codec: 'vp9' }),
    // frames from 20 on last twice as long
    makeFrameNumberVideo(file('phone.mp4'), { frames: 40, slowFrom: 20 }),
  ]);
  // Cut as `ffmpeg -ss … -c copy` cuts: from the key frame before, with an edit list that starts
  // later (60 frames showing 16 to 75). mediabunny's frame times then differ from ffmpeg's clock
  // by a constant (23 ms), which a seek must not follow.
  await run('ffmpeg', ['-loglevel', 'error', '-ss', '0.51', '-i', file('whole.mp4'), '-c', 'copy', file('walk.mp4')]);
  for (const stem of ['walk', 'street', 'phone']) numbers.set(stem, await ffmpegFrameNumbers(file(`${stem}.${stem === 'street' ? 'webm' : 'mp4'}`), 320, 240));
  expect(numbers.get('walk')).toEqual(Array.from({ length: 60 }, (_, i) => 16 + i));
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The number a picture shows, and its format. */
async function shown(picture: Buffer): Promise<{ format: string | undefined; n: number }> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { format: (await sharp(picture).metadata()).format, n: readFrameNumber(data, info.width, info.height, 3) };
}

/** What ffmpeg shows as frame `frame` of the file `stem`. */
const ffmpegShows = (stem: string, frame: number) => ({ format: 'png', n: numbers.get(stem)![frame] });

/** An item as the export names its frames: its name, its first frame in the file, its frames. */
interface Item {
  name: string;
  first: number;
  count: number;
}

async function setUp(s: TestServer) {
  const w: World = await buildWorld(s.app.ctx);
  await s.app.ctx.db.updateTable('projects').set({ type: 'frame' }).where('id', '=', w.projectP).execute();
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => s.call({ method, url: `/core${url}`, token: w.users.owner.token, ...(payload ? { payload } : {}) });
  const uploaded = async (name: string, from = name): Promise<SubjectInput> => {
    const bytes = fs.readFileSync(file(from));
    const key = `dataset/${w.projectP}/videos/${crypto.randomUUID()}/${name}`;
    await s.app.ctx.storage.put(key, bytes, 'video/mp4');
    return { name, recordType: 'video', frames: [{ key, sizeBytes: bytes.length, sha256: sha256(bytes) }] };
  };
  const add = async (subjects: SubjectInput[], extra: object = {}) => {
    const batchId = (await seededBatch(s.app.ctx, w.projectP, w.users.owner.id, 0, `Videos ${crypto.randomUUID()}`)).batchId;
    const r = await call('POST', `/project/${w.projectP}/subject`, { batchId, subjects, ...extra });
    expect(r.body.msg, JSON.stringify(r.body)).toBe('ok');
    expect(r.body.data.refused).toEqual([]);
    return r.body.data;
  };
  const exportWith = async (format: string, filters: object = {}): Promise<ExportJob> => {
    const started = await call('POST', '/export', { projectId: w.projectP, format, filters, options: { includeMedia: true } });
    expect(started.body.msg, JSON.stringify(started.body)).toBe('ok');
    return awaitExport(s, w.users.owner.token, w.projectP, started.body.data.id, 120_000);
  };
  return { w, uploaded, add, exportWith };
}

// On PostgreSQL only: what is tested is ffmpeg's frames against the names the annotations give;
// the export's database reads are the same code on both, tested on both by the export tests
// (server-track-formats, server-export), and each run here costs the suite ~20 s.
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('video frames in an export with media on %s', (kind) => {
  let s: TestServer;
  let env: Awaited<ReturnType<typeof setUp>>;
  let broken: SubjectInput;
  const items: Item[] = [
    // 60 frames by 32 with 4 of overlap: 0–31 and 28–59, frames 28 to 31 in both
    { name: 'walk.mp4 · 0–31', first: 0, count: 32 },
    { name: 'walk.mp4 · 28–59', first: 28, count: 32 },
  ];
  let walkBatch = 0;

  beforeAll(async () => {
    s = await startTestServer(kind);
    env = await setUp(s);
    walkBatch = (await env.add([await env.uploaded('walk.mp4')], { videoSplit: { unit: 'frames', length: 32, overlap: 4 } })).batch.id;
    broken = await env.uploaded('broken.mp4', 'walk.mp4');
    const taken = await env.add([await env.uploaded('street.webm'), await env.uploaded('phone.mp4'), broken]);
    expect(taken.warnings).toEqual([expect.objectContaining({ name: 'phone.mp4', warning: 'variableFrameRate' })]);
    // stored as a video, then damaged in the store: ffmpeg cannot read it
    await s.app.ctx.storage.put(broken.frames[0]!.key, Buffer.from('no longer a video'), 'video/mp4');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('puts every frame COCO names into images/, each the frame of its number; a file ffmpeg cannot read is reported by name', async () => {
    const job = await env.exportWith('coco');
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.report!.warnings).toEqual([{ code: 'videoFramesFailed', file: 'broken.mp4' }]);
    const { entries } = await readExportZip(s, env.w.users.owner.token, job.objectKey);
    const coco = JSON.parse(entries.get('annotations/instances_default.json')!.toString()) as { images: { file_name: string }[] };
    const named = [...new Set(coco.images.map((i) => i.file_name))].filter((n) => !n.startsWith('broken/'));
    // the overlap's frames are named once by both items
    expect(named).toHaveLength(60 + 30 + 40);
    expect(job.report!.mediaFiles).toBe(named.length);
    for (const name of named) {
      const picture = entries.get(`images/${name}`);
      expect(picture, name).toBeDefined();
      const [, stem, frame] = /^(\w+)\/(\d{6})\.png$/.exec(name)!;
      expect(await shown(picture!), name).toEqual(ffmpegShows(stem!, Number(frame)));
    }
    expect([...entries.keys()].filter((k) => k.startsWith('images/broken/'))).toEqual([]);
  });

  it('files every frame in its class folders (here ImageNet\'s no_label/: no class), a name another video took as the frame\'s whole path', async () => {
    const job = await env.exportWith('imagenet');
    expect(job.status, JSON.stringify(job)).toBe('done');
    // the overlap's frames are one picture; the damaged file's frames cannot be rendered
    expect(job.report!.warnings).toContainEqual({ code: 'videoFramesFailed', file: 'broken.mp4' });
    expect(job.report!.mediaFiles).toBe(60 + 30 + 40);
    const { entries } = await readExportZip(s, env.w.users.owner.token, job.objectKey);
    const pictures = [...entries.keys()];
    expect(pictures.filter((p) => /^no_label\/\d{6}\.png$/.test(p))).toHaveLength(60);
    expect(pictures.filter((p) => p.startsWith('no_label/street_'))).toHaveLength(30);
    expect(pictures.filter((p) => p.startsWith('no_label/phone_'))).toHaveLength(40);
    for (const p of pictures) {
      const [, stem, frame] = /^no_label\/(?:(\w+)_)?(\d{6})\.png$/.exec(p)!;
      expect(await shown(entries.get(p)!), p).toEqual(ffmpegShows(stem ?? 'walk', Number(frame)));
    }
  });

  it('puts each item\'s frames into its MOT sequence\'s img1/, named by MOT frame number (the file\'s frame + 1)', async () => {
    // the split file's items: the second one's frames start in the middle of the file
    const job = await env.exportWith('mot', { batchIds: [walkBatch] });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.report).toMatchObject({ subjects: 2, mediaFiles: 64, warnings: [] });
    const { entries } = await readExportZip(s, env.w.users.owner.token, job.objectKey);
    for (const item of items) {
      const pictures = [...entries.keys()].filter((k) => k.startsWith(`${item.name}/img1/`)).sort();
      expect(pictures, item.name).toEqual(Array.from({ length: item.count }, (_, i) => `${item.name}/img1/${String(item.first + i + 1).padStart(6, '0')}.png`));
      for (const p of pictures) expect(await shown(entries.get(p)!), p).toEqual(ffmpegShows('walk', Number(/(\d{6})\.png$/.exec(p)![1]) - 1));
    }
  });
});

describe('video frames in an export on a server without ffmpeg', () => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('exports the annotations and says per item that its frames need ffmpeg on the server', async () => {
    s = await startTestServer('sqlite', { env: { FFMPEG_PATH: path.join(dir, 'no-such-folder', 'ffmpeg') } });
    const env = await setUp(s);
    await env.add([await env.uploaded('walk.mp4')], { videoSplit: { unit: 'frames', length: 32, overlap: 4 } });
    const job = await env.exportWith('coco');
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.report).toMatchObject({ subjects: 2, frames: 64, mediaFiles: 0 });
    expect(job.report!.warnings).toEqual([
      { code: 'videoFramesNeedFfmpeg', file: 'walk.mp4 · 0–31' },
      { code: 'videoFramesNeedFfmpeg', file: 'walk.mp4 · 28–59' },
    ]);
    const { entries } = await readExportZip(s, env.w.users.owner.token, job.objectKey);
    expect(entries.has('annotations/instances_default.json')).toBe(true);
    expect([...entries.keys()].filter((k) => k.startsWith('images/'))).toEqual([]);
  });
});
