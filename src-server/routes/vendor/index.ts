import type { FastifyInstance } from 'fastify';
import { vendorRoutes } from '../../../src-shared/api/vendor';
import { teamRoleMay } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { VendorsRepository } from '../../repositories/vendors';
import type { ServerContext } from '../../context';

/** The Vendor routes of the spec's section 7 (the current team's vendors) and GET /team/{teamId}/vendor. */
export function vendorRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const vendors = new VendorsRepository(ctx.db);

  const found = async (teamId: number, id: number) => {
    const v = await vendors.find(teamId, id);
    if (!v) throw new AppError('vendor.notFound');
    return v;
  };

  /** Disengages the vendors the values name, all or none: any not of this team is 404. */
  const removeAll = async (teamId: number, by: 'id' | 'vendor_team_id', values: number[]) => {
    const unique = [...new Set(values)];
    await ctx.db.transaction().execute(async (trx) => {
      const repo = new VendorsRepository(trx);
      const rows = await repo.idsOf(teamId, by, unique);
      const known = new Set(rows.map((r) => (by === 'id' ? r.id : r.vendorTeamId)));
      const missing = unique.filter((v) => !known.has(v));
      if (missing.length) throw new AppError('vendor.notFound', by === 'id' ? { ids: missing } : { vendorTeamIds: missing });
      await repo.remove(teamId, rows);
    });
    return null;
  };

  // Engaging needs the consent of both teams; here the caller speaks for both, as owner or
  // admin of each. Any other team consents by its own admin using the vendor code.
  addRoute(app, vendorRoutes.create, async (req) => {
    const { teamId } = accessOf(req);
    const { vendorTeamId, name, remark } = req.body;
    if (vendorTeamId === teamId) throw new AppError('vendor.ownTeam');
    const role = await ctx.repos.access.teamRole(vendorTeamId, requireUser(req));
    if (!role) throw new AppError('vendor.teamNotFound');
    if (!teamRoleMay(role, 'team.vendor.manage')) throw new AppError('vendor.notVendorAdmin');
    const id = await vendors.create({ teamId, vendorTeamId, name: name?.trim(), remark, now: ctx.now() });
    if (id === undefined) throw new AppError('vendor.alreadyEngaged');
    return found(teamId, id);
  });

  addRoute(app, vendorRoutes.list, async (req) => vendors.list(accessOf(req).teamId, req.body));
  addRoute(app, vendorRoutes.teamVendors, async (req) => vendors.list(accessOf(req).teamId, req.query));

  addRoute(app, vendorRoutes.update, async (req) => {
    const { teamId } = accessOf(req);
    await found(teamId, req.params.id);
    await vendors.update(teamId, req.params.id, { name: req.body.name?.trim(), remark: req.body.remark });
    return found(teamId, req.params.id);
  });

  addRoute(app, vendorRoutes.remove, async (req) => removeAll(accessOf(req).teamId, 'id', [req.params.id]));
  addRoute(app, vendorRoutes.removeMany, async (req) => removeAll(accessOf(req).teamId, 'id', req.query.ids));
  addRoute(app, vendorRoutes.removeByTeam, async (req) => removeAll(accessOf(req).teamId, 'vendor_team_id', req.query.vendorTeamIds));
}
