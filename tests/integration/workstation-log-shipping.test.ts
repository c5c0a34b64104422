import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import AdmZip from 'adm-zip';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workstationConfigFromEnv } from '../../src-main/config';
import { createServices, type Services } from '../../src-main/services';
import { buildWorld } from '../support/world';
import { startObsServer, type ObsServer } from '../support/obsServer';

/** The whole main process as hosts run it: logs written, then shipped as a zip through the storage layer to Ceph. */
describe('log shipping through the storage layer to Ceph RGW', () => {
  let s: ObsServer;
  let services: Services;
  let dataDir: string;
  beforeAll(async () => {
    s = await startObsServer('sqlite', 's3');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-ship-'));
    const serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    services = createServices(workstationConfigFromEnv('node', '0.0.0-test', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: serverUrl }));
  });
  afterAll(async () => {
    await services?.close();
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ships the signed-in user\'s records once, as a zip under user/<id>/logs/, readable by ops', async () => {
    const w = await buildWorld(s.app.ctx);
    const me = w.users.annotator;
    const h = services.handlers;
    // Nobody signed in yet: nothing can be shipped, nothing is lost.
    await h['logs.write']({ records: [{ level: 3, message: 'before sign-in' }] });
    await h['session.set']({ tokenName: 'x-annot-token', tokenValue: me.token, user: { id: me.id, name: 'Annotator', mobile: me.mobile } });
    await h['logs.write']({ records: [{ level: 1, message: 'opened task 5', extra: { taskId: 5 } }, { level: 2, message: 'slow save' }] });

    const shipped = await h['logs.shipNow']({});
    // The test's three records, and the workstation's own: its start-up and the sign-in.
    expect(shipped).toMatchObject({ records: 5, zips: 1 });
    const listed = await s.s3!.admin.send(new ListObjectsV2Command({ Bucket: s.s3!.bucket, Prefix: `tenant-t/user/${me.id}/logs/` }));
    expect(listed.Contents).toHaveLength(1);
    const key = listed.Contents![0]!.Key!;
    expect(key).toMatch(new RegExp(`^tenant-t/user/${me.id}/logs/\\d{4}-\\d{2}-\\d{2}/.+\\.zip$`));
    const zipped = await s.s3!.admin.send(new GetObjectCommand({ Bucket: s.s3!.bucket, Key: key }));
    const zip = new AdmZip(Buffer.from(await zipped.Body!.transformToByteArray()));
    const lines = zip.getEntries().flatMap((e) => e.getData().toString('utf8').trim().split('\n')).map((l) => JSON.parse(l) as { message: string });
    expect(lines.map((l) => l.message.replace(/:.*/, '')).sort()).toEqual(['before sign-in', 'opened task 5', 'session started (sign-in or restored after a restart)', 'slow save', 'workstation started']);

    // The team server's index has it, for the team's ops: who, which workstation, what is in it.
    const device = JSON.parse(fs.readFileSync(path.join(dataDir, 'device.json'), 'utf8')) as { deviceId: string };
    const listed2 = await s.call({ method: 'GET', url: '/core/log/upload', token: w.users.owner.token, query: { userId: String(me.id) } });
    expect(listed2.body.data).toMatchObject({ total: 1 });
    expect(listed2.body.data.list[0]).toMatchObject({
      teamId: w.teamA, userId: me.id, deviceId: device.deviceId, deviceName: os.hostname().slice(0, 128),
      key: key.slice('tenant-t/'.length), sizeBytes: listed.Contents![0]!.Size, records: 5, levels: { debug: 0, info: 3, warn: 1, error: 1 },
    });
    const url = await s.call({ method: 'GET', url: `/core/log/upload/${listed2.body.data.list[0].id}/url`, token: w.users.owner.token });
    expect(Buffer.from(await (await fetch(url.body.data.url)).arrayBuffer()).equals(zip.toBuffer())).toBe(true);

    // Shipping again sends nothing twice.
    expect(await h['logs.shipNow']({})).toMatchObject({ records: 0, zips: 0 });
  });
});
