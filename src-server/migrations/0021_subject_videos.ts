import type { Migration } from './types';

/**
 * Video items (docs/video.md, "What the server records"): one row per subject of record type
 * `video`, with what the workspace needs to decode its frames from the file. Its frames have
 * their rows in subject_frames as a sequence's do (object_key = the video file), so everything
 * that keys on frames works unchanged. The frame rate is not stored: it is file_frames over the
 * duration, kept exact in microseconds.
 */
export const m0021: Migration = {
  async up(db, { bigint }) {
    await db.schema
      .createTable('subject_videos')
      .addColumn('subject_id', 'integer', (c) => c.primaryKey().references('subjects.id').onDelete('cascade'))
      .addColumn('object_key', 'varchar(1024)', (c) => c.notNull())
      .addColumn('container', 'varchar(16)', (c) => c.notNull())
      .addColumn('codec', 'varchar(64)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('rotation', 'integer', (c) => c.notNull())
      .addColumn('variable_frame_rate', 'integer', (c) => c.notNull())
      .addColumn('file_frames', 'integer', (c) => c.notNull())
      .addColumn('duration_us', bigint, (c) => c.notNull())
      .addColumn('first_frame', 'integer', (c) => c.notNull())
      .addColumn('frame_count', 'integer', (c) => c.notNull())
      .addColumn('times_key', 'varchar(1024)', (c) => c.notNull())
      .execute();
    // Whether a file's frame times are still wanted (an import that failed takes back only what nobody uses).
    await db.schema.createIndex('subject_videos_times_key').on('subject_videos').column('times_key').execute();
  },
};
