import type BetterSqlite3 from 'better-sqlite3';
import type { TaskSubjectAnnotations } from '../../../src-shared/api/annotate';
import type { TaskSubjectCard } from '../../../src-shared/api/taskSubject';
import type { LostItem, LostItemCopy, LostReason } from '../../../src-shared/ipc';

type RawLost = {
  lost_id: number;
  task_subject_id: number;
  package_id: number;
  project_id: number;
  task_id: number;
  workflow_id: number;
  user_id: number;
  subject_name: string;
  reason: LostReason;
  lost_at: number;
  edits: number;
  card: string;
  annotations: string;
};

const toLost = (r: RawLost): LostItem => ({
  lostId: r.lost_id,
  taskSubjectId: r.task_subject_id,
  packageId: r.package_id,
  projectId: r.project_id,
  taskId: r.task_id,
  workflowId: r.workflow_id,
  userId: r.user_id,
  subjectName: r.subject_name,
  reason: r.reason,
  lostAt: r.lost_at,
  edits: r.edits,
});

/** An item of a package as stored, what its copy is made from. */
export interface StoredItem {
  card: TaskSubjectCard;
  subjectName: string;
  annotations: TaskSubjectAnnotations;
}

/** What a move out of a package records besides the stored item. */
export interface LostEntry {
  packageId: number;
  taskSubjectId: number;
  reason: LostReason;
  lostAt: number;
  /** the copy's annotations and how many edits of the journal are in it, from the item as stored */
  copy: (stored: StoredItem) => { annotations: TaskSubjectAnnotations; edits: number };
}

/**
 * Items lost with the lease (`lost` in packages.db, docs/offline-day.md): moved out of their
 * package in one transaction with their copy, kept until the user dismisses them.
 */
export class LostStore {
  constructor(private readonly db: BetterSqlite3.Database) {}

  /**
   * Moves the item out of its package into `lost` (its frame rows go with the item); answers its
   * frame files (relative to the package folder) to delete, or null when the item is no longer in
   * that package (moved already: the refusal and the server's list can both report it).
   */
  moveOut(e: LostEntry): string[] | null {
    return this.db.transaction((): string[] | null => {
      const item = this.db
        .prepare('SELECT i.card, i.subject, i.annotations, p.project_id, p.task_id, p.workflow_id, p.user_id FROM items i JOIN packages p ON p.package_id = i.package_id WHERE i.package_id = ? AND i.task_subject_id = ?')
        .get(e.packageId, e.taskSubjectId) as { card: string; subject: string; annotations: string; project_id: number; task_id: number; workflow_id: number; user_id: number } | undefined;
      if (!item) return null;
      const stored: StoredItem = { card: JSON.parse(item.card) as TaskSubjectCard, subjectName: (JSON.parse(item.subject) as { name: string }).name, annotations: JSON.parse(item.annotations) as TaskSubjectAnnotations };
      const copy = e.copy(stored);
      this.db
        .prepare(
          'INSERT INTO lost (task_subject_id, package_id, project_id, task_id, workflow_id, user_id, subject_name, reason, lost_at, edits, card, annotations) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(e.taskSubjectId, e.packageId, item.project_id, item.task_id, item.workflow_id, item.user_id, stored.subjectName, e.reason, e.lostAt, copy.edits, item.card, JSON.stringify(copy.annotations));
      const files = (this.db.prepare('SELECT file FROM frames WHERE task_subject_id = ?').all(e.taskSubjectId) as { file: string }[]).map((r) => r.file);
      this.db.prepare('DELETE FROM items WHERE task_subject_id = ?').run(e.taskSubjectId);
      return files;
    })();
  }

  /** A user's lost items (everyone's for `undefined`: nobody signed in yet), newest first. */
  private rows(userId: number | undefined): RawLost[] {
    const order = 'ORDER BY lost_at DESC, lost_id DESC';
    if (userId === undefined) return this.db.prepare(`SELECT * FROM lost ${order}`).all() as RawLost[];
    return this.db.prepare(`SELECT * FROM lost WHERE user_id = ? ${order}`).all(userId) as RawLost[];
  }

  list(userId: number | undefined): LostItem[] {
    return this.rows(userId).map(toLost);
  }

  /** The copies of a user's lost items (these ids, or all of them), newest first. */
  copies(userId: number | undefined, ids?: readonly number[]): LostItemCopy[] {
    const wanted = ids ? new Set(ids) : null;
    return this.rows(userId)
      .filter((r) => !wanted || wanted.has(r.lost_id))
      .map((r) => ({ ...toLost(r), card: JSON.parse(r.card) as TaskSubjectCard, annotations: JSON.parse(r.annotations) as TaskSubjectAnnotations }));
  }

  /** Which of these ids are not lost items of the user. */
  unknown(userId: number | undefined, ids: readonly number[]): number[] {
    const have = new Set(this.rows(userId).map((r) => r.lost_id));
    return ids.filter((id) => !have.has(id));
  }

  /** Forgets these copies of the user's; answers how many went. */
  dismiss(userId: number | undefined, ids: readonly number[]): number {
    const mine = new Set(this.rows(userId).map((r) => r.lost_id));
    const drop = this.db.prepare('DELETE FROM lost WHERE lost_id = ?');
    return this.db.transaction(() => ids.filter((id) => mine.has(id)).reduce((n, id) => n + drop.run(id).changes, 0))();
  }
}
