import { createJarCookieSource, createMemoryCookieSource } from './cookieJar';

/**
 * Cookie access behind a tiny interface, so the API client and the session code can run
 * (and be tested) where there is no usable `document.cookie`; the source is swappable.
 */

/** What `document.cookie` offers: read all as one string, write one `name=value; attrs`. */
export interface CookieSource {
  read(): string;
  write(cookie: string): void;
}

export { createMemoryCookieSource };

interface CookieDocument {
  cookie: string;
}
interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Where the fallback jar persists (see pickDefaultSource). */
export const COOKIE_JAR_STORAGE_KEY = 'workstation.cookies';

/** Whether this document really keeps cookies: file:// pages and disabled cookies do not. */
function documentKeepsCookies(doc: CookieDocument): boolean {
  try {
    const probe = `cookie-probe-${Math.random().toString(36).slice(2)}`;
    doc.cookie = `${probe}=1; path=/; SameSite=Lax`;
    const kept = doc.cookie.includes(`${probe}=1`);
    doc.cookie = `${probe}=; path=/; max-age=0; SameSite=Lax`;
    return kept;
  } catch {
    return false; // sandboxed documents throw SecurityError
  }
}

/**
 * `document.cookie` where it works (the browser host, over http). Where it does not (the
 * desktop app, loaded from file://, which Chromium never gives cookies), the same cookies,
 * with the same names and lifetimes, live in localStorage. Without a DOM (Node), in memory.
 */
function pickDefaultSource(): CookieSource {
  const g = globalThis as { document?: CookieDocument; localStorage?: KeyValueStorage };
  const doc = g.document;
  if (!doc) return createMemoryCookieSource();
  if (documentKeepsCookies(doc)) return { read: () => doc.cookie, write: (c) => (doc.cookie = c) };
  let storage: KeyValueStorage | undefined;
  try {
    storage = g.localStorage;
  } catch {
    storage = undefined;
  }
  if (!storage) return createMemoryCookieSource();
  const s = storage;
  return createJarCookieSource({ load: () => s.getItem(COOKIE_JAR_STORAGE_KEY), save: (t) => s.setItem(COOKIE_JAR_STORAGE_KEY, t) });
}

let source: CookieSource | null = null;
const current = (): CookieSource => (source ??= pickDefaultSource());

/** Replace where cookies are read and written. */
export function setCookieSource(next: CookieSource): void {
  source = next;
}

export function getCookie(name: string): string | undefined {
  for (const part of current().read().split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // a value some other code wrote without encoding
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const attrs = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) attrs.push(`max-age=${Math.floor(options.maxAgeSeconds)}`);
  attrs.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  current().write(attrs.join('; '));
}

export function deleteCookie(name: string, path = '/'): void {
  setCookie(name, '', { path, maxAgeSeconds: 0 });
}
