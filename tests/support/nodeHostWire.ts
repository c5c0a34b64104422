import http from 'node:http';
import { io } from 'socket.io-client';
import { NODE_HOST_EVENT_MESSAGE, NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../src-shared/ipc';

/**
 * The browser host's wire as an attacker or a page sees it: raw HTTP where the test chooses
 * every header (fetch will not let it set Host), and socket.io handshakes with a chosen Origin
 * and secret.
 */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** the body as it came, for binary answers (a downloaded zip) */
  bytes: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the wire carried
  json(): any;
}

export function rawRequest(port: number, opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path ?? '/', headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, bytes, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** An invoke as a page or a tool would send it: `host` and `origin` as given (omitted when null), the secret when given. */
export function rawInvoke(port: number, method: string, args: unknown, who: { host?: string | null; origin?: string | null; secret?: string | null } = {}): Promise<RawAnswer> {
  const body = JSON.stringify({ method, args });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  headers.host = who.host ?? `127.0.0.1:${port}`;
  if (who.origin) headers.origin = who.origin;
  if (who.secret) headers[NODE_HOST_SECRET_HEADER] = who.secret;
  return rawRequest(port, { method: 'POST', path: NODE_HOST_INVOKE_PATH, headers, body });
}

/**
 * Opens the event socket as given and answers how it went: 'connected' (then the first event
 * it receives, once `trigger` ran), or the refusal. Waits for one of the two, never for a time.
 */
export async function socketOutcome(url: string, who: { origin?: string; secret?: string }, trigger?: () => Promise<unknown>): Promise<{ connected: boolean; error?: string; event?: unknown }> {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    ...(who.secret !== undefined ? { auth: { secret: who.secret } } : {}),
    ...(who.origin ? { extraHeaders: { origin: who.origin } } : {}),
  });
  try {
    const first = new Promise<unknown>((resolve) => socket.once(NODE_HOST_EVENT_MESSAGE, resolve));
    const outcome = await new Promise<{ connected: boolean; error?: string }>((resolve) => {
      socket.once('connect', () => resolve({ connected: true }));
      socket.once('connect_error', (err: Error) => resolve({ connected: false, error: err.message }));
    });
    if (!outcome.connected || !trigger) return outcome;
    await trigger();
    return { ...outcome, event: await first };
  } finally {
    socket.close();
  }
}
