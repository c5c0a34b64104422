import type { ServerContext } from '../../context';
import { ExportPlansRepository } from '../../repositories/exportPlans';
import { ExportsRepository } from '../../repositories/exports';

/** What the export routes use. */
export interface ExportDeps {
  ctx: ServerContext;
  plans: ExportPlansRepository;
  exports: ExportsRepository;
}

export const exportDeps = (ctx: ServerContext): ExportDeps => ({ ctx, plans: new ExportPlansRepository(ctx.db), exports: new ExportsRepository(ctx.db) });
