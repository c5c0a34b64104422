import type { Migration } from './types';

/**
 * Work packages (docs/offline-day.md, "Team server"): items of one step claimed for one worker at
 * once, leased until `expires_at`. A held task subject with a `package_id` is leased; without
 * one it is an ordinary hold. The id is cleared whenever the item leaves its holder (hand-on,
 * return, lapse), so it never follows an item to another step or worker.
 */
export const m0017: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('work_packages')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      // open | returned | lapsed
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .execute();
    // The lapse sweep (open packages past their time) and the list (a project's, a holder's).
    await db.schema.createIndex('work_packages_state_expires').on('work_packages').columns(['state', 'expires_at']).execute();
    await db.schema.createIndex('work_packages_project_user').on('work_packages').columns(['project_id', 'user_id']).execute();

    await db.schema
      .alterTable('task_subjects')
      .addColumn('package_id', 'integer', (c) => c.references('work_packages.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('task_subjects_package').on('task_subjects').column('package_id').execute();
  },
};
