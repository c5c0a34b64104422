import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

/** A duty as its holder sees it on taking or keeping it. */
export interface HeldDuty {
  lastRunAt: number;
  note: string | null;
}

/**
 * Who does each background duty (migrations/0022_duties.ts). Taking, keeping and giving back
 * are each one statement, so two processes racing for a duty settle it in the database: the
 * row's holder is whoever's statement changed it.
 */
export class DutiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes the duty, or keeps it, until `until`: when nobody has it, its hold has lapsed by
   * `now`, or `holder` already has it. Answers the duty's record when the holder is `holder`
   * now, else undefined.
   */
  async hold(name: string, holder: string, now: number, until: number): Promise<HeldDuty | undefined> {
    const row = await this.db
      .insertInto('duties')
      .values({ name, holder, held_until: until, last_run_at: 0, note: null })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, held_until: until })
          .where((eb) => eb.or([eb('duties.holder', '=', holder), eb('duties.held_until', '<', now)])),
      )
      .returning(['last_run_at', 'note'])
      .executeTakeFirst();
    return row && { lastRunAt: Number(row.last_run_at), note: row.note };
  }

  /** Records a finished run, if `holder` still has the duty (a run that lost it records nothing). */
  async ran(name: string, holder: string, at: number, note: string | null): Promise<boolean> {
    const r = await this.db.updateTable('duties').set({ last_run_at: at, note }).where('name', '=', name).where('holder', '=', holder).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Gives the duties back (a graceful stop): the next process to look takes them at once. */
  async release(names: readonly string[], holder: string): Promise<void> {
    if (names.length === 0) return;
    await this.db.updateTable('duties').set({ held_until: 0 }).where('name', 'in', [...names]).where('holder', '=', holder).execute();
  }

  /** Every duty's holder, for tests and the operator's look. */
  async all(): Promise<{ name: string; holder: string; heldUntil: number; lastRunAt: number }[]> {
    const rows = await this.db.selectFrom('duties').select(['name', 'holder', 'held_until', 'last_run_at']).orderBy('name').execute();
    return rows.map((r) => ({ name: r.name, holder: r.holder, heldUntil: Number(r.held_until), lastRunAt: Number(r.last_run_at) }));
  }
}
