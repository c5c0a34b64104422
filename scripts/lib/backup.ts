/**
 * Backup and restore of a team server's PostgreSQL database and S3 bucket (issue 34,
 * docs/deploy.md "Backup and restore"), with the tools the distribution ships: `pg_dump` /
 * `pg_restore` (PostgreSQL's own, custom format: consistent as of one moment, while the server
 * serves) and `rclone` (the bucket's objects, copied as they are).
 *
 * Order: the database first, then the bucket. An object is written before the row that names it
 * and never changed under a key, so every object a dumped row names is in the bucket by the time
 * it is copied; what came after the dump is copied too and named by nothing, which harms nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface BucketTarget {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  /** only the objects under it (the server's S3_ROOT_PREFIX) */
  prefix?: string;
}

/** The newest of the machine's PostgreSQL client tools (Debian's /usr/lib/postgresql/<n>/bin). */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', name))).sort((a, b) => Number(b) - Number(a)) : [];
  return versions[0] ? path.join(root, versions[0], 'bin', name) : name;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(command, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
  if (r.error) throw new Error(`${path.basename(command)} could not start (${r.error.message}): scripts/system-deps.sh installs it`);
  if (r.status !== 0) throw new Error(`${path.basename(command)} failed (${r.status}): ${r.stderr.trim().slice(0, 2000)}`);
}

/** rclone's environment-only remote `store` for one bucket. */
function rcloneEnv(t: BucketTarget): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // rclone refuses an empty CA bundle setting
    AWS_CA_BUNDLE: undefined,
    RCLONE_CONFIG_STORE_TYPE: 's3',
    RCLONE_CONFIG_STORE_PROVIDER: 'Ceph',
    RCLONE_CONFIG_STORE_ENDPOINT: t.endpoint,
    RCLONE_CONFIG_STORE_REGION: t.region,
    RCLONE_CONFIG_STORE_ACCESS_KEY_ID: t.accessKeyId,
    RCLONE_CONFIG_STORE_SECRET_ACCESS_KEY: t.secretAccessKey,
  };
}
const remoteOf = (t: BucketTarget) => `store:${t.bucket}${t.prefix ? `/${t.prefix.replace(/^\/+|\/+$/g, '')}` : ''}`;

/** Writes `<dir>/database.dump` and `<dir>/objects/`, and `<dir>/backup.json` saying when and what. */
export function backup(dir: string, databaseUrl: string, bucket: BucketTarget): { objects: number } {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: a backup goes to a folder of its own`);
  const started = new Date().toISOString();
  run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(dir, 'database.dump')}`, databaseUrl]);
  run('rclone', ['copy', remoteOf(bucket), path.join(dir, 'objects')], rcloneEnv(bucket));
  const objects = countFiles(path.join(dir, 'objects'));
  fs.writeFileSync(path.join(dir, 'backup.json'), JSON.stringify({ started, finished: new Date().toISOString(), objects }, null, 2) + '\n');
  return { objects };
}

/** Restores a backup into an empty database and a bucket (made beforehand): the database, then the objects. */
export function restore(dir: string, databaseUrl: string, bucket: BucketTarget): { objects: number } {
  for (const part of ['database.dump', 'objects', 'backup.json']) if (!fs.existsSync(path.join(dir, part))) throw new Error(`${dir} is not a backup: ${part} is missing`);
  run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, path.join(dir, 'database.dump')]);
  run('rclone', ['copy', path.join(dir, 'objects'), remoteOf(bucket)], rcloneEnv(bucket));
  return { objects: countFiles(path.join(dir, 'objects')) };
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
