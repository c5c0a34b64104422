/**
 * A request id across the workstation and the server (issue 34, docs/logging.md): the id a
 * caller sends as `x-request-id` is the one every server log line of that request carries and
 * the one the answer says back; an id that is not a plain token (spaces, a line break, too long)
 * is replaced, never written into the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { freshDatabase, type TestDatabase } from '../support/databases';

describe('request ids', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    app = await buildApp({ config: { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'info' }), databaseUrl: null }, logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  const logOf = (id: string) => lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === id);

  it('takes the caller\'s id into every log line of the request and says it back', async () => {
    const id = '3f2a9c0d4b5e6f7081928374a5b6c7d8';
    const r = await app.inject({ method: 'GET', url: '/core/user/info', headers: { 'x-request-id': id } });
    expect(r.statusCode).toBe(401);
    expect(r.headers['x-request-id']).toBe(id);
    const mine = logOf(id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('makes its own id for a call without one, or with one that is not a plain token', async () => {
    for (const given of [undefined, 'has spaces in it', 'line\\nbreak-0123456789', 'x'.repeat(65), 'short']) {
      const r = await app.inject({ method: 'GET', url: '/core/user/info', headers: given ? { 'x-request-id': given } : {} });
      const id = String(r.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(logOf(id).length).toBeGreaterThan(0);
      if (given) expect(lines.join('\n')).not.toContain(`"reqId":"${given}"`);
    }
  });
});
