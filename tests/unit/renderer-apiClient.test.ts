import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_NOT_INITIALISED, HTTP_DEFAULT_MESSAGES, genericHttpMessage } from '../../src-shared/api/errors';
import { ApiError, NetworkError, apiRequest, initApiClient } from '../../src-renderer/src/app/apiClient';
import { createMemoryCookieSource, setCookieSource } from '../../src-renderer/src/app/cookies';
import { messageKeyOf } from '../../src-renderer/src/app/messageKey';
import { encodeQuery } from '../../src-renderer/src/app/queryString';

/** A stand-in team server: each path answers one way the real one (or a proxy) may answer. */
function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (status: number, type: string | null, text: string) => {
    res.writeHead(status, type ? { 'content-type': type } : {});
    res.end(text);
  };
  const json = (status: number, value: unknown, type = 'application/json; charset=utf-8') =>
    send(status, type, JSON.stringify(value));
  const status = Number(url.pathname.split('/').pop());

  if (url.pathname === '/core/echo') {
    json(200, { code: 200, msg: 'ok', data: { url: req.url, method: req.method, headers: req.headers, body } });
  } else if (url.pathname.startsWith('/core/envelope-error/')) {
    json(status, { code: status, msg: 'error.user.mobileTaken', data: null });
  } else if (url.pathname.startsWith('/core/text-error/')) {
    send(status, 'text/plain', 'upstream says no');
  } else if (url.pathname === '/core/problem') {
    json(400, { type: 'about:blank', title: 'bad' }, 'application/problem+json');
  } else if (url.pathname === '/core/plain-ok') {
    send(200, 'text/html', '<p>hello</p>');
  } else if (url.pathname === '/core/no-content') {
    send(204, null, '');
  } else if (url.pathname === '/core/code-not-200') {
    json(200, { code: 409, msg: 'error.conflict', data: { why: 'taken' } });
  } else if (url.pathname === '/core/slow') {
    setTimeout(() => json(200, { code: 200, msg: 'ok', data: 1 }), 2_000);
  } else {
    json(404, { code: 404, msg: 'error.routeNotFound', data: null });
  }
}

let server: Server;
let serverUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  initApiClient(`${serverUrl}/`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  setCookieSource(createMemoryCookieSource());
});

