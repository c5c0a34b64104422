import type { CookieSource } from './cookies';

/**
 * A cookie jar outside `document.cookie`, with the semantics this app relies on: set,
 * replace, expire after max-age, delete by max-age<=0. Needed because Chromium treats file://
 * documents (the desktop app) as cookie-averse: writes to document.cookie are silently dropped.
 */

/** Where a jar keeps its serialised state (localStorage, or a variable). */
export interface JarStorage {
  load(): string | null;
  save(text: string): void;
}

interface Entry {
  /** as written, i.e. already percent-encoded */
  value: string;
  /** epoch ms; null for a cookie without max-age */
  expiresAt: number | null;
}
type Jar = Record<string, Entry>;

function parseJar(text: string | null): Jar {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Jar) : {};
  } catch {
    return {}; // a damaged jar is an empty one, not a crash at start-up
  }
}

export function createJarCookieSource(storage: JarStorage, now: () => number = Date.now): CookieSource {
  const liveEntries = (): [string, Entry][] =>
    Object.entries(parseJar(storage.load())).filter(([, e]) => e.expiresAt === null || e.expiresAt > now());
  return {
    read: () => liveEntries().map(([name, e]) => `${name}=${e.value}`).join('; '),
    write: (cookie) => {
      const [pair = '', ...attrs] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) return;
      const name = pair.slice(0, eq).trim();
      const maxAgeAttr = attrs.map((a) => a.trim().toLowerCase()).find((a) => a.startsWith('max-age='));
      const maxAge = maxAgeAttr === undefined ? undefined : Number(maxAgeAttr.slice('max-age='.length));
      const jar = Object.fromEntries(liveEntries());
      if (maxAge !== undefined && !(maxAge > 0)) delete jar[name];
      else jar[name] = { value: pair.slice(eq + 1).trim(), expiresAt: maxAge === undefined ? null : now() + maxAge * 1000 };
      storage.save(JSON.stringify(jar));
    },
  };
}

/** A jar that lives as long as the page (or the test); starts with the given decoded values. */
export function createMemoryCookieSource(initial: Record<string, string> = {}): CookieSource {
  const start: Jar = Object.fromEntries(
    Object.entries(initial).map(([k, v]) => [k, { value: encodeURIComponent(v), expiresAt: null }]),
  );
  let text: string | null = JSON.stringify(start);
  return createJarCookieSource({ load: () => text, save: (t) => (text = t) });
}
