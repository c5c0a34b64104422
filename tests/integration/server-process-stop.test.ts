/**
 * The team server as a balancer sees one process (issue 34, docs/deploy.md): `/core/health` and
 * `/core/ready` without a session, and a graceful stop on SIGTERM: the request in flight gets its
 * answer, the process stops being ready at once, and it exits 0. A real process
 * (`npm run server`), on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { eventually } from '../support/eventually';
import { startTestServer } from '../support/testServer';

/**
 * One request whose body is sent in two parts, the second only when `finish` is called. It asks
 * for `100 Continue` first: `started` resolves once the server has the request in hand.
 */
function slowRequest(base: string, path: string, body: string) {
  const url = new URL(path, base);
  const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' } });
  const half = Math.floor(body.length / 2);
  const started = new Promise<void>((resolve) =>
    req.once('continue', () => {
      req.write(body.slice(0, half));
      resolve();
    }),
  );
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { started, answer, finish: () => req.end(body.slice(half)) };
}

describe('a server process behind a balancer', () => {
  let db: TestDatabase;
  let child: ChildProcess;
  let base: string;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    child = spawn(process.execPath, ['--import', 'tsx', 'src-server/server.ts'], {
      env: { ...process.env, DATABASE_URL: db.databaseUrl!, DATA_DIR: db.dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', S3_ENDPOINT: '', AI_SERVICE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
    base = await eventually('the server says where it listens', async () => /team server on (http:\/\/[\d.]+:\d+)\/core/.exec(out)?.[1], 60_000);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await db?.drop();
  });

  it('is live and ready once its database and real-time channel are; on SIGTERM it stops being ready, finishes the request in flight and exits 0', async () => {
    expect(await (await fetch(`${base}/core/health`)).json()).toEqual({ live: true });
    const ready = await eventually('ready', async () => {
      const r = await fetch(`${base}/core/ready`);
      return r.status === 200 ? r.json() : undefined;
    }, 30_000);
    expect(ready).toEqual({ ready: true, checks: { database: true, realtime: true } });

    const inFlight = slowRequest(base, '/core/user/login/mobile', JSON.stringify({ mobile: '13800000009', password: 'not-the-password' }));
    await inFlight.started;
    child.kill('SIGTERM');
    // Not ready from the stop's first moment: a 503, or no new connection taken at all.
    await eventually('not ready', async () => {
      try {
        return (await fetch(`${base}/core/ready`)).status === 503;
      } catch {
        return true;
      }
    }, 10_000);
    expect(child.exitCode).toBeNull();
    inFlight.finish();
    const answer = await inFlight.answer;
    // The login's own answer (no such account), not a cut connection.
    expect(JSON.parse(answer.text)).toMatchObject({ msg: expect.stringMatching(/^error\./) });
    expect(await exited).toBe(0);
  });
});

describe('readiness on one SQLite process', () => {
  it('is ready with its database, and has no other process to reach', async () => {
    const s = await startTestServer('sqlite');
    try {
      const r = await s.app.inject({ method: 'GET', url: '/core/ready' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ ready: true, checks: { database: true, realtime: true } });
      // Closed: the database is gone and the balancer is told.
      await s.app.ctx.db.destroy();
      const down = await s.app.inject({ method: 'GET', url: '/core/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ ready: false, checks: { database: false, realtime: true } });
    } finally {
      await s.close().catch(() => undefined);
    }
  });
});
