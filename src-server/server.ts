import { loadConfig } from './config';
import { buildApp } from './app';
import { redact } from '../src-shared/log/redact';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What a request still in flight this long after a stop began gets before its connection is cut. */
export const STOP_GRACE_MS = 10_000;

/**
 * A graceful stop on SIGTERM or SIGINT (a balancer's drain, a deploy, Ctrl+C): from its first
 * moment every new request answers 503, `/core/ready` too, so the balancer takes the process
 * out; the requests in flight finish (cut after STOP_GRACE_MS); the sockets are told to go and
 * reconnect elsewhere; exports running here go back to the queue for another process, and
 * AI jobs stay the model services' (their callbacks reach any process). Then it exits 0.
 */
export function stopOnSignals(app: FastifyInstance): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`team server: ${signal}: stopping (requests in flight finish, new ones answer 503)`);
    const cut = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
    cut.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error('team server: the stop failed:', redact(err instanceof Error ? err.message : String(err)));
        process.exit(1);
      });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(signal));
}

/** Starts the team server with the configuration of the environment. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const app = await buildApp({ config });
  const address = await app.listen({ host: config.host, port: config.port });
  return { app, address, config };
}

// Run directly (not imported): start. The URL form keeps paths with spaces comparable.
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  startServer()
    .then(({ app, address, config }) => {
      const db = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
      const store = config.s3 ? `S3 ${config.s3.endpoint}/${config.s3.bucket}` : `local disk in ${config.dataDir}`;
      console.log(`team server on ${address}/core (database: ${db}; objects: ${store})`);
      stopOnSignals(app);
    })
    .catch((err: unknown) => {
      // The message may quote the configuration (a connection string with its password).
      console.error('team server failed to start:', redact(err instanceof Error ? err.message : String(err)));
      process.exit(1);
    });
}
