import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** Schema steps by the `user_version` each one reaches. */
export type MigrationSteps = Record<number, (db: BetterSqlite3.Database) => void>;

/**
 * Applies every missing step in one transaction each; answers the version reached. `what` names
 * the database in the errors (a newer file than this app, a missing step).
 */
export function migrateByUserVersion(db: BetterSqlite3.Database, what: string, steps: MigrationSteps, latest: number, target = latest): number {
  let version = db.pragma('user_version', { simple: true }) as number;
  if (version > latest) {
    throw new Error(`${what} database version ${version} is newer than this app (${latest})`);
  }
  while (version < target) {
    const next = version + 1;
    const step = steps[next];
    if (!step) throw new Error(`no migration to ${what} database version ${next}`);
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${next}`);
    })();
    version = next;
  }
  return version;
}

export interface SqliteFileOptions {
  /** FULL: every commit fsynced (survives power loss); NORMAL under WAL: the last commits may go, never the file */
  synchronous: 'FULL' | 'NORMAL';
  busyTimeoutMs?: number;
  foreignKeys?: boolean;
  migrate: (db: BetterSqlite3.Database) => unknown;
}

/** One of the workstation's SQLite files, in WAL mode and migrated; closed again if that fails. */
export function openSqliteFile(file: string, options: SqliteFileOptions): BetterSqlite3.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous}`);
    if (options.busyTimeoutMs !== undefined) db.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
    if (options.foreignKeys) db.pragma('foreign_keys = ON');
    options.migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
