import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { compileEveryPendingSchema } from '../../src-server/plugins/lazySchemaCompilers';

/**
 * Route schemas compile on a route's first request (src-server/plugins/lazySchemaCompilers.ts).
 * A schema that cannot compile must still fail here, not on a user's first call, and a lazily
 * compiled validator must refuse and answer exactly as one compiled at start.
 */
describe('route schemas compiled on first use', () => {
  it('every route schema of the server compiles; bad input is refused with the field named, good input accepted', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-lazy-schemas-'));
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
    try {
      await app.ready();
      // Hundreds of validators and serializers: one per request part and answer of each route.
      expect(compileEveryPendingSchema()).toBeGreaterThan(200);
      expect(compileEveryPendingSchema()).toBe(0);

      const bad = await app.inject({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile: '13800000000', password: 'short' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data.issues).toEqual(expect.arrayContaining([{ in: 'body', path: '/password', message: 'must NOT have fewer than 8 characters' }]));
      const wrongPassword = await app.inject({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile: '13800000000', password: 'not the password' } });
      expect(wrongPassword.statusCode).not.toBe(400);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
