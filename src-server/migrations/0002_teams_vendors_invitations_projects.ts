import type { Migration } from './types';

/**
 * Everything the users-and-teams issue needs: groups, vendors, invitation codes and mobile
 * invitations, project members, vendor sharing, visits (recently used), reject reasons, and the
 * project's description, instruction and config.
 */
export const m0002: Migration = {
  async up(db, { id, bigint }) {
    await db.schema.alterTable('users').addColumn('avatar', 'varchar(512)').execute();
    await db.schema.alterTable('teams').addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo('')).execute();

    await db.schema
      .createTable('team_groups')
      .addColumn('id', id.type, id.build)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('team_groups_team_name', ['team_id', 'name'])
      .execute();
    await db.schema
      .createTable('group_members')
      .addColumn('group_id', 'integer', (c) => c.notNull().references('team_groups.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
      .execute();

    // A vendor: an outside team engaged by a team. Its members see only projects shared with it.
    await db.schema
      .createTable('vendors')
      .addColumn('id', id.type, id.build)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('vendor_team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('remark', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('vendors_team_vendor', ['team_id', 'vendor_team_id'])
      .execute();
    await db.schema.createIndex('vendors_vendor_team').on('vendors').column('vendor_team_id').execute();

    // One member code and one vendor code per team; reset replaces the code in place.
    await db.schema
      .createTable('invite_codes')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('annotator'))
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('invite_codes_pk', ['team_id', 'kind'])
      .execute();

    await db.schema
      .createTable('mobile_invitations')
      .addColumn('id', id.type, id.build)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('mobile', 'varchar(16)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mobile_invitations_mobile_status').on('mobile_invitations').columns(['mobile', 'status']).execute();
    await db.schema.createIndex('mobile_invitations_team_status').on('mobile_invitations').columns(['team_id', 'status']).execute();

    await db.schema.alterTable('projects').addColumn('description', 'varchar(1024)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('projects').addColumn('instruction', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('projects').addColumn('config', 'text', (c) => c.notNull().defaultTo('{}')).execute();
    // Sorting and filtering by name and type within a team must not scan the team's projects.
    await db.schema.createIndex('projects_team_name').on('projects').columns(['team_id', 'name', 'id']).execute();
    await db.schema.createIndex('projects_team_type_created').on('projects').columns(['team_id', 'type', 'created_at', 'id']).execute();
    await db.schema.createIndex('projects_team_updated').on('projects').columns(['team_id', 'updated_at', 'id']).execute();

    await db.schema
      .createTable('project_members')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('added_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
      .execute();
    await db.schema.createIndex('project_members_user').on('project_members').columns(['user_id', 'project_id']).execute();

    await db.schema
      .createTable('project_vendors')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('project_vendors_pk', ['project_id', 'vendor_id'])
      .execute();
    await db.schema.createIndex('project_vendors_vendor').on('project_vendors').column('vendor_id').execute();

    await db.schema
      .createTable('project_visits')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('visited_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('project_visits_pk', ['user_id', 'project_id'])
      .execute();
    await db.schema.createIndex('project_visits_user_time').on('project_visits').columns(['user_id', 'visited_at']).execute();

    await db.schema
      .createTable('reject_reasons')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('reason', 'varchar(256)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('reject_reasons_project_reason', ['project_id', 'reason'])
      .execute();
  },
};
