import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageToken } from '../../src-shared/api/obs';
import { buildWorld, type World } from '../support/world';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { startWorkstationStorage, tempFile, type WorkstationStorage } from '../support/workstationStorage';

/**
 * A vended token names about 20 projects (a session policy holds 2048 characters). A member of
 * more, working in an older one (a work package of a project nobody touched lately), must still
 * reach its objects: the workstation asks for a token with that project when the one in hand
 * does not name it, and a project the user may not read stays refused by the store.
 */
describe('workstation storage tokens for a folder the token in hand does not name', () => {
  let s: ObsServer;
  let serverUrl: string;
  let w: World;
  let ws: WorkstationStorage;
  const put = (key: string, body: Buffer) => s.s3!.admin.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: `${s.s3!.rootPrefix}/${key}`, Body: body }));

  beforeAll(async () => {
    s = await startObsServer('sqlite', 's3');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    w = await buildWorld(s.app.ctx);
    // 30 newer projects of team A: the owner's token fills with them, and P (the oldest) is left out.
    const later = s.app.ctx.now() + 60_000;
    await s.app.ctx.db
      .insertInto('projects')
      .values(Array.from({ length: 30 }, (_, i) => ({ team_id: w.teamA, name: `Newer ${i}`, type: 'image', is_vendor: 0, created_by: w.users.owner.id, created_at: later + i, updated_at: later + i })))
      .execute();
    ws = startWorkstationStorage(serverUrl, w.users.owner);
    await ws.handlers['storage.init']({ queueSize: 1 });
  });
  afterAll(async () => {
    ws?.close();
    await s?.close();
  });

  it('downloads from a project the first token left out, and the store still refuses a project of another team', async () => {
    const general = await s.app.inject({ method: 'GET', url: '/core/obs/token', headers: { 'x-annot-token': w.users.owner.token } });
    const token = general.json<{ data: StorageToken }>().data;
    expect(token.projectIds.length).toBeGreaterThan(10);
    expect(token.projectIds).not.toContain(w.projectP); // else this test would show nothing

    const original = tempFile(ws.dataDir, 'old.jpg', 200 * 1024, 3);
    await put(`dataset/${w.projectP}/old.jpg`, fs.readFileSync(original));
    const copy = path.join(ws.dataDir, 'copy', 'old.jpg');
    await expect(ws.handlers['storage.download']({ key: `dataset/${w.projectP}/old.jpg`, file: copy })).resolves.toMatchObject({ size: 200 * 1024 });
    expect(fs.readFileSync(copy).equals(fs.readFileSync(original))).toBe(true);

    // Team B's project: the server will not name it in any token of this user, so the store says no.
    await put(`dataset/${w.projectQ}/secret.jpg`, fs.readFileSync(original));
    await expect(ws.handlers['storage.download']({ key: `dataset/${w.projectQ}/secret.jpg`, file: path.join(ws.dataDir, 'secret.jpg') })).rejects.toMatchObject({ code: 'AccessDenied' });
    expect(fs.existsSync(path.join(ws.dataDir, 'secret.jpg'))).toBe(false);

    // The refusal did not cost the token in hand: P's folder is still reachable.
    await expect(ws.handlers['storage.download']({ key: `dataset/${w.projectP}/old.jpg`, file: path.join(ws.dataDir, 'again.jpg') })).resolves.toMatchObject({ size: 200 * 1024 });
  });
});
