import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageFrameRef, PackageVideoRef } from '../../src-shared/ipc';
import { packageFrameResponse } from '../../src-main/hosts/packageFrameProtocol';
import { packageError } from '../../src-main/services/packages/packageErrors';

/**
 * Electron's `annot-package:` answers (src-main/hosts/packageFrameProtocol.ts), without Electron:
 * a real frame file on disk behind the packages service's open, requests as Chromium makes them
 * for the app's page (origin `null` for a file: page, none for an <img>) and as another origin
 * would. The registration of the scheme itself needs Electron (tests/e2e/electron.spec.ts).
 */
describe('package frames in Electron', () => {
  let dir: string;
  let file: string;
  let video: string;
  const videoBytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  const bytes = Buffer.from('\xff\xd8\xff\xe0 a stored frame, JPEG by its name', 'latin1');
  const opened: PackageFrameRef[] = [];
  const services = {
    runAsCaller: <T,>(_token: string | undefined, fn: () => T) => fn(),
    openPackageFrame: async (ref: PackageFrameRef) => {
      opened.push(ref);
      if (ref.packageId !== 4 || ref.taskSubjectId !== 17 || ref.frameId !== 99) throw packageError('PACKAGE_NOT_FOUND', `no package ${ref.packageId} on this workstation`);
      return { handle: await fs.promises.open(file, 'r'), size: bytes.length, file };
    },
    openPackageVideo: async (ref: PackageVideoRef) => {
      if (ref.packageId !== 4 || ref.taskSubjectId !== 17 || ref.part !== 'file') throw packageError('PACKAGE_ITEM_NOT_FOUND', `no video item ${ref.taskSubjectId}`);
      return { handle: await fs.promises.open(video, 'r'), size: videoBytes.length, file: video };
    },
  };
  const own = (origin: string) => origin === 'null';
  const ask = (url: string, origin?: string, range?: string) =>
    packageFrameResponse(services, new Request(url, { headers: { ...(origin ? { origin } : {}), ...(range ? { range } : {}) } }), own);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-frame-protocol-'));
    file = path.join(dir, 'frame.jpg');
    fs.writeFileSync(file, bytes);
    video = path.join(dir, 'video.mp4');
    fs.writeFileSync(video, videoBytes);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives the app\'s page the stored bytes, readable from its own origin and never cached', async () => {
    const res = await ask('annot-package://frame/4/17/99', 'null');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('null');
    const plain = await ask('annot-package://frame/4/17/99');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    await plain.arrayBuffer();
  });

  it('refuses another origin before any package is looked up', async () => {
    const before = opened.length;
    const res = await ask('annot-package://frame/4/17/99', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'HOST_FORBIDDEN' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(opened.length).toBe(before);
  });

  it('refuses an address that is not three plain ids, and says not found for a frame it does not have', async () => {
    for (const url of ['annot-package://frame/4/17/../99', 'annot-package://frame/4/17', 'annot-package://frame/4/17/99?x=1', 'annot-package://other/4/17/99']) {
      const res = await ask(url, 'null');
      expect(res.status, url).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'BAD_ARGS' } });
    }
    const missing = await ask('annot-package://frame/5/17/99', 'null');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'PACKAGE_NOT_FOUND' } });
  });

  it('reads a video item\'s file by the ranges the workspace asks for, and refuses a range outside it', async () => {
    const open = await ask('annot-package://video/4/17/file', 'null', 'bytes=900-');
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe('bytes 900-999/1000');
    expect(open.headers.get('content-type')).toBe('video/mp4');
    // The page reads the file's size from Content-Range across origins.
    expect(open.headers.get('access-control-expose-headers')).toMatch(/content-range/);
    expect(Buffer.from(await open.arrayBuffer()).equals(videoBytes.subarray(900))).toBe(true);
    const middle = await ask('annot-package://video/4/17/file', 'null', 'bytes=10-19');
    expect(Buffer.from(await middle.arrayBuffer()).equals(videoBytes.subarray(10, 20))).toBe(true);
    const whole = await ask('annot-package://video/4/17/file', 'null');
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(1000);
    for (const range of ['bytes=1000-', 'bytes=5-2', 'bytes=0-1,5-6', 'bytes=-', 'items=0-1', 'bytes=1e3-']) {
      const res = await ask('annot-package://video/4/17/file', 'null', range);
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */1000');
    }
    expect((await ask('annot-package://video/4/18/file', 'null')).status).toBe(404);
    expect((await ask('annot-package://video/4/17/other', 'null')).status).toBe(400);
  });
});
