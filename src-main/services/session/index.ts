import path from 'node:path';
import type { SessionHandlers, WorkstationSession } from '../../../src-shared/ipc';
import { SessionState } from './sessionState';
import { ServerClient } from './serverClient';
import { REMEMBERED_SESSIONS_FILE, RememberedSessions } from './rememberedSessions';
import { silentLog, type ProductLog } from '../productLog';

export { SessionState } from './sessionState';
export { ServerClient, ServerCallError } from './serverClient';

const badSession = () => Object.assign(new TypeError('session needs tokenName, tokenValue and user.id'), { code: 'BAD_ARGS' });
const badClear = () => Object.assign(new TypeError('session.clear takes { tokenValue? } with a token, or nothing'), { code: 'BAD_ARGS' });
const badToken = () => Object.assign(new TypeError('session.restore needs tokenName and tokenValue'), { code: 'BAD_ARGS' });

/**
 * The session the renderer hands over after login, and the server client every service shares.
 * With a data folder, whose token each session was is remembered on disk (rememberedSessions.ts)
 * so `session.restore` can name the user after a start with the server away.
 */
export function createSessionService(
  serverUrl: string,
  log: ProductLog = silentLog,
  opts: { dataDir?: string } = {},
): { state: SessionState; server: ServerClient; handlers: SessionHandlers } {
  const state = new SessionState();
  const server = new ServerClient(serverUrl, state);
  const remembered = opts.dataDir === undefined ? null : new RememberedSessions(path.join(opts.dataDir, REMEMBERED_SESSIONS_FILE));
  const who = (s: WorkstationSession) => ({ userId: s.user.id, userName: s.user.name, phone: s.user.mobile });
  // Not remembering costs only the offline start; it must never fail a sign-in.
  const keep = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      log.warn(`could not ${what} in ${REMEMBERED_SESSIONS_FILE}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return {
    state,
    server,
    handlers: {
      'session.set': async (s) => {
        if (!s || typeof s.tokenName !== 'string' || typeof s.tokenValue !== 'string' || typeof s.user?.id !== 'number') throw badSession();
        // A caller setting its session is who the host is used by now (the desktop has one user anyway).
        const before = state.current();
        state.set(s);
        keep('note the signed-in user', () => remembered?.remember(s));
        // The renderer sets its session after a sign-in and again after every reload: only a new user or token is a sign-in here.
        const place = { ...who(s), ...(s.projectId === undefined ? {} : { projectId: s.projectId }), ...(s.taskId === undefined ? {} : { taskId: s.taskId }) };
        if (before?.user.id !== s.user.id || before.tokenValue !== s.tokenValue) {
          log.info(`session started (sign-in or restored after a restart): user ${s.user.id}${before && before.user.id !== s.user.id ? `, replacing user ${before.user.id}` : ''}`, place);
        } else if (before.projectId !== s.projectId || before.taskId !== s.taskId) {
          log.debug(`session moved to project ${s.projectId ?? '-'}, task ${s.taskId ?? '-'}`, place);
        }
        return { ok: true };
      },
      'session.restore': async (a) => {
        if (!a || typeof a.tokenName !== 'string' || typeof a.tokenValue !== 'string' || a.tokenName === '' || a.tokenValue === '') throw badToken();
        const found = remembered?.find(a.tokenValue) ?? null;
        if (!found) return null;
        const s: WorkstationSession = { tokenName: a.tokenName, tokenValue: a.tokenValue, user: found.user, ...(found.team ? { team: found.team } : {}) };
        const before = state.current();
        state.set(s);
        if (before?.tokenValue !== s.tokenValue) log.info(`session restored from this workstation's memory (the team server was not asked): user ${s.user.id}`, who(s));
        return found;
      },
      'session.clear': async (a) => {
        const tokenValue = a?.tokenValue;
        if (tokenValue !== undefined && (typeof tokenValue !== 'string' || tokenValue === '')) throw badClear();
        const before = state.clearCaller(tokenValue);
        const forgotten = tokenValue ?? before?.tokenValue;
        if (forgotten) keep('forget the signed-out user', () => remembered?.forget(forgotten));
        if (before) log.info(`signed out: user ${before.user.id}`, who(before));
        return { ok: true };
      },
    },
  };
}
