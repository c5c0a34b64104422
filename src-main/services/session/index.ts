import type { SessionHandlers } from '../../../src-shared/ipc';
import { SessionState } from './sessionState';
import { ServerClient } from './serverClient';
import { silentLog, type ProductLog } from '../productLog';

export { SessionState } from './sessionState';
export { ServerClient, ServerCallError } from './serverClient';

/** The session the renderer hands over after login, and the server client every service shares. */
export function createSessionService(serverUrl: string, log: ProductLog = silentLog): { state: SessionState; server: ServerClient; handlers: SessionHandlers } {
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
        const before = state.current();
        state.set(s);
        // The renderer sets its session after a sign-in and again after every reload: only a new user or token is a sign-in here.
        const who = { userId: s.user.id, userName: s.user.name, phone: s.user.mobile, ...(s.projectId === undefined ? {} : { projectId: s.projectId }), ...(s.taskId === undefined ? {} : { taskId: s.taskId }) };
        if (before?.user.id !== s.user.id || before.tokenValue !== s.tokenValue) {
          log.info(`session started (sign-in or restored after a restart): user ${s.user.id}${before && before.user.id !== s.user.id ? `, replacing user ${before.user.id}` : ''}`, who);
        } else if (before.projectId !== s.projectId || before.taskId !== s.taskId) {
          log.debug(`session moved to project ${s.projectId ?? '-'}, task ${s.taskId ?? '-'}`, who);
        }
        return { ok: true };
      },
      'session.clear': async () => {
        const before = state.current();
        state.set(null);
        if (before) log.info(`signed out: user ${before.user.id}`, { userId: before.user.id, userName: before.user.name, phone: before.user.mobile });
        return { ok: true };
      },
    },
  };
}
