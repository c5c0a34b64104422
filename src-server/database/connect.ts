import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { redact } from '../../src-shared/log/redact';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL's connection pool now (metrics); null on SQLite, one connection */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/** PostgreSQL int8 (bigint, count(*)) as JS numbers: our ids and epoch-ms times fit in 2^53. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * Opens the database the configuration names: PostgreSQL when a URL is given,
 * else a SQLite file (WAL) under the data directory. The rest of the server cannot tell.
 */
export function connectDatabase(opts: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, types: pgTypes });
    // An idle connection dropped by the server (restart, failover, admin termination) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.error(`database connection lost: ${redact(err.message)}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }), close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new BetterSqlite3(path.join(opts.dataDir, 'annot.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', poolStats: () => null, close: () => db.destroy() };
}
