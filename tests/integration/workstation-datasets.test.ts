import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetJob } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../../src-main/config';
import { createServices, type Services } from '../../src-main/services';
import { buildWorld, type World } from '../support/world';
import { startObsServer, type ObsServer } from '../support/obsServer';
import sharp from 'sharp';
import { maxLevelOf, overviewLevelOf, pyramidLevel, pyramidManifestKey, pyramidTileKey } from '../../src-shared/model/imagePyramid';

const DEMO = path.resolve(import.meta.dirname, '../../resources/demo-images');
const demo = fs.readdirSync(DEMO).filter((f) => f.endsWith('.png') || f.endsWith('.jpg'));

/** A folder as annotators bring them: images in subfolders, a frame sequence, files that are not images. */
function dataset(root: string): { photos: string; seqs: string } {
  const photos = path.join(root, 'photos');
  const seqs = path.join(root, 'seqs');
  fs.mkdirSync(path.join(photos, 'sub'), { recursive: true });
  fs.mkdirSync(path.join(photos, '.cache'), { recursive: true });
  fs.mkdirSync(seqs, { recursive: true });
  fs.copyFileSync(path.join(DEMO, demo[0]!), path.join(photos, 'a.png'));
  fs.copyFileSync(path.join(DEMO, demo[1]!), path.join(photos, 'b.png'));
  fs.copyFileSync(path.join(DEMO, demo[2]!), path.join(photos, 'sub', 'c.png'));
  fs.copyFileSync(path.join(DEMO, demo[3]!), path.join(photos, '.cache', 'thumb.png'));
  fs.writeFileSync(path.join(photos, 'readme.txt'), 'not an image');
  for (const [i, n] of ['0001', '0002', '0010'].entries()) fs.copyFileSync(path.join(DEMO, demo[i]!), path.join(seqs, `cam1_${n}.png`));
  fs.copyFileSync(path.join(DEMO, demo[4]!), path.join(seqs, 'cam2_0001.png'));
  return { photos, seqs };
}

