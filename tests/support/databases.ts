import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { requireSystemEnv } from './runEnv';

export type DbKind = 'sqlite' | 'postgres';

/** Every suite of the server runs on both databases. */
export const DB_KINDS: DbKind[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  kind: DbKind;
  databaseUrl: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database of the kind asked: a SQLite file in a temp dir, or a new PostgreSQL
 * database on the test cluster (scripts/pg-up.sh), dropped afterwards.
 */
export async function freshDatabase(kind: DbKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `annot-${kind}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') return { kind, databaseUrl: null, dataDir, drop: async () => removeDir() };

  const TEST_DATABASE_URL = requireSystemEnv('pg', ['TEST_DATABASE_URL']).TEST_DATABASE_URL!;
  const name = `annot_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      removeDir();
    },
  };
}
