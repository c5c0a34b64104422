/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` (docs/deploy.md, "Backup and
 * restore"): the team server's PostgreSQL database and S3 objects, from and to those the
 * environment names (DATABASE_URL; S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY, S3_SECRET_KEY,
 * S3_BUCKET, S3_ROOT_PREFIX), as the server itself reads them. A restore goes into an empty
 * database and an existing bucket.
 */
import { backup, restore } from './lib/backup';

function need(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: the backup reads the server's own settings`);
  return v;
}

const [verb, dir] = [process.argv[2], process.argv[3]];
try {
  if ((verb !== 'backup' && verb !== 'restore') || !dir) throw new Error('usage: npm run backup -- <folder>  |  npm run restore -- <folder>');
  const bucket = {
    endpoint: need('S3_ENDPOINT'),
    region: process.env.S3_REGION ?? 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY'),
    secretAccessKey: need('S3_SECRET_KEY'),
    bucket: need('S3_BUCKET'),
    ...(process.env.S3_ROOT_PREFIX ? { prefix: process.env.S3_ROOT_PREFIX } : {}),
  };
  const done = verb === 'backup' ? backup(dir, need('DATABASE_URL'), bucket) : restore(dir, need('DATABASE_URL'), bucket);
  console.log(`${verb}: the database and ${done.objects} objects, ${verb === 'backup' ? 'into' : 'from'} ${dir}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
