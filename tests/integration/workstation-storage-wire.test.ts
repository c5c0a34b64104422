import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildWorld, type World } from '../support/world';
import { startObsServer, storedBytes, type ObsServer } from '../support/obsServer';
import { startWorkstationStorage, tempFile, type WorkstationStorage } from '../support/workstationStorage';

const MB = 1024 * 1024;

/**
 * The requests the storage layer signs and sends itself (s3Wire.ts) against the Ceph gateway:
 * names a user gives files (spaces, Chinese, S3's reserved characters) reach the store as they
 * are and come back byte for byte, in one PUT and in parts; a workstation clock far off the
 * store's still transfers.
 */
describe('signed S3 requests of the workstation on Ceph RGW', () => {
  let s: ObsServer;
  let serverUrl: string;
  let w: World;
  let ws: WorkstationStorage;
  const storedKeys = async (prefix: string) => {
    const page = await s.s3!.admin.send(new ListObjectsV2Command({ Bucket: s.s3!.bucket, Prefix: `${s.s3!.rootPrefix}/${prefix}` }));
    return (page.Contents ?? []).map((c) => c.Key!.slice(s.s3!.rootPrefix.length + 1)).sort();
  };
  const stored = (key: string) => storedBytes(s.s3!, key);

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
    await ws.handlers['storage.init']({});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    ws.close();
  });

  it('stores and brings back files whose names have spaces, Chinese and reserved characters, whole and in parts', async () => {
    const folder = `dataset/${w.projectP}/街景 2026 (final)`;
    const names = ["图片 1!'()*.jpg", 'a+b=c&d;e,f@g$h.png', 'percent%20sign #1~.bin'];
    for (const [i, name] of names.entries()) {
      const file = tempFile(ws.dataDir, `local-${i}.bin`, 200 * 1024 + i, i);
      await ws.handlers['storage.upload']({ file, key: `${folder}/${name}` });
      expect((await stored(`${folder}/${name}`)).equals(fs.readFileSync(file))).toBe(true);
    }
    const big = tempFile(ws.dataDir, 'big.bin', 11 * MB + 7, 3);
    await ws.handlers['storage.upload']({ file: big, key: `${folder}/视频 片段 (2).bin` });
    expect(await storedKeys(folder)).toEqual([...names, '视频 片段 (2).bin'].map((n) => `${folder}/${n}`).sort());

    for (const name of [...names, '视频 片段 (2).bin']) {
      const copy = path.join(ws.dataDir, 'back', name);
      await ws.handlers['storage.download']({ key: `${folder}/${name}`, file: copy });
      expect(fs.readFileSync(copy).equals(await stored(`${folder}/${name}`))).toBe(true);
    }
  });

  it('transfers with the workstation clock 40 minutes fast, taking the store\'s time from its refusal', async () => {
    const real = Date.now.bind(Date);
    // The token source took Date.now when it was made: its expiry checks keep the right time.
    const fast = vi.spyOn(Date, 'now').mockImplementation(() => real() + 40 * 60_000);
    const file = tempFile(ws.dataDir, 'skewed.jpg', 150 * 1024, 4);
    const key = `dataset/${w.projectP}/skewed.jpg`;
    await ws.handlers['storage.upload']({ file, key });
    const copy = path.join(ws.dataDir, 'skewed-back.jpg');
    await ws.handlers['storage.download']({ key, file: copy });
    // The test's own SDK client reads with the right clock (it would learn the wrong one too).
    fast.mockRestore();
    expect((await stored(key)).equals(fs.readFileSync(file))).toBe(true);
    expect(fs.readFileSync(copy).equals(fs.readFileSync(file))).toBe(true);
  });
});
