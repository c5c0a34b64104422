import crypto from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { openSqliteFile } from '../sqliteFile';
import type { JournalEdit, JournalEditInput, JournalError, JournalHandoffAction, JournalPlace, JournalStatus } from '../../../src-shared/ipc';
import type { ObjectEditBody } from '../../../src-shared/api/annotate';
import { nextBatch, type QueuedEdit } from './coalesce';
import { migrateJournalDb } from './migrations';

/** What stops a task subject's sync until journal.resolve; 'synced' means it is not stopped. */
export type StoredState = 'synced' | 'conflict' | 'refused';

export interface SubjectRow {
  taskSubjectId: number;
  userId: number | null;
  version: number;
  state: StoredState;
  serverVersion: number | null;
  error: JournalError | null;
  /** where it is worked on, as the last journal.open that said so told (null: never told) */
  place: JournalPlace | null;
}

/** A save recorded before it is sent: a retry sends this exact body under this id. */
export interface RecordedSave {
  saveId: string;
  taskSubjectId: number;
  firstSeq: number;
  lastSeq: number;
  baseVersion: number;
  body: string;
}

type RawSubject = { task_subject_id: number; user_id: number | null; version: number; state: StoredState; server_version: number | null; error_code: string | null; error_message: string | null; place: string | null };
type RawEdit = { seq: number; task_subject_id: number; frame_id: number; upsert: string; remove: string; classifications: string | null; created_at: number };

/** An edit as journal.append takes it once checked: `classifications` absent leaves the frame's answers alone. */
export type EditEntry = Required<Omit<JournalEditInput, 'userId' | 'classifications'>> & Pick<JournalEditInput, 'classifications'>;

/** null in the column: the edit did not touch the classification answers. */
const classificationsOf = (r: RawEdit): Pick<JournalEdit, 'classifications'> =>
  r.classifications === null ? {} : { classifications: JSON.parse(r.classifications) as NonNullable<JournalEdit['classifications']> };

const toEdit = (r: RawEdit): JournalEdit => ({
  seq: r.seq,
  taskSubjectId: r.task_subject_id,
  frameId: r.frame_id,
  upsert: JSON.parse(r.upsert) as JournalEdit['upsert'],
  remove: JSON.parse(r.remove) as string[],
  ...classificationsOf(r),
  createdAt: r.created_at,
});

/** A step action waiting to follow the edits: the route body without its version. */
export interface QueuedHandoff {
  action: JournalHandoffAction;
  body: Record<string, unknown>;
}

/** Edits queued for one save at most (the batch takes a prefix of them). */
const QUEUE_WINDOW = 1000;

/**
 * The workstation's annotation journal on SQLite: every edit is committed here before
 * journal.append answers, and every save is recorded with its body before it is sent.
 * One connection on the main thread: appends are a few small rows at human speed.
 * Decisions: docs/journal.md.
 */
export class JournalStore {
  readonly db: BetterSqlite3.Database;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
    // FULL: each commit is fsynced, so an edit survives power loss too, not only a killed process.
    this.db = openSqliteFile(file, { synchronous: 'FULL', busyTimeoutMs: 5000, migrate: migrateJournalDb });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  subject(taskSubjectId: number): SubjectRow | undefined {
    const r = this.db.prepare('SELECT * FROM subjects WHERE task_subject_id = ?').get(taskSubjectId) as RawSubject | undefined;
    if (!r) return undefined;
    return {
      taskSubjectId: r.task_subject_id,
      userId: r.user_id,
      version: r.version,
      state: r.state,
      serverVersion: r.server_version,
      error: r.error_code === null ? null : { code: r.error_code, message: r.error_message ?? r.error_code },
      place: r.place === null ? null : (JSON.parse(r.place) as JournalPlace),
    };
  }

