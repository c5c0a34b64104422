import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { room } from '../../src-shared/api/realtime';
import { collectEvents, joinRoom, openSocket } from '../support/realtimeSocket';
import type { LogUpload } from '../../src-shared/api/log';
import { sweepLogUploads } from '../../src-server/logs/logRetention';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';

type Who = keyof World['users'];

const DAY = 24 * 3600 * 1000;
const levels = (error: number, warn = 0) => ({ debug: 1, info: 2, warn, error });

/** The index of log zips, on S3 mode against the test Ceph RGW: register, list, filter, download, upload now, retention. */
describe.each(DB_KINDS)('log uploads on %s, objects on Ceph RGW', (kind) => {
  let s: ObsServer;
  let w: World;
  let url: string;
  const sockets: Socket[] = [];
  let n = 0;

  /** Puts a zip under the user's logs folder as the workstation's storage layer does (root prefix included). */
  const putZip = async (userId: number, body = 'PK zipped records') => {
    const key = `user/${userId}/logs/2026-11-26/${Date.now()}-${(++n).toString(16).padStart(12, '0')}.zip`;
    await s.s3!.admin.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: `${s.s3!.rootPrefix}/${key}`, Body: body }));
    return { key, size: Buffer.byteLength(body) };
  };
  const register = (role: Who, payload: Record<string, unknown>) => s.call({ method: 'POST', url: '/core/log/upload', token: w.users[role].token, payload });
  const meta = (key: string, size: number, over: Record<string, unknown> = {}) => ({
    key, sizeBytes: size, deviceId: 'device-aaaa-1111', deviceName: 'desk-7', records: 4, firstAt: 1_000_000, lastAt: 2_000_000, levels: levels(1), ...over,
  });
  const list = (role: Who, query: Record<string, string> = {}) => s.call({ method: 'GET', url: '/core/log/upload', token: w.users[role].token, query });

  beforeAll(async () => {
    s = await startObsServer(kind, 's3');
    url = await s.app.listen({ host: '127.0.0.1', port: 0 });
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
  });
  afterEach(() => sockets.splice(0).forEach((x) => x.close()));
  afterAll(async () => {
    await s?.close();
  });

  it('registers a zip the caller uploaded, once per key, and lists, filters and downloads it for the owner', async () => {
    const me = w.users.annotator;
    const a = await putZip(me.id, 'PK first zip');
    const first = await register('annotator', meta(a.key, a.size, { firstAt: 1_000_000, lastAt: 2_000_000, levels: levels(1) }));
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({
      teamId: w.teamA, userId: me.id, deviceId: 'device-aaaa-1111', deviceName: 'desk-7', key: a.key, sizeBytes: a.size, records: 4,
      firstAt: 1_000_000, lastAt: 2_000_000, levels: levels(1),
    });
    // Registered again (a retry after a lost answer): the same row, no second one.
    const again = await register('annotator', meta(a.key, a.size, { records: 99 }));
    expect(again.body.data).toEqual(first.body.data);

    const b = await putZip(w.users.reviewer.id, 'PK a reviewer zip, warnings only');
    expect((await register('reviewer', meta(b.key, b.size, { deviceId: 'device-bbbb-2222', firstAt: 5_000_000, lastAt: 6_000_000, levels: levels(0, 3) }))).body.code).toBe(200);

    const all = await list('owner');
    expect(all.body.code).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect((all.body.data.list as LogUpload[]).map((u) => u.key)).toEqual([b.key, a.key]);
    expect((all.body.data.list as LogUpload[])[1]!.userName).toBeTruthy();
    const keys = async (q: Record<string, string>) => ((await list('admin', q)).body.data.list as LogUpload[]).map((u) => u.key);
    expect(await keys({ userId: String(me.id) })).toEqual([a.key]);
    expect(await keys({ deviceId: 'device-bbbb-2222' })).toEqual([b.key]);
    expect(await keys({ minLevel: '3' })).toEqual([a.key]);
    expect(await keys({ minLevel: '2' })).toEqual([b.key, a.key]);
    expect(await keys({ from: '2500000' })).toEqual([b.key]);
    expect(await keys({ to: '1500000' })).toEqual([a.key]);
    expect(await keys({ from: '1500000', to: '5500000' })).toEqual([b.key, a.key]);
    expect(await keys({ pageSize: '1', page: '2' })).toEqual([a.key]);

    // Download: a short-lived presigned URL that reads the zip's bytes.
    const got = await s.call({ method: 'GET', url: `/core/log/upload/${first.body.data.id}/url`, token: w.users.owner.token });
    expect(got.body.code, got.body.msg).toBe(200);
    expect(got.body.data.expiresAt - Date.now()).toBeLessThanOrEqual(300_000);
    expect(await (await fetch(got.body.data.url)).text()).toBe('PK first zip');
  });

  it('refuses the list, download and upload-now requests to annotators, reviewers and managers', async () => {
    const a = await putZip(w.users.annotator.id);
    const { body } = await register('annotator', meta(a.key, a.size));
    for (const role of ['annotator', 'reviewer', 'manager'] as const) {
      const token = w.users[role].token;
      expect((await list(role)).body.code, role).toBe(403);
      expect((await s.call({ method: 'GET', url: `/core/log/upload/${body.data.id}/url`, token })).body.code, role).toBe(403);
      expect((await s.call({ method: 'POST', url: '/core/log/upload/request', token, payload: { userId: w.users.annotator.id } })).body.code, role).toBe(403);
      expect((await s.call({ method: 'PUT', url: '/core/log/setting', token, payload: { retentionDays: 3 } })).body.code, role).toBe(403);
    }
    // The generic object routes keep another user's logs folder to that user, ops included.
    for (const role of ['reviewer', 'owner'] as const) {
      const r = await s.call({ method: 'GET', url: '/core/obs/url', token: w.users[role].token, query: { key: a.key } });
      expect(r.body.msg, role).toBe('error.obs.objectNotFound');
      const f = await s.call({ method: 'GET', url: '/core/obs/get/file', token: w.users[role].token, query: { key: a.key } });
      expect(f.body.msg, role).toBe('error.obs.objectNotFound');
    }
    // Another team's ops do not find it.
    const other = await s.call({ method: 'GET', url: `/core/log/upload/${body.data.id}/url`, token: w.users.ownerB.token });
    expect(other.body.msg).toBe('error.log.uploadNotFound');
  });

  it('refuses a key outside the caller\'s logs folder, a missing object and a wrong size', async () => {
    const theirs = await putZip(w.users.reviewer.id);
    expect((await register('annotator', meta(theirs.key, theirs.size))).body).toMatchObject({ code: 403, msg: 'error.log.keyNotYours' });
    const avatar = `user/${w.users.annotator.id}/avatar.png`;
    expect((await register('annotator', meta(avatar, 10))).body).toMatchObject({ code: 403, msg: 'error.log.keyNotYours' });
    expect((await register('annotator', meta(`dataset/${w.projectP}/logs/x.zip`, 10))).body.code).toBe(403);
    expect((await register('annotator', meta('user/../etc/passwd', 10))).body.code).toBe(400);
    const missing = `user/${w.users.annotator.id}/logs/2026-11-26/1-000000000000.zip`;
    expect((await register('annotator', meta(missing, 10))).body).toMatchObject({ code: 404, msg: 'error.log.objectMissing' });
    const mine = await putZip(w.users.annotator.id, 'PK twelve b');
    expect((await register('annotator', meta(mine.key, mine.size + 1))).body).toMatchObject({ code: 409, msg: 'error.log.sizeMismatch', data: { stored: mine.size } });
    expect((await list('owner')).body.data.total).toBe(0);
  });

  it('sends "upload now" to the sockets of that user and of nobody else', async () => {
    const connect = async (token: string) => {
      const socket = await openSocket(url, token);
      sockets.push(socket);
      return { socket, got: collectEvents(socket) };
    };
    const target = await connect(w.users.annotator.token);
    const other = await connect(w.users.reviewer.token);
    expect(await joinRoom(target.socket, room('user', w.users.annotator.id))).toMatchObject({ ok: true });
    expect(await joinRoom(other.socket, room('user', w.users.reviewer.id))).toMatchObject({ ok: true });
    expect((await joinRoom(other.socket, room('user', w.users.annotator.id))).ok).toBe(false);

    const asked = await s.call({ method: 'POST', url: '/core/log/upload/request', token: w.users.owner.token, payload: { userId: w.users.annotator.id, deviceId: 'device-aaaa-1111' } });
    expect(asked.body).toMatchObject({ code: 200, data: null });
    for (let i = 0; i < 100 && target.got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(target.got.map((m) => [m.type, m.payload])).toEqual([['log.uploadRequested', { teamId: w.teamA, deviceId: 'device-aaaa-1111' }]]);
    expect(other.got).toEqual([]);
    // Someone outside the team cannot be asked.
    const outsider = await s.call({ method: 'POST', url: '/core/log/upload/request', token: w.users.owner.token, payload: { userId: w.users.ownerB.id } });
    expect(outsider.body.msg).toBe('error.log.memberNotFound');
  });

  it('deletes zips and rows older than the team\'s retention, and keeps the rest', async () => {
    const settings = await s.call({ method: 'GET', url: '/core/log/setting', token: w.users.admin.token });
    expect(settings.body.data).toEqual({ retentionDays: 30 });
    expect((await s.call({ method: 'PUT', url: '/core/log/setting', token: w.users.owner.token, payload: { retentionDays: 0 } })).body.code).toBe(400);
    expect((await s.call({ method: 'PUT', url: '/core/log/setting', token: w.users.owner.token, payload: { retentionDays: 366 } })).body.code).toBe(400);
    const set = await s.call({ method: 'PUT', url: '/core/log/setting', token: w.users.owner.token, payload: { retentionDays: 7 } });
    expect(set.body.data).toEqual({ retentionDays: 7 });

    const old = await putZip(w.users.annotator.id);
    const fresh = await putZip(w.users.annotator.id);
    const oldRow = (await register('annotator', meta(old.key, old.size))).body.data as LogUpload;
    s.advance(3 * DAY);
    const freshRow = (await register('annotator', meta(fresh.key, fresh.size))).body.data as LogUpload;
    // Team B keeps the default 30 days: its 8-day-old zip stays.
    const b = await putZip(w.users.ownerB.id);
    await s.call({ method: 'POST', url: '/core/log/upload', token: w.users.ownerB.token, payload: meta(b.key, b.size) });

    const exists = (key: string) =>
      s.s3!.admin.send(new HeadObjectCommand({ Bucket: s.s3!.bucket, Key: `${s.s3!.rootPrefix}/${key}` })).then(() => true, () => false);
    // Only sweeps of this test's rows count: other tests' rows are older than any retention too.
    const at = oldRow.uploadedAt + 7 * DAY + 60_000;
    await sweepLogUploads(s.app.ctx, at);
    expect(await exists(old.key)).toBe(false);
    expect(await exists(fresh.key)).toBe(true);
    expect(await exists(b.key)).toBe(true);
    const left = ((await list('owner')).body.data.list as LogUpload[]).map((u) => u.id);
    expect(left).toEqual([freshRow.id]);
    expect((await s.call({ method: 'GET', url: `/core/log/upload/${oldRow.id}/url`, token: w.users.owner.token })).body.msg).toBe('error.log.uploadNotFound');
    expect(((await list('ownerB')).body.data.list as LogUpload[]).map((u) => u.key)).toEqual([b.key]);
  });
});
