import type { Migration } from './types';

/**
 * The index of the log zips workstations upload (docs/logging.md, "Ops collect the zips"), and
 * each team's log settings (how long the server keeps them).
 */
export const m0016: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('log_uploads')
      .addColumn('id', id.type, id.build)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('device_name', 'varchar(128)', (c) => c.notNull())
      // without the server's root prefix; one row per object (registering is idempotent by key)
      .addColumn('object_key', 'varchar(1024)', (c) => c.notNull().unique())
      .addColumn('size_bytes', bigint, (c) => c.notNull())
      .addColumn('records', bigint, (c) => c.notNull())
      .addColumn('first_at', bigint, (c) => c.notNull())
      .addColumn('last_at', bigint, (c) => c.notNull())
      .addColumn('debug_count', bigint, (c) => c.notNull())
      .addColumn('info_count', bigint, (c) => c.notNull())
      .addColumn('warn_count', bigint, (c) => c.notNull())
      .addColumn('error_count', bigint, (c) => c.notNull())
      .addColumn('uploaded_at', bigint, (c) => c.notNull())
      .execute();
    // The ops list (newest first, by person or device) and the retention sweep (oldest of a team).
    await db.schema.createIndex('log_uploads_team_uploaded').on('log_uploads').columns(['team_id', 'uploaded_at']).execute();
    await db.schema.createIndex('log_uploads_team_user').on('log_uploads').columns(['team_id', 'user_id', 'uploaded_at']).execute();

    await db.schema
      .createTable('team_log_settings')
      .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
      .addColumn('retention_days', 'integer', (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
  },
};
