import type { Migration } from './types';

/**
 * What the demo seed (src-server/seed) has done to this database, one row per seeded thing.
 * The row is what lets a second `npm start` tell "not seeded yet" from "seeded, then deleted
 * by the team": once a thing is done the seed never touches it again.
 */
export const m0015: Migration = {
  async up(db, { bigint }) {
    await db.schema
      .createTable('seed_marks')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      // the seeded record (the demo project's id), so a run cut short resumes on it and not on a namesake
      .addColumn('ref_id', 'integer')
      .addColumn('started_at', bigint, (c) => c.notNull())
      // null while the seeding is under way or was cut short: the next run finishes it
      .addColumn('done_at', bigint)
      .execute();
  },
};
