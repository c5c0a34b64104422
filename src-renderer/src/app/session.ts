import type { LoginResult } from '../../../src-shared/api/user';
import type { LogExtraInfo } from '../../../src-shared/ipc/logs';
import { api } from './apiSlice';
import { clearToken, saveToken } from './authToken';
import { log, setLogUser } from './log';
import { signedIn, signedOut } from './sessionSlice';
import type { AppDispatch } from './store';

/**
 * Keep the token the server just issued (cookies) and mark the session open. `how` says who
 * and how for the log (phone, remark); the user's id and name follow when their info arrives.
 */
export const startSession = (token: LoginResult, how: Pick<LogExtraInfo, 'phone' | 'remark'> = {}) => (dispatch: AppDispatch) => {
  log.info('session: signed in', how);
  saveToken(token);
  dispatch(signedIn());
};

/**
 * Forget the session: cookies, the flag the routes watch, and every cached answer, so the
 * next user of this workstation never sees the previous one's data.
 */
export const endSession = (reason: 'signed out' | 'expired' = 'signed out') => (dispatch: AppDispatch) => {
  log.info(reason === 'expired' ? 'session: ended, the server refused the token (401)' : 'session: signed out');
  setLogUser(null); // after the record above, which still names the user
  clearToken();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
};
