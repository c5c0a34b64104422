import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

/** Reads a KEY=value env file written by scripts/s3-up.sh or scripts/pg-up.sh. */
function readEnvFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!.replace(/^["']|["']$/g, '');
  }
  return out;
}

/**
 * A system part the tests, benches and the local cluster need (PostgreSQL, Ceph RGW): from the environment, else from the
 * env file its up-script wrote. Missing is a loud failure, never a silent skip.
 */
export function requireSystemEnv(kind: 'pg' | 's3', keys: string[]): Record<string, string> {
  const fileVar = kind === 'pg' ? 'PG_ENV_FILE' : 'S3_ENV_FILE';
  const file = process.env[fileVar] ?? path.join(repo, `.run/${kind}.env`);
  const fromFile = readEnvFile(file);
  const values: Record<string, string> = {};
  for (const k of keys) {
    const v = process.env[k] ?? fromFile[k];
    if (!v) {
      const script = kind === 'pg' ? 'scripts/pg-up.sh' : 'scripts/s3-up.sh';
      throw new Error(`${k} is not set and ${file} does not have it: start ${kind === 'pg' ? 'PostgreSQL' : 'Ceph RGW'} with ${script} (npm test does)`);
    }
    values[k] = v;
  }
  return values;
}
