import type { Migration } from './types';

/**
 * The guess and abuse limits of the sign-in surface (src-server/auth/limits.ts) and the devices
 * that proved themselves by signing in. Both live in the database so the limits hold across
 * several server processes.
 */
export const m0012: Migration = {
  async up(db, { id, bigint }) {
    // One row per counted event (a wrong password, a code sent, a lookup), by rule and key.
    await db.schema
      .createTable('auth_throttle_events')
      .addColumn('id', id.type, id.build)
      .addColumn('scope', 'varchar(40)', (c) => c.notNull())
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('at', bigint, (c) => c.notNull())
      .execute();
    // Counting reads the newest events of one key; purging drops the oldest of all keys.
    await db.schema.createIndex('auth_throttle_events_key').on('auth_throttle_events').columns(['scope', 'key', 'at']).execute();
    await db.schema.createIndex('auth_throttle_events_at').on('auth_throttle_events').column('at').execute();

    // A device token (OWASP "device cookie"): only its sha256 is stored, like session tokens.
    await db.schema
      .createTable('trusted_devices')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('last_used_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('trusted_devices_user').on('trusted_devices').columns(['user_id', 'last_used_at']).execute();
    await db.schema.createIndex('trusted_devices_expires').on('trusted_devices').column('expires_at').execute();
  },
};