interface Echo {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** The failure a promise rejects with, whatever it is. */
async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

describe('apiClient before initApiClient', () => {
  it('rejects every call with the "not initialised" message', async () => {
    vi.resetModules();
    const fresh = await import('../../src-renderer/src/app/apiClient');
    const err = await failureOf(fresh.apiRequest({ method: 'GET', path: '/echo' }));
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(API_NOT_INITIALISED);
    expect(messageKeyOf(err)).toBe('client.notInitialised');
  });
});

describe('apiClient requests', () => {
  it('sends the header named by the token-name cookie with the token cookie as value', async () => {
    setCookieSource(createMemoryCookieSource({ 'token-name': 'satoken', token: 'abc 123' }));
    const echo = await apiRequest<Echo>({ method: 'GET', path: '/echo' });
    expect(echo.headers.satoken).toBe('abc 123');
  });

  it('sends no token header when the cookies are absent', async () => {
    const echo = await apiRequest<Echo>({ method: 'GET', path: '/echo' });
    expect(Object.keys(echo.headers)).not.toContain('satoken');
  });

  it('prefixes /core, encodes the query, repeats array keys and brackets object keys', async () => {
    const echo = await apiRequest<Echo>({
      method: 'GET',
      path: '/echo',
      query: { ids: [1, 2], name: 'a b&c=d', filter: { type: 'image', tags: ['x', 'y'] }, skipped: undefined, none: null },
    });
    expect(echo.url).toBe('/core/echo?ids=1&ids=2&name=a%20b%26c%3Dd&filter%5Btype%5D=image&filter%5Btags%5D=x&filter%5Btags%5D=y');
  });

  it('fills :params in the path, encoded', async () => {
    const echo = await apiRequest<Echo>({ method: 'GET', path: '/:what', params: { what: 'echo' } });
    expect(echo.url).toBe('/core/echo');
    expect(encodeQuery({ at: new Date(Date.UTC(2024, 0, 2)) })).toBe('at=2024-01-02T00%3A00%3A00.000Z');
  });

  it('sends a body as JSON', async () => {
    const echo = await apiRequest<Echo>({ method: 'POST', path: '/echo', body: { mobile: '+8613800000000' } });
    expect(echo.method).toBe('POST');
    expect(echo.headers['content-type']).toBe('application/json');
    expect(JSON.parse(echo.body)).toEqual({ mobile: '+8613800000000' });
  });
});

describe('apiClient answers', () => {
  it('resolves the envelope data when code is 200', async () => {
    const echo = await apiRequest<Echo>({ method: 'GET', path: '/echo' });
    expect(echo.method).toBe('GET');
  });

  it('resolves undefined for a 204', async () => {
    await expect(apiRequest({ method: 'DELETE', path: '/no-content' })).resolves.toBeUndefined();
  });

  it.each(Object.entries(HTTP_DEFAULT_MESSAGES).map(([s, m]) => [Number(s), m] as const))(
    'fails a %i with ApiError, its default message and the parsed body',
    async (status, message) => {
      const err = await failureOf(apiRequest({ method: 'GET', path: `/envelope-error/${status}` }));
      expect(err).toBeInstanceOf(ApiError);
      const e = err as ApiError;
      expect({ status: e.status, message: e.message }).toEqual({ status, message });
      expect(e.statusText).not.toBe('');
      expect(e.body).toEqual({ code: status, msg: 'error.user.mobileTaken', data: null });
    },
  );

  it('fails any other status with the generic message of status, status text and body', async () => {
    const err = (await failureOf(apiRequest({ method: 'GET', path: '/text-error/418' }))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.statusText).toBe("I'm a Teapot");
    expect(err.body).toBe('upstream says no');
    expect(err.message).toBe(genericHttpMessage(418, "I'm a Teapot", 'upstream says no'));
  });

  it('parses problem+json as JSON and other content types as text', async () => {
    const problem = (await failureOf(apiRequest({ method: 'GET', path: '/problem' }))) as ApiError;
    expect(problem.body).toEqual({ type: 'about:blank', title: 'bad' });
    const text = (await failureOf(apiRequest({ method: 'GET', path: '/text-error/502' }))) as ApiError;
    expect(text.body).toBe('upstream says no');
  });

  it('fails an OK answer whose envelope code is not 200 with the whole body', async () => {
    const err = await failureOf(apiRequest({ method: 'GET', path: '/code-not-200' }));
    expect(err).toEqual({ code: 409, msg: 'error.conflict', data: { why: 'taken' } });
  });

  it('fails an OK answer that is not an envelope with the body as text', async () => {
    await expect(apiRequest({ method: 'GET', path: '/plain-ok' })).rejects.toBe('<p>hello</p>');
  });

  it('fails with NetworkError when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    initApiClient(`http://127.0.0.1:${port}`);
    try {
      const err = await failureOf(apiRequest({ method: 'GET', path: '/echo' }));
      expect(err).toBeInstanceOf(NetworkError);
      expect(messageKeyOf(err)).toBe('client.network');
    } finally {
      initApiClient(serverUrl);
    }
  });

  it('passes an abort through as an AbortError', async () => {
    const controller = new AbortController();
    const call = apiRequest({ method: 'GET', path: '/slow', signal: controller.signal });
    controller.abort();
    const err = await failureOf(call);
    expect((err as Error).name).toBe('AbortError');
    expect(messageKeyOf(err)).toBe('client.aborted');
  });
});

describe('messageKeyOf', () => {
  it('gives the envelope msg key of a failed call', async () => {
    expect(messageKeyOf(await failureOf(apiRequest({ method: 'GET', path: '/envelope-error/409' })))).toBe('error.user.mobileTaken');
    expect(messageKeyOf(await failureOf(apiRequest({ method: 'GET', path: '/code-not-200' })))).toBe('error.conflict');
  });

  it('gives the key of the status when the body has no msg', async () => {
    const keyOf = async (status: number) => messageKeyOf(await failureOf(apiRequest({ method: 'GET', path: `/text-error/${status}` })));
    expect(await keyOf(401)).toBe('error.unauthorized');
    expect(await keyOf(400)).toBe('error.badRequest');
    expect(await keyOf(404)).toBe('error.notFound');
    expect(await keyOf(503)).toBe('error.unavailable');
    expect(await keyOf(418)).toBe('client.httpStatus');
  });

  it('gives a client key for answers that are not envelopes and for anything else', async () => {
    expect(messageKeyOf(await failureOf(apiRequest({ method: 'GET', path: '/plain-ok' })))).toBe('client.badResponse');
    expect(messageKeyOf(new TypeError('boom'))).toBe('client.unknown');
  });
});