  /** Edits the server has not confirmed, in order. */
  unconfirmed(taskSubjectId: number): JournalEdit[] {
    return (this.db.prepare('SELECT * FROM edits WHERE task_subject_id = ? AND version IS NULL ORDER BY seq').all(taskSubjectId) as RawEdit[]).map(toEdit);
  }

  /**
   * Every edit that version `serverVersion` does not contain, in order: the confirmed ones that
   * made later versions and those not confirmed yet. Applied on top of the annotations read at
   * that version, they give the item as last typed.
   */
  editsSince(taskSubjectId: number, serverVersion: number): JournalEdit[] {
    return (this.db.prepare('SELECT * FROM edits WHERE task_subject_id = ? AND (version IS NULL OR version > ?) ORDER BY seq').all(taskSubjectId, serverVersion) as RawEdit[]).map(toEdit);
  }

  pendingCount(taskSubjectId: number): number {
    return (this.db.prepare('SELECT count(*) AS n FROM edits WHERE task_subject_id = ? AND version IS NULL').get(taskSubjectId) as { n: number }).n;
  }

  /** The stored view; `offline` is not stored (the syncer adds it). Never opened: synced at version 0. */
  status(taskSubjectId: number): JournalStatus {
    const row = this.subject(taskSubjectId);
    const pending = this.pendingCount(taskSubjectId);
    if (!row) return { taskSubjectId, state: 'synced', pending: 0, version: 0 };
    const handoff = this.handoff(taskSubjectId);
    const state = row.state !== 'synced' ? row.state : pending > 0 || handoff ? 'pending' : 'synced';
    return {
      taskSubjectId,
      state,
      pending,
      version: row.version,
      ...(handoff ? { handoff: handoff.action } : {}),
      ...(row.state === 'conflict' && row.serverVersion !== null ? { serverVersion: row.serverVersion } : {}),
      ...(row.error && row.state !== 'synced' ? { error: row.error } : {}),
    };
  }

  /** Whether a save of this journal produced that version of the task subject. */
  produced(taskSubjectId: number, version: number): boolean {
    return this.db.prepare('SELECT 1 FROM saves WHERE task_subject_id = ? AND version = ?').get(taskSubjectId, version) !== undefined;
  }

  /** The save recorded but not confirmed (sent, maybe committed, answer not seen), if any. */
  openSave(taskSubjectId: number): RecordedSave | undefined {
    const r = this.db.prepare('SELECT * FROM saves WHERE task_subject_id = ? AND version IS NULL').get(taskSubjectId) as
      | { save_id: string; task_subject_id: number; first_seq: number; last_seq: number; base_version: number; body: string }
      | undefined;
    return r && { saveId: r.save_id, taskSubjectId: r.task_subject_id, firstSeq: r.first_seq, lastSeq: r.last_seq, baseVersion: r.base_version, body: r.body };
  }

  /**
   * The renderer loaded the task subject at `serverVersion`. Answers the edits that version
   * does not contain yet. Someone else's version with edits of ours waiting is a conflict,
   * unless a save of ours is still unanswered (it may be what produced that version): then
   * the syncer's retry of that save decides, since the server answers a retried save id.
   * A version older than the journal's is a stale read, never someone else's change.
   */
  open(taskSubjectId: number, serverVersion: number, userId: number | null, place: JournalPlace | null = null): { edits: JournalEdit[]; status: JournalStatus } {
    const edits = this.db.transaction((): JournalEdit[] => {
      this.takeBack(taskSubjectId);
      const row = this.subject(taskSubjectId);
      const t = this.now();
      const placeJson = place === null ? null : JSON.stringify(place);
      if (!row) {
        this.db.prepare('INSERT INTO subjects (task_subject_id, user_id, version, updated_at, place) VALUES (?, ?, ?, ?, ?)').run(taskSubjectId, userId, serverVersion, t, placeJson);
        return [];
      }
      // A task subject moves from step to step: the latest place told is where it is worked on now.
      this.db.prepare('UPDATE subjects SET user_id = coalesce(user_id, ?), place = coalesce(?, place), updated_at = ? WHERE task_subject_id = ?').run(userId, placeJson, t, taskSubjectId);
      // Versions only grow. Our own version, or one older than the journal knows (read while a
      // save of ours landed, e.g. right after a conflict was resolved): the read lacks what came
      // after it, confirmed or not; it never rewinds the journal.
      if (this.produced(taskSubjectId, serverVersion) || serverVersion < row.version) return this.editsSince(taskSubjectId, serverVersion);
      const waiting = this.unconfirmed(taskSubjectId);
      if (serverVersion === row.version || this.openSave(taskSubjectId)) return waiting;
      if (waiting.length === 0) {
        this.db
          .prepare("UPDATE subjects SET version = ?, state = 'synced', server_version = NULL, error_code = NULL, error_message = NULL, updated_at = ? WHERE task_subject_id = ?")
          .run(serverVersion, t, taskSubjectId);
        return [];
      }
      this.stop(taskSubjectId, 'conflict', { code: 'annotate.stale', message: 'error.annotate.stale' }, serverVersion);
      return waiting;
    })();
    return { edits, status: this.status(taskSubjectId) };
  }

