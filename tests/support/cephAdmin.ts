import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { requireSystemEnv } from './runEnv';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');

/**
 * The test Ceph's config file, for radosgw-admin: `S3_CEPH_CONF` (scripts/s3-up.sh writes it
 * into .run/s3.env), else `$S3_RUN_DIR/ceph.conf`, else the default run folder's. Missing is a
 * loud failure, like every system part the tests need.
 */
function cephConf(): string {
  const named = process.env.S3_CEPH_CONF ?? (process.env.S3_RUN_DIR ? path.join(process.env.S3_RUN_DIR, 'ceph.conf') : undefined);
  if (named) return named;
  const fallback = path.join(repo, '.run/s3/ceph.conf');
  if (fs.existsSync(fallback)) return fallback;
  return requireSystemEnv('s3', ['S3_CEPH_CONF']).S3_CEPH_CONF!;
}

const admin = async (...args: string[]) => (await run('radosgw-admin', ['-c', cephConf(), ...args], { timeout: 60_000 })).stdout;

/**
 * Sets and enables a size quota on a bucket. RGW reads a bucket's quota with its bucket info,
 * which radosgw-admin changes and announces to the gateway (watch/notify), so the next write
 * is checked against it; the bucket's usage the gateway counts itself as it writes. Measured
 * here: the first PUT after `quota enable` is refused, no wait or `bucket stats` needed.
 */
export async function setBucketQuota(bucket: string, maxSizeBytes: number): Promise<void> {
  await admin('quota', 'set', '--quota-scope=bucket', `--bucket=${bucket}`, `--max-size=${maxSizeBytes}`);
  await admin('quota', 'enable', '--quota-scope=bucket', `--bucket=${bucket}`);
}

export async function clearBucketQuota(bucket: string): Promise<void> {
  await admin('quota', 'disable', '--quota-scope=bucket', `--bucket=${bucket}`);
}
