import type { AppHandlers } from '../../../src-shared/ipc';
import type { WorkstationConfig } from '../../config';

export function createAppService(config: WorkstationConfig): AppHandlers {
  return {
    'app.info': async () => ({
      version: config.version,
      dataDir: config.dataDir,
      host: config.host,
      serverUrl: config.serverUrl,
    }),
    // Only the Electron host has a native dialog; it replaces this handler (hosts/electron.ts).
    'app.pickFolder': async () => ({ path: null, supported: false }),
  };
}
