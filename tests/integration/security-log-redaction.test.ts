import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { DB_KINDS, freshDatabase, type TestDatabase } from '../support/databases';
import { buildWorld, type World } from '../support/world';

/**
 * The team server's own log goes through the workstation's redaction (issue 30, item 9). At
 * LOG_LEVEL=info Fastify logs every request's URL; before, a signed URL's `sig` (a working read
 * link for up to a week) was written as it was, and so were secrets an error quoted.
 */
describe.each(DB_KINDS)('the team server\'s log on %s', (kind) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let w: World;
  const lines: string[] = [];
  const AI_KEY = 'server-held-ai-service-key-0123';

  beforeAll(async () => {
    db = await freshDatabase(kind);
    const config = { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'info', AI_SERVICE_KEY: AI_KEY }), databaseUrl: db.databaseUrl };
    app = await buildApp({ config, logStream: { write: (line) => void lines.push(line) } });
    w = await buildWorld(app.ctx);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('writes a signed URL\'s signature as [redacted] and keeps the object key readable', async () => {
    const key = `user/${w.users.annotator.id}/avatar/a.png`;
    await app.ctx.storage.put(key, Buffer.from('png bytes'), 'image/png');
    const signed = await app.inject({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(key)}`, headers: { 'x-annot-token': w.users.annotator.token } });
    expect(signed.statusCode).toBe(200);
    const url = new URL((signed.json() as { data: { url: string } }).data.url);
    const sig = url.searchParams.get('sig')!;
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    const read = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(read.statusCode).toBe(200);

    const logged = lines.filter((l) => l.includes('/core/obs/get/file'));
    // the request's line and its completion are there, so the URL was logged...
    expect(logged.length).toBeGreaterThan(0);
    // ...without the signature, with the key
    expect(lines.join('\n')).not.toContain(sig);
    expect(logged.some((l) => l.includes('sig=[redacted]') && l.includes(encodeURIComponent(key)))).toBe(true);
    // every line is still JSON
    for (const l of lines) expect(() => JSON.parse(l) as unknown).not.toThrow();
  });

  it('redacts secrets an error quotes and the secrets the server holds, in every field of a line', () => {
    app.log.error(
      { err: new Error('connect to postgres://annot:pg-pass-0123@db:5432/annot failed'), call: { headers: { 'x-ai-service-key': 'zz-0123456789' }, echo: `key was ${AI_KEY}` } },
      'request to https://ops:hunter2hunter2@example.com/x failed',
    );
    const last = lines[lines.length - 1]!;
    expect(last).not.toMatch(/pg-pass-0123|zz-0123456789|hunter2hunter2/);
    expect(last).not.toContain(AI_KEY);
    expect(JSON.parse(last)).toMatchObject({ msg: 'request to https://ops:[redacted]@example.com/x failed', call: { headers: { 'x-ai-service-key': '[redacted]' } } });
  });
});
