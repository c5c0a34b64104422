import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { buildWorld, type World, type WorldRole } from '../support/world';
import { multipartForm, startObsServer, type FormPart, type ObsServer } from '../support/obsServer';

/** The part of an absolute URL the test server's inject() takes. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** Embedded mode: objects on local disk, the fallback routes and our own signed URLs. */
describe.each(DB_KINDS)('object storage routes, embedded mode, on %s', (kind) => {
  let s: ObsServer;
  let w: World;
  beforeAll(async () => {
    s = await startObsServer(kind, 'embedded');
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
  });

  const upload = (role: WorldRole | 'ownerB' | 'outsider', key: string | null, data: Buffer, opts: { contentType?: string; fileFirst?: boolean; queryKey?: string } = {}) => {
    const file: FormPart = { name: 'file', filename: 'f.bin', contentType: opts.contentType ?? 'image/png', data };
    const parts: FormPart[] = key === null ? [file] : opts.fileFirst ? [file, { name: 'key', value: key }] : [{ name: 'key', value: key }, file];
    const form = multipartForm(parts);
    const url = opts.queryKey === undefined ? '/core/obs/upload' : `/core/obs/upload?key=${encodeURIComponent(opts.queryKey)}`;
    return s.call({ method: 'POST', url, ...form, token: w.users[role].token });
  };
  const download = (role: WorldRole | 'ownerB' | 'outsider' | null, key: string, headers: Record<string, string> = {}) =>
    s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, headers, ...(role ? { token: w.users[role].token } : {}) });

  it('uploads with the key before or after the file, or in the query, and downloads the same bytes', async () => {
    const bytes = crypto.randomBytes(70_000);
    const key = `dataset/${w.projectP}/images/a b ü.png`;
    for (const opts of [{}, { fileFirst: true }]) {
      const up = await upload('owner', key, bytes, opts);
      expect(up.body).toEqual({ code: 200, msg: 'ok', data: { key, size: bytes.length, etag: expect.any(String), contentType: 'image/png' } });
    }
    const viaQuery = await upload('owner', null, bytes, { queryKey: `/${key}` });
    expect(viaQuery.body.data.key).toBe(key);

    const res = await download('annotator', key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    // no temp file is left behind by the file-first upload
    expect(fs.readdirSync(path.join(s.db.dataDir, 'tmp'))).toEqual([]);
  });

  it('serves HTTP ranges and answers 416 past the end', async () => {
    const bytes = crypto.randomBytes(1000);
    const key = `user/${w.users.annotator.id}/log.bin`;
    await upload('annotator', key, bytes);
    const part = await download('annotator', key, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await download('annotator', key, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(bytes.subarray(990))).toBe(true);
    const past = await download('annotator', key, { range: 'bytes=5000-' });
    expect(past.statusCode).toBe(416);
    expect(past.json()).toMatchObject({ code: 416, msg: 'error.obs.rangeNotSatisfiable' });
    expect(past.headers['content-range']).toBe('bytes */1000');
  });

  it('answers failures of the download as envelopes with the right status', async () => {
    const anonymous = await download(null, `dataset/${w.projectP}/x.png`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 401, msg: 'error.unauthorized', data: null });
    const missing = await download('owner', `dataset/${w.projectP}/nothing-here.png`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('error.obs.objectNotFound');
    const bad = await download('owner', 'dataset/../etc/passwd');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: 'error.obs.invalidKey', data: { reason: 'segment' } });
  });

  it('refuses keys that are not ours or not clean, before anything is stored', async () => {
    const cases: [string, string][] = [
      ['other/1/a.png', 'prefix'],
      ['dataset/../x/a.png', 'segment'],
      [`dataset/${w.projectP}/./a.png`, 'segment'],
      [`dataset/${w.projectP}//a.png`, 'segment'],
      [`//dataset/${w.projectP}/a.png`, 'absolute'],
      [`dataset/${w.projectP}/a\u0001.png`, 'forbiddenCharacter'],
      [`dataset/${w.projectP}/a\\b.png`, 'forbiddenCharacter'],
      [`dataset/${w.projectP}`, 'fileName'],
      ['dataset/abc/a.png', 'folderId'],
      ['dataset/0/a.png', 'folderId'],
      [`dataset/${w.projectP}/a.png.meta.json`, 'reservedName'],
      [`dataset/${w.projectP}/${'x'.repeat(300)}`, 'segmentTooLong'],
    ];
    for (const [key, reason] of cases) {
      const r = await upload('owner', key, Buffer.from('x'));
      expect(r.body, key).toMatchObject({ code: 400, msg: 'error.obs.invalidKey', data: { reason } });
      const url = await s.call({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(key)}`, token: w.users.owner.token });
      expect(url.body.code, key).toBe(400);
    }
    expect(fs.existsSync(path.join(s.db.dataDir, 'objects', 'other'))).toBe(false);
  });

  it('lets exactly the roles that manage a project\'s data upload to it, and every member read it', async () => {
    const key = `dataset/${w.projectP}/roles.png`;
    const expected: Record<string, number> = {
      owner: 200, admin: 200, manager: 200, projectManager: 200,
      reviewer: 403, annotator: 403, vendorManager: 403, vendorAnnotator: 403,
      ownerB: 404, outsider: 404,
    };
    const got: Record<string, number> = {};
    for (const role of Object.keys(expected) as (keyof typeof expected & WorldRole)[]) got[role] = (await upload(role, key, Buffer.from(role))).body.code;
    expect(got).toEqual(expected);

    const reads: Record<string, number> = {};
    for (const role of Object.keys(expected) as WorldRole[]) reads[role] = (await download(role, key)).statusCode;
    expect(reads).toEqual({ ...Object.fromEntries(Object.keys(expected).map((r) => [r, 200])), ownerB: 404, outsider: 404 });
    expect((await download('ownerB', key)).json().msg).toBe('error.project.notFound');
  });

  it('keeps user folders private and export/ read-only; annotate/ of a task subject that does not exist is not found', async () => {
    const mine = `user/${w.users.annotator.id}/avatar.png`;
    expect((await upload('annotator', mine, Buffer.from('me'))).body.code).toBe(200);
    for (const other of ['owner', 'reviewer', 'ownerB'] as const) {
      expect((await download(other, mine)).json().msg).toBe('error.obs.objectNotFound');
      expect((await upload(other, mine, Buffer.from('overwrite'))).body.msg).toBe('error.obs.objectNotFound');
    }
    expect((await download('annotator', mine)).rawPayload.toString()).toBe('me');

    const exported = `export/${w.projectP}/result.zip`;
    await s.app.ctx.storage.put(exported, Buffer.from('zip'), 'application/zip');
    expect((await upload('owner', exported, Buffer.from('x'))).body).toMatchObject({ code: 403, msg: 'error.obs.readOnlyKey' });
    expect((await upload('ownerB', exported, Buffer.from('x'))).body.code).toBe(404);
    expect((await download('projectManager', exported)).rawPayload.toString()).toBe('zip');
    expect((await download('annotator', exported)).statusCode).toBe(403);
    expect((await download('outsider', exported)).statusCode).toBe(404);

    expect((await upload('owner', 'annotate/1/a.json', Buffer.from('{}'))).body).toMatchObject({ code: 404, msg: 'error.obs.objectNotFound' });
    expect((await download('owner', 'annotate/1/a.json')).statusCode).toBe(404);
  });

  it('signs URLs that read without a token, and refuses them expired or tampered', async () => {
    const key = `dataset/${w.projectP}/signed.png`;
    await upload('owner', key, Buffer.from('signed bytes'));
    const signed = await s.call({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(key)}&expires=60`, token: w.users.annotator.token });
    expect(signed.body.data).toEqual({ key, url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/core\/obs\/get\/file\?key=/), expiresAt: expect.any(Number) });
    expect(signed.body.data.expiresAt).toBeGreaterThan(Date.now() + 55_000);
    expect(signed.body.data.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);
    const url = pathOf(signed.body.data.url);

    const ok = await s.raw({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.toString()).toBe('signed bytes');
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const u = new URL(signed.body.data.url);
    const tamper = (name: string, value: string) => {
      const q = new URLSearchParams(u.search);
      q.set(name, value);
      return `${u.pathname}?${q}`;
    };
    const sig = u.searchParams.get('sig')!;
    for (const bad of [
      tamper('key', `dataset/${w.projectP}/other.png`),
      tamper('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      tamper('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)),
    ]) {
      const r = await s.raw({ method: 'GET', url: bad });
      expect(r.statusCode, bad).toBe(403);
      expect(r.json().msg).toBe('error.obs.signatureInvalid');
    }
    s.advance(61_000);
    try {
      const late = await s.raw({ method: 'GET', url });
      expect(late.statusCode).toBe(403);
      expect(late.json().msg).toBe('error.obs.signatureExpired');
    } finally {
      s.advance(-61_000);
    }
  });

  it('keeps the signing key in the data directory, readable by the server alone', () => {
    const file = path.join(s.db.dataDir, 'url-signing.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates the expiry of signed URLs (1 s to 7 days, default 1 hour)', async () => {
    const key = encodeURIComponent(`dataset/${w.projectP}/a.png`);
    const token = w.users.owner.token;
    for (const expires of [0, 604_801, -5]) {
      expect((await s.call({ method: 'GET', url: `/core/obs/url?key=${key}&expires=${expires}`, token })).body.code).toBe(400);
    }
    const max = await s.call({ method: 'GET', url: `/core/obs/url?key=${key}&expires=604800`, token });
    expect(max.body.data.expiresAt).toBeGreaterThan(Date.now() + 604_790_000);
    const byDefault = await s.call({ method: 'GET', url: `/core/obs/url?key=${key}`, token });
    expect(byDefault.body.data.expiresAt).toBeGreaterThan(Date.now() + 3_590_000);
    expect(byDefault.body.data.expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('gives project, user and export URLs under the right keys, with the project\'s access rules', async () => {
    const get = await s.call({ method: 'GET', url: `/core/obs/project/get/${w.projectP}?path=/img/1.png`, token: w.users.vendorAnnotator.token });
    expect(get.body.data.key).toBe(`dataset/${w.projectP}/img/1.png`);

    const up = await s.call({ method: 'GET', url: `/core/obs/project/upload/${w.projectP}?path=img/2.png&contentType=image/png`, token: w.users.projectManager.token });
    expect(up.body.data).toEqual({
      key: `dataset/${w.projectP}/img/2.png`,
      mode: 'embedded',
      method: 'POST',
      url: expect.stringMatching(/\/core\/obs\/upload\?key=dataset%2F\d+%2Fimg%2F2\.png$/),
      headers: {},
      fields: { file: 'file', key: 'key' },
      expiresAt: null,
    });
    // the answer is enough to upload: POST the file to the URL it gives
    const form = multipartForm([{ name: 'file', filename: '2.png', contentType: 'image/png', data: Buffer.from('two') }]);
    const posted = await s.call({ method: 'POST', url: pathOf(up.body.data.url), ...form, token: w.users.projectManager.token });
    expect(posted.body.data.key).toBe(`dataset/${w.projectP}/img/2.png`);
    const read = await s.raw({ method: 'GET', url: pathOf(get.body.data.url.replace('1.png', '2.png')) });
    expect(read.statusCode).toBe(403); // a signature covers exactly one key

    expect((await s.call({ method: 'GET', url: `/core/obs/project/upload/${w.projectP}?path=a.png&contentType=image/png`, token: w.users.annotator.token })).body.code).toBe(403);
    expect((await s.call({ method: 'GET', url: `/core/obs/project/get/${w.projectP}?path=a.png`, token: w.users.ownerB.token })).body.code).toBe(404);
    expect((await s.call({ method: 'GET', url: `/core/obs/project/get/${w.projectP}?path=../a.png`, token: w.users.owner.token })).body.msg).toBe('error.obs.invalidKey');
    expect((await s.call({ method: 'GET', url: `/core/obs/project/upload/${w.projectP}?path=a.png&contentType=not a type`, token: w.users.owner.token })).body.code).toBe(400);

    const me = w.users.reviewer;
    const userUp = await s.call({ method: 'GET', url: '/core/obs/user/upload?fileName=logs/today.zip&contentType=application/zip', token: me.token });
    expect(userUp.body.data.key).toBe(`user/${me.id}/logs/today.zip`);
    const userGet = await s.call({ method: 'GET', url: '/core/obs/user/get?fileName=logs/today.zip', token: me.token });
    expect(userGet.body.data.key).toBe(`user/${me.id}/logs/today.zip`);

    for (const p of [`${w.projectP}/r.zip`, `export/${w.projectP}/r.zip`, `/export/${w.projectP}/r.zip`]) {
      const exp = await s.call({ method: 'GET', url: `/core/obs/export/get?path=${encodeURIComponent(p)}`, token: w.users.projectManager.token });
      expect(exp.body.data.key, p).toBe(`export/${w.projectP}/r.zip`);
    }
    expect((await s.call({ method: 'GET', url: `/core/obs/export/get?path=${w.projectP}/r.zip`, token: w.users.outsider.token })).body.code).toBe(404);
    expect((await s.call({ method: 'GET', url: `/core/obs/export/get?path=${w.projectQ}/r.zip`, token: w.users.owner.token })).body.code).toBe(404);
  });

  it('answers 409 obs.tokenUnavailable for a storage token, so the client uses the fallback routes', async () => {
    const r = await s.call({ method: 'GET', url: '/core/obs/token', token: w.users.annotator.token });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: 409, msg: 'error.obs.tokenUnavailable', data: { mode: 'embedded' } });
  });

  it('refuses malformed upload forms with envelopes', async () => {
    const key = `dataset/${w.projectP}/form.png`;
    const token = w.users.owner.token;
    const cases: [FormPart[] | string, string][] = [
      [[{ name: 'key', value: key }], 'error.obs.fileMissing'],
      [[{ name: 'file', filename: 'a', data: Buffer.from('a') }], 'error.obs.keyMissing'],
      [[{ name: 'key', value: key }, { name: 'note', value: 'x' }, { name: 'file', filename: 'a', data: Buffer.from('a') }], 'error.obs.formInvalid'],
      [[{ name: 'key', value: key }, { name: 'other', filename: 'a', data: Buffer.from('a') }], 'error.obs.formInvalid'],
      [[{ name: 'key', value: key }, { name: 'file', filename: 'a', data: Buffer.from('a') }, { name: 'file', filename: 'b', data: Buffer.from('b') }], 'error.obs.formInvalid'],
    ];
    for (const [parts, msg] of cases) {
      const form = multipartForm(parts as FormPart[]);
      const r = await s.call({ method: 'POST', url: '/core/obs/upload', ...form, token });
      expect(r.body.msg, JSON.stringify((parts as FormPart[]).map((p) => p.name))).toBe(msg);
      expect(r.status).toBe(400);
    }
    const mismatch = multipartForm([{ name: 'key', value: `dataset/${w.projectP}/b.png` }, { name: 'file', filename: 'a', data: Buffer.from('a') }]);
    expect((await s.call({ method: 'POST', url: `/core/obs/upload?key=${encodeURIComponent(key)}`, ...mismatch, token })).body.msg).toBe('error.obs.formInvalid');
    const json = await s.call({ method: 'POST', url: '/core/obs/upload', payload: { key }, token });
    expect(json.status).toBe(415);
    // a body cut off in the middle of the file stores nothing
    const cutKey = `dataset/${w.projectP}/cut.png`;
    const cut = multipartForm([{ name: 'key', value: cutKey }, { name: 'file', filename: 'a', data: Buffer.alloc(5000, 1) }]);
    const truncated = await s.call({ method: 'POST', url: '/core/obs/upload', payload: cut.payload.subarray(0, 2000), headers: cut.headers, token });
    expect(truncated.body).toMatchObject({ code: 400, msg: 'error.badRequest' });
    expect(await s.app.ctx.storage.head(cutKey)).toBeNull();
    const anonymous = await s.call({ method: 'POST', url: '/core/obs/upload', ...multipartForm([{ name: 'key', value: key }]) });
    expect(anonymous.status).toBe(401);
  });
});