  /** Commits one edit; answers its seq. The task subject must have been opened. */
  append(input: EditEntry, userId: number | null): number {
    return this.db.transaction(() => {
      const row = this.subject(input.taskSubjectId);
      if (!row) throw Object.assign(new Error(`task subject ${input.taskSubjectId} was not opened in the journal`), { name: 'JournalError', code: 'JOURNAL_NOT_OPEN' });
      this.db.prepare('UPDATE subjects SET user_id = coalesce(user_id, ?), updated_at = ? WHERE task_subject_id = ?').run(userId, this.now(), input.taskSubjectId);
      const r = this.db
        .prepare('INSERT INTO edits (task_subject_id, frame_id, upsert, remove, classifications, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(input.taskSubjectId, input.frameId, JSON.stringify(input.upsert), JSON.stringify(input.remove), input.classifications ? JSON.stringify(input.classifications) : null, this.now());
      return Number(r.lastInsertRowid);
    })();
  }

  /**
   * The save to send next: the one recorded and not answered (sent again as it is), else a new
   * one built from the next edits and recorded (body, save id, seq range, base) in the same
   * transaction that assigns the edits to it. Null when nothing waits.
   */
  nextSave(taskSubjectId: number): RecordedSave | null {
    return this.db.transaction((): RecordedSave | null => {
      const open = this.openSave(taskSubjectId);
      if (open) return open;
      const row = this.subject(taskSubjectId);
      if (!row) return null;
      const queue = (
        this.db
          .prepare('SELECT * FROM edits WHERE task_subject_id = ? AND version IS NULL AND save_id IS NULL ORDER BY seq LIMIT ?')
          .all(taskSubjectId, QUEUE_WINDOW) as RawEdit[]
      ).map((r): QueuedEdit => ({ seq: r.seq, frameId: r.frame_id, upsert: JSON.parse(r.upsert) as QueuedEdit['upsert'], remove: JSON.parse(r.remove) as string[], ...classificationsOf(r) }));
      const batch = nextBatch(queue);
      if (!batch) return null;
      const saveId = crypto.randomUUID();
      const { upsert, remove, classifications } = batch.changes;
      const body: ObjectEditBody = { taskSubjectId, saveId, baseVersion: row.version, frameId: batch.frameId, upsert, remove, ...(classifications ? { classifications } : {}) };
      const save: RecordedSave = { saveId, taskSubjectId, firstSeq: batch.edits[0]!.seq, lastSeq: batch.edits[batch.edits.length - 1]!.seq, baseVersion: row.version, body: JSON.stringify(body) };
      this.db
        .prepare('INSERT INTO saves (save_id, task_subject_id, first_seq, last_seq, base_version, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(save.saveId, taskSubjectId, save.firstSeq, save.lastSeq, save.baseVersion, save.body, this.now());
      // The batch is consecutive in this task subject's order, so its seq range names exactly its edits.
      this.db
        .prepare('UPDATE edits SET save_id = ? WHERE task_subject_id = ? AND seq BETWEEN ? AND ? AND version IS NULL AND save_id IS NULL')
        .run(saveId, taskSubjectId, save.firstSeq, save.lastSeq);
      return save;
    })();
  }

  /** The server committed the save at `version`: its edits are confirmed and the next save builds on it. */
  confirmSave(saveId: string, version: number): void {
    this.db.transaction(() => {
      const s = this.db.prepare('SELECT task_subject_id FROM saves WHERE save_id = ?').get(saveId) as { task_subject_id: number } | undefined;
      if (!s) return;
      this.db.prepare('UPDATE saves SET version = ? WHERE save_id = ?').run(version, saveId);
      this.db.prepare('UPDATE edits SET version = ? WHERE save_id = ?').run(version, saveId);
      this.db.prepare('UPDATE subjects SET version = ?, updated_at = ? WHERE task_subject_id = ?').run(version, this.now(), s.task_subject_id);
    })();
  }

  /** Drops the unanswered save (the server refused it, nothing was written); its edits go back to the queue. */
  private dropOpenSaves(taskSubjectId: number): void {
    this.db.prepare('DELETE FROM saves WHERE task_subject_id = ? AND version IS NULL').run(taskSubjectId);
    this.db.prepare('UPDATE edits SET save_id = NULL WHERE task_subject_id = ? AND version IS NULL').run(taskSubjectId);
  }

  /** The server is at a version of our own that the save was not based on: build the save again on it. */
  rebase(taskSubjectId: number, version: number): void {
    this.db.transaction(() => {
      this.dropOpenSaves(taskSubjectId);
      this.db.prepare('UPDATE subjects SET version = ?, updated_at = ? WHERE task_subject_id = ?').run(version, this.now(), taskSubjectId);
    })();
  }

  /** Stops the task subject's sync until resolve; the edits stay. */
  stop(taskSubjectId: number, state: 'conflict' | 'refused', error: JournalError, serverVersion: number | null = null): void {
    this.db
      .prepare('UPDATE subjects SET state = ?, server_version = ?, error_code = ?, error_message = ?, updated_at = ? WHERE task_subject_id = ?')
      .run(state, serverVersion, error.code, error.message, this.now(), taskSubjectId);
  }

  /** theirs: the waiting edits go; mine: they are sent again on `serverVersion`. Either way the sync runs again. */
  resolve(taskSubjectId: number, keep: 'mine' | 'theirs', serverVersion: number): void {
    this.db.transaction(() => {
      if (!this.subject(taskSubjectId)) throw Object.assign(new Error(`task subject ${taskSubjectId} was not opened in the journal`), { name: 'JournalError', code: 'JOURNAL_NOT_OPEN' });
      this.dropOpenSaves(taskSubjectId);
      if (keep === 'theirs') this.db.prepare('DELETE FROM edits WHERE task_subject_id = ? AND version IS NULL').run(taskSubjectId);
      this.db
        .prepare("UPDATE subjects SET version = ?, state = 'synced', server_version = NULL, error_code = NULL, error_message = NULL, updated_at = ? WHERE task_subject_id = ?")
        .run(serverVersion, this.now(), taskSubjectId);
    })();
  }

  /** Deletes everything about a task subject whose edits are all confirmed and that has no action waiting; false otherwise. */
  forget(taskSubjectId: number): boolean {
    return this.db.transaction(() => {
      if (this.pendingCount(taskSubjectId) > 0 || this.handoff(taskSubjectId)) return false;
      this.discard(taskSubjectId);
      return true;
    })();
  }

  /** Deletes everything about a task subject, edits waiting or not: the server will not take them (the item was lost with the lease). */
  discard(taskSubjectId: number): void {
    this.db.transaction(() => {
      for (const table of ['edits', 'saves', 'handoffs', 'subjects']) this.db.prepare(`DELETE FROM ${table} WHERE task_subject_id = ?`).run(taskSubjectId);
    })();
  }

  /** Queues the step action to follow the edits (replacing one queued before: the newest decision counts). */
  queueHandoff(taskSubjectId: number, handoff: QueuedHandoff): void {
    if (!this.subject(taskSubjectId)) throw Object.assign(new Error(`task subject ${taskSubjectId} was not opened in the journal`), { name: 'JournalError', code: 'JOURNAL_NOT_OPEN' });
    this.db
      .prepare('INSERT INTO handoffs (task_subject_id, action, body, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (task_subject_id) DO UPDATE SET action = excluded.action, body = excluded.body, created_at = excluded.created_at')
      .run(taskSubjectId, handoff.action, JSON.stringify(handoff.body), this.now());
  }

  handoff(taskSubjectId: number): QueuedHandoff | undefined {
    const r = this.db.prepare('SELECT action, body FROM handoffs WHERE task_subject_id = ?').get(taskSubjectId) as { action: JournalHandoffAction; body: string } | undefined;
    return r && { action: r.action, body: JSON.parse(r.body) as Record<string, unknown> };
  }

  /** Task subjects with a step action queued, oldest first. */
  handoffSubjects(): number[] {
    return (this.db.prepare('SELECT task_subject_id AS id FROM handoffs ORDER BY created_at, task_subject_id').all() as { id: number }[]).map((r) => r.id);
  }

  /** The server took the action: the task subject has moved on and its journal goes. */
  handedOff(taskSubjectId: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM handoffs WHERE task_subject_id = ?').run(taskSubjectId);
      this.forget(taskSubjectId);
    })();
  }

