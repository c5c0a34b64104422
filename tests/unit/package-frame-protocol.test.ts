import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageFrameRef } from '../../src-shared/ipc';
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
  const bytes = Buffer.from('\xff\xd8\xff\xe0 a stored frame, JPEG by its name', 'latin1');
  const opened: PackageFrameRef[] = [];
  const services = {
    runAsCaller: <T,>(_token: string | undefined, fn: () => T) => fn(),
    openPackageFrame: async (ref: PackageFrameRef) => {
      opened.push(ref);
      if (ref.packageId !== 4 || ref.taskSubjectId !== 17 || ref.frameId !== 99) throw packageError('PACKAGE_NOT_FOUND', `no package ${ref.packageId} on this workstation`);
      return { handle: await fs.promises.open(file, 'r'), size: bytes.length, file };
    },
  };
  const own = (origin: string) => origin === 'null';
  const ask = (url: string, origin?: string) => packageFrameResponse(services, new Request(url, origin ? { headers: { origin } } : {}), own);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-frame-protocol-'));
    file = path.join(dir, 'frame.jpg');
    fs.writeFileSync(file, bytes);
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
});
