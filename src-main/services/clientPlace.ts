import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientPlace } from '../../src-shared/ipc/app';

const current = new AsyncLocalStorage<ClientPlace>();

/**
 * Runs a call as coming from a page at `place`. The browser host says where each request came
 * from (hosts/nodeHostAccess.ts); the desktop app and the services' own work are local.
 */
export const runFrom = <T>(place: ClientPlace, fn: () => T): T => current.run(place, fn);

/** Where the page behind the running call is: 'local' unless a host said otherwise. */
export const callerPlace = (): ClientPlace => current.getStore() ?? 'local';
