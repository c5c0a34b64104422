import type { AppHandlers } from '../../../src-shared/ipc';
import type { LogThreshold } from '../../../src-shared/ipc/logs';
import type { WorkstationConfig } from '../../config';
import { callerPlace } from '../clientPlace';
import { FolderAccessError, type ChosenFolders } from '../folders';

/** `logLevel`: the level now (it can change while running: logs.setLevel); the configured one when absent. */
export function createAppService(config: WorkstationConfig, folders: ChosenFolders, logLevel: () => LogThreshold = () => config.logLevel): AppHandlers {
  return {
    'app.info': async () => ({
      version: config.version,
      dataDir: config.dataDir,
      downloadsDir: folders.downloadsDir,
      host: config.host,
      serverUrl: config.serverUrl,
      client: callerPlace(),
      logLevel: logLevel(),
    }),
    // Only the Electron host has a native dialog; it replaces this handler (hosts/electron.ts).
    'app.pickFolder': async () => ({ path: null, supported: false }),
    // The browser host's page is its only UI, so a folder the user allows there is the grant;
    // in the desktop app a renderer must not grant itself folders: only the dialog does.
    'app.allowFolder': async (a) => {
      if (config.host !== 'node') throw new FolderAccessError('FOLDER_NEEDS_DIALOG', { path: typeof a?.path === 'string' ? a.path : '' });
      // A page on another computer cannot grant itself this machine's folders.
      if (callerPlace() === 'remote') throw new FolderAccessError('LOCAL_PATH_REMOTE', { path: typeof a?.path === 'string' ? a.path : '' });
      return { folder: await folders.allow(a?.path) };
    },
  };
}
