import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, InviteCodesTable } from '../database/schema';
import type { InviteCodeKind, InviteRole } from '../../src-shared/api/invite';

export type InviteCodeRow = Selectable<InviteCodesTable>;

/** Upper-case letters and digits without the look-alikes 0/O and 1/I/L: easy to read aloud. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 10 characters of 31: about 50 bits, far beyond guessing through a rate of HTTP calls. */
const CODE_LENGTH = 10;
/** Fresh codes colliding with an existing one is astronomically rare; a few retries settle it. */
const CODE_ATTEMPTS = 5;

/** A new random code from a cryptographic source. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Codes are shown upper-case; what a user types is matched whatever its case. */
export const normalizeInviteCode = (code: string): string => code.trim().toUpperCase();

/** A team's member and vendor codes: made on first use, opened, closed, replaced in place. */
export class InviteCodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private find(teamId: number, kind: InviteCodeKind): Promise<InviteCodeRow | undefined> {
    return this.db.selectFrom('invite_codes').selectAll().where('team_id', '=', teamId).where('kind', '=', kind).executeTakeFirst();
  }

  /** The team's code of this kind, made (open, granting annotator) when it has none yet. */
  async ensure(teamId: number, kind: InviteCodeKind, now: number): Promise<InviteCodeRow> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const existing = await this.find(teamId, kind);
      if (existing) return existing;
      // No conflict target: a concurrent first read (same team and kind) and a code collision
      // both just insert nothing, and the loop reads again or draws a new code.
      await this.db
        .insertInto('invite_codes')
        .values({ team_id: teamId, kind, code: newInviteCode(), is_open: 1, role: 'annotator', updated_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    throw new Error('could not make a unique invitation code');
  }

  /** Opens or closes a code; a role given changes what the member code grants. */
  async setOpen(teamId: number, kind: InviteCodeKind, open: boolean, role: InviteRole | undefined, now: number): Promise<InviteCodeRow> {
    await this.ensure(teamId, kind, now);
    await this.db
      .updateTable('invite_codes')
      .set({ is_open: open ? 1 : 0, updated_at: now, ...(role ? { role } : {}) })
      .where('team_id', '=', teamId)
      .where('kind', '=', kind)
      .execute();
    return (await this.find(teamId, kind))!;
  }

  /** Replaces the code: the old one matches nothing from this moment on. Open state is kept. */
  async reset(teamId: number, kind: InviteCodeKind, role: InviteRole | undefined, now: number): Promise<InviteCodeRow> {
    const before = await this.ensure(teamId, kind, now);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      let code = newInviteCode();
      while (code === before.code) code = newInviteCode();
      const taken = await this.db.selectFrom('invite_codes').select('team_id').where('code', '=', code).executeTakeFirst();
      if (taken) continue;
      await this.db
        .updateTable('invite_codes')
        .set({ code, updated_at: now, ...(role ? { role } : {}) })
        .where('team_id', '=', teamId)
        .where('kind', '=', kind)
        .execute();
      return (await this.find(teamId, kind))!;
    }
    throw new Error('could not make a unique invitation code');
  }

  /** A code with its team's name, whatever its state; undefined when no team has it. */
  findByCode(code: string): Promise<(InviteCodeRow & { team_name: string }) | undefined> {
    return this.db
      .selectFrom('invite_codes')
      .innerJoin('teams', 'teams.id', 'invite_codes.team_id')
      .selectAll('invite_codes')
      .select('teams.name as team_name')
      .where('invite_codes.code', '=', normalizeInviteCode(code))
      .executeTakeFirst();
  }
}
