import type { StorageToken } from '../../../src-shared/api/obs';
import { ServerCallError, type ServerClient } from '../session';
import type { SessionCache } from './sessionCache';
import { StorageError } from './storageError';
import { normalizeObjectKey } from './objectKey';
import { tokenCovers, tokenNeedOf, tokenNeedQuery } from './tokenCoverage';

/** A token counts as expired this long before its expiresAt (spec section 9). */
export const TOKEN_EARLY_EXPIRY_MS = 5 * 60_000;
/** While one refresh runs, others look again this often (spec section 4). */
export const TOKEN_LOCK_POLL_MS = 100;

/** What the storage layer works with: a token for direct S3 access, or the server's fallback routes. */
export type StorageLink = { mode: 's3'; token: StorageToken } | { mode: 'embedded' };

export interface TokenSourceOptions {
  server: ServerClient;
  cache: SessionCache;
  /** where the token comes from: a path on the server or a full URL (default /core/obs/token) */
  tokenPath: string;
  tokenKey: string;
  customKey: string;
  now?: () => number;
  /** whose token: each user of the workstation keeps their own (a browser host may serve several at once) */
  scope?: () => string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The storage token's life (spec sections 3 and 4): read from the session cache with the
 * custom overrides merged over it; fetched from the backend when missing or expired (now + 5
 * minutes reaches expiresAt); one refresh at a time while others wait, polling every 100 ms; a
 * failed refresh clears the cache and raises "Failed to get S3 token". A server without S3
 * (embedded mode, 409 obs.tokenUnavailable) is remembered as such: transfers go through it.
 */
export class TokenSource {
  private refreshing = false;
  private readonly now: () => number;

  constructor(private readonly o: TokenSourceOptions) {
    this.now = o.now ?? Date.now;
  }

  /** The cache entry of the current user's token. */
  private get key(): string {
    const scope = this.o.scope?.() ?? '';
    return scope ? `${this.o.tokenKey}:${scope}` : this.o.tokenKey;
  }

  /** Whose token get() answers now. */
  scope(): string {
    return this.o.scope?.() ?? '';
  }

  isExpired(token: Pick<StorageToken, 'expiresAt'>): boolean {
    return this.now() + TOKEN_EARLY_EXPIRY_MS >= token.expiresAt;
  }

  /** The cached link with the overrides applied, or null when none is cached or it expired. */
  cached(): StorageLink | null {
    const entry = this.o.cache.getJson<{ mode?: string } & Partial<StorageToken>>(this.key);
    if (!entry) return null;
    if (entry.mode === 'embedded') return { mode: 'embedded' };
    const custom = this.o.cache.getJson<Partial<StorageToken>>(this.o.customKey) ?? {};
    const token = { ...entry, ...custom } as StorageToken;
    if (typeof token.expiresAt !== 'number' || this.isExpired(token)) return null;
    return { mode: 's3', token };
  }

  /** The link to use now, refreshing it first when needed. */
  async get(): Promise<StorageLink> {
    for (;;) {
      const hit = this.cached();
      if (hit) return hit;
      if (!this.refreshing) return this.refresh();
      await sleep(TOKEN_LOCK_POLL_MS);
    }
  }

  /**
   * The link for one key: get()'s, asked for again with the key's project or task subject when
   * the token does not name its folder (tokenCoverage.ts). Asked once: when the server refuses
   * (the caller may not use that folder) the token in hand is used and the store says no.
   */
  async getFor(rawKey: string): Promise<StorageLink> {
    const link = await this.get();
    if (link.mode !== 's3') return link;
    let need;
    try {
      need = tokenNeedOf(normalizeObjectKey(rawKey, link.token.rootPrefix), link.token.rootPrefix);
    } catch {
      return link; // not a key: the transfer refuses it with its own error
    }
    if (!need || tokenCovers(link.token, need)) return link;
    while (this.refreshing) await sleep(TOKEN_LOCK_POLL_MS);
    const again = this.cached();
    if (again?.mode === 's3' && tokenCovers(again.token, need)) return again;
    try {
      return await this.refresh(tokenNeedQuery(need));
    } catch (err) {
      if (err instanceof ServerCallError && (err.status === 403 || err.status === 404)) return link;
      throw err;
    }
  }

  /** Drops an expired token, so the next get() fetches a new one (before a retry). */
  clearIfExpired(): void {
    const entry = this.o.cache.getJson<Partial<StorageToken> & { mode?: string }>(this.key);
    if (entry && entry.mode !== 'embedded' && (typeof entry.expiresAt !== 'number' || this.isExpired(entry as StorageToken))) this.clear();
  }

  clear(): void {
    this.o.cache.remove(this.key);
  }

  /** `query`: what the token must cover besides the usual (tokenNeedQuery); its refusal keeps the token in hand. */
  private async refresh(query = ''): Promise<StorageLink> {
    this.refreshing = true;
    try {
      const path = query ? `${this.o.tokenPath}${this.o.tokenPath.includes('?') ? '&' : '?'}${query}` : this.o.tokenPath;
      const token = await this.o.server.json<StorageToken>('GET', path);
      this.o.cache.set(this.key, JSON.stringify(token));
      return this.cached() ?? { mode: 's3', token };
    } catch (err) {
      if (query && err instanceof ServerCallError && (err.status === 403 || err.status === 404)) throw err;
      this.clear();
      if (err instanceof ServerCallError && err.status === 409 && err.message === 'error.obs.tokenUnavailable') {
        this.o.cache.set(this.key, JSON.stringify({ mode: 'embedded' }));
        return { mode: 'embedded' };
      }
      throw new StorageError('TokenFailed', {}, { cause: err });
    } finally {
      this.refreshing = false;
    }
  }
}
