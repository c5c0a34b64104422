import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { buildWorld, type World } from '../support/world';
import { multipartForm, startObsServer, type ObsServer } from '../support/obsServer';

/** A failure as every API answer is: JSON, the envelope, the status equal to its code. */
function envelopeOf(res: LightMyRequestResponse): { status: number; msg: string; data: unknown } {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { code: number; msg: string; data: unknown };
  expect(body.code).toBe(res.statusCode);
  return { status: res.statusCode, msg: body.msg, data: body.data };
}

/**
 * Keys where one is a "folder" of the other (`c` and `c/d`): local disk cannot hold both, S3
 * can. Either way every answer is a clear envelope, never a 500, and a refused upload leaves
 * nothing behind.
 */
describe.each(DB_KINDS.flatMap((kind) => (['embedded', 's3'] as const).map((mode) => [kind, mode] as const)))('keys that are folders of other keys on %s, %s store', (kind, mode) => {
  let s: ObsServer;
  let w: World;
  beforeAll(async () => {
    s = await startObsServer(kind, mode);
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
  });

  const upload = (key: string, text: string) =>
    s.raw({ method: 'POST', url: '/core/obs/upload', ...multipartForm([{ name: 'key', value: key }, { name: 'file', filename: 'f.txt', contentType: 'text/plain', data: Buffer.from(text) }]), token: w.users.owner.token });
  const download = (key: string) => s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, token: w.users.owner.token });
  /** The files local disk keeps for a key: the object and its sidecar. */
  const onDisk = (key: string) => [key, `${key}.meta.json`].filter((k) => fs.existsSync(path.join(s.db.dataDir, 'objects', k)));
  /** What each store answers: local disk refuses the second of the two, S3 keeps both. */
  const refusedHere = (key: string) => ({ status: 409, msg: 'error.obs.keyConflict', data: { key } });

  it('an upload under a key that is a folder answers an envelope, leaves no sidecar, and reading it answers an envelope', async () => {
    const folder = `dataset/${w.projectP}/c`;
    expect((await upload(`${folder}/d`, 'inside')).statusCode).toBe(200);
    const second = await upload(folder, 'clash');
    if (mode === 'embedded') {
      const refused = envelopeOf(second);
      expect(onDisk(folder)).toEqual([folder]); // the folder itself, no c.meta.json beside it
      expect(envelopeOf(await download(folder))).toEqual({ status: 404, msg: 'error.obs.objectNotFound', data: { key: folder } });
      expect(refused).toEqual(refusedHere(folder));
      // Nor through a signed URL.
      const signed = await s.call({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(folder)}`, token: w.users.owner.token });
      const u = new URL(signed.body.data.url);
      expect(envelopeOf(await s.app.inject({ method: 'GET', url: u.pathname + u.search })).status).toBe(404);
    } else {
      expect(second.statusCode).toBe(200);
      expect((await download(folder)).body).toBe('clash');
    }
    expect((await download(`${folder}/d`)).body).toBe('inside');
  });

  it('an upload under a key whose folder is a file answers an envelope, and reading it answers an envelope', async () => {
    const file = `dataset/${w.projectP}/e`;
    expect((await upload(file, 'file')).statusCode).toBe(200);
    const below = await upload(`${file}/f`, 'below');
    if (mode === 'embedded') {
      expect(envelopeOf(below)).toEqual(refusedHere(`${file}/f`));
      expect(envelopeOf(await download(`${file}/f`))).toEqual({ status: 404, msg: 'error.obs.objectNotFound', data: { key: `${file}/f` } });
      expect(envelopeOf(await download(`${file}/f/g`)).status).toBe(404);
    } else {
      expect(below.statusCode).toBe(200);
    }
    expect((await download(file)).body).toBe('file');
  });

  // Only where it applies: a test that cannot run is not reported as skipped.
  if (mode === 'embedded')
    it('a sidecar an older server left beside a folder is no object: reading it answers 404, uploading 409', async () => {
      const folder = `dataset/${w.projectP}/old`;
      expect((await upload(`${folder}/inside.txt`, 'inside')).statusCode).toBe(200);
      fs.writeFileSync(path.join(s.db.dataDir, 'objects', `${folder}.meta.json`), JSON.stringify({ size: 5, contentType: 'text/plain', etag: '"x"' }));
      expect(envelopeOf(await download(folder))).toEqual({ status: 404, msg: 'error.obs.objectNotFound', data: { key: folder } });
      expect(envelopeOf(await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(folder)}`, headers: { range: 'bytes=0-1' }, token: w.users.owner.token })).status).toBe(404);
      expect(envelopeOf(await upload(folder, 'clash'))).toEqual(refusedHere(folder));
    });
});
