import path from 'node:path';
import { packageFrameUrl, type PackageFrameRef, type PackagesHandlers } from '../../../src-shared/ipc';
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import type { ServerClient, SessionState } from '../session';
import type { StorageService } from '../storage';
import { silentLog, type ProductLog } from '../productLog';
import { openOrSetAside } from '../sqliteSetAside';
import { FrameDownloads } from './frameDownloads';
import { idArg, idsArg, sizeArg } from './handlerArgs';
import { PackageContexts } from './packageContexts';
import { PackagesService } from './packagesService';
import { PackageStore } from './store';

export interface PackagesServiceHandle {
  handlers: PackagesHandlers;
  /** An item whose hand-off the server took: it leaves its package here too (see watchHandOffs). */
  handedOn(taskSubjectId: number): Promise<void>;
  /** Goes on with unfinished downloads of whoever is signed in now (a session was set), and refreshes their stale contexts. */
  resume(): void;
  /** A stored frame opened for the page (the hosts' frame addresses), under the same owner rule as `packages.item`. */
  openFrame: PackagesService['openFrame'];
  /** Stops the downloads (left as downloading: the next start goes on) and closes the database. */
  close(): Promise<void>;
}

/**
 * Work packages (docs/offline-day.md): `packages.db` in the data folder, the frames under
 * `<dataDir>/packages/<id>/`, downloaded through the storage layer.
 */
export function createPackagesService(
  config: WorkstationConfig,
  deps: { server: ServerClient; session: SessionState; storage: StorageService; events: EventBus; log?: ProductLog },
): PackagesServiceHandle {
  const log = deps.log ?? silentLog;
  // A damaged database must not keep the workstation from starting (the journal's rule): it is
  // set aside and the frames on disk are orphans until taken again.
  const { store, setAside } = openOrSetAside(path.join(config.dataDir, 'packages.db'), (f) => new PackageStore(f));
  if (setAside) log.error(`packages database unreadable (${setAside.error}): moved to ${setAside.movedTo} in the data folder and started empty; take the packages again`);
  const root = path.join(config.dataDir, 'packages');
  const downloads = new FrameDownloads({ store, storage: deps.storage, events: deps.events, log, folderOf: (id) => path.join(root, String(id)) });
  const frameUrl = (ref: PackageFrameRef) => packageFrameUrl(config.host, ref);
  const contexts = new PackageContexts({ store, server: deps.server, log });
  const service = new PackagesService({ store, downloads, server: deps.server, session: deps.session, log, root, contexts, frameUrl });

  const offSession = deps.session.onChange((s) => {
    if (s) service.resumeUnfinished();
  });
  // A download that failed for want of the server goes on when it is back.
  const offConnectivity = deps.events.on('connectivity', (e) => {
    if (e.server === 'online') service.resumeUnfinished();
  });
  service.resumeUnfinished();

  const handlers: PackagesHandlers = {
    'packages.take': async (a) =>
      service.take({ projectId: idArg(a, 'projectId'), taskId: idArg(a, 'taskId'), workflowId: idArg(a, 'workflowId'), ...(a?.size === undefined ? {} : { size: sizeArg(a) as number }) }),
    'packages.list': async () => service.list(),
    'packages.status': async (a) => service.status(idArg(a, 'packageId')),
    'packages.pause': async (a) => service.pause(idArg(a, 'packageId')),
    'packages.resume': async (a) => service.resume(idArg(a, 'packageId')),
    'packages.cancel': async (a) => service.cancel(idArg(a, 'packageId')),
    'packages.return': async (a) => {
      const ids = idsArg(a);
      return service.giveBack(service.own(idArg(a, 'packageId')), ids);
    },
    'packages.item': async (a) => service.item(idArg(a, 'packageId'), idArg(a, 'taskSubjectId')),
    'packages.context': async (a) => service.context(idArg(a, 'packageId')),
  };
  return {
    handlers,
    handedOn: (id) => service.handedOn(id),
    resume: () => service.resumeUnfinished(),
    openFrame: (ref) => service.openFrame(ref),
    close: async () => {
      offSession();
      offConnectivity();
      await downloads.close();
      store.close();
    },
  };
}
