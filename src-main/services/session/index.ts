import type { SessionHandlers } from '../../../src-shared/ipc';
import { SessionState } from './sessionState';
import { ServerClient } from './serverClient';

export { SessionState } from './sessionState';
export { ServerClient, ServerCallError } from './serverClient';

/** The session the renderer hands over after login, and the server client every service shares. */
export function createSessionService(serverUrl: string): { state: SessionState; server: ServerClient; handlers: SessionHandlers } {
  const state = new SessionState();
  const server = new ServerClient(serverUrl, state);
  return {
    state,
    server,
    handlers: {
      'session.set': async (s) => {
        if (!s || typeof s.tokenName !== 'string' || typeof s.tokenValue !== 'string' || typeof s.user?.id !== 'number') {
          throw Object.assign(new TypeError('session needs tokenName, tokenValue and user.id'), { code: 'BAD_ARGS' });
        }
        // A caller setting its session is who the host is used by now (the desktop has one user anyway).
        state.set(s);
        return { ok: true };
      },
      'session.clear': async () => {
        state.set(null);
        return { ok: true };
      },
    },
  };
}
