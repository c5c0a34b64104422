/**
 * Prometheus metrics (issue 34, docs/deploy.md "Metrics"): off without METRICS_TOKEN, read only
 * with it, counted by route pattern (never by raw path), with the work calls, the queues, the
 * sockets and PostgreSQL's pool, on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildTask } from '../support/taskFixture';
import { buildWorld } from '../support/world';

const TOKEN = 'metrics-token-0123456789';

/** A sample's value from the text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics on postgres', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('postgres', { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await s?.close();
  });
  const scrape = async (authorization?: string) => s.app.inject({ method: 'GET', url: '/core/metrics', headers: authorization ? { authorization } : {} });

  it('answers only the token, and counts requests by route pattern, work calls, queues and the pool', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-000000')).statusCode).toBe(401);

    const w = await buildWorld(s.app.ctx);
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [w.users.annotator.id] }], subjects: 2 });
    const claim = await s.call({ method: 'POST', url: '/core/task/subject/claim', token: w.users.annotator.token, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } });
    expect(claim.body.msg).toBe('ok');
    for (const id of [1, 2, 3]) expect((await s.call({ method: 'GET', url: `/core/project/${w.projectP + 100_000 * id}`, token: w.users.owner.token })).status).toBe(404);
    for (const junk of ['/core/no-such-route-1', '/core/no-such-route-2']) expect((await s.app.inject({ method: 'GET', url: junk })).statusCode).toBe(404);

    const r = await scrape(`Bearer ${TOKEN}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const text = r.body;
    expect(sample(text, 'annot_http_requests_total{method="POST",route="/core/task/subject/claim",status="200"}')).toBe(1);
    expect(sample(text, 'annot_work_calls_total{call="claim"}')).toBe(1);
    // by pattern: three projects, one series; made-up paths, one series
    expect(sample(text, 'annot_http_requests_total{method="GET",route="/core/project/:projectId",status="404"}')).toBe(3);
    expect(sample(text, 'annot_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(text).not.toContain('no-such-route');
    expect(sample(text, 'annot_http_request_duration_seconds_count{method="POST",route="/core/task/subject/claim"}')).toBe(1);
    expect(sample(text, 'annot_exports{status="queued"}')).toBe(0);
    expect(sample(text, 'annot_ai_jobs{state="running"}')).toBe(0);
    expect(sample(text, 'annot_realtime_sockets')).toBe(0);
    expect(sample(text, 'annot_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});

describe('metrics switched off', () => {
  it('has no metrics route without METRICS_TOKEN, and refuses a short token at start', async () => {
    const s = await startTestServer('sqlite');
    try {
      expect((await s.app.inject({ method: 'GET', url: '/core/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await s.close();
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});
