import type { Migration } from './types';

/**
 * The real-time event log: every published event gets a server-wide sequence number here, so a
 * client that reconnects (to this node or another, before or after a restart) can replay what
 * it missed. Old rows are pruned after the replay window.
 */
export const m0005: Migration = {
  async up(db, { id, bigint }) {
    await db.schema
      .createTable('realtime_events')
      .addColumn('seq', id.type, id.build)
      .addColumn('room', 'varchar(32)', (c) => c.notNull())
      .addColumn('type', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('realtime_events_room_seq').on('realtime_events').columns(['room', 'seq']).execute();
    await db.schema.createIndex('realtime_events_at').on('realtime_events').column('at').execute();
  },
};
