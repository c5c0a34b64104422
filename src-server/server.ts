import { loadConfig } from './config';
import { buildApp } from './app';
import { redact } from '../src-shared/log/redact';
import { pathToFileURL } from 'node:url';

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
    .then(({ address, config }) => {
      const db = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
      const store = config.s3 ? `S3 ${config.s3.endpoint}/${config.s3.bucket}` : `local disk in ${config.dataDir}`;
      console.log(`team server on ${address}/core (database: ${db}; objects: ${store})`);
    })
    .catch((err: unknown) => {
      // The message may quote the configuration (a connection string with its password).
      console.error('team server failed to start:', redact(err instanceof Error ? err.message : String(err)));
      process.exit(1);
    });
}
