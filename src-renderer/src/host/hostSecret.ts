import { NODE_HOST_SECRET_PARAM } from '../../../src-shared/ipc/nodeHost';

/** Where the page keeps the browser host's secret: this origin's storage, which no other site or port can read. */
export const HOST_SECRET_STORAGE_KEY = 'workstation.hostSecret';

/**
 * The browser host's secret of this run. The address the host prints carries it
 * (`/?token=...`); the page keeps it, so other tabs and reloads have it, and takes it out of
 * the address bar, so it does not end up in bookmarks, screenshots or the history. A new run
 * prints a new address, and opening it replaces the kept one.
 */
export function takeHostSecret(location: Location = window.location, storage: Storage = window.localStorage): string | null {
  const params = new URLSearchParams(location.search);
  const given = params.get(NODE_HOST_SECRET_PARAM);
  if (given) {
    storage.setItem(HOST_SECRET_STORAGE_KEY, given);
    params.delete(NODE_HOST_SECRET_PARAM);
    const search = params.toString();
    window.history.replaceState(window.history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
    return given;
  }
  return storage.getItem(HOST_SECRET_STORAGE_KEY);
}
