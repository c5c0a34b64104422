import { deleteCookie, getCookie, setCookie } from './cookies';

/**
 * The token convention of the spec (section 7): login answers `{ tokenName, tokenValue }`;
 * the client keeps them in the cookies `token-name` and `token` and sends the header
 * `<tokenName>: <tokenValue>` on every call.
 */
export const TOKEN_NAME_COOKIE = 'token-name';
export const TOKEN_VALUE_COOKIE = 'token';

/** Sessions on the server outlive a browser restart; the cookies keep them for 30 days. */
export const TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** A header name as HTTP allows it; anything else would make fetch throw before sending. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface AuthToken {
  name: string;
  value: string;
}

/** The stored token, or null when either cookie is missing or the name is not a header name. */
export function readToken(): AuthToken | null {
  const name = getCookie(TOKEN_NAME_COOKIE);
  const value = getCookie(TOKEN_VALUE_COOKIE);
  if (!name || !value || !HEADER_NAME.test(name)) return null;
  return { name, value };
}

/**
 * Set while a sign-out is on its way: the server may already have closed the session while the
 * cookies still hold it, so work that would call the server on the way out (giving back an item
 * claimed ahead) does not, rather than be refused with a 401. A new sign-in clears it.
 */
let signingOut = false;
export const beginSignOut = (): void => {
  signingOut = true;
};
export const isSigningOut = (): boolean => signingOut;

export function saveToken(token: { tokenName: string; tokenValue: string }): void {
  signingOut = false;
  const options = { path: '/', maxAgeSeconds: TOKEN_MAX_AGE_SECONDS, sameSite: 'Lax' } as const;
  setCookie(TOKEN_NAME_COOKIE, token.tokenName, options);
  setCookie(TOKEN_VALUE_COOKIE, token.tokenValue, options);
}

export function clearToken(): void {
  deleteCookie(TOKEN_NAME_COOKIE);
  deleteCookie(TOKEN_VALUE_COOKIE);
}
