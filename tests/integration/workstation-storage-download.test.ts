import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../support/world';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { S3Proxy } from '../support/s3Proxy';
import { startWorkstationStorage, tempFile, type WorkstationStorage } from '../support/workstationStorage';
import { failure } from '../support/callFailure';

const MB = 1024 * 1024;

/** A promise with its resolve, for a test to say when something may go on. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The workstation's downloads from S3 through a hop in front of the Ceph gateway that can
 * break a stream or hold a request: a file of one part in one request, an empty object, a
 * stream broken midway resumed from its last byte, an object replaced midway refused.
 */
describe('workstation downloads from S3 on Ceph RGW', () => {
  let s: ObsServer;
  let serverUrl: string;
  let w: World;
  let ws: WorkstationStorage;
  let proxy: S3Proxy;
  const put = (key: string, body: Buffer) => s.s3!.admin.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: `${s.s3!.rootPrefix}/${key}`, Body: body }));
  const gets = () => proxy.seen.filter((r) => r.method === 'GET' && !r.url.includes('list-type'));

  beforeAll(async () => {
    s = await startObsServer('sqlite', 's3');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
    ws = startWorkstationStorage(serverUrl, w.users.owner);
    proxy = new S3Proxy(s.s3!.endpoint);
    await proxy.start();
    await ws.handlers['storage.setOverrides']({ overrides: { endPoint: proxy.url } });
    await ws.handlers['storage.init']({ queueSize: 1 });
  });
  afterEach(async () => {
    ws.close();
    await proxy.stop();
  });

  it('brings a file of one part with one request, and an empty object as an empty file', async () => {
    const original = tempFile(ws.dataDir, 'photo.jpg', 300 * 1024, 5);
    const key = `dataset/${w.projectP}/photo.jpg`;
    await put(key, fs.readFileSync(original));
    const copy = path.join(ws.dataDir, 'copy', 'photo.jpg');
    expect(await ws.handlers['storage.download']({ transferId: 'one-1', key, file: copy })).toMatchObject({ size: 300 * 1024 });
    expect(fs.readFileSync(copy).equals(fs.readFileSync(original))).toBe(true);
    expect(proxy.seen.map((r) => r.method)).toEqual(['GET']);
    expect(ws.progress.filter((p) => p.transferId === 'one-1').at(-1)).toMatchObject({ loaded: 300 * 1024, total: 300 * 1024, percent: 100 });

    await put(`dataset/${w.projectP}/empty.txt`, Buffer.alloc(0));
    const empty = path.join(ws.dataDir, 'empty.txt');
    expect(await ws.handlers['storage.download']({ key: `dataset/${w.projectP}/empty.txt`, file: empty })).toMatchObject({ size: 0 });
    expect(fs.readFileSync(empty).length).toBe(0);
  });

  it('goes on from the last byte on disk when a stream breaks midway', async () => {
    const original = tempFile(ws.dataDir, 'clip.bin', 3 * MB, 9);
    const key = `dataset/${w.projectP}/clip.bin`;
    await put(key, fs.readFileSync(original));
    const file = path.join(ws.dataDir, 'clip-copy.bin');
    // The first answer stops after 1 MB; the line is cut once that much is on disk.
    const onDisk = signal();
    proxy.breakBody = (req) => (req.method === 'GET' && gets().length === 1 ? { bytes: MB, cut: onDisk.promise } : undefined);
    const running = ws.handlers['storage.download']({ key, file });
    await expect.poll(() => fs.statSync(`${file}.download`, { throwIfNoEntry: false })?.size ?? 0, { timeout: 10_000, interval: 5 }).toBe(MB);
    onDisk.resolve();
    expect(await running).toMatchObject({ size: 3 * MB });
    expect(fs.readFileSync(file).equals(fs.readFileSync(original))).toBe(true);
    // The second request asks for the rest only, of the version the first one saw.
    const [first, second] = gets();
    expect(second).toMatchObject({ range: `bytes=${MB}-${3 * MB - 1}`, ifMatch: expect.stringMatching(/.+/) });
    expect(first!.ifMatch).toBeUndefined();
  });

  it('refuses an object replaced between its ranges instead of mixing two versions, and leaves no file', async () => {
    const key = `dataset/${w.projectP}/video.bin`;
    await put(key, fs.readFileSync(tempFile(ws.dataDir, 'v1.bin', 12 * MB, 1)));
    const file = path.join(ws.dataDir, 'video-copy.bin');
    // The second range waits until the object has been replaced.
    const reached = signal();
    const replaced = signal();
    proxy.gate = (req) => {
      if (req.method !== 'GET' || gets().length !== 1) return undefined;
      reached.resolve();
      return replaced.promise;
    };
    const running = ws.handlers['storage.download']({ key, file });
    await reached.promise;
    await put(key, fs.readFileSync(tempFile(ws.dataDir, 'v2.bin', 12 * MB, 2)));
    replaced.resolve();
    expect(await failure(running)).toEqual({ code: 'DownloadFailedStatus', message: 'Download failed with status 412' });
    expect(fs.existsSync(file) || fs.existsSync(`${file}.download`)).toBe(false);
  });
});
