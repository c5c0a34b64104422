import type { PreloadApi, WorkstationBridge } from '../../../src-shared/ipc';
import { createHttpBridge } from './httpBridge';
import { BridgeError } from './bridgeError';
import { takeHostSecret } from './hostSecret';

declare global {
  interface Window {
    /** Set by the Electron preload (src-preload); absent in the browser host. */
    workstation?: PreloadApi;
  }
}

/** Adapts the preload's outcome-returning API to the bridge every feature uses. */
function fromPreload(api: PreloadApi): WorkstationBridge {
  return {
    invoke: async (method, args) => {
      const outcome = await api.invoke(method, args);
      if (!outcome.ok) throw new BridgeError(outcome.error);
      return outcome.result as never;
    },
    on: (event, listener) => api.on(event, listener as (payload: unknown) => void),
  };
}

/**
 * The one place that picks the host: the Electron preload when present, else the browser
 * host's HTTP/WebSocket bridge. Feature code only ever sees WorkstationBridge.
 */
const hostSecret = window.workstation ? null : takeHostSecret();
export const workstation: WorkstationBridge = window.workstation ? fromPreload(window.workstation) : createHttpBridge(hostSecret);

/**
 * Whether this page holds a key for the browser host (from the address, or kept from an
 * earlier visit): a refusal then means the key is wrong or of an earlier run, not missing.
 */
export const holdsHostKey = hostSecret !== null;
export { BridgeError };
export { hostFetch } from './hostFetch';
