import { sql } from 'kysely';
import type { Migration } from './types';

/**
 * Claim-next serves rework before the rest of a step's queue without scanning it, and the note
 * list filters by task subject through an index.
 */
export const m0008: Migration = {
  async up(db) {
    await db.schema
      .createIndex('task_subjects_pending_rework')
      .on('task_subjects')
      .columns(['workflow_id', 'id'])
      // Literal DDL (index predicates cannot take bound parameters on PostgreSQL).
      .where(sql<boolean>`state = 'pending' and rework = 1`)
      .execute();
    await db.schema.createIndex('notes_task_subject').on('notes').columns(['task_subject_id', 'id']).execute();
  },
};
