import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld } from '../support/world';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { startWorkstationStorage, tempFile } from '../support/workstationStorage';

const MB = 1024 * 1024;

/** Without S3 on the server, the workstation's transfers go through the fallback routes, with the same progress and errors. */
describe('workstation storage against an embedded-mode server', () => {
  let s: ObsServer;
  let serverUrl: string;
  beforeAll(async () => {
    s = await startObsServer('sqlite', 'embedded');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('uploads and downloads through the server, with progress, and answers its errors plainly', async () => {
    const w = await buildWorld(s.app.ctx);
    const ws = startWorkstationStorage(serverUrl, w.users.owner);
    try {
      expect(await ws.handlers['storage.init']({})).toMatchObject({ initialised: true, mode: 'embedded', bucket: null });
      const file = tempFile(ws.dataDir, 'photo.jpg', 7 * MB + 5);
      const up = await ws.handlers['storage.upload']({ transferId: 'e-1', file, key: `dataset/${w.projectP}/photo.jpg` });
      expect(up).toMatchObject({ mode: 'embedded', size: 7 * MB + 5 });
      expect(ws.progress.filter((p) => p.transferId === 'e-1').at(-1)).toMatchObject({ loaded: 7 * MB + 5, percent: 100 });

      const back = path.join(ws.dataDir, 'photo-back.jpg');
      await ws.handlers['storage.download']({ transferId: 'e-2', key: `dataset/${w.projectP}/photo.jpg`, file: back });
      expect(fs.readFileSync(back).equals(fs.readFileSync(file))).toBe(true);
      expect(ws.progress.filter((p) => p.transferId === 'e-2').at(-1)).toMatchObject({ direction: 'download', percent: 100 });

      const signed = await ws.handlers['storage.signedUrl']({ key: `dataset/${w.projectP}/photo.jpg`, expires: 60 });
      expect(Buffer.from(await (await fetch(signed.url)).arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);

      const missing = await ws.handlers['storage.download']({ key: `dataset/${w.projectP}/none.jpg`, file: back }).catch((e: { code: string }) => e);
      expect(missing).toMatchObject({ code: 'NoSuchKey' });
      // The earlier download is untouched by the failed one.
      expect(fs.readFileSync(back).equals(fs.readFileSync(file))).toBe(true);
      // A folder that does not exist yet is made; a path that cannot be a folder is the disk's fault, not the network's.
      const nested = path.join(ws.dataDir, 'exports', 'new folder', 'photo.jpg');
      await ws.handlers['storage.download']({ key: `dataset/${w.projectP}/photo.jpg`, file: nested });
      expect(fs.readFileSync(nested).equals(fs.readFileSync(file))).toBe(true);
      const underAFile = await ws.handlers['storage.download']({ key: `dataset/${w.projectP}/photo.jpg`, file: path.join(file, 'inside.jpg') }).catch((e: { code: string; params: object }) => e);
      expect(underAFile).toMatchObject({ code: 'LocalFileError', params: { reason: expect.stringMatching(/^E[A-Z]+$/) } });
      const foreign = await ws.handlers['storage.upload']({ file, key: `dataset/${w.projectQ}/x.jpg` }).catch((e: { code: string; message: string }) => e);
      expect(foreign).toMatchObject({ code: 'UploadFailedStatus', message: 'Upload failed with status 404' });
    } finally {
      ws.close();
    }
  });
});
