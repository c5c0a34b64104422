import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOG_LEVELS, type LogRecordInput } from '../../src-shared/ipc/logs';
import { apiRequest, initApiClient } from '../../src-renderer/src/app/apiClient';
import { log } from '../../src-renderer/src/app/log';

/** A stand-in team server: a refusal, a server failure, an envelope failure, a slow and a quick success. */
let server: Server;
let serverUrl: string;
const sent: LogRecordInput[] = [];
/** the `x-request-id` of each call the stand-in got, in order */
const requestIds: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    requestIds.push(String(req.headers['x-request-id']));
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/core/project/')) json(403, { code: 403, msg: 'error.forbidden', data: null });
    else if (path === '/core/boom') json(500, { code: 500, msg: 'error.internal', data: null });
    else if (path === '/core/conflict') json(200, { code: 409, msg: 'error.conflict', data: null });
    else if (path === '/core/slow') setTimeout(() => json(200, { code: 200, msg: 'ok', data: 1 }), 2_100);
    else json(200, { code: 200, msg: 'ok', data: 1 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  log.connect(async (records) => {
    sent.push(...records);
    return { written: records.length };
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  initApiClient(serverUrl);
  await log.drained();
  sent.length = 0;
});

async function recordsOf(call: () => Promise<unknown>): Promise<LogRecordInput[]> {
  await call().catch(() => undefined);
  await log.drained();
  return [...sent];
}

describe('renderer log of team-server calls', () => {
  it('a 403 envelope: warn with method, route template, status, status text, code, message key and time; no query', async () => {
    const records = await recordsOf(() =>
      apiRequest({ method: 'GET', path: '/project/:id/check/permission', params: { id: 42 }, query: { projectId: 42, token: 'secret-token' } }),
    );
    expect(records).toHaveLength(1);
    const [r] = records;
    expect(r!.level).toBe(LOG_LEVELS.warn);
    expect(r!.message).toMatch(/^API GET \/project\/:id\/check\/permission failed: HTTP 403 Forbidden, code 403 error\.forbidden, \d+ ms, request [0-9a-f]{32}$/);
    // the id the call sent: the server's log lines of it carry the same
    expect(r!.message.endsWith(`request ${requestIds.at(-1)}`)).toBe(true);
    expect(r!.extra).toEqual({ projectId: 42 });
    expect(JSON.stringify(r)).not.toContain('secret-token');
  });

  it('a server that cannot be reached: error with the network cause', async () => {
    initApiClient('http://127.0.0.1:9'); // the discard port: nothing listens
    const records = await recordsOf(() => apiRequest({ method: 'POST', path: '/user/login/mobile', body: { mobile: '138', password: 'hunter2' } }));
    expect(records).toHaveLength(1);
    expect(records[0]!.level).toBe(LOG_LEVELS.error);
    expect(records[0]!.message).toMatch(/^API POST \/user\/login\/mobile failed: network error \(.+\), \d+ ms, request [0-9a-f]{32}$/);
    expect(JSON.stringify(records)).not.toContain('hunter2');
  });

  it('a 5xx is an error; an OK answer whose envelope says 409 is a warn', async () => {
    const boom = await recordsOf(() => apiRequest({ method: 'GET', path: '/boom' }));
    expect(boom[0]).toMatchObject({ level: LOG_LEVELS.error, message: expect.stringMatching(/^API GET \/boom failed: HTTP 500 Internal Server Error, code 500 error\.internal/) as string });
    sent.length = 0;
    const conflict = await recordsOf(() => apiRequest({ method: 'POST', path: '/conflict', body: { taskId: 9 } }));
    expect(conflict[0]).toMatchObject({ level: LOG_LEVELS.warn, message: expect.stringMatching(/^API POST \/conflict failed: HTTP 200, code 409 error\.conflict/) as string, extra: { taskId: 9 } });
  });

  it('a quick success writes nothing; an aborted call writes nothing', async () => {
    expect(await recordsOf(() => apiRequest({ method: 'GET', path: '/ok' }))).toEqual([]);
    const ctl = new AbortController();
    const pending = apiRequest({ method: 'GET', path: '/slow', signal: ctl.signal });
    ctl.abort();
    expect(await recordsOf(() => pending)).toEqual([]);
  });

  it('a success slower than 2 s is an info record with its time', async () => {
    const records = await recordsOf(() => apiRequest({ method: 'GET', path: '/slow' }));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ level: LOG_LEVELS.info, message: expect.stringMatching(/^API GET \/slow slow: \d{4} ms, request [0-9a-f]{32}$/) as string });
    expect(records[0]!.message.endsWith(`request ${requestIds.at(-1)}`)).toBe(true);
  });
});
