import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../support/world';
import { startObsServer, storedBytes, type ObsServer } from '../support/obsServer';
import { S3Proxy } from '../support/s3Proxy';
import { startWorkstationStorage, tempFile, type WorkstationStorage } from '../support/workstationStorage';
import { failure } from '../support/callFailure';

const MB = 1024 * 1024;

/** The workstation's storage layer against the team server in S3 mode, on the test Ceph RGW. */
describe('workstation storage in S3 mode on Ceph RGW', () => {
  let s: ObsServer;
  let serverUrl: string;
  let w: World;
  let ws: WorkstationStorage;
  const opened: WorkstationStorage[] = [];
  const open = (...args: Parameters<typeof startWorkstationStorage>) => {
    const x = startWorkstationStorage(...args);
    opened.push(x);
    return x;
  };
  const stored = (key: string) => storedBytes(s.s3!, key);

  beforeAll(async () => {
    s = await startObsServer('sqlite', 's3');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    opened.forEach((x) => x.close());
    await s?.close();
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
    ws = open(serverUrl, w.users.owner);
  });

  it('refuses every transfer before init, then uploads and downloads small and multipart files with progress', async () => {
    const small = tempFile(ws.dataDir, 'small.png', 300 * 1024);
    expect(await failure(ws.handlers['storage.upload']({ file: small, key: `dataset/${w.projectP}/small.png` }))).toEqual({ code: 'NotInitialised', message: 'S3 not enabled, call init first' });
    expect(await failure(ws.handlers['storage.download']({ key: `dataset/${w.projectP}/small.png`, file: small }))).toMatchObject({ code: 'NotInitialised' });

    const status = await ws.handlers['storage.init']({});
    expect(status).toMatchObject({ initialised: true, mode: 's3', bucket: s.s3!.bucket, partSize: 5 * MB, queueSize: 4 });
    // The token sits in the session cache under its default name.
    expect(JSON.parse(ws.storage.service.cache.get('S3-LINK-MSG')!)).toMatchObject({ bucketName: s.s3!.bucket, rootPrefix: 'tenant-t' });

    const up = await ws.handlers['storage.upload']({ transferId: 'small-1', file: small, key: `/dataset/${w.projectP}/small.png` });
    expect(up).toMatchObject({ transferId: 'small-1', size: 300 * 1024, mode: 's3', resumedBytes: 0 });
    expect((await stored(`dataset/${w.projectP}/small.png`)).equals(fs.readFileSync(small))).toBe(true);
    const head = await s.s3!.admin.send(new HeadObjectCommand({ Bucket: s.s3!.bucket, Key: `tenant-t/dataset/${w.projectP}/small.png` }));
    expect(head.ContentType).toBe('image/png');

    const big = tempFile(ws.dataDir, 'big.bin', 12 * MB + 123, 7);
    await ws.handlers['storage.upload']({ transferId: 'big-1', file: big, key: `dataset/${w.projectP}/big.bin` });
    expect((await stored(`dataset/${w.projectP}/big.bin`)).equals(fs.readFileSync(big))).toBe(true);
    const last = ws.progress.filter((p) => p.transferId === 'big-1').at(-1)!;
    expect(last).toMatchObject({ direction: 'upload', loaded: 12 * MB + 123, total: 12 * MB + 123, percent: 100 });
    expect(last.bps).toBeGreaterThan(0);

    const back = path.join(ws.dataDir, 'back.bin');
    const down = await ws.handlers['storage.download']({ transferId: 'down-1', key: `dataset/${w.projectP}/big.bin`, file: back });
    expect(down.size).toBe(12 * MB + 123);
    expect(fs.readFileSync(back).equals(fs.readFileSync(big))).toBe(true);
    expect(ws.progress.filter((p) => p.transferId === 'down-1').at(-1)).toMatchObject({ direction: 'download', percent: 100 });
  });

  it('names the SDK\'s errors and its own: a missing key, a bad key, a slash in the bucket, a foreign folder', async () => {
    await ws.handlers['storage.init']({});
    const file = path.join(ws.dataDir, 'x.bin');
    expect(await failure(ws.handlers['storage.download']({ key: `dataset/${w.projectP}/absent.png`, file }))).toMatchObject({ code: 'NoSuchKey' });
    expect(fs.existsSync(file) || fs.existsSync(`${file}.download`)).toBe(false);
    const f = tempFile(ws.dataDir, 'f.bin', 1000);
    expect(await failure(ws.handlers['storage.upload']({ file: f, key: `dataset/${w.projectP}/../${w.projectQ}/x` }))).toMatchObject({ code: 'InvalidKey' });
    expect(await failure(ws.handlers['storage.upload']({ file: f, key: `dataset/${w.projectQ}/x.bin` }))).toMatchObject({ code: 'AccessDenied' });
    expect(await failure(ws.handlers['storage.upload']({ file: path.join(ws.dataDir, 'nope.bin'), key: `user/${w.users.owner.id}/x` }))).toMatchObject({ code: 'FileNotFound' });
    await ws.handlers['storage.setOverrides']({ overrides: { bucketName: 'a/b' } });
    expect(await failure(ws.handlers['storage.upload']({ file: f, key: `user/${w.users.owner.id}/x` }))).toMatchObject({ code: 'InvalidBucketName', message: 'Bucket names cannot contain a slash' });
    expect(await failure(ws.handlers['storage.init']({ partSize: 5 * MB - 1 }))).toMatchObject({ code: 'EntityTooSmall', message: 'EntityTooSmall' });
    expect(await failure(ws.handlers['storage.init']({ queueSize: 0 }))).toMatchObject({ code: 'QueueSizeTooSmall' });
  });

  it('cancels an upload midway: "Upload aborted", and no parts are left on the server', async () => {
    await ws.handlers['storage.init']({ queueSize: 1 });
    const big = tempFile(ws.dataDir, 'cancel.bin', 30 * MB);
    const key = `user/${w.users.owner.id}/cancel.bin`;
    const running = ws.handlers['storage.upload']({ transferId: 'cancel-1', file: big, key });
    await expect.poll(() => ws.progress.filter((p) => p.transferId === 'cancel-1' && p.loaded > 0).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await ws.handlers['storage.cancel']({ transferId: 'cancel-1' })).toEqual({ cancelled: true });
    expect(await failure(running)).toEqual({ code: 'UploadAborted', message: 'Upload aborted' });
    const uploads = await s.s3!.admin.send(new ListMultipartUploadsCommand({ Bucket: s.s3!.bucket, Prefix: `tenant-t/${key}` }));
    expect(uploads.Uploads ?? []).toEqual([]);
    expect(await ws.handlers['storage.pending']({})).toEqual([]);
  });

  it('cancels a download midway: "Download aborted", and no file is left', async () => {
    await ws.handlers['storage.init']({ queueSize: 1 });
    const big = tempFile(ws.dataDir, 'dl.bin', 40 * MB);
    await ws.handlers['storage.upload']({ file: big, key: `user/${w.users.owner.id}/dl.bin` });
    const file = path.join(ws.dataDir, 'dl-copy.bin');
    const running = ws.handlers['storage.download']({ transferId: 'dl-1', key: `user/${w.users.owner.id}/dl.bin`, file });
    await expect.poll(() => ws.progress.filter((p) => p.transferId === 'dl-1' && p.loaded > 0).length, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
    await ws.handlers['storage.cancel']({ transferId: 'dl-1' });
    expect(await failure(running)).toEqual({ code: 'DownloadAborted', message: 'Download aborted' });
    expect(fs.existsSync(file) || fs.existsSync(`${file}.download`)).toBe(false);
  });

  it('survives the gateway going away mid-upload and an app restart: the next run continues from the parts stored', async () => {
    const proxy = new S3Proxy(s.s3!.endpoint);
    await proxy.start();
    try {
      // Custom overrides (S3-CUSTOM-LINK-MSG) point the token at the hop in front of the gateway.
      await ws.handlers['storage.setOverrides']({ overrides: { endPoint: proxy.url } });
      await ws.handlers['storage.init']({ queueSize: 1 });
      const big = tempFile(ws.dataDir, 'resume.bin', 31 * MB, 3);
      const key = `user/${w.users.owner.id}/resume.bin`;
      const running = ws.handlers['storage.upload']({ transferId: 'resume-1', file: big, key });
      await expect.poll(() => proxy.partPuts, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(3);
      await proxy.stop();
      expect(await failure(running)).toMatchObject({ code: 'UploadRetriesExhausted', message: 'Upload failed after 3 retries' });
      ws.close();

      // The app starts again with the same data folder; the gateway is back.
      await proxy.start();
      const again = open(serverUrl, w.users.owner, { dataDir: ws.dataDir });
      await again.handlers['storage.setOverrides']({ overrides: { endPoint: proxy.url } });
      await again.handlers['storage.init']({ queueSize: 1 });
      expect(await again.handlers['storage.pending']({})).toEqual([expect.objectContaining({ transferId: 'resume-1', file: big, size: 31 * MB })]);
      const done = await again.handlers['storage.resume']({ transferId: 'resume-1' });
      expect(done.resumedBytes).toBeGreaterThanOrEqual(2 * 5 * MB);
      expect(done.resumedBytes % (5 * MB)).toBe(0);
      expect((await stored(key)).equals(fs.readFileSync(big))).toBe(true);
      expect(await again.handlers['storage.pending']({})).toEqual([]);
    } finally {
      await proxy.stop();
    }
  });

  it('fails a part without an ETag with the spec\'s message and hint, keeping the upload to resume', async () => {
    const proxy = new S3Proxy(s.s3!.endpoint);
    await proxy.start();
    proxy.stripPartEtag = true;
    try {
      await ws.handlers['storage.setOverrides']({ overrides: { endPoint: proxy.url } });
      await ws.handlers['storage.init']({ queueSize: 1 });
      const big = tempFile(ws.dataDir, 'etag.bin', 11 * MB);
      const err = await failure(ws.handlers['storage.upload']({ file: big, key: `user/${w.users.owner.id}/etag.bin` }));
      expect(err.code).toBe('PartMissingETag');
      expect(err.message).toMatch(/^Part 1 is missing ETag\. .*CORS.*ETag/);
    } finally {
      await proxy.stop();
    }
  });

  it('never stores a body damaged on the line, without a CRC32 of its own: the signed SHA-256 refuses it and the retry stores the file', async () => {
    const proxy = new S3Proxy(s.s3!.endpoint);
    await proxy.start();
    // The first PUT of each key (the small file's PutObject, the big file's first part) is damaged.
    const damaged = new Set<string>();
    proxy.damage = (req) => req.method === 'PUT' && !damaged.has(req.url!.split('?')[0]!) && !!damaged.add(req.url!.split('?')[0]!);
    try {
      await ws.handlers['storage.setOverrides']({ overrides: { endPoint: proxy.url } });
      await ws.handlers['storage.init']({});
      // PUTs the store answered: one per part, and the damaged one again.
      for (const [name, size, puts] of [['one.bin', 300 * 1024, 2], ['parts.bin', 11 * MB, 4]] as const) {
        const file = tempFile(ws.dataDir, name, size, 5);
        await ws.handlers['storage.upload']({ file, key: `user/${w.users.owner.id}/${name}` });
        expect((await stored(`user/${w.users.owner.id}/${name}`)).equals(fs.readFileSync(file))).toBe(true);
        expect(proxy.seen.filter((r) => r.method === 'PUT' && r.url.includes(`/${name}`))).toHaveLength(puts);
      }
      expect(damaged.size).toBe(2);
    } finally {
      await proxy.stop();
    }
  });

  it('signs URLs a plain fetch can read, within the spec\'s expiry bounds', async () => {
    await ws.handlers['storage.init']({});
    const f = tempFile(ws.dataDir, 'signed.jpg', 2048);
    await ws.handlers['storage.upload']({ file: f, key: `dataset/${w.projectP}/signed.jpg` });
    const signed = await ws.handlers['storage.signedUrl']({ key: `dataset/${w.projectP}/signed.jpg` });
    expect(signed.expiresAt).toBeGreaterThan(Date.now() + 3590_000);
    expect(Buffer.from(await (await fetch(signed.url)).arrayBuffer()).equals(fs.readFileSync(f))).toBe(true);
    expect(await failure(ws.handlers['storage.signedUrl']({ key: `dataset/${w.projectP}/signed.jpg`, expires: 604_801 }))).toMatchObject({ code: 'SignedUrlExpiry' });
    expect((await ws.handlers['storage.signedUrl']({ key: `dataset/${w.projectP}/signed.jpg`, expires: 604_800 })).url).toContain('X-Amz-Expires=604800');
  });

  it('uploads many small files at once, reporting the ones that failed and storing the rest', async () => {
    await ws.handlers['storage.init']({});
    const items = Array.from({ length: 40 }, (_, i) => ({ file: tempFile(ws.dataDir, `m${i}.jpg`, 20_000 + i, i), key: `dataset/${w.projectP}/many/m${i}.jpg` }));
    items.push({ file: path.join(ws.dataDir, 'missing.jpg'), key: `dataset/${w.projectP}/many/missing.jpg` });
    const r = await ws.handlers['storage.uploadMany']({ transferId: 'many-1', items });
    expect(r).toMatchObject({ uploaded: 40, failed: [{ file: path.join(ws.dataDir, 'missing.jpg'), code: 'FileNotFound' }] });
    // Every file as it is on disk: the batch reads files into buffers it reuses, 16 lanes for 40 files.
    for (const [i, item] of items.slice(0, 40).entries()) expect((await stored(`dataset/${w.projectP}/many/m${i}.jpg`)).equals(fs.readFileSync(item.file)), item.file).toBe(true);
  });
});
