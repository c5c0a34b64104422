import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

/** One seeded thing as the seed left it. */
export interface SeedMark {
  /** the record it made (the demo project's id), when it made one */
  refId: number | null;
  /** false while seeding was under way or was cut short */
  done: boolean;
}

/**
 * The seed's memory (migration 0014): whether a seeded thing was begun and finished. Kept in
 * the database, not beside it, so it follows the data wherever the database goes.
 */
export class SeedMarksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(name: string): Promise<SeedMark | undefined> {
    const row = await this.db.selectFrom('seed_marks').select(['ref_id', 'done_at']).where('name', '=', name).executeTakeFirst();
    return row && { refId: row.ref_id, done: row.done_at !== null };
  }

  /** Records that seeding `name` has begun on `refId`; a mark already there is kept as it is. */
  async begin(name: string, refId: number | null, now: number): Promise<void> {
    await this.db
      .insertInto('seed_marks')
      .values({ name, ref_id: refId, started_at: now, done_at: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  async finish(name: string, now: number): Promise<void> {
    await this.db.updateTable('seed_marks').set({ done_at: now }).where('name', '=', name).execute();
  }
}
