import { sql } from 'kysely';
import type { Migration } from './types';

/**
 * How many subjects of each record type a batch holds, kept by the same transactions that add
 * and remove subjects (like `batches.subject_count`), so counting a record type over a project
 * of a million subjects reads one row per batch instead of an index range per match.
 */
export const m0009: Migration = {
  async up(db) {
    await db.schema
      .createTable('batch_type_counts')
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
      .addColumn('record_type', 'text', (c) => c.notNull())
      .addColumn('subject_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('batch_type_counts_pk', ['batch_id', 'record_type'])
      .execute();
    await sql`insert into batch_type_counts (batch_id, record_type, subject_count)
              select batch_id, record_type, count(*) from subjects group by batch_id, record_type`.execute(db);
  },
};
