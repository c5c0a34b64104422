import type { Migration } from './types';

/**
 * Data items. A batch is a named import unit of a project; a subject is one data item
 * (`dataId` = subjects.id) of one record type with one or more frames (`frameIds` =
 * subject_frames.id), each frame a file in the object store under dataset/<projectId>/.
 * content_hash makes a re-import of the same data a no-op rather than a duplicate.
 */
export const m0003: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('batches')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('remark', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('subject_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('updated_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('batches_project_name', ['project_id', 'name'])
      .execute();

    await db.schema
      .createTable('subjects')
      .addColumn('id', id.type, id.build)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('record_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('frame_count', 'integer', (c) => c.notNull())
      .addColumn('size_bytes', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('subjects_project_hash', ['project_id', 'content_hash'])
      .execute();
    // Listing a project's or a batch's subjects in id order, at any page, without a sort.
    await db.schema.createIndex('subjects_project_id').on('subjects').columns(['project_id', 'id']).execute();
    await db.schema.createIndex('subjects_batch_id').on('subjects').columns(['batch_id', 'id']).execute();

    await db.schema
      .createTable('subject_frames')
      .addColumn('id', id.type, id.build)
      .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
      .addColumn('frame_index', 'integer', (c) => c.notNull())
      .addColumn('object_key', 'varchar(1024)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
      .addColumn('size_bytes', bigint, (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
      .addUniqueConstraint('subject_frames_subject_index', ['subject_id', 'frame_index'])
      .execute();
  },
};
