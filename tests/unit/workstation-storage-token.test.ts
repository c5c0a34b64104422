import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionState, ServerClient } from '../../src-main/services/session';
import { SessionCache } from '../../src-main/services/storage/sessionCache';
import { TokenSource, TOKEN_EARLY_EXPIRY_MS } from '../../src-main/services/storage/storageToken';

/** A token endpoint on a real local HTTP server that answers what the test says and counts calls. */
async function tokenServer(answer: (n: number) => { status: number; body: unknown; delayMs?: number }) {
  const seen: { url: string; token: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', token: req.headers['x-annot-token'] as string | undefined });
    const a = answer(seen.length);
    setTimeout(() => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body)), a.delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const token = (expiresAt: number, extra: object = {}) => ({
  code: 200,
  msg: 'ok',
  data: { endPoint: 'rgw.local:7480', region: 'us-east-1', accessKey: 'AK', secretKey: 'SK', securityToken: 'ST', s3ForcePathStyle: true, bucketName: 'b1', expiresAt, rootPrefix: '', projectIds: [], taskSubjectIds: [], ...extra },
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

function source(url: string, o: { tokenPath?: string; now?: () => number } = {}) {
  const state = new SessionState();
  state.set({ tokenName: 'x-annot-token', tokenValue: 'secret-1', user: { id: 7, name: 'A', mobile: '1' } });
  const cache = new SessionCache();
  const tokens = new TokenSource({ server: new ServerClient(url, state), cache, tokenPath: o.tokenPath ?? '/core/obs/token', tokenKey: 'S3-LINK-MSG', customKey: 'S3-CUSTOM-LINK-MSG', ...(o.now ? { now: o.now } : {}) });
  return { tokens, cache };
}

describe('storage token source', () => {
  it('fetches from the configured path with the user\'s token, once for ten callers at once, and caches it', async () => {
    const srv = await tokenServer(() => ({ status: 200, body: token(Date.now() + 3600_000), delayMs: 250 }));
    closers.push(srv.close);
    const { tokens, cache } = source(srv.url, { tokenPath: '/custom/token' });
    const links = await Promise.all(Array.from({ length: 10 }, () => tokens.get()));
    expect(srv.seen).toEqual([{ url: '/custom/token', token: 'secret-1' }]);
    expect(links.every((l) => l.mode === 's3' && l.token.accessKey === 'AK')).toBe(true);
    expect(JSON.parse(cache.get('S3-LINK-MSG')!)).toMatchObject({ bucketName: 'b1' });
    await tokens.get();
    expect(srv.seen).toHaveLength(1);
  });

  it('counts a token as expired 5 minutes before expiresAt, and fetches a new one', async () => {
    let now = 1_000_000;
    const srv = await tokenServer(() => ({ status: 200, body: token(now + TOKEN_EARLY_EXPIRY_MS + 60_000) }));
    closers.push(srv.close);
    const { tokens } = source(srv.url, { now: () => now });
    await tokens.get();
    now += 59_999;
    await tokens.get();
    expect(srv.seen).toHaveLength(1);
    now += 1;
    await tokens.get();
    expect(srv.seen).toHaveLength(2);
  });

  it('merges the custom overrides over the token\'s fields', async () => {
    const srv = await tokenServer(() => ({ status: 200, body: token(Date.now() + 3600_000) }));
    closers.push(srv.close);
    const { tokens, cache } = source(srv.url);
    cache.set('S3-CUSTOM-LINK-MSG', JSON.stringify({ endPoint: 'https://s3.example.com', bucketName: 'other' }));
    const link = await tokens.get();
    expect(link).toMatchObject({ mode: 's3', token: { endPoint: 'https://s3.example.com', bucketName: 'other', accessKey: 'AK' } });
  });

  it('clears the cache and raises "Failed to get S3 token" when the refresh fails', async () => {
    let fail = false;
    let now = 0;
    const srv = await tokenServer(() => (fail ? { status: 500, body: { code: 500, msg: 'error.internal', data: null } } : { status: 200, body: token(now + 3600_000) }));
    closers.push(srv.close);
    const { tokens, cache } = source(srv.url, { now: () => now });
    await tokens.get();
    fail = true;
    now += 3600_000;
    const err = await tokens.get().catch((e: unknown) => e as { code: string; message: string });
    expect(err).toMatchObject({ code: 'TokenFailed', message: 'Failed to get S3 token' });
    expect(cache.get('S3-LINK-MSG')).toBeNull();
  });

  it('learns that the server has no S3 (embedded mode) from its 409, and remembers it', async () => {
    const srv = await tokenServer(() => ({ status: 409, body: { code: 409, msg: 'error.obs.tokenUnavailable', data: { mode: 'embedded' } } }));
    closers.push(srv.close);
    const { tokens } = source(srv.url);
    expect(await tokens.get()).toEqual({ mode: 'embedded' });
    expect(await tokens.get()).toEqual({ mode: 'embedded' });
    expect(srv.seen).toHaveLength(1);
  });
});
