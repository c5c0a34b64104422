import crypto from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorageToken } from '../../src-shared/api/obs';
import { DB_KINDS } from '../support/databases';
import { buildWorld, type World } from '../support/world';
import { multipartForm, startObsServer, type ObsServer } from '../support/obsServer';
import { buildTask } from '../support/taskFixture';

/** An S3 client holding a vended token, as the workstation builds it. */
const clientOf = (t: StorageToken) =>
  new S3Client({
    endpoint: t.endPoint,
    region: t.region,
    forcePathStyle: t.s3ForcePathStyle,
    credentials: { accessKeyId: t.accessKey, secretAccessKey: t.secretKey, sessionToken: t.securityToken },
  });

/** Fails unless the store refused the call as not allowed. */
async function expectDenied(call: Promise<unknown>, what: string): Promise<void> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e as { name?: string; $metadata?: { httpStatusCode?: number } },
  );
  expect(err, `${what} should be denied`).toBeDefined();
  expect({ what, name: err!.name, status: err!.$metadata?.httpStatusCode }).toEqual({ what, name: 'AccessDenied', status: 403 });
}

/** S3 mode on the test Ceph RGW: STS tokens, presigned URLs, and the fallback routes through the server. */
describe.each(DB_KINDS)('object storage routes, S3 mode on Ceph RGW, on %s', (kind) => {
  let s: ObsServer;
  let w: World;
  /** a full key in the bucket: root prefix + our key */
  const full = (key: string) => `${s.s3!.rootPrefix}/${key}`;
  const put = (key: string, body: string) => s.s3!.admin.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(key), Body: body }));
  const read = async (c: S3Client, key: string) =>
    (await (await c.send(new GetObjectCommand({ Bucket: s.s3!.bucket, Key: full(key) }))).Body!.transformToString());
  const token = async (role: keyof World['users'], query = ''): Promise<StorageToken> => {
    const r = await s.call({ method: 'GET', url: `/core/obs/token${query}`, token: w.users[role].token });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data as StorageToken;
  };

  beforeAll(async () => {
    s = await startObsServer(kind, 's3');
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
  });

  it('vends a token in the spec\'s shape, limited to the caller\'s folders under the root prefix', async () => {
    const t = await token('annotator');
    expect(t).toEqual({
      endPoint: s.s3!.endpoint,
      region: s.s3!.region,
      accessKey: expect.any(String),
      secretKey: expect.any(String),
      securityToken: expect.any(String),
      s3ForcePathStyle: true,
      bucketName: s.s3!.bucket,
      expiresAt: expect.any(Number),
      rootPrefix: 'tenant-t',
      projectIds: [w.projectP],
      exportProjectIds: [],
      taskSubjectIds: [],
    });
    expect(t.expiresAt).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(t.expiresAt).toBeLessThanOrEqual(Date.now() + 61 * 60_000);
  });

  it('proves on Ceph: a reader\'s token reads its projects and writes only its own folder', async () => {
    const me = w.users.annotator;
    await put(`dataset/${w.projectP}/seed.png`, 'P seed');
    await put(`export/${w.projectP}/result.zip`, 'P export');
    await put(`dataset/${w.projectQ}/seed.png`, 'Q seed');
    await put(`user/${w.users.reviewer.id}/private.txt`, 'reviewer');
    const c = clientOf(await token('annotator'));
    try {
      // allowed: its own folder (read-write, multipart included), P's dataset (read)
      await c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`user/${me.id}/note.txt`), Body: 'mine' }));
      expect(await read(c, `user/${me.id}/note.txt`)).toBe('mine');
      const big = crypto.randomBytes(6 * 1024 * 1024 + 1);
      await new Upload({ client: c, params: { Bucket: s.s3!.bucket, Key: full(`user/${me.id}/big.bin`), Body: big }, partSize: 5 * 1024 * 1024 }).done();
      const head = await s.s3!.admin.send(new HeadObjectCommand({ Bucket: s.s3!.bucket, Key: full(`user/${me.id}/big.bin`) }));
      expect(head.ContentLength).toBe(big.length);
      expect(await read(c, `dataset/${w.projectP}/seed.png`)).toBe('P seed');

      // denied: writing P's dataset (an annotator may not), reading P's exports (nor may they
      // export), another team's project, another user's folder, writing exports, anything
      // outside the root prefix
      const putIn = (key: string) => c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: key, Body: 'x' }));
      await expectDenied(putIn(full(`dataset/${w.projectP}/new.png`)), 'annotator writing P\'s dataset');
      await expectDenied(read(c, `export/${w.projectP}/result.zip`), 'an annotator reading P\'s exports');
      await expectDenied(read(c, `dataset/${w.projectQ}/seed.png`), 'reading another team\'s project');
      await expectDenied(read(c, `user/${w.users.reviewer.id}/private.txt`), 'reading another user\'s folder');
      await expectDenied(putIn(full(`user/${w.users.reviewer.id}/evil.txt`)), 'writing another user\'s folder');
      await expectDenied(putIn(full(`export/${w.projectP}/fake.zip`)), 'writing exports');
      await expectDenied(putIn(`user/${me.id}/outside-root.txt`), 'writing outside the root prefix');
    } finally {
      c.destroy();
    }
  });

  it('proves on Ceph: a manager\'s token writes the project\'s dataset, still not its exports nor other projects', async () => {
    await put(`dataset/${w.projectQ}/seed.png`, 'Q seed');
    const c = clientOf(await token('projectManager'));
    try {
      await c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`dataset/${w.projectP}/m.png`), Body: 'managed', ContentType: 'image/png' }));
      expect(await read(c, `dataset/${w.projectP}/m.png`)).toBe('managed');
      await expectDenied(c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`export/${w.projectP}/x.zip`), Body: 'x' })), 'writing exports');
      await expectDenied(read(c, `dataset/${w.projectQ}/seed.png`), 'reading another team\'s project');
      await expectDenied(c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`dataset/${w.projectQ}/x.png`), Body: 'x' })), 'writing another team\'s project');
    } finally {
      c.destroy();
    }
  });

  it('proves on Ceph: a worker\'s token writes the annotate/ folder of what they hold; a reader asking for one only reads it', async () => {
    const { annotator } = w.users;
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 2 });
    const claimed = await s.call({ method: 'POST', url: '/core/task/subject/claim', token: annotator.token, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } });
    const held = claimed.body.data.taskSubjectId as number;
    const other = t.taskSubjectIds.find((id) => id !== held)!;
    const worker = await token('annotator');
    expect(worker.taskSubjectIds).toEqual([held]);
    const c = clientOf(worker);
    try {
      await c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`annotate/${held}/mask.png`), Body: 'mask' }));
      expect(await read(c, `annotate/${held}/mask.png`)).toBe('mask');
      await expectDenied(c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`annotate/${other}/mask.png`), Body: 'x' })), 'writing a task subject held by nobody');
    } finally {
      c.destroy();
    }
    const asked = await token('reviewer', `?taskSubjectId=${held}`);
    expect(asked.taskSubjectIds).toEqual([held]);
    const r = clientOf(asked);
    try {
      expect(await read(r, `annotate/${held}/mask.png`)).toBe('mask');
      await expectDenied(r.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`annotate/${held}/evil.png`), Body: 'x' })), 'a reader writing someone else\'s work');
    } finally {
      r.destroy();
    }
    // Another team's owner learns nothing of it.
    const foreign = await s.call({ method: 'GET', url: `/core/obs/token?taskSubjectId=${held}`, token: w.users.ownerB.token });
    expect({ status: foreign.status, msg: foreign.body.msg }).toEqual({ status: 404, msg: 'error.obs.objectNotFound' });
  });

  it('covers as many projects as the 2048-character session policy holds, the asked-for one first', async () => {
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      const row = await s.app.ctx.db
        .insertInto('projects')
        .values({ team_id: w.teamA, name: `many ${i} ${crypto.randomUUID()}`, type: 'image', is_vendor: 0, created_by: w.users.owner.id, created_at: now + i, updated_at: now + i })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const t = await token('owner', `?projectId=${ids[0]}`);
    expect(t.projectIds[0]).toBe(ids[0]);
    expect(t.projectIds.length).toBeGreaterThan(10);
    expect(t.projectIds.length).toBeLessThan(61);
    // the most recently updated come next
    expect(t.projectIds[1]).toBe(ids[59]);
    const c = clientOf(t);
    try {
      await c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`dataset/${ids[0]}/first.png`), Body: 'first' }));
      const left = ids.find((id) => !t.projectIds.includes(id))!;
      await expectDenied(c.send(new PutObjectCommand({ Bucket: s.s3!.bucket, Key: full(`dataset/${left}/x.png`), Body: 'x' })), 'a project the policy had no room for');
    } finally {
      c.destroy();
    }
    expect((await s.call({ method: 'GET', url: `/core/obs/token?projectId=${w.projectQ}`, token: w.users.owner.token })).body.code).toBe(404);
  });

  it('presigns PUT and GET URLs that work with plain fetch, and only as signed', async () => {
    const up = await s.call({ method: 'GET', url: `/core/obs/project/upload/${w.projectP}?path=img/p.png&contentType=image/png`, token: w.users.manager.token });
    expect(up.body.data).toMatchObject({ key: `dataset/${w.projectP}/img/p.png`, mode: 's3', method: 'PUT', headers: { 'content-type': 'image/png' }, fields: null });
    expect(up.body.data.url).toContain(`/${s.s3!.bucket}/tenant-t/dataset/${w.projectP}/img/p.png?`);
    expect(up.body.data.url).not.toContain('x-amz-checksum');
    const bytes = crypto.randomBytes(3000);
    const wrongType = await fetch(up.body.data.url, { method: 'PUT', body: bytes, headers: { 'content-type': 'text/html' } });
    expect(wrongType.status).toBe(403);
    const ok = await fetch(up.body.data.url, { method: 'PUT', body: bytes, headers: up.body.data.headers });
    expect(ok.status).toBe(200);

    const get = await s.call({ method: 'GET', url: `/core/obs/project/get/${w.projectP}?path=img/p.png`, token: w.users.vendorAnnotator.token });
    const res = await fetch(get.body.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const other = await fetch(get.body.data.url.replace('img/p.png', 'img/q.png'));
    expect(other.status).toBe(403);

    const mine = await s.call({ method: 'GET', url: '/core/obs/user/upload?fileName=log.zip&contentType=application/zip', token: w.users.annotator.token });
    expect((await fetch(mine.body.data.url, { method: 'PUT', body: 'zip', headers: mine.body.data.headers })).status).toBe(200);
    const short = await s.call({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(mine.body.data.key)}&expires=1`, token: w.users.annotator.token });
    expect(await (await fetch(short.body.data.url)).text()).toBe('zip');
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(short.body.data.url)).status).toBe(403);
  });

  it('runs the fallback upload and download through the server into the bucket', async () => {
    const key = `dataset/${w.projectP}/fallback.bin`;
    const bytes = crypto.randomBytes(6 * 1024 * 1024 + 5);
    const form = multipartForm([{ name: 'file', filename: 'f.bin', contentType: 'application/x-test', data: bytes }, { name: 'key', value: key }]);
    const up = await s.call({ method: 'POST', url: '/core/obs/upload', ...form, token: w.users.owner.token });
    expect(up.body.data).toMatchObject({ key, size: bytes.length, contentType: 'application/x-test' });
    const head = await s.s3!.admin.send(new HeadObjectCommand({ Bucket: s.s3!.bucket, Key: full(key) }));
    expect(head.ContentLength).toBe(bytes.length);

    const down = await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, token: w.users.annotator.token });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/x-test');
    expect(down.rawPayload.equals(bytes)).toBe(true);
    const part = await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, headers: { range: 'bytes=10-19' }, token: w.users.annotator.token });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    expect((await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, token: w.users.ownerB.token })).statusCode).toBe(404);
    expect((await s.raw({ method: 'GET', url: `/core/obs/get/file?key=dataset/${w.projectP}/none`, token: w.users.owner.token })).statusCode).toBe(404);
  });
});

describe('object storage on Ceph RGW without an STS role', () => {
  let s: ObsServer;
  beforeAll(async () => {
    s = await startObsServer('sqlite', 's3', { roleArn: null });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 409 for a token and still serves presigned URLs', async () => {
    const w = await buildWorld(s.app.ctx);
    const t = await s.call({ method: 'GET', url: '/core/obs/token', token: w.users.owner.token });
    expect(t.body).toEqual({ code: 409, msg: 'error.obs.tokenUnavailable', data: { mode: 'embedded' } });
    const up = await s.call({ method: 'GET', url: '/core/obs/user/upload?fileName=a.txt&contentType=text/plain', token: w.users.owner.token });
    expect((await fetch(up.body.data.url, { method: 'PUT', body: 'a', headers: up.body.data.headers })).status).toBe(200);
  });
});
