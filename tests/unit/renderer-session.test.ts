import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The renderer's session rules, run through the real store and RTK Query against a local
 * stand-in for the team server's user routes: token `good` is a live session.
 */
const USER = { id: 7, mobile: '+8613800000000', name: '王小明', currentTeamId: null, createdAt: 0 };
let server: Server;
let serverUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, msg: string) => json(status, { code: status, msg, data: null });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const live = req.headers.satoken === 'good';
      if (req.url === '/core/user/login/mobile') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { password?: string };
        if (body.password === 'correct-horse') json(200, { code: 200, msg: 'ok', data: { tokenName: 'satoken', tokenValue: 'good' } });
        else fail(401, 'error.user.invalidCredentials');
      } else if (!live) fail(401, 'error.unauthorized');
      else if (req.url === '/core/user/info') json(200, { code: 200, msg: 'ok', data: USER });
      else if (req.url === '/core/user/logout') json(200, { code: 200, msg: 'ok', data: null });
      else fail(404, 'error.routeNotFound');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A fresh renderer (as after a reload) whose cookies start as given; records every cookie write. */
async function boot(initialCookies: Record<string, string> = {}) {
  vi.resetModules();
  const cookies = await import('../../src-renderer/src/app/cookies');
  const jar = cookies.createMemoryCookieSource(initialCookies);
  const writes: string[] = [];
  cookies.setCookieSource({ read: jar.read, write: (c) => (writes.push(c), jar.write(c)) });
  (await import('../../src-renderer/src/app/apiClient')).initApiClient(serverUrl);
  const { store } = await import('../../src-renderer/src/app/store');
  const { authApi } = await import('../../src-renderer/src/features/auth/authApi');
  const session = await import('../../src-renderer/src/app/session');
  const { readToken } = await import('../../src-renderer/src/app/authToken');
  return { store, authApi, session, readToken, writes, cookieText: jar.read };
}

describe('renderer session', () => {
  it('stays logged in after a reload: stored cookies are sent and user/info answers', async () => {
    const { store, authApi } = await boot({ 'token-name': 'satoken', token: 'good' });
    expect(store.getState().session.hasToken).toBe(true);
    const info = store.dispatch(authApi.endpoints.info.initiate());
    const result = await info;
    info.unsubscribe();
    expect(result.data?.name).toBe('王小明');
  });

  it('a 401 to a call carrying the stored token clears the cookies, the session and the cache', async () => {
    const { store, authApi, readToken, cookieText } = await boot({ 'token-name': 'satoken', token: 'expired' });
    const info = store.dispatch(authApi.endpoints.info.initiate());
    const result = await info;
    info.unsubscribe();
    expect(result.error).toMatchObject({ status: 401, msgKey: 'error.unauthorized' });
    await vi.waitFor(() => expect(store.getState().session.hasToken).toBe(false));
    expect(readToken()).toBeNull();
    expect(cookieText()).toBe('');
    expect(store.getState().api.queries).toEqual({});
  });

  it('a wrong password fails with its message key and opens no session', async () => {
    const { store, authApi, writes } = await boot();
    const result = await store.dispatch(authApi.endpoints.loginMobile.initiate({ mobile: USER.mobile, password: 'wrong-horse' }));
    expect(result.error).toMatchObject({ status: 401, msgKey: 'error.user.invalidCredentials' });
    expect(store.getState().session.hasToken).toBe(false);
    expect(writes).toEqual([]);
  });

  it('a login keeps token-name and token as cookies for 30 days on path / with SameSite=Lax', async () => {
    const { store, authApi, session, readToken, writes } = await boot();
    const login = await store.dispatch(authApi.endpoints.loginMobile.initiate({ mobile: USER.mobile, password: 'correct-horse' }));
    store.dispatch(session.startSession(login.data!));
    expect(writes).toEqual([
      'token-name=satoken; path=/; max-age=2592000; SameSite=Lax',
      'token=good; path=/; max-age=2592000; SameSite=Lax',
    ]);
    expect(readToken()).toEqual({ name: 'satoken', value: 'good' });
    expect(store.getState().session.hasToken).toBe(true);
  });

  it('ending the session deletes the cookies and forgets every cached answer', async () => {
    const { store, authApi, session, readToken, writes } = await boot({ 'token-name': 'satoken', token: 'good' });
    const info = store.dispatch(authApi.endpoints.info.initiate());
    await info;
    expect(Object.keys(store.getState().api.queries)).not.toEqual([]);
    await store.dispatch(authApi.endpoints.logout.initiate());
    store.dispatch(session.endSession());
    info.unsubscribe();
    expect(readToken()).toBeNull();
    expect(writes.filter((w) => w.includes('max-age=0'))).toHaveLength(2);
    expect(store.getState().session.hasToken).toBe(false);
    expect(store.getState().api.queries).toEqual({});
  });
});
