import type { Migration } from './types';

/**
 * Background duties that one server process at a time does for all (src-server/duties): who
 * holds each and until when, when it last ran, and the duty's own note between runs (how far
 * a catch-up got). A process that dies leaves its hold to lapse and another takes the duty.
 */
export const m0022: Migration = {
  async up(db, { bigint }) {
    await db.schema
      .createTable('duties')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(128)', (c) => c.notNull())
      .addColumn('held_until', bigint, (c) => c.notNull())
      .addColumn('last_run_at', bigint, (c) => c.notNull())
      .addColumn('note', 'text')
      .execute();
  },
};