describe('local datasets: scan, import, pause, resume after a restart, cancel (S3 mode on Ceph RGW)', () => {
  let s: ObsServer;
  let serverUrl: string;
  let w: World;
  const running: Services[] = [];
  let root: string;

  const start = async (dataDir: string) => {
    const services = createServices(workstationConfigFromEnv('node', '0.0.0-test', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: serverUrl }));
    running.push(services);
    const me = w.users.owner;
    void services.handlers['session.set']({ tokenName: 'x-annot-token', tokenValue: me.token, user: { id: me.id, name: 'Owner', mobile: me.mobile } });
    // The user chose the folder the datasets are in (docs/security.md: the chosen-folders rule).
    await services.handlers['app.allowFolder']({ path: root });
    return services;
  };
  const until = async (services: Services, jobId: string, states: DatasetJob['state'][]) => {
    let job: DatasetJob | undefined;
    await expect
      .poll(async () => {
        job = (await services.handlers['datasets.jobs']({})).find((j) => j.jobId === jobId);
        return job?.state;
      }, { timeout: 20_000, interval: 20 })
      .toSatisfy((st) => states.includes(st as DatasetJob['state']));
    return job!;
  };

  beforeAll(async () => {
    s = await startObsServer('sqlite', 's3');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    w = await buildWorld(s.app.ctx);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-datasets-'));
  });
  afterAll(async () => {
    for (const x of running) await x.close();
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('scans images one subject each and frame sequences by folder and name stem, in natural order', async () => {
    const { photos, seqs } = dataset(path.join(root, 'scan'));
    const ws = await start(path.join(root, 'ws-scan'));
    const images = await ws.handlers['datasets.scan']({ paths: [photos], recordType: 'image' });
    expect(images).toMatchObject({ subjects: 3, files: 3, ignored: 1 });
    expect(images.sample.map((x) => x.name)).toEqual(['photos/a.png', 'photos/b.png', 'photos/sub/c.png']);
    const frames = await ws.handlers['datasets.scan']({ paths: [seqs], recordType: 'frame' });
    expect(frames.sample.map((x) => [x.name, x.files.map((f) => path.basename(f.path))])).toEqual([
      ['seqs/cam1', ['cam1_0001.png', 'cam1_0002.png', 'cam1_0010.png']],
      ['seqs/cam2', ['cam2_0001.png']],
    ]);
    await expect(ws.handlers['datasets.scan']({ paths: ['relative/path'], recordType: 'image' })).rejects.toMatchObject({ code: 'BAD_ARGS' });
  });

  it('imports a folder into a new batch, and a second import of it skips everything the project has', async () => {
    const { photos, seqs } = dataset(path.join(root, 'import'));
    const ws = await start(path.join(root, 'ws-import'));
    const started = await ws.handlers['datasets.import']({ projectId: w.projectP, batchName: 'Street photos', paths: [photos, seqs], recordType: 'image' });
    const done = await until(ws, started.jobId, ['done', 'failed']);
    // The sequence folder repeats three of the photos: the same content is one subject.
    expect(done).toMatchObject({ state: 'done', subjects: 7, registeredSubjects: 4, skippedSubjects: 3, error: null });
    const batch = await s.call({ method: 'GET', url: `/core/project/${w.projectP}/subject/count/${done.batchId}`, token: w.users.owner.token });
    expect(batch.body.data).toEqual({ count: 4 });
    const listed = await s.call({ method: 'GET', url: `/core/project/${w.projectP}/subject/list?batchId=${done.batchId}&pageSize=10`, token: w.users.owner.token });
    const key = listed.body.data.list[0].firstFrame.key as string;
    // Each frame carries its pixel size, read from the file's header (exports need it): `file` says astronaut.png is 512 x 512.
    const sizes = Object.fromEntries(listed.body.data.list.map((x: { name: string; firstFrame: { width: number; height: number } }) => [x.name, [x.firstFrame.width, x.firstFrame.height]]));
    expect(Object.values(sizes).every(([wd, ht]) => wd > 0 && ht > 0)).toBe(true);
    // a.png is a copy of the first demo image, astronaut.png.
    expect(Object.entries(sizes).find(([name]) => /(^|\/)a(\.png)?$/.test(name))?.[1]).toEqual(demo[0] === 'astronaut.png' ? [512, 512] : expect.anything());
    await expect(s.s3!.admin.send(new HeadObjectCommand({ Bucket: s.s3!.bucket, Key: `tenant-t/${key}` }))).resolves.toMatchObject({ ContentType: 'image/png' });

    const again = await ws.handlers['datasets.import']({ projectId: w.projectP, batchName: 'Street photos again', paths: [photos, seqs], recordType: 'image' });
    expect(await until(ws, again.jobId, ['done', 'failed'])).toMatchObject({ state: 'done', skippedSubjects: 7, registeredSubjects: 0, uploadedFiles: 0 });
  });

  it('stores a Deep Zoom pyramid next to an image too large to decode in one piece', async () => {
    const folder = path.join(root, 'panorama');
    fs.mkdirSync(folder);
    // 17,000 x 400: red on the left third, green after, as a scanned strip or a panorama would be.
    const width = 17_000;
    const height = 400;
    const red = await sharp({ create: { width: 6000, height, channels: 3, background: '#ff0000' } }).png().toBuffer();
    await sharp({ create: { width, height, channels: 3, background: '#00ff00' } }).composite([{ input: red, left: 0, top: 0 }]).png().toFile(path.join(folder, 'strip.png'));
    const ws = await start(path.join(root, 'ws-pyramid'));
    const started = await ws.handlers['datasets.import']({ projectId: w.projectP, batchName: 'Panoramas', paths: [folder], recordType: 'image' });
    expect(await until(ws, started.jobId, ['done', 'failed'])).toMatchObject({ state: 'done', registeredSubjects: 1, error: null });
    const listed = await s.call({ method: 'GET', url: `/core/project/${w.projectP}/subject/list?batchId=${(await until(ws, started.jobId, ['done'])).batchId}&pageSize=10`, token: w.users.owner.token });
    const frame = listed.body.data.list[0].firstFrame as { key: string; width: number; height: number };
    expect([frame.width, frame.height]).toEqual([width, height]);
    const head = (key: string) => s.s3!.admin.send(new HeadObjectCommand({ Bucket: s.s3!.bucket, Key: `tenant-t/${key}` }));
    await expect(head(pyramidManifestKey(frame.key))).resolves.toMatchObject({ ContentType: 'application/xml' });
    // Every tile of the full-size level and the one-tile overview is there, as the workspace will ask for them.
    const full = pyramidLevel(width, height, maxLevelOf(width, height));
    expect(full.cols).toBe(17);
    for (let col = 0; col < full.cols; col++) await expect(head(pyramidTileKey(frame.key, full.level, col, 0))).resolves.toMatchObject({ ContentType: 'image/jpeg' });
    await expect(head(pyramidTileKey(frame.key, overviewLevelOf(width, height), 0, 0))).resolves.toMatchObject({ ContentType: 'image/jpeg' });
    await expect(head(pyramidTileKey(frame.key, full.level, full.cols, 0))).rejects.toThrow();

    // A file whose header says 20,000 px but which is cut after it is refused before upload,
    // by name and reason; the import itself finishes.
    const broken = path.join(root, 'broken');
    fs.mkdirSync(broken);
    const header = await sharp({ create: { width: 20_000, height: 10, channels: 3, background: '#000000' } }).png().toBuffer();
    fs.writeFileSync(path.join(broken, 'cut.png'), header.subarray(0, 60));
    const cut = await ws.handlers['datasets.import']({ projectId: w.projectP, batchName: 'Broken panoramas', paths: [broken], recordType: 'image' });
    expect(await until(ws, cut.jobId, ['done', 'failed'])).toMatchObject({
      state: 'done', registeredSubjects: 0, uploadedFiles: 0, refusedSubjects: 1, error: null,
      refused: [{ name: 'broken/cut.png', file: path.join(broken, 'cut.png'), reason: 'truncated', format: 'png' }],
    });
  });

  it('pauses, survives an app restart paused, resumes where it was, and a cancel leaves no batch', async () => {
    const big = path.join(root, 'big');
    fs.mkdirSync(big);
    // Distinct files (each its own subject), enough that a pause lands midway with one upload at a time.
    for (let i = 0; i < 30; i++) fs.writeFileSync(path.join(big, `frame_${String(i).padStart(3, '0')}.png`), Buffer.concat([fs.readFileSync(path.join(DEMO, demo[i % demo.length]!)), Buffer.from([i])]));
    const dataDir = path.join(root, 'ws-pause');
    const ws = await start(dataDir);
    const files: string[] = [];
    ws.events.on('datasets.file', (e) => files.push(e.path));
    const job = await ws.handlers['datasets.import']({ projectId: w.projectP, batchName: 'Paused batch', paths: [big], recordType: 'image', concurrency: 1 });
    await expect.poll(() => files.length, { timeout: 20_000, interval: 5 }).toBeGreaterThan(2);
    await ws.handlers['datasets.pause']({ jobId: job.jobId });
    const paused = await until(ws, job.jobId, ['paused']);
    await new Promise((r) => setTimeout(r, 300));
    const uploadedAtPause = (await ws.handlers['datasets.jobs']({})).find((j) => j.jobId === job.jobId)!.uploadedFiles;
    expect(uploadedAtPause).toBeLessThan(30);
    expect(paused.batchId).toBeNull();
    await ws.close();

    const again = await start(dataDir);
    const listed = (await again.handlers['datasets.jobs']({})).find((j) => j.jobId === job.jobId)!;
    expect(listed).toMatchObject({ state: 'paused', subjects: 30 });
    expect(listed.uploadedFiles).toBeGreaterThanOrEqual(uploadedAtPause - 1);
    const uploadedAgain: string[] = [];
    again.events.on('datasets.file', (e) => uploadedAgain.push(e.path));
    await again.handlers['datasets.resume']({ jobId: job.jobId });
    expect(await until(again, job.jobId, ['done', 'failed'])).toMatchObject({ state: 'done', registeredSubjects: 30 });
    // Only what was missing went up after the restart.
    expect(uploadedAgain.length).toBeLessThanOrEqual(30 - uploadedAtPause + 1);

    const other = path.join(root, 'cancel');
    fs.mkdirSync(other);
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(other, `c_${i}.png`), Buffer.concat([fs.readFileSync(path.join(DEMO, demo[0]!)), Buffer.from(`c${i}`)]));
    const doomed = await again.handlers['datasets.import']({ projectId: w.projectP, batchName: 'Cancelled batch', paths: [other], recordType: 'image', concurrency: 1 });
    await expect.poll(() => uploadedAgain.length, { timeout: 20_000, interval: 5 }).toBeGreaterThan(30 - uploadedAtPause + 2);
    expect(await again.handlers['datasets.cancel']({ jobId: doomed.jobId })).toMatchObject({ state: 'cancelled', batchId: null });
    const names = await s.call({ method: 'POST', url: '/core/batch/query/batchName', token: w.users.owner.token, payload: { projectId: w.projectP, name: 'Cancelled batch' } });
    expect(names.body.data).toMatchObject({ available: true });
  });
});
