import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { API_BASE } from '../../src-shared/api/route';
import type { Database } from '../database/schema';

/** A database that does not answer `select 1` in this long is as good as away, to a balancer. */
const DATABASE_CHECK_MS = 2000;

/** Whether a check answered in time: its failure or its silence is a reason. */
async function within<T>(ms: number, work: Promise<T>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a load balancer asks (docs/deploy.md, "Health and readiness"), without a session:
 *
 * - `GET /core/health`: the process serves HTTP (liveness). 200 while it runs.
 * - `GET /core/ready`: it should be sent work: its database answers within 2 s, and on
 *   PostgreSQL its real-time channel reaches the other processes. 503 with the failed checks
 *   named otherwise. Once a stop begins, every request, this one too, answers 503 (Fastify's
 *   own while closing), so the balancer takes the process out while its requests finish.
 */
export function installHealth(app: FastifyInstance, db: Kysely<Database>, realtime: { sharedAcrossProcesses: boolean }): void {
  const open = { schema: { hide: true }, config: { auth: false } } as const;
  app.get(`${API_BASE}/health`, open, async () => ({ live: true }));
  app.get(`${API_BASE}/ready`, open, async (_req, reply) => {
    const checks = {
      database: await within(DATABASE_CHECK_MS, sql`select 1`.execute(db)),
      realtime: realtime.sharedAcrossProcesses,
    };
    const ready = Object.values(checks).every(Boolean);
    return reply.code(ready ? 200 : 503).send({ ready, checks });
  });
}
