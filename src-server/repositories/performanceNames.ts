import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { maskMobile } from '../../src-shared/model/mobile';

/** Names and memberships a report puts on the ids its sums are grouped by. */
export class PerformanceNamesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async users(ids: readonly number[]): Promise<Map<number, { name: string; mobile: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'name', 'mobile']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, mobile: maskMobile(r.mobile) }]));
  }

  async projects(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('projects').select(['id', 'name']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async rejectReasons(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('reject_reasons').select(['id', 'reason']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.reason]));
  }

  async teamName(teamId: number): Promise<string> {
    return (await this.db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst())?.name ?? '';
  }

  /** The team's groups each of the users is in. */
  async groupsOf(teamId: number, userIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('group_members as gm')
      .innerJoin('team_groups as g', 'g.id', 'gm.group_id')
      .select(['gm.user_id', 'g.id', 'g.name'])
      .where('g.team_id', '=', teamId)
      .where('gm.user_id', 'in', [...userIds])
      .orderBy('g.id')
      .execute();
    for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), { id: r.id, name: r.name }]);
    return out;
  }

  /**
   * The vendor each user works through: one the team engages whose team they are a member of
   * (the oldest engagement when several), unless they are a member of the team itself.
   */
  async vendorOf(teamId: number, userIds: readonly number[]): Promise<Map<number, { id: number; name: string }>> {
    const out = new Map<number, { id: number; name: string }>();
    if (userIds.length === 0) return out;
    const own = new Set(
      (await this.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('user_id', 'in', [...userIds]).execute()).map((r) => r.user_id),
    );
    const rows = await this.db
      .selectFrom('vendors as v')
      .innerJoin('team_members as tm', 'tm.team_id', 'v.vendor_team_id')
      .select(['tm.user_id', 'v.id', 'v.name'])
      .where('v.team_id', '=', teamId)
      .where('tm.user_id', 'in', [...userIds])
      .orderBy('v.id')
      .execute();
    for (const r of rows) if (!own.has(r.user_id) && !out.has(r.user_id)) out.set(r.user_id, { id: r.id, name: r.name });
    return out;
  }
}
