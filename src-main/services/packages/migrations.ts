import type BetterSqlite3 from 'better-sqlite3';
import { migrateByUserVersion, type MigrationSteps } from '../sqliteFile';

/** The packages database's schema version. */
export const PACKAGES_DB_VERSION = 4;

/**
 * Numbered steps from an empty file to PACKAGES_DB_VERSION, tracked in PRAGMA user_version
 * (the journal's pattern, src-main/services/journal/migrations.ts).
 * Version 1: packages, their items as the server answered them (card, subject, annotations at
 * their version, JSON), and one row per frame file with whether it is on disk and checked.
 * Version 2: per package, what the workspace reads besides the items (PackageContext: the
 * server's answers as JSON) and when they were fetched.
 * Version 3: items lost with the lease (docs/offline-day.md), each a copy kept until dismissed:
 * where it was, why and when it was lost, its card, and its annotations as last typed (JSON).
 * Version 4: the files of video items (docs/offline-day.md, "Video items"): per item its video
 * file and its frame times object, one file on disk per object key however many items of the
 * package name it (a long video split into items); a video item has no rows in `frames`.
 */
const STEPS: MigrationSteps = {
  1: (db) => {
    db.exec(`CREATE TABLE packages (
      package_id INTEGER PRIMARY KEY,
      project_id INTEGER NOT NULL,
      task_id INTEGER NOT NULL,
      workflow_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      state TEXT NOT NULL,
      error_code TEXT,
      error_message TEXT,
      taken_at INTEGER NOT NULL
    )`);
    // position: the server's order (held ones first, rework first, then the oldest).
    db.exec(`CREATE TABLE items (
      task_subject_id INTEGER PRIMARY KEY,
      package_id INTEGER NOT NULL REFERENCES packages(package_id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      card TEXT NOT NULL,
      subject TEXT NOT NULL,
      annotations TEXT NOT NULL
    )`);
    db.exec(`CREATE INDEX items_package ON items(package_id, position)`);
    // file: the path under the package's folder; done: downloaded and its size checked.
    db.exec(`CREATE TABLE frames (
      task_subject_id INTEGER NOT NULL REFERENCES items(task_subject_id) ON DELETE CASCADE,
      frame_id INTEGER NOT NULL,
      package_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      object_key TEXT NOT NULL,
      size_bytes INTEGER NOT NULL,
      file TEXT NOT NULL,
      done INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (task_subject_id, frame_id)
    )`);
    db.exec(`CREATE INDEX frames_package ON frames(package_id, done)`);
  },
  2: (db) => {
    db.exec(`CREATE TABLE contexts (
      package_id INTEGER PRIMARY KEY REFERENCES packages(package_id) ON DELETE CASCADE,
      body TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    )`);
  },
  3: (db) => {
    // Not tied to packages or items by a foreign key: the copy outlives both.
    db.exec(`CREATE TABLE lost (
      lost_id INTEGER PRIMARY KEY AUTOINCREMENT,
      task_subject_id INTEGER NOT NULL,
      package_id INTEGER NOT NULL,
      project_id INTEGER NOT NULL,
      task_id INTEGER NOT NULL,
      workflow_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      subject_name TEXT NOT NULL,
      reason TEXT NOT NULL,
      lost_at INTEGER NOT NULL,
      edits INTEGER NOT NULL,
      card TEXT NOT NULL,
      annotations TEXT NOT NULL
    )`);
    db.exec(`CREATE INDEX lost_user ON lost(user_id, lost_at)`);
  },
  4: (db) => {
    // part: 'video' or 'times'; file: shared by the rows of one object key in a package; size_bytes
    // null until a times object lands (the server does not give its size); done set for all rows of a file at once.
    db.exec(`CREATE TABLE item_files (
      task_subject_id INTEGER NOT NULL REFERENCES items(task_subject_id) ON DELETE CASCADE,
      part TEXT NOT NULL,
      package_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      object_key TEXT NOT NULL,
      size_bytes INTEGER,
      file TEXT NOT NULL,
      done INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (task_subject_id, part)
    )`);
    db.exec(`CREATE INDEX item_files_package ON item_files(package_id, file)`);
  },
};

/** Applies every missing step in one transaction each; answers the version reached. */
export function migratePackagesDb(db: BetterSqlite3.Database, target = PACKAGES_DB_VERSION): number {
  return migrateByUserVersion(db, 'packages', STEPS, PACKAGES_DB_VERSION, target);
}
