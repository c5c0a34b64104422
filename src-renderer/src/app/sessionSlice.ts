import { createSlice } from '@reduxjs/toolkit';
import { readToken } from './authToken';

/**
 * Whether this workstation holds a session token. The token itself lives in cookies (so a
 * reload keeps it); this slice only mirrors its presence so routes re-render when it changes.
 */
export interface SessionState {
  hasToken: boolean;
}

const initialState = (): SessionState => ({ hasToken: readToken() !== null });

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (state) => {
      state.hasToken = true;
    },
    signedOut: (state) => {
      state.hasToken = false;
    },
    /** The server refused the stored token (401); the store's listener ends the session. */
    sessionExpired: (state) => state,
  },
});

export const { signedIn, signedOut, sessionExpired } = sessionSlice.actions;
