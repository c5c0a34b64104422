import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld } from '../support/world';
import { multipartForm, startObsServer, type ObsServer } from '../support/obsServer';


/** The fallback upload's size cap (MAX_UPLOAD_BYTES; 5 GiB by default), in both modes: 413 and nothing stored, whatever the key order. */
describe.each(['embedded', 's3'] as const)('upload size cap in %s mode (sqlite)', (mode) => {
  let s: ObsServer;
  beforeAll(async () => {
    s = await startObsServer('sqlite', mode, { env: { MAX_UPLOAD_BYTES: String(64 * 1024) } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 413 past the cap and leaves an existing object as it was', async () => {
    const w = await buildWorld(s.app.ctx);
    const key = `dataset/${w.projectP}/capped.bin`;
    const token = w.users.owner.token;
    const send = (data: Buffer, fileFirst: boolean) => {
      const file = { name: 'file', filename: 'f', data };
      const form = multipartForm(fileFirst ? [file, { name: 'key', value: key }] : [{ name: 'key', value: key }, file]);
      return s.call({ method: 'POST', url: '/core/obs/upload', ...form, token });
    };
    const fits = crypto.randomBytes(64 * 1024);
    expect((await send(fits, false)).body.data.size).toBe(fits.length);
    for (const fileFirst of [false, true]) {
      const r = await send(crypto.randomBytes(64 * 1024 + 1), fileFirst);
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ code: 413, msg: 'error.obs.fileTooLarge', data: { maxBytes: 64 * 1024 } });
    }
    const still = await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, token });
    expect(still.rawPayload.equals(fits)).toBe(true);
  });
});
