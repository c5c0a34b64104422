import type { Kysely } from 'kysely';
import { likeContains } from './like';
import type { Database } from '../database/schema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { VendorItem } from '../../src-shared/api/vendor';

/** A LIKE pattern matching `s` anywhere, its own wildcards taken literally (escape char `\`). */
/** Vendors (outside teams a team engages) as the engaging team manages them. */
export class VendorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Vendors of a team with what the list shows: the vendor team's name, its size, shared projects. */
  private items(teamId: number) {
    return this.db
      .selectFrom('vendors as v')
      .innerJoin('teams as vt', 'vt.id', 'v.vendor_team_id')
      .where('v.team_id', '=', teamId);
  }

  private selectItems(base: ReturnType<VendorsRepository['items']>) {
    return base.select((eb) => [
      'v.id', 'v.vendor_team_id', 'vt.name as vendor_team_name', 'v.name', 'v.remark', 'v.created_at',
      eb.selectFrom('team_members as tm').select(eb.fn.countAll<number>().as('n')).whereRef('tm.team_id', '=', 'v.vendor_team_id').as('member_count'),
      eb.selectFrom('project_vendors as pv').select(eb.fn.countAll<number>().as('n')).whereRef('pv.vendor_id', '=', 'v.id').as('project_count'),
    ]);
  }

  private static toItem(r: {
    id: number; vendor_team_id: number; vendor_team_name: string; name: string; remark: string;
    created_at: number; member_count: number | null; project_count: number | null;
  }): VendorItem {
    return {
      vendorId: r.id,
      vendorTeamId: r.vendor_team_id,
      vendorTeamName: r.vendor_team_name,
      name: r.name,
      remark: r.remark,
      memberCount: Number(r.member_count ?? 0),
      projectCount: Number(r.project_count ?? 0),
      createdAt: r.created_at,
    };
  }

  /** A team's vendors, newest first; `name` matches the display name or the team's own name. */
  async list(teamId: number, q: { name?: string; page?: number; pageSize?: number }): Promise<PageOf<VendorItem>> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 20;
    let base = this.items(teamId);
    const name = q.name?.trim();
    if (name) {
      base = base.where((eb) => eb.or([likeContains('v.name', name), likeContains('vt.name', name)]));
    }
    const [rows, count] = await Promise.all([
      this.selectItems(base).orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(VendorsRepository.toItem), total: Number(count.n), page, pageSize };
  }

  /** One vendor of a team; undefined when the id is not one of that team's vendors. */
  async find(teamId: number, id: number): Promise<VendorItem | undefined> {
    const r = await this.selectItems(this.items(teamId).where('v.id', '=', id)).executeTakeFirst();
    return r && VendorsRepository.toItem(r);
  }

  async isEngaged(teamId: number, vendorTeamId: number): Promise<boolean> {
    const r = await this.db.selectFrom('vendors').select('id').where('team_id', '=', teamId).where('vendor_team_id', '=', vendorTeamId).executeTakeFirst();
    return r !== undefined;
  }

  /**
   * Engages a vendor team, its display name defaulting to the team's own name; answers
   * undefined when it already is a vendor (changing nothing).
   */
  async create(v: { teamId: number; vendorTeamId: number; name?: string; remark?: string; now: number }): Promise<number | undefined> {
    const name = v.name ?? (await this.db.selectFrom('teams').select('name').where('id', '=', v.vendorTeamId).executeTakeFirstOrThrow()).name;
    const r = await this.db
      .insertInto('vendors')
      .values({ team_id: v.teamId, vendor_team_id: v.vendorTeamId, name: name.slice(0, 64), remark: v.remark ?? '', created_at: v.now })
      .onConflict((oc) => oc.columns(['team_id', 'vendor_team_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r?.id;
  }

  async update(teamId: number, id: number, patch: { name?: string; remark?: string }): Promise<void> {
    if (patch.name === undefined && patch.remark === undefined) return;
    await this.db
      .updateTable('vendors')
      .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.remark !== undefined ? { remark: patch.remark } : {}) })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  /** Of these vendor ids or vendor team ids, the vendors.id of those the team engages. */
  async idsOf(teamId: number, by: 'id' | 'vendor_team_id', values: number[]): Promise<{ id: number; vendorTeamId: number }[]> {
    const rows = await this.db.selectFrom('vendors').select(['id', 'vendor_team_id']).where('team_id', '=', teamId).where(by, 'in', values).execute();
    return rows.map((r) => ({ id: r.id, vendorTeamId: r.vendor_team_id }));
  }

  /**
   * Disengages vendors of a team (run it in a transaction). Sharing rows go by FK cascade; the
   * project memberships their users held in the team's projects go too, unless the user is
   * still in by another way (a member of the team, or of another vendor the project is shared
   * with), so no stale member shows up in a project's member list.
   */
  async remove(teamId: number, vendors: { id: number; vendorTeamId: number }[]): Promise<void> {
    if (vendors.length === 0) return;
    await this.db.deleteFrom('vendors').where('team_id', '=', teamId).where('id', 'in', vendors.map((v) => v.id)).execute();
    await this.db
      .deleteFrom('project_members')
      .where('project_id', 'in', (eb) => eb.selectFrom('projects').select('id').where('team_id', '=', teamId))
      .where('user_id', 'in', (eb) => eb.selectFrom('team_members').select('user_id').where('team_id', 'in', vendors.map((v) => v.vendorTeamId)))
      .where('user_id', 'not in', (eb) => eb.selectFrom('team_members').select('user_id').where('team_id', '=', teamId))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('project_vendors as pv')
              .innerJoin('vendors as ov', 'ov.id', 'pv.vendor_id')
              .innerJoin('team_members as otm', 'otm.team_id', 'ov.vendor_team_id')
              .select('pv.project_id')
              .whereRef('pv.project_id', '=', 'project_members.project_id')
              .whereRef('otm.user_id', '=', 'project_members.user_id'),
          ),
        ),
      )
      .execute();
  }
}
