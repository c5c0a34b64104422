import type BetterSqlite3 from 'better-sqlite3';
import { migrateByUserVersion, type MigrationSteps } from '../sqliteFile';

/** The log database's schema version (spec section 9: version 2). */
export const LOG_DB_VERSION = 2;

/**
 * Numbered steps from an empty file to LOG_DB_VERSION, tracked in PRAGMA user_version.
 * Version 1 was the plain log table; version 2 added the extra-info record as JSON and the
 * indexes the viewer's queries (level + time) need.
 */
const STEPS: MigrationSteps = {
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
  return migrateByUserVersion(db, 'log', STEPS, LOG_DB_VERSION, target);
}
