import type { Migration } from './types';

/**
 * Work: tasks over a project's subjects, each with a workflow of ordered steps (`workflows`
 * rows; the spec's workflowId is a step, of type annotate or review) and their members; the
 * task subjects moving through them (see src-shared/model/taskSubjectFlow.ts); the log of every
 * transition (who, when, how long: the performance reports come from it); dispatches; the
 * annotations with idempotent, versioned saves; notes with their labels.
 */
export const m0006: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('tasks')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('description', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('tasks_project_name', ['project_id', 'name'])
      .execute();

    await db.schema
      .createTable('workflows')
      .addColumn('id', id.type, id.build)
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('step_index', 'integer', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('workflows_task_step', ['task_id', 'step_index'])
      .execute();
    await db.schema
      .createTable('workflow_members')
      .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('workflow_members_pk', ['workflow_id', 'user_id'])
      .execute();
    await db.schema.createIndex('workflow_members_user').on('workflow_members').columns(['user_id', 'workflow_id']).execute();

    await db.schema
      .createTable('task_subjects')
      .addColumn('id', id.type, id.build)
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
      .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id'))
      .addColumn('step_index', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('holder_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('rework', 'integer', (c) => c.notNull().defaultTo(0))
      /** the annotation version: bumped by every accepted save */
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_at', bigint)
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('task_subjects_task_subject', ['task_id', 'subject_id'])
      .execute();
    // Claim-next: the oldest pending subject of a step, found by index, not by scanning.
    await db.schema.createIndex('task_subjects_queue').on('task_subjects').columns(['workflow_id', 'state', 'id']).execute();
    await db.schema.createIndex('task_subjects_holder').on('task_subjects').columns(['holder_id', 'state', 'task_id']).execute();
    await db.schema.createIndex('task_subjects_task').on('task_subjects').columns(['task_id', 'id']).execute();
    await db.schema.createIndex('task_subjects_subject').on('task_subjects').column('subject_id').execute();

    await db.schema
      .createTable('task_subject_logs')
      .addColumn('id', id.type, id.build)
      .addColumn('task_subject_id', 'integer', (c) => c.notNull().references('task_subjects.id').onDelete('cascade'))
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('workflow_id', 'integer', (c) => c.notNull())
      .addColumn('step_index', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_state', 'varchar(16)', (c) => c.notNull())
      .addColumn('to_state', 'varchar(16)', (c) => c.notNull())
      /** active (not idle) milliseconds the user spent since their previous transition of it */
      .addColumn('active_ms', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('object_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      /** JSON array of reject_reasons ids */
      .addColumn('reject_reason_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('task_subject_logs_subject').on('task_subject_logs').columns(['task_subject_id', 'id']).execute();
    await db.schema.createIndex('task_subject_logs_project_time').on('task_subject_logs').columns(['project_id', 'created_at']).execute();
    await db.schema.createIndex('task_subject_logs_user_time').on('task_subject_logs').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('dispatches')
      .addColumn('id', id.type, id.build)
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
      .addColumn('target_user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('cancelled_at', bigint)
      .execute();
    await db.schema
      .createTable('dispatch_items')
      .addColumn('dispatch_id', 'integer', (c) => c.notNull().references('dispatches.id').onDelete('cascade'))
      .addColumn('task_subject_id', 'integer', (c) => c.notNull().references('task_subjects.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('dispatch_items_pk', ['dispatch_id', 'task_subject_id'])
      .execute();

    // One row per frame: a save replaces the frames it sends, in one transaction.
    await db.schema
      .createTable('annotation_frames')
      .addColumn('task_subject_id', 'integer', (c) => c.notNull().references('task_subjects.id').onDelete('cascade'))
      .addColumn('frame_id', 'integer', (c) => c.notNull())
      /** JSON: { version, objects: [...], classifications: [...] } (src-shared/model) */
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('object_count', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('annotation_frames_pk', ['task_subject_id', 'frame_id'])
      .execute();
    // A retried save (same client save id) is answered from here instead of applied twice.
    await db.schema
      .createTable('annotation_saves')
      .addColumn('task_subject_id', 'integer', (c) => c.notNull().references('task_subjects.id').onDelete('cascade'))
      .addColumn('save_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('annotation_saves_pk', ['task_subject_id', 'save_id'])
      .execute();
    // What a step handed on (submit, pass): reviewers diff against the previous submission.
    await db.schema
      .createTable('annotation_snapshots')
      .addColumn('id', id.type, id.build)
      .addColumn('task_subject_id', 'integer', (c) => c.notNull().references('task_subjects.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('step_index', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('frames', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('annotation_snapshots_subject').on('annotation_snapshots').columns(['task_subject_id', 'id']).execute();

    await db.schema
      .createTable('note_labels')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('color', 'varchar(7)', (c) => c.notNull())
      .addUniqueConstraint('note_labels_project_name', ['project_id', 'name'])
      .execute();
    await db.schema
      .createTable('notes')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
      .addColumn('task_subject_id', 'integer', (c) => c.references('task_subjects.id').onDelete('cascade'))
      .addColumn('frame_id', 'integer')
      /** the annotation object the note is pinned to (its id inside the frame data), if any */
      .addColumn('object_id', 'varchar(64)')
      .addColumn('label_id', 'integer', (c) => c.references('note_labels.id').onDelete('set null'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('resolved_by', 'integer', (c) => c.references('users.id'))
      .addColumn('resolved_at', bigint)
      .execute();
    await db.schema.createIndex('notes_subject').on('notes').columns(['subject_id', 'id']).execute();
    await db.schema.createIndex('notes_project_status').on('notes').columns(['project_id', 'status', 'id']).execute();
  },
};
