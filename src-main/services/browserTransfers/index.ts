import crypto from 'node:crypto';
import type { LogsHandlers } from '../../../src-shared/ipc/logs';
import type { StorageHandlers } from '../../../src-shared/ipc/storage';
import type { PackagesHandlers } from '../../../src-shared/ipc/packages';
import { lostExportName } from '../packages/lostCopy';
import type { BrowserOutbox } from '../outbox';
import { safeFileName } from '../outbox';
import type { StorageService } from '../storage';

const badArgs = (message: string) => Object.assign(new TypeError(message), { code: 'BAD_ARGS' });

/**
 * Saving for a page on another computer (docs/browser-host-remote.md): the same work as the
 * desktop's save (the storage layer's download with its ranged streams, retries and progress;
 * the log store's zip), written into the outbox instead of a folder of this machine, and handed
 * to the page as a single-use download.
 */
export function createBrowserTransfers(deps: {
  storage: StorageService;
  exportLogs: LogsHandlers['logs.export'];
  exportLost: PackagesHandlers['packages.lostExport'];
  outbox: BrowserOutbox;
}): Pick<StorageHandlers, 'storage.downloadToBrowser'> & Pick<LogsHandlers, 'logs.exportToBrowser'> & Pick<PackagesHandlers, 'packages.lostExportToBrowser'> {
  const staged = async <T>(name: string, write: (file: string) => Promise<T>) => {
    const { ticket, file } = deps.outbox.stage(name);
    try {
      const result = await write(file);
      return { result, download: deps.outbox.offer(ticket, name) };
    } catch (err) {
      deps.outbox.discard(ticket);
      throw err;
    }
  };
  return {
    'storage.downloadToBrowser': async (a) => {
      if (typeof a?.key !== 'string' || a.key === '') throw badArgs('key must be a non-empty string');
      const transferId = typeof a.transferId === 'string' && a.transferId ? a.transferId : crypto.randomUUID();
      if (!deps.storage.status().initialised) await deps.storage.init();
      const name = safeFileName(a.key, 'download');
      const { download } = await staged(name, (file) => deps.storage.download({ transferId, key: a.key, file }));
      return { ...download, transferId };
    },
    'logs.exportToBrowser': async (a) => {
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
      const { result, download } = await staged(`logs-${stamp}.zip`, (file) => deps.exportLogs({ ...a, file }));
      return { ...download, records: result.records };
    },
    'packages.lostExportToBrowser': async (a) => {
      const { result, download } = await staged(lostExportName(new Date()), (file) => deps.exportLost({ ...(a?.ids === undefined ? {} : { ids: a.ids }), file }));
      return { ...download, items: result.items };
    },
  };
}
