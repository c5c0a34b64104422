import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { API_BASE } from '../../src-shared/api/route';
import type { ServerContext } from '../context';

/** Request time buckets, seconds: a claim's few ms to an upload's many seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Routes whose successful calls are counted by name: what an operator watches first. */
const WORK_CALLS: Record<string, string> = {
  [`POST ${API_BASE}/task/subject/claim`]: 'claim',
  [`POST ${API_BASE}/annotate`]: 'save',
  [`POST ${API_BASE}/task/subject/annotate/submit`]: 'submit',
};

/** Compares in constant time (their hashes, so lengths do not show either). */
const sameSecret = (a: string, b: string) => crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());

export interface MetricsSources {
  ctx: Pick<ServerContext, 'db'>;
  /** this process's open sockets, and whether its real-time channel reaches the other processes */
  realtime: { socketCount: number; sharedAcrossProcesses: boolean };
  /** the database pool now; null on SQLite */
  poolStats: () => { total: number; idle: number; waiting: number } | null;
}

/**
 * Prometheus metrics at `GET /core/metrics` (docs/deploy.md, "Metrics"), in a registry of this
 * server's own (tests run many in one process). Off unless METRICS_TOKEN is set; then only a
 * call with `authorization: Bearer <token>` reads them, as Prometheus's `authorization`
 * setting sends it: the per-route figures say what people do.
 *
 * - `annot_http_requests_total{method,route,status}` and `annot_http_request_duration_seconds{method,route}`:
 *   every request by its route's pattern (`/core/project/:projectId`), never its raw URL, so a
 *   scan of made-up paths adds one series (`unmatched`), not one per path.
 * - `annot_work_calls_total{call}`: successful claims, saves and submits.
 * - `annot_exports{status}` and `annot_ai_jobs{state}`: the queues, read from the database when scraped.
 * - `annot_realtime_sockets`, `annot_realtime_shared`: this process's sockets; 1 while its channel reaches the others.
 * - `annot_db_pool_connections{state}`: PostgreSQL's pool (total, idle, waiting).
 * - Node's own (`process_*`, `nodejs_*`: CPU, memory, event-loop lag).
 */
export function installMetrics(app: FastifyInstance, token: string | null, sources: MetricsSources): void {
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'annot_http_requests_total', help: 'HTTP requests by route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const duration = new Histogram({ name: 'annot_http_request_duration_seconds', help: 'HTTP request time by route pattern', labelNames: ['method', 'route'] as const, buckets: DURATION_BUCKETS, registers: [registry] });
  const work = new Counter({ name: 'annot_work_calls_total', help: 'Successful claims, saves and submits', labelNames: ['call'] as const, registers: [registry] });
  const { db } = sources.ctx;
  // The queues, counted when scraped: how many of each state wait or run, 0 for a state with none.
  const queue = (name: string, help: string, label: string, count: () => Promise<{ state: string; n: number }[]>) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        const rows = await count();
        for (const state of ['queued', 'running']) this.set({ [label]: state }, Number(rows.find((r) => r.state === state)?.n ?? 0));
      },
    });
  queue('annot_exports', 'Exports by status (queued, running)', 'status', () =>
    db.selectFrom('exports').select(['status as state', (eb) => eb.fn.countAll<number>().as('n')]).where('status', 'in', ['queued', 'running']).groupBy('status').execute(),
  );
  queue('annot_ai_jobs', 'AI jobs by state (queued, running)', 'state', () =>
    db.selectFrom('ai_jobs').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).where('state', 'in', ['queued', 'running']).groupBy('state').execute(),
  );
  new Gauge({
    name: 'annot_realtime_sockets',
    help: 'Real-time sockets open on this process',
    registers: [registry],
    collect() {
      this.set(sources.realtime.socketCount);
    },
  });
  new Gauge({
    name: 'annot_realtime_shared',
    help: '1 while this process\'s real-time channel reaches the other processes',
    registers: [registry],
    collect() {
      this.set(sources.realtime.sharedAcrossProcesses ? 1 : 0);
    },
  });
  new Gauge({
    name: 'annot_db_pool_connections',
    help: 'PostgreSQL pool connections (total, idle, waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = sources.poolStats();
      if (!p) return;
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });

  const path = `${API_BASE}/metrics`;
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === path) return;
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    const call = WORK_CALLS[`${req.method} ${route}`];
    if (call && reply.statusCode === 200) work.inc({ call });
  });
  app.get(path, { schema: { hide: true }, config: { auth: false } }, async (req, reply) => {
    if (!sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) return reply.code(401).header('www-authenticate', 'Bearer').send({ code: 401, msg: 'error.unauthorized', data: null });
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