  /**
   * The annotator has the item open again: a queued action the server refused is dropped (they
   * decide anew), and the stop it caused ends; a refusal of an edit stays for journal.resolve.
   */
  takeBack(taskSubjectId: number): void {
    this.db.transaction(() => {
      const row = this.subject(taskSubjectId);
      if (!row || row.state !== 'refused' || !this.handoff(taskSubjectId) || this.pendingCount(taskSubjectId) > 0) return;
      this.db.prepare('DELETE FROM handoffs WHERE task_subject_id = ?').run(taskSubjectId);
      this.db.prepare("UPDATE subjects SET state = 'synced', error_code = NULL, error_message = NULL, updated_at = ? WHERE task_subject_id = ?").run(this.now(), taskSubjectId);
    })();
  }

  /** Task subjects with edits or an action waiting and not stopped: what the syncer resumes after a restart. */
  waitingSubjects(): number[] {
    return (
      this.db
        .prepare(
          `SELECT task_subject_id AS id FROM subjects s WHERE s.state = 'synced' AND (
             EXISTS (SELECT 1 FROM edits e WHERE e.task_subject_id = s.task_subject_id AND e.version IS NULL)
             OR EXISTS (SELECT 1 FROM handoffs h WHERE h.task_subject_id = s.task_subject_id)) ORDER BY id`,
        )
        .all() as { id: number }[]
    ).map((r) => r.id);
  }

  /** Forgets task subjects fully synced and untouched for `olderThanMs` (the renderer may never call forget). */
  prune(olderThanMs: number): number {
    const cutoff = this.now() - olderThanMs;
    const stale = (
      this.db
        .prepare(
          `SELECT task_subject_id AS id FROM subjects s WHERE updated_at < ?
             AND NOT EXISTS (SELECT 1 FROM edits e WHERE e.task_subject_id = s.task_subject_id AND e.version IS NULL)
             AND NOT EXISTS (SELECT 1 FROM handoffs h WHERE h.task_subject_id = s.task_subject_id)`,
        )
        .all(cutoff) as { id: number }[]
    ).map((r) => r.id);
    for (const id of stale) this.forget(id);
    return stale.length;
  }
}
