import type { LoginResult } from '../../../src-shared/api/user';
import { api } from './apiSlice';
import { clearToken, saveToken } from './authToken';
import { signedIn, signedOut } from './sessionSlice';
import type { AppDispatch } from './store';

/** Keep the token the server just issued (cookies) and mark the session open. */
export const startSession = (token: LoginResult) => (dispatch: AppDispatch) => {
  saveToken(token);
  dispatch(signedIn());
};

/**
 * Forget the session: cookies, the flag the routes watch, and every cached answer, so the
 * next user of this workstation never sees the previous one's data.
 */
export const endSession = () => (dispatch: AppDispatch) => {
  clearToken();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
};
