import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJarCookieSource, createMemoryCookieSource } from '../../src-renderer/src/app/cookieJar';

/** A localStorage stand-in. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

/** A document whose cookie setter drops everything, as Chromium does for file:// pages. */
const cookieAverseDocument = () => ({
  get cookie() {
    return '';
  },
  set cookie(_v: string) {},
});

/** A document that keeps cookies like a page served over http. */
function cookieKeepingDocument() {
  const jar = createMemoryCookieSource();
  return {
    get cookie() {
      return jar.read();
    },
    set cookie(v: string) {
      jar.write(v);
    },
  };
}

async function freshCookies() {
  vi.resetModules();
  return import('../../src-renderer/src/app/cookies');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cookie helper', () => {
  it('round-trips values that need encoding', async () => {
    const cookies = await freshCookies();
    cookies.setCookieSource(createMemoryCookieSource());
    cookies.setCookie('token', 'a b;c=d/中');
    expect(cookies.getCookie('token')).toBe('a b;c=d/中');
    expect(cookies.getCookie('missing')).toBeUndefined();
  });

  it('deletes a cookie by writing it with max-age=0', async () => {
    const cookies = await freshCookies();
    cookies.setCookieSource(createMemoryCookieSource({ token: 'x', other: 'y' }));
    cookies.deleteCookie('token');
    expect(cookies.getCookie('token')).toBeUndefined();
    expect(cookies.getCookie('other')).toBe('y');
  });

  it('uses document.cookie when the page keeps cookies', async () => {
    const doc = cookieKeepingDocument();
    vi.stubGlobal('document', doc);
    vi.stubGlobal('localStorage', memoryStorage());
    const cookies = await freshCookies();
    cookies.setCookie('token', 'abc', { maxAgeSeconds: 60 });
    expect(doc.cookie).toBe('token=abc');
    expect(cookies.getCookie('token')).toBe('abc');
  });

  it('keeps the cookies in localStorage when the page is cookie-averse (file://), across a reload', async () => {
    vi.stubGlobal('document', cookieAverseDocument());
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const first = await freshCookies();
    first.setCookie('token-name', 'x-token', { maxAgeSeconds: 60 });
    first.setCookie('token', 'abc', { maxAgeSeconds: 60 });
    expect(storage.items.has(first.COOKIE_JAR_STORAGE_KEY)).toBe(true);

    const afterReload = await freshCookies();
    expect(afterReload.getCookie('token-name')).toBe('x-token');
    expect(afterReload.getCookie('token')).toBe('abc');
    afterReload.deleteCookie('token');
    expect(afterReload.getCookie('token')).toBeUndefined();
  });
});

describe('cookie jar', () => {
  it('forgets a cookie once its max-age has passed', () => {
    let now = 1_000_000;
    let text: string | null = null;
    const jar = createJarCookieSource({ load: () => text, save: (t) => (text = t) }, () => now);
    jar.write('token=abc; path=/; max-age=30; SameSite=Lax');
    jar.write('forever=1; path=/');
    now += 29_999;
    expect(jar.read()).toBe('token=abc; forever=1');
    now += 1;
    expect(jar.read()).toBe('forever=1');
  });

  it('treats a damaged stored jar as empty', () => {
    const jar = createJarCookieSource({ load: () => '{not json', save: () => {} });
    expect(jar.read()).toBe('');
  });
});
