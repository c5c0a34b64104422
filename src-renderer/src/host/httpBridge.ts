import { io } from 'socket.io-client';
import {
  NODE_HOST_CALLER_HEADER,
  NODE_HOST_EVENT_MESSAGE,
  NODE_HOST_INVOKE_PATH,
  NODE_HOST_SECRET_HEADER,
  type EventName,
  type Events,
  type InvokeOutcome,
  type WorkstationBridge,
} from '../../../src-shared/ipc';
import { readToken } from '../app/authToken';
import { BridgeError } from './bridgeError';

/** Names the signed-in caller to the host (by the session token it already holds), when there is one. */
function callerHeader(): Record<string, string> {
  const token = readToken();
  return token ? { [NODE_HOST_CALLER_HEADER]: token.value } : {};
}

/**
 * The bridge of the browser host: invoke over HTTP, events over socket.io, same origin, each
 * with the host's secret (`secret`, from the address the host printed; see hostSecret.ts).
 * Without it the host answers HOST_SECRET_REQUIRED and Startup explains what to open.
 */
export function createHttpBridge(secret: string | null, origin: string = window.location.origin): WorkstationBridge {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let socket: ReturnType<typeof io> | null = null;
  const ensureSocket = () => {
    if (socket) return;
    socket = io(origin, { transports: ['websocket'], auth: { secret: secret ?? '' } });
    socket.on(NODE_HOST_EVENT_MESSAGE, (msg: { event: EventName; payload: never }) => {
      listeners.get(msg.event)?.forEach((l) => l(msg.payload));
    });
  };

  return {
    async invoke(method, args) {
      let res: Response;
      try {
        res = await fetch(origin + NODE_HOST_INVOKE_PATH, {
          method: 'POST',
          // Several browsers may share one browser host: each call says whose it is.
          headers: { 'content-type': 'application/json', ...(secret ? { [NODE_HOST_SECRET_HEADER]: secret } : {}), ...callerHeader() },
          body: JSON.stringify({ method, args: args ?? {} }),
        });
      } catch {
        throw new BridgeError({ name: 'HostUnreachable', message: 'workstation host unreachable', code: 'HOST_UNREACHABLE' });
      }
      // Refusals (401, 403) come as the same plain outcome, with a code the page translates.
      const outcome = (await res.json()) as InvokeOutcome<never>;
      if (!outcome.ok) throw new BridgeError(outcome.error);
      return outcome.result;
    },
    on(event, listener) {
      ensureSocket();
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
}

export type { Events };
