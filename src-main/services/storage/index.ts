import type { StorageHandlers } from '../../../src-shared/ipc/storage';

/** The storage calls that touch this machine only; saving for a remote page is services/browserTransfers. */
type LocalStorageHandlers = Omit<StorageHandlers, 'storage.downloadToBrowser'>;
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import type { ServerClient, SessionState } from '../session';
import { StorageService } from './storageService';
import type { ProductLog } from '../productLog';

export { StorageService } from './storageService';
export { StorageError } from './storageError';

/** Bad arguments from the renderer: a plain error with a code, never a crash. */
const badArgs = (message: string) => Object.assign(new TypeError(message), { code: 'BAD_ARGS' });
const text = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v === '') throw badArgs(`${name} must be a non-empty string`);
  return v;
};
const optionalText = (v: unknown, name: string): string | undefined => (v === undefined ? undefined : text(v, name));

export function createStorageService(
  config: WorkstationConfig,
  deps: { server: ServerClient; session: SessionState; events: EventBus; log?: ProductLog },
): { service: StorageService; handlers: LocalStorageHandlers; close(): void } {
  const service = new StorageService({
    server: deps.server,
    dataDir: config.dataDir,
    tokenPath: config.storageTokenPath,
    tokenKey: config.storageTokenKey,
    customKey: config.storageCustomKey,
    onProgress: (e) => deps.events.emit('storage.progress', e),
    // The signed-in user's token keeps the spec's cache key; another browser's caller gets their own entry.
    scope: () => (deps.session.isOtherCaller() ? `user-${deps.session.current()!.user.id}` : ''),
    ...(deps.log ? { log: deps.log } : {}),
  });
  // Another user (or none) must not keep using the previous user's token.
  const offSession = deps.session.onChange(() => service.forgetToken());
  const handlers: LocalStorageHandlers = {
    'storage.init': async (a) => service.init(a ?? {}),
    'storage.status': async () => service.status(),
    'storage.setOverrides': async (a) => {
      if (a?.overrides !== null && (typeof a?.overrides !== 'object' || Array.isArray(a.overrides))) throw badArgs('overrides must be an object or null');
      return service.setOverrides(a.overrides);
    },
    'storage.upload': async (a) =>
      service.upload({ file: text(a?.file, 'file'), key: text(a?.key, 'key'), ...opt('transferId', optionalText(a?.transferId, 'transferId')), ...opt('contentType', optionalText(a?.contentType, 'contentType')) }),
    'storage.uploadMany': async (a) => {
      if (!Array.isArray(a?.items)) throw badArgs('items must be a list');
      const items = a.items.map((i, n) => ({ file: text(i?.file, `items[${n}].file`), key: text(i?.key, `items[${n}].key`), ...opt('contentType', optionalText(i?.contentType, 'contentType')) }));
      return service.uploadMany({ items, ...opt('transferId', optionalText(a.transferId, 'transferId')), ...opt('concurrency', a.concurrency) });
    },
    'storage.download': async (a) => service.download({ key: text(a?.key, 'key'), file: text(a?.file, 'file'), ...opt('transferId', optionalText(a?.transferId, 'transferId')) }),
    'storage.cancel': async (a) => ({ cancelled: service.cancel(text(a?.transferId, 'transferId')) }),
    'storage.pending': async () => service.pending(),
    'storage.resume': async (a) => service.resume(text(a?.transferId, 'transferId')),
    'storage.discard': async (a) => ({ discarded: await service.discard(text(a?.transferId, 'transferId')) }),
    'storage.signedUrl': async (a) => service.signedUrl(text(a?.key, 'key'), a?.expires),
  };
  return {
    service,
    handlers,
    close: () => {
      offSession();
      service.close();
    },
  };
}

/** `{ [name]: value }` when the value is there, `{}` otherwise (exact optional properties). */
function opt<K extends string, V>(name: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [name]: value }) as { [P in K]?: V };
}
