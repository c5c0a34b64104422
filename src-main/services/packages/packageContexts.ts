import type { PackageContext } from '../../../src-shared/ipc';
import { API_BASE, fillPath, type DataOf, type RouteDef } from '../../../src-shared/api/route';
import { ontologyRoutes } from '../../../src-shared/api/ontology';
import { projectRoutes } from '../../../src-shared/api/project';
import { taskRoutes } from '../../../src-shared/api/task';
import type { ServerClient } from '../session';
import type { ProductLog } from '../productLog';
import { errorData, packageError, serverFailure } from './packageErrors';
import { packageExtra } from './packageLog';
import type { PackageRow, PackageStore } from './store';

/**
 * A stored context older than this is fetched again when a session is set or the server comes
 * back: often enough that a renamed label or a new reject reason reaches a workstation within
 * a working session, seldom enough that every page reload does not cost five requests per package.
 */
export const CONTEXT_REFRESH_AFTER_MS = 10 * 60_000;

/** A route's path under the base path, its `:name` segments filled in, with an optional query. */
function pathOf(route: RouteDef, params: Record<string, number>, query?: Record<string, number>): string {
  const filled = fillPath(route.path, params);
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  return `${API_BASE}${filled}${search}`;
}

/**
 * What the workspace reads besides the items (PackageContext), fetched through the main
 * process's server client as the signed-in holder and kept in packages.db, so a workspace
 * opened after a restart with the server away has its labels, steps and reject reasons. A
 * fetch that fails keeps what was stored (the take does not fail for it) and is tried again
 * when a session is set or the server is back.
 */
export class PackageContexts {
  private readonly inFlight = new Map<number, Promise<PackageContext | null>>();

  constructor(private readonly d: { store: PackageStore; server: ServerClient; log: ProductLog }) {}

  /** The stored context; PACKAGE_CONTEXT_MISSING when the server could not be asked since the take. */
  get(packageId: number): PackageContext {
    const context = this.d.store.context(packageId);
    if (!context) throw packageError('PACKAGE_CONTEXT_MISSING', `what the workspace reads besides the items of package ${packageId} is not stored yet`);
    return context;
  }

  /** Fetches and stores the package's context now (one fetch per package at a time); null when the server could not give it. */
  refresh(row: PackageRow, quiet = false): Promise<PackageContext | null> {
    const running = this.inFlight.get(row.packageId);
    if (running) return running;
    const done = this.fetch(row)
      .then((context) => {
        // Given back while the answers were on their way: nothing to store them with.
        if (!this.d.store.get(row.packageId)) return null;
        this.d.store.setContext(context);
        return context;
      })
      .catch((err: unknown) => {
        const e = errorData(serverFailure(err));
        // A refresh with the server away is expected (every reload offline asks); a take that could not store it is worth a warning.
        const say = quiet ? this.d.log.debug : this.d.log.warn;
        say(`package ${row.packageId}: what the workspace reads besides the items was not fetched (${e.code}: ${e.message}); tried again when the server is back`, packageExtra(row));
        return null;
      })
      .finally(() => this.inFlight.delete(row.packageId));
    this.inFlight.set(row.packageId, done);
    return done;
  }

  /** Fetches again, in the background, the contexts of these packages that are missing or older than CONTEXT_REFRESH_AFTER_MS. */
  refreshStale(rows: PackageRow[], now = Date.now()): void {
    const fetchedAt = this.d.store.contextTimes();
    for (const row of rows) {
      const at = fetchedAt.get(row.packageId);
      if (at === undefined || now - at >= CONTEXT_REFRESH_AFTER_MS) void this.refresh(row, true);
    }
  }

  private async fetch(row: PackageRow): Promise<PackageContext> {
    const get = <R extends RouteDef>(route: R, params: Record<string, number>, query?: Record<string, number>) =>
      this.d.server.json<DataOf<R>>('GET', pathOf(route, params, query));
    const inProject = { projectId: row.projectId };
    const [project, task, ontology, steps, rejectReasons] = await Promise.all([
      get(projectRoutes.get, inProject),
      get(taskRoutes.get, { id: row.taskId }, inProject),
      get(ontologyRoutes.projectGet, inProject),
      get(taskRoutes.menu, { id: row.taskId }, inProject),
      get(projectRoutes.listRejectReasons, inProject),
    ]);
    return { packageId: row.packageId, project, task, ontology, steps, rejectReasons, fetchedAt: Date.now() };
  }
}
