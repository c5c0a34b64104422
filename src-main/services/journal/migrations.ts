import type BetterSqlite3 from 'better-sqlite3';
import { migrateByUserVersion, type MigrationSteps } from '../sqliteFile';

/** The journal database's schema version. */
export const JOURNAL_DB_VERSION = 5;

/**
 * Numbered steps from an empty file to JOURNAL_DB_VERSION, tracked in PRAGMA user_version.
 * Version 1: the edits, the saves built from them (the outbox) and one row per task subject.
 * Version 2: an index for the start-up scan of task subjects with edits waiting.
 * Version 3: edits may set the frame's classification answers (JSON list; null: the edit leaves them).
 * Version 4: a step action queued to follow a task subject's edits (the annotator moved on offline).
 * Version 5: where each task subject is worked on (project, task, step, data item; JSON), for the log records.
 */
const STEPS: MigrationSteps = {
  1: (db) => {
    // One row per task subject: the base version of the next save, and why it stopped (if it did).
    db.exec(`CREATE TABLE subjects (
      task_subject_id INTEGER PRIMARY KEY,
      user_id INTEGER,
      version INTEGER NOT NULL,
      state TEXT NOT NULL DEFAULT 'synced',
      server_version INTEGER,
      error_code TEXT,
      error_message TEXT,
      updated_at INTEGER NOT NULL
    )`);
    // save_id: the save this edit went into (null: not yet batched); version: what that save produced (null: not confirmed).
    db.exec(`CREATE TABLE edits (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      task_subject_id INTEGER NOT NULL,
      frame_id INTEGER NOT NULL,
      upsert TEXT NOT NULL,
      remove TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      save_id TEXT,
      version INTEGER
    )`);
    db.exec(`CREATE INDEX edits_subject_seq ON edits(task_subject_id, seq)`);
    // A save is recorded with its exact body before it is sent, so a retry is the same request.
    db.exec(`CREATE TABLE saves (
      save_id TEXT PRIMARY KEY,
      task_subject_id INTEGER NOT NULL,
      first_seq INTEGER NOT NULL,
      last_seq INTEGER NOT NULL,
      base_version INTEGER NOT NULL,
      body TEXT NOT NULL,
      version INTEGER,
      created_at INTEGER NOT NULL
    )`);
    db.exec(`CREATE INDEX saves_subject ON saves(task_subject_id, version)`);
  },
  2: (db) => {
    db.exec(`CREATE INDEX edits_unconfirmed ON edits(task_subject_id) WHERE version IS NULL`);
  },
  3: (db) => {
    db.exec(`ALTER TABLE edits ADD COLUMN classifications TEXT`);
  },
  4: (db) => {
    // body: the route's body without the version, which is the one the journal's saves reach.
    db.exec(`CREATE TABLE handoffs (
      task_subject_id INTEGER PRIMARY KEY,
      action TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`);
  },
  5: (db) => {
    db.exec(`ALTER TABLE subjects ADD COLUMN place TEXT`);
  },
};

/** Applies every missing step in one transaction each; answers the version reached. */
export function migrateJournalDb(db: BetterSqlite3.Database, target = JOURNAL_DB_VERSION): number {
  return migrateByUserVersion(db, 'journal', STEPS, JOURNAL_DB_VERSION, target);
}
