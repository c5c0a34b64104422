import path from 'node:path';
import { packageFrameUrl, packageVideoUrl, type PackageFrameRef, type PackagesHandlers, type PackageVideoRef } from '../../../src-shared/ipc';
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import type { ServerClient, SessionState } from '../session';
import type { StorageService } from '../storage';
import { silentLog, type ProductLog } from '../productLog';
import { openOrSetAside } from '../sqliteSetAside';
import { FrameDownloads } from './frameDownloads';
import { fileArg, idArg, idsArg, requiredIdsArg, sizeArg } from './handlerArgs';
import { LostStore } from './lostStore';
import { LostWithLease, type LostItemJournal } from './lostWithLease';
import { PackageContexts } from './packageContexts';
import { PackagesService } from './packagesService';
import { PackageStore } from './store';

/** How long closing waits for a check of lost items under way. */
const CLOSE_WAIT_MS = 5000;
/** How long `packages.lost` waits for a check under way before it answers what it has. */
const LOST_ANSWER_WAIT_MS = 3000;

export interface PackagesServiceHandle {
  /** every method but the browser host's export, which the browser transfers serve with `exportLost` */
  handlers: Omit<PackagesHandlers, 'packages.lostExportToBrowser'>;
  /** An item whose hand-off the server took: it leaves its package here too (see watchHandOffs). */
  handedOn(taskSubjectId: number): Promise<void>;
  /**
   * Goes on with unfinished downloads of whoever is signed in now (a session was set), refreshes
   * their stale contexts, and asks the server what was lost.
   */
  resume(): void;
  /** A stored frame opened for the page (the hosts' frame addresses), under the same owner rule as `packages.item`. */
  openFrame: PackagesService['openFrame'];
  /** A video item's stored file or frame times opened for the page (the hosts' video addresses), under the same owner rule. */
  openVideo: PackagesService['openVideo'];
  /** Writes the lost items' copies as JSON to a file (for the browser host's download). */
  exportLost: PackagesHandlers['packages.lostExport'];
  /** Stops the downloads (left as downloading: the next start goes on) and closes the database. */
  close(): Promise<void>;
}

/**
 * Work packages (docs/offline-day.md): `packages.db` in the data folder, the frames under
 * `<dataDir>/packages/<id>/`, downloaded through the storage layer.
 */
export function createPackagesService(
  config: WorkstationConfig,
  deps: { server: ServerClient; session: SessionState; storage: StorageService; events: EventBus; journal: LostItemJournal; log?: ProductLog },
): PackagesServiceHandle {
  const log = deps.log ?? silentLog;
  // A damaged database must not keep the workstation from starting (the journal's rule): it is
  // set aside and the frames on disk are orphans until taken again.
  const { store, setAside } = openOrSetAside(path.join(config.dataDir, 'packages.db'), (f) => new PackageStore(f));
  if (setAside) log.error(`packages database unreadable (${setAside.error}): moved to ${setAside.movedTo} in the data folder and started empty; take the packages again`);
  const root = path.join(config.dataDir, 'packages');
  const downloads = new FrameDownloads({ store, storage: deps.storage, events: deps.events, log, folderOf: (id) => path.join(root, String(id)) });
  const frameUrl = (ref: PackageFrameRef) => packageFrameUrl(config.host, ref);
  const videoUrl = (ref: PackageVideoRef) => packageVideoUrl(config.host, ref);
  const contexts = new PackageContexts({ store, server: deps.server, log });
  const service = new PackagesService({ store, downloads, server: deps.server, session: deps.session, log, root, contexts, frameUrl, videoUrl });
  const lost = new LostWithLease({ store, lost: new LostStore(store.db), packages: service, journal: deps.journal, server: deps.server, session: deps.session, events: deps.events, log });
  const resume = () => {
    service.resumeUnfinished();
    void lost.check();
  };

  const offSession = deps.session.onChange((s) => {
    if (s) resume();
  });
  // A download that failed for want of the server goes on when it is back, and what the server gave back meanwhile is found.
  const offConnectivity = deps.events.on('connectivity', (e) => {
    if (e.server === 'online') resume();
  });
  const offJournal = deps.events.on('journal.sync', (s) => lost.onJournal(s));
  resume();
  const exportLost: PackagesHandlers['packages.lostExport'] = async (a) => lost.exportTo(fileArg(a), idsArg(a, 'ids'));

  const handlers: PackagesServiceHandle['handlers'] = {
    'packages.take': async (a) =>
      service.take({ projectId: idArg(a, 'projectId'), taskId: idArg(a, 'taskId'), workflowId: idArg(a, 'workflowId'), ...(a?.size === undefined ? {} : { size: sizeArg(a) as number }) }),
    'packages.list': async () => {
      lost.checkNowAndThen();
      return service.list();
    },
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
    'packages.lost': async () => {
      lost.checkNowAndThen();
      return lost.list(LOST_ANSWER_WAIT_MS);
    },
    'packages.lostExport': exportLost,
    'packages.lostDismiss': async (a) => lost.dismiss(requiredIdsArg(a, 'ids')),
  };
  return {
    handlers,
    handedOn: (id) => service.handedOn(id),
    resume,
    openFrame: (ref) => service.openFrame(ref),
    openVideo: (ref) => service.openVideo(ref),
    exportLost,
    close: async () => {
      offSession();
      offConnectivity();
      offJournal();
      // A check waiting on a server that does not answer must not hold the app open.
      await Promise.race([lost.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      await downloads.close();
      store.close();
    },
  };
}
