import { NODE_HOST_CALLER_HEADER, NODE_HOST_SECRET_HEADER } from '../../../src-shared/ipc/nodeHost';
import { readToken } from '../app/authToken';
import { HOST_SECRET_STORAGE_KEY } from './hostSecret';

/**
 * The headers of a request the page makes to the browser host outside invoke (a chunk of a
 * picked file): the host's secret, which the page kept when it opened the printed address, and
 * whose call it is. The browser adds the page's own Origin, which the host requires for these.
 */
export function hostRequestHeaders(): Record<string, string> {
  const secret = window.localStorage.getItem(HOST_SECRET_STORAGE_KEY);
  const token = readToken();
  return { ...(secret ? { [NODE_HOST_SECRET_HEADER]: secret } : {}), ...(token ? { [NODE_HOST_CALLER_HEADER]: token.value } : {}) };
}
