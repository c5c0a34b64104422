import crypto from 'node:crypto';

/** The header name the client sends its token in (`<tokenName>: <tokenValue>`). */
export const TOKEN_NAME = 'x-annot-token';

/** A new session token: 32 random bytes, URL-safe. */
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Tokens are stored only as their sha256. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Sessions live 30 days from the last use. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most once a minute per session, not on every call. */
export const SESSION_TOUCH_MS = 60 * 1000;
