import type { Migration } from './types';

/**
 * The AI group: model services, models and their versions, the default model of each tool per
 * project, jobs with their items, what pre-annotation suggested, and evaluations.
 */
export const m0013: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('ai_services')
      .addColumn('id', id.type, id.build)
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('url', 'varchar(2048)', (c) => c.notNull())
      .addColumn('service_key', 'varchar(256)', (c) => c.notNull())
      .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('checked_at', bigint)
      .addColumn('error', 'varchar(1024)')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('ai_models')
      .addColumn('id', id.type, id.build)
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('service_id', 'integer', (c) => c.notNull().references('ai_services.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('ai_models.id').onDelete('set null'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('description', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('tool', 'varchar(16)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('runtime', 'varchar(16)', (c) => c.notNull())
      .addColumn('service_model', 'varchar(128)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('classes', 'text', (c) => c.notNull())
      .addColumn('head', 'text')
      .addColumn('artifact_key', 'varchar(1024)')
      .addColumn('trainable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('error', 'varchar(2048)')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ai_models_team').on('ai_models').columns(['team_id', 'tool']).execute();
    await db.schema.createIndex('ai_models_project').on('ai_models').columns(['project_id', 'tool']).execute();

    await db.schema
      .createTable('ai_defaults')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('tool', 'varchar(16)', (c) => c.notNull())
      .addColumn('model_id', 'integer', (c) => c.notNull().references('ai_models.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('ai_defaults_pk', ['project_id', 'tool'])
      .execute();

    await db.schema
      .createTable('ai_jobs')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('model_id', 'integer', (c) => c.notNull().references('ai_models.id').onDelete('cascade'))
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('tool', 'varchar(16)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
      .addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('set null'))
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('applied', 'text', (c) => c.notNull())
      .addColumn('train', 'text')
      .addColumn('parent_job_id', 'integer', (c) => c.references('ai_jobs.id').onDelete('set null'))
      .addColumn('error_code', 'varchar(64)')
      .addColumn('error_message', 'varchar(2048)')
      .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('token_hash', 'varchar(64)')
      .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('heard_at', bigint)
      .addColumn('runner_id', 'varchar(64)')
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('started_at', bigint)
      .addColumn('finished_at', bigint)
      .execute();
    await db.schema.createIndex('ai_jobs_project').on('ai_jobs').columns(['project_id', 'id']).execute();
    await db.schema.createIndex('ai_jobs_state').on('ai_jobs').columns(['state', 'id']).execute();

    await db.schema
      .createTable('ai_job_items')
      .addColumn('job_id', 'integer', (c) => c.notNull().references('ai_jobs.id').onDelete('cascade'))
      .addColumn('item_key', 'varchar(128)', (c) => c.notNull())
      .addColumn('task_subject_id', 'integer')
      .addColumn('subject_id', 'integer')
      .addColumn('frame_id', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('result', 'text')
      .addPrimaryKeyConstraint('ai_job_items_pk', ['job_id', 'item_key'])
      .execute();
    await db.schema.createIndex('ai_job_items_state').on('ai_job_items').columns(['job_id', 'state']).execute();

    await db.schema
      .createTable('ai_suggestions')
      .addColumn('id', id.type, id.build)
      .addColumn('job_id', 'integer', (c) => c.notNull().references('ai_jobs.id').onDelete('cascade'))
      .addColumn('model_id', 'integer', (c) => c.notNull().references('ai_models.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('task_subject_id', 'integer', (c) => c.notNull())
      .addColumn('frame_id', 'integer', (c) => c.notNull())
      .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('label_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('geometry', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ai_suggestions_model').on('ai_suggestions').columns(['model_id', 'project_id']).execute();

    await db.schema
      .createTable('ai_statistics')
      .addColumn('model_id', 'integer', (c) => c.notNull().references('ai_models.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('job_id', 'integer', (c) => c.notNull())
      .addColumn('items', 'integer', (c) => c.notNull())
      .addColumn('stats', 'text', (c) => c.notNull())
      .addColumn('evaluated_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('ai_statistics_pk', ['model_id', 'project_id'])
      .execute();
  },
};
