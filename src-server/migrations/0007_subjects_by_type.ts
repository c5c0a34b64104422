import type { Migration } from './types';

/** Counting and deep paging of a project's subjects by record type read this index only. */
export const m0007: Migration = {
  async up(db) {
    await db.schema.createIndex('subjects_project_type_id').on('subjects').columns(['project_id', 'record_type', 'id']).execute();
  },
};
