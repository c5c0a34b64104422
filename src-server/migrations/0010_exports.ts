import type { Migration } from './types';

/**
 * Exports: saved plans, the runs (background jobs with progress, a lease for the runner holding
 * them, and the zip they wrote) and reported deliveries to outside destinations.
 */
export const m0010: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('export_plans')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('format', 'varchar(32)', (c) => c.notNull())
      .addColumn('filters', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('export_plans_project_name', ['project_id', 'name'])
      .execute();

    await db.schema
      .createTable('exports')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('plan_id', 'integer', (c) => c.references('export_plans.id').onDelete('set null'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('format', 'varchar(32)', (c) => c.notNull())
      .addColumn('filters', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('done_items', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_items', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('object_key', 'varchar(1024)')
      .addColumn('size_bytes', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('report', 'text')
      .addColumn('error_code', 'varchar(64)')
      .addColumn('error_detail', 'varchar(1024)')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('runner_id', 'varchar(64)')
      .addColumn('heartbeat_at', bigint)
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('started_at', bigint)
      .addColumn('finished_at', bigint)
      .execute();
    await db.schema.createIndex('exports_project').on('exports').columns(['project_id', 'id']).execute();
    // Runners look for work here: few rows are ever queued or running.
    await db.schema.createIndex('exports_status').on('exports').columns(['status', 'id']).execute();

    await db.schema
      .createTable('export_transfers')
      .addColumn('id', id.type, id.build)
      .addColumn('export_id', 'integer', (c) => c.notNull().references('exports.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('destination', 'varchar(1024)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('message', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('bytes', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('reported_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('reported_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('export_transfers_export').on('export_transfers').columns(['export_id', 'id']).execute();
  },
};
