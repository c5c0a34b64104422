/**
 * `npm run cluster [-- N]`: a local cluster of N team server processes (default 3) behind HAProxy
 * (docs/deploy.md), with the demo team, to try or measure. PostgreSQL and S3 come from the
 * environment (DATABASE_URL, S3_*), or else from the test services (`bash scripts/pg-up.sh &&
 * bash scripts/s3-up.sh`): a database `annot_cluster` and a bucket `annot-cluster` of their own,
 * made if missing. Ctrl+C stops every process and the balancer.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { buildApp } from '../src-server/app';
import { loadConfig } from '../src-server/config';
import { seedDemoTeam } from '../src-server/seed/demoTeam';
import { requireSystemEnv } from './lib/serviceEnv';
import { startCluster } from './lib/cluster';

const S3_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'];

async function database(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = requireSystemEnv('pg', ['TEST_DATABASE_URL']).TEST_DATABASE_URL!;
  const url = `${admin.replace(/\/[^/]*$/, '')}/annot_cluster`;
  const client = new pg.Client({ connectionString: `${admin.replace(/\/[^/]*$/, '')}/postgres` });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', ['annot_cluster']);
    if (!exists.rowCount) await client.query('create database annot_cluster');
  } finally {
    await client.end();
  }
  return url;
}

async function storage(): Promise<Record<string, string>> {
  if (process.env.S3_ENDPOINT) return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('S3_') && e[1] !== undefined));
  const env = requireSystemEnv('s3', S3_KEYS);
  const s3 = new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION!, forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! } });
  await s3.send(new CreateBucketCommand({ Bucket: 'annot-cluster' })).catch((err: { name?: string }) => {
    if (err.name !== 'BucketAlreadyOwnedByYou' && err.name !== 'BucketAlreadyExists') throw err;
  });
  return { ...env, S3_BUCKET: 'annot-cluster', S3_FORCE_PATH_STYLE: 'true' };
}

async function main() {
  const processes = Number(process.argv[2] ?? 3);
  if (!Number.isInteger(processes) || processes < 1 || processes > 16) throw new Error(`the number of processes must be 1 to 16, got "${process.argv[2]}"`);
  const databaseUrl = await database();
  const s3 = await storage();
  // The demo team, once per database (a second start changes nothing), through the server's own code.
  const seeder = await buildApp({ config: { ...loadConfig({ ...s3, LOG_LEVEL: 'silent', DATA_DIR: '.run/cluster-seed' }), databaseUrl } });
  try {
    await seedDemoTeam(seeder);
  } finally {
    await seeder.close();
  }
  const cluster = await startCluster({ processes, databaseUrl, s3, ...(process.env.CLUSTER_PORT ? { port: Number(process.env.CLUSTER_PORT) } : {}), log: (i, line) => console.log(`${i ? `[server ${i}]` : '[haproxy]'} ${line}`) });
  console.log(`\n${processes} team server processes behind HAProxy at ${cluster.url}/core`);
  for (const p of cluster.processes) console.log(`  server ${p.index}: http://127.0.0.1:${p.port}/core (pid ${p.child.pid})`);
  console.log(`the workstation: SERVER_URL=${cluster.url} npm run web; demo accounts as npm start prints them. Ctrl+C stops.`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nstopping the cluster ...');
      void cluster.stop().then(() => process.exit(0));
    });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
