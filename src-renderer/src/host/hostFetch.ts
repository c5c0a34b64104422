import { hostRequestHeaders } from './hostRequest';

/**
 * Fetches a file the workstation serves to its page (a work package's stored frame: the `url`
 * of `packages.item`'s frames). In the browser host the address is a path of the host, which
 * answers only requests carrying its secret and naming the caller, so those headers are added;
 * in Electron it is the app's own `annot-package:` address, fetched as it is. The one way the
 * page reads package files, whichever host it runs in.
 */
export function hostFetch(url: string, init: RequestInit = {}): Promise<Response> {
  if (window.workstation) return fetch(url, init);
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(hostRequestHeaders())) headers.set(name, value);
  return fetch(url, { ...init, headers });
}
