import crypto from 'node:crypto';
import type { Migration } from './types';

/**
 * This installation's own name, made once when its database is made: every server process on
 * the database reads the same one. A model service that several installations share (an
 * operator's GPU box) keeps their parties and cached pictures apart by it (docs/ai-protocol.md,
 * "Parties"): two installations both have a team 1 and a `dataset/1/...` picture.
 */
export const m0020: Migration = {
  async up(db, { bigint }) {
    await db.schema
      .createTable('installation')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .execute();
    await db.insertInto('installation').values({ id: crypto.randomBytes(6).toString('hex'), created_at: Date.now() }).execute();
  },
};
