import type BetterSqlite3 from 'better-sqlite3';

/** The log database's schema version (spec section 9: version 2). */
export const LOG_DB_VERSION = 2;

/**
 * Numbered steps from an empty file to LOG_DB_VERSION, tracked in PRAGMA user_version.
 * Version 1 was the plain log table; version 2 added the extra-info record as JSON and the
 * indexes the viewer's queries (level + time) need.
 */
const STEPS: Record<number, (db: BetterSqlite3.Database) => void> = {
  1: (db) => {
    db.exec(`CREATE TABLE logs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      level INTEGER NOT NULL,
      message TEXT NOT NULL,
      at INTEGER NOT NULL
    )`);
  },
  2: (db) => {
    db.exec(`ALTER TABLE logs ADD COLUMN extra TEXT NOT NULL DEFAULT '{}'`);
    db.exec(`CREATE INDEX logs_at ON logs(at)`);
    db.exec(`CREATE INDEX logs_level_at ON logs(level, at)`);
  },
};

/** Applies every missing step in one transaction each; answers the version reached. */
export function migrateLogDb(db: BetterSqlite3.Database, target = LOG_DB_VERSION): number {
  let version = db.pragma('user_version', { simple: true }) as number;
  if (version > LOG_DB_VERSION) {
    throw new Error(`log database version ${version} is newer than this app (${LOG_DB_VERSION})`);
  }
  while (version < target) {
    const next = version + 1;
    const step = STEPS[next];
    if (!step) throw new Error(`no migration to log database version ${next}`);
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${next}`);
    })();
    version = next;
  }
  return version;
}
