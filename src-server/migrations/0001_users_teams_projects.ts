import type { Migration } from './types';

/** Users, sessions, SMS codes, teams with members, and projects: what the skeleton needs. */
export const m0001: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('users')
      .addColumn('id', id.type, id.build)
      .addColumn('mobile', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('current_team_id', 'integer')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('last_seen_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('sms_codes')
      .addColumn('id', id.type, id.build)
      .addColumn('mobile', 'varchar(16)', (c) => c.notNull())
      .addColumn('code_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .addColumn('used_at', bigint)
      .execute();
    await db.schema
      .createIndex('sms_codes_mobile_type_created')
      .on('sms_codes')
      .columns(['mobile', 'code_type', 'created_at'])
      .execute();

    await db.schema
      .createTable('teams')
      .addColumn('id', id.type, id.build)
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('team_members')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('joined_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
      .execute();
    await db.schema.createIndex('team_members_user').on('team_members').column('user_id').execute();

    await db.schema
      .createTable('projects')
      .addColumn('id', id.type, id.build)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('is_vendor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
    // Newest-first listing per team is the common query: keyed on (team_id, created_at, id).
    await db.schema
      .createIndex('projects_team_created')
      .on('projects')
      .columns(['team_id', 'created_at', 'id'])
      .execute();
  },
};
