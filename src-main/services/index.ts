import path from 'node:path';
import type { Handlers } from '../../src-shared/ipc';
import type { ClientPlace } from '../../src-shared/ipc/app';
import type { BrowserUploadAnswer } from '../../src-shared/ipc/nodeHost';
import type { WorkstationConfig } from '../config';
import { API_BASE } from '../../src-shared/api/route';
import { LogLevelSetting } from './logstore/logLevelSetting';
import { logRoutes } from '../../src-shared/api/log';
import { EventBus } from './events';
import { createAppService } from './app';
import { createLogsService } from './logstore';
import { uploadViaFile } from './logship/uploadViaFile';
import { createSessionService } from './session';
import { createStorageService } from './storage';
import { createDatasetsService } from './datasets';
import { createJournalService } from './journal';
import { createPackagesService, type PackagesServiceHandle } from './packages';
import { watchHandOffs } from './packages/handedOn';
import { ChosenFolders, guardPaths } from './folders';
import { BrowserOutbox } from './outbox';
import { createBrowserTransfers } from './browserTransfers';
import type { BrowserChunk } from './datasets/browserReceiver';
import { callerPlace, runFrom } from './clientPlace';
import { createProductLog, type ProductLog } from './productLog';
import { logStartup, recoverCrashRecords, watchProcess } from './processLog';

export interface Services {
  /** what the hosts serve: local paths in the calls are held to the chosen folders */
  handlers: Handlers;
  /** the folders the renderer's paths must lie in; the Electron host adds the ones picked in its dialog */
  folders: ChosenFolders;
  events: EventBus;
  /** Runs a call as the caller holding this token (the browser host serves several browsers), else as the last session set. */
  runAsCaller<T>(token: string | undefined, fn: () => T): T;
  /** Runs a call as coming from a page on this machine or another (the browser host tells; see clientPlace.ts). */
  runFrom<T>(place: ClientPlace, fn: () => T): T;
  /** A chunk of a file a remote page sends for its import (the browser host's upload path). */
  receiveBrowserChunk(c: BrowserChunk): Promise<BrowserUploadAnswer>;
  /** A work package's stored frame opened for the page, as the caller of the current call (both hosts' frame addresses). */
  openPackageFrame: PackagesServiceHandle['openFrame'];
  /** A work package's video file or frame times opened for the page, as the caller of the current call (both hosts' video addresses). */
  openPackageVideo: PackagesServiceHandle['openVideo'];
  /** Files made for remote pages, each behind a single-use ticket (the browser host's download path). */
  outbox: BrowserOutbox;
  /** the main process's logger (the hosts log their windows and pages with it) */
  log: ProductLog;
  close(): Promise<void>;
}

/** The composition root of the main process: every service, one Handlers map, one event bus. */
export function createServices(config: WorkstationConfig): Services {
  const events = new EventBus();
  const folders = new ChosenFolders(config.dataDir);
  // Services log through the logs service in-process; it is built below, and nothing logs before.
  // Below the workstation's log level a call makes no record at all (WORKSTATION_LOG_LEVEL).
  // The level can change while the workstation runs (logs.setLevel): one setting read at each record.
  const logLevel = new LogLevelSetting(config.logLevel);
  const log = createProductLog((a) => logs.handlers['logs.write'](a), () => logLevel.minLevel);
  const session = createSessionService(config.serverUrl, log, { dataDir: config.dataDir });
  const storage = createStorageService(config, { server: session.server, session: session.state, events, log });
  const logs = createLogsService(config, events, {
    level: logLevel,
    callerIsRemote: () => callerPlace() === 'remote',
    currentUser: () => {
      const s = session.state.current();
      return s ? { ...s.user, projectId: s.projectId, taskId: s.taskId } : null;
    },
    // The session token is caught in any record, even without a key name in front of it.
    secrets: () => {
      const s = session.state.current();
      return s ? [s.tokenValue] : [];
    },
    // Log zips go to user/<id>/logs/ like any upload; shipping does not wait for the renderer's init.
    upload: uploadViaFile(async (a) => {
      if (!storage.service.status().initialised) await storage.service.init();
      return storage.service.upload(a);
    }, path.join(config.dataDir, 'log-uploads')),
    // ...and each is told to the team server's index, so ops find it (docs/logging.md).
    registerUpload: (body) => session.server.json('POST', `${API_BASE}${logRoutes.register.path}`, body),
  });
  const datasets = createDatasetsService(config, { server: session.server, storage: storage.service, events });
  const journal = createJournalService(config, { server: session.server, session: session.state, events, log });
  const packages = createPackagesService(config, { server: session.server, session: session.state, storage: storage.service, events, journal, log });
  // Items handed on leave their package once the server took the hand-off.
  const queuedAtStart = journal.handlers['journal.handoffs']({}).then((list) => list.map((s) => s.taskSubjectId));
  const offHandOffs = watchHandOffs(events, queuedAtStart, (id) => void packages.handedOn(id).catch((err: unknown) => log.warn(`package item ${id} handed on, not forgotten: ${String(err)}`)));
  logStartup(log, config);
  void recoverCrashRecords(logs.handlers['logs.write'], config.dataDir);
  const offProcess = watchProcess(log, config.dataDir);
  const outbox = new BrowserOutbox(config.dataDir);
  const toBrowser = createBrowserTransfers({ storage: storage.service, exportLogs: logs.handlers['logs.export'], exportLost: packages.exportLost, outbox });
  const sessionHandlers: typeof session.handlers = {
    ...session.handlers,
    // A session set again (even the same one, after a reload) sends what the journal has waiting at once.
    'session.set': async (s) => {
      const ok = await session.handlers['session.set'](s);
      journal.resume();
      packages.resume();
      return ok;
    },
    // ...and so does one restored from the workstation's memory (a start with the server away; they go out once it is back).
    'session.restore': async (a) => {
      const found = await session.handlers['session.restore'](a);
      if (found) {
        journal.resume();
        packages.resume();
      }
      return found;
    },
  };
  const services: Handlers = { ...createAppService(config, folders, () => logLevel.threshold), ...sessionHandlers, ...storage.handlers, ...datasets.handlers, ...logs.handlers, ...journal.handlers, ...packages.handlers, ...toBrowser };
  return {
    handlers: guardPaths(services, folders),
    folders,
    events,
    runAsCaller: (token, fn) => session.state.runAsCaller(token, fn),
    runFrom,
    receiveBrowserChunk: datasets.receiveBrowserChunk,
    openPackageFrame: (ref) => packages.openFrame(ref),
    openPackageVideo: (ref) => packages.openVideo(ref),
    outbox,
    log,
    // Logs first: a ship in progress still uses storage.
    close: async () => {
      datasets.close();
      outbox.close();
      offHandOffs();
      await journal.close();
      await packages.close();
      offProcess();
      await logs.close();
      storage.close();
    },
  };
}
